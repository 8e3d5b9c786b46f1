// Security events (ASVS V16.3): every sign-in, refusal and access denial, with user, IP, time and outcome.
// Written to the audit table and the structured log; never a password, token or code.
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../src/shared/clock";
import type { Db } from "../db/client";
import { auditLog } from "../db/schema";

export interface AuditEvent {
  action: string;
  outcome: "success" | "failure" | "denied";
  userId?: number | null;
  tenantId?: number | null;
  ip?: string;
  detail?: Record<string, unknown>;
}

export class Audit {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(e: AuditEvent): Promise<void> {
    this.log.info({ audit: e }, `${e.action}: ${e.outcome}`);
    await this.db.insert(auditLog).values({
      at: new Date(this.clock.now()),
      userId: e.userId ?? null,
      tenantId: e.tenantId ?? null,
      ip: e.ip,
      action: e.action,
      outcome: e.outcome,
      detail: e.detail,
    });
  }
}
