// The gateway's services, built once at start and handed to every module.
import type { VariantCatalogue } from "../src/core/variant";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../src/shared/clock";
import type { GatewayConfig } from "./config";
import type { Db } from "./db/client";
import type { TokenService } from "./auth/tokens";
import type { SessionService } from "./auth/sessions";
import type { LoginThrottle } from "./auth/throttle";
import type { Audit } from "./http/audit";
import type { PbxDriver } from "./pbx/driver";
import type { CallOwner } from "./pbx/callOwner";
import type { CallViewStore } from "./modules/calls/views";
import type { Push } from "./realtime/push";
import type { PluginClientEvents } from "./realtime/pluginEvents";
import type { BackgroundWork } from "./modules/status/background";
import type { RequestsInFlight } from "./http/requestsInFlight";
import type { StatusService } from "./modules/status/service";
import type { OverstayDetector } from "./modules/status/overstay";
import type { CallService } from "./modules/calls/service";
import type { CallFacetSources } from "./modules/leads/history";
import type { RecordingStore } from "./recordings/store";

export interface Gateway {
  /** Resolves once the gateway follows the PBX again (a lone gateway has closed the calls a crash left open). */
  started: Promise<void>;
  config: GatewayConfig;
  db: Db;
  /** Long reads' own connections (db/client.ts `Database.readLane`): reports and exports. */
  readLane: Db;
  clock: Clock;
  tokens: TokenService;
  sessions: SessionService;
  throttle: LoginThrottle;
  audit: Audit;
  log: FastifyBaseLogger;
  /** Telephony (the simulated PBX by default). */
  pbx: PbxDriver;
  /** Pushes to browsers by room; silent until socket.io is attached. */
  push: Push;
  /** The client events plugins answer (each registered by its plugin at start), beside the core's. */
  clientEvents: PluginClientEvents;
  /** Timer- and socket-driven work, awaited when the gateway closes. */
  background: BackgroundWork;
  /** The requests this instance is answering now: background work lets them go first. */
  requests: RequestsInFlight;
  statuses: StatusService;
  overstays: OverstayDetector;
  /**
   * The agents' calls: dials, PBX events, inbound routing. Live only on the instance that drives the PBX
   * (`callOwner.drivesHere()`); a standby's is idle and its call commands go to that instance.
   */
  calls: CallService;
  /** Which instance drives the calls, and the way a standby's call commands reach it (pbx/callOwner.ts). */
  callOwner: CallOwner;
  /** The holder's mirror of each agent's call view, read by a standby (modules/calls/views.ts). */
  callViews: CallViewStore;
  /** What plugins keep with calls, their facets in the lead history (each registered by its plugin at start). */
  callFacets: CallFacetSources;
  /** Where call recordings are written and read (DATA_DIR/recordings). */
  recordings: RecordingStore;
  /** The variant manifests a call centre's variant id names (variants/index.ts; tests may offer more plugins). */
  variants: VariantCatalogue;
}
