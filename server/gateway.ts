// The gateway's services, built once at start and handed to every module.
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../src/core/clock";
import type { GatewayConfig } from "./config";
import type { Db } from "./db/client";
import type { TokenService } from "./auth/tokens";
import type { SessionService } from "./auth/sessions";
import type { LoginThrottle } from "./auth/throttle";
import type { Audit } from "./http/audit";

export interface Gateway {
  config: GatewayConfig;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  sessions: SessionService;
  throttle: LoginThrottle;
  audit: Audit;
  log: FastifyBaseLogger;
}
