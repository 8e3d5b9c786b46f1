// The agent's follow-ups (agent-workspace §2 user summary, §3 items), overdue or not, with each row's dashboard
// link from the tenant's dashboard-url template. The last dials are in modules/calls/lastDials.ts, the lead
// search in modules/leads/search.ts (server/README.md: a route lives with the module that writes its tables).
import { and, asc, count, eq, gte, lt } from "drizzle-orm";
import { DEFAULT_DIALER_SETTINGS, DIALER_SETTING_KEYS, type DialerSettings, type FollowUpItem } from "../../src/contract/dialer";
import type { Caller } from "../auth/access";
import type { Db } from "../db/client";
import { followUps, leads } from "../db/schema";
import { dashboardUrl } from "../modules/leads/dashboardUrl";
import { readSetting } from "../modules/settings/store";

const dialerSettings = (db: Db, tenantId: number): Promise<DialerSettings> =>
  readSetting(db, tenantId, DIALER_SETTING_KEYS.dialer, DEFAULT_DIALER_SETTINGS);

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

const followUpColumns = {
  id: followUps.id,
  leadId: followUps.leadId,
  startsAt: followUps.startsAt,
  startedAt: followUps.startedAt,
  notes: followUps.notes,
  type: followUps.type,
  kind: followUps.kind,
  firstName: leads.firstName,
  lastName: leads.lastName,
  state: leads.state,
  timezone: leads.timezone,
  marketingId: leads.marketingId,
  crmId: leads.crmId,
};
interface FollowUpRow {
  id: number;
  leadId: number;
  startsAt: Date;
  startedAt: Date | null;
  notes: string | null;
  type: number;
  kind: string;
  firstName: string;
  lastName: string;
  state: string | null;
  timezone: string | null;
  marketingId: string;
  crmId: string | null;
}

function followUpItem(r: FollowUpRow, overdueBefore: number, template: string): FollowUpItem {
  const startsAt = r.startsAt.toISOString();
  return {
    id: r.id,
    leadId: r.leadId,
    startsAt,
    startedAt: r.startedAt?.toISOString() ?? null,
    dateTime: startsAt,
    name: fullName(r.firstName, r.lastName),
    notes: r.notes,
    state: r.state,
    timezone: r.timezone || null,
    type: r.type,
    kind: r.kind,
    overdue: r.startsAt.getTime() < overdueBefore,
    url: dashboardUrl(template, { id: r.leadId, marketingId: r.marketingId, crmId: r.crmId }),
  };
}

/** A follow-up is overdue once its time plus the follow-up window has passed. */
export async function followUpsOf(
  db: Db,
  caller: Caller,
  r: { now: number; windowMs: number; limit: number; overdue?: boolean },
) {
  const settings = await dialerSettings(db, caller.tenantId);
  const before = new Date(r.now - r.windowMs);
  const mine = and(eq(followUps.agentId, caller.id), eq(followUps.state, "pending"));
  const filter =
    r.overdue === undefined ? mine : and(mine, r.overdue ? lt(followUps.startsAt, before) : gte(followUps.startsAt, before));
  const [rows, [total], [overdue]] = await Promise.all([
    db
      .select(followUpColumns)
      .from(followUps)
      .innerJoin(leads, eq(leads.id, followUps.leadId))
      .where(filter)
      .orderBy(asc(followUps.startsAt), asc(followUps.id))
      .limit(r.limit),
    db.select({ n: count() }).from(followUps).where(filter),
    db.select({ n: count() }).from(followUps).where(and(mine, lt(followUps.startsAt, before))),
  ]);
  return {
    data: rows.map((row) => followUpItem(row, before.getTime(), settings["dashboard-url"])),
    meta: { total: total?.n ?? 0, overdue: overdue?.n ?? 0, enforced: settings["enforced-follow-ups"] },
  };
}

export async function followUpOfLead(db: Db, tenantId: number, leadId: number, r: { now: number; windowMs: number }) {
  const settings = await dialerSettings(db, tenantId);
  const [row] = await db
    .select(followUpColumns)
    .from(followUps)
    .innerJoin(leads, eq(leads.id, followUps.leadId))
    .where(and(eq(followUps.leadId, leadId), eq(followUps.state, "pending"), eq(leads.tenantId, tenantId)))
    .limit(1);
  return row ? followUpItem(row, r.now - r.windowMs, settings["dashboard-url"]) : null;
}
