// The settings audit trail (issue 18 item 4): every settings write records who changed which subject, when, and
// the values before and after, as an `audit_log` row `settings.<subject>`; admins read it on each settings page
// ("Last changed by … on …") and through GET /settings/changes. The Plugins and features page records its own
// rows (action `settings.plugins`, detail {changes}); the reader folds them into the same shape.
import { and, desc, eq, like } from "drizzle-orm";
import { isDeepStrictEqual } from "node:util";
import { listSettingsChanges, type SettingsChange } from "../../../src/contract/settings";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { defineRoute, type RouteDef } from "../../http/route";

export const SETTINGS_AUDIT_PREFIX = "settings.";

export interface SettingsChangeRecord {
  tenantId: number;
  /** Who saved; null for the system (a migration, a seed). */
  by: number | null;
  subject: string;
  old: unknown;
  new: unknown;
  at: Date;
}

/** Records one change; a save that changes nothing is not a change and records nothing. Returns whether it did. */
export async function recordSettingsChange(db: Db, c: SettingsChangeRecord): Promise<boolean> {
  if (isDeepStrictEqual(c.old ?? null, c.new ?? null)) return false;
  await db.insert(auditLog).values({
    at: c.at,
    userId: c.by,
    tenantId: c.tenantId,
    action: SETTINGS_AUDIT_PREFIX + c.subject,
    outcome: "success",
    detail: { old: c.old ?? null, new: c.new ?? null },
  });
  return true;
}

type Detail = { old?: unknown; new?: unknown; changes?: { id: string; old: unknown; new: unknown }[] };

/** A stored row as the API shows it; the plugin switches' list of changes becomes {id: value} before and after. */
function toChange(action: string, at: Date, by: string | null, detail: Detail | null): SettingsChange {
  const subject = action.slice(SETTINGS_AUDIT_PREFIX.length);
  if (detail?.changes)
    return {
      subject,
      at: at.toISOString(),
      by,
      old: Object.fromEntries(detail.changes.map((c) => [c.id, c.old])),
      new: Object.fromEntries(detail.changes.map((c) => [c.id, c.new])),
    };
  return { subject, at: at.toISOString(), by, old: detail?.old ?? null, new: detail?.new ?? null };
}

export async function readSettingsChanges(db: Db, tenantId: number, subject: string | undefined, limit: number) {
  const rows = await db
    .select({ action: auditLog.action, at: auditLog.at, detail: auditLog.detail, first: users.firstName, last: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.tenantId, tenantId),
        subject ? eq(auditLog.action, SETTINGS_AUDIT_PREFIX + subject) : like(auditLog.action, `${SETTINGS_AUDIT_PREFIX}%`),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) =>
    toChange(r.action, r.at, r.first === null ? null : `${r.first ?? ""} ${r.last ?? ""}`.trim(), r.detail as Detail | null),
  );
}

export function settingsChangesRoutes(gw: { db: Db }, access: { roles: readonly ["manager"] }): RouteDef[] {
  return [
    defineRoute(listSettingsChanges, {
      access,
      example: { query: { subject: "operation-hours", limit: "1" } },
      async handler({ caller, query }) {
        return { changes: await readSettingsChanges(gw.db, caller.tenantId, query.subject, query.limit) };
      },
    }),
  ];
}
