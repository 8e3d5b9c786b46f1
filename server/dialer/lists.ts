// The agent's lists (agent-workspace §2 user summary, §3 items): follow-ups (overdue or not), last dials and
// the lead search, with each row's dashboard link from the tenant's dashboard-url template.
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_DIALER_SETTINGS,
  DIALER_SETTING_KEYS,
  type DialerSettings,
  type FollowUpItem,
  type LastDialItem,
} from "../../src/contract/dialer";
import type { Caller } from "../auth/access";
import { holdsRoleAtLeast } from "../../src/contract/common";
import type { Db } from "../db/client";
import { calls, dispositions, followUps, leads } from "../db/schema";
import { readSetting } from "../modules/settings/store";

type UrlLead = { id: number; marketingId: string; crmId: string | null };

/** Fills {id}, {marketing_id} and {crm_id} of the template; null without a template. */
export function dashboardUrl(template: string, lead: UrlLead): string | null {
  if (!template) return null;
  return template
    .replaceAll("{id}", String(lead.id))
    .replaceAll("{marketing_id}", encodeURIComponent(lead.marketingId))
    .replaceAll("{crm_id}", encodeURIComponent(lead.crmId ?? ""));
}

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

/** The agent's latest outbound calls, with the lead and the disposition recorded for each call. */
export async function lastDialsOf(db: Db, caller: Caller, limit: number): Promise<LastDialItem[]> {
  const settings = await dialerSettings(db, caller.tenantId);
  const rows = await db
    .select({
      id: calls.id,
      leadId: calls.leadId,
      startedAt: calls.startedAt,
      firstName: leads.firstName,
      lastName: leads.lastName,
      clients: leads.clients,
      state: leads.state,
      status: leads.status,
      marketingId: leads.marketingId,
      crmId: leads.crmId,
      notes: dispositions.notes,
    })
    .from(calls)
    .leftJoin(leads, eq(leads.id, calls.leadId))
    .leftJoin(dispositions, eq(dispositions.callId, calls.id))
    .where(and(eq(calls.agentId, caller.id), eq(calls.direction, 0)))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(limit);
  return rows.map((r) => {
    const name = fullName(r.firstName ?? "", r.lastName ?? "");
    const client = (r.clients ?? [])[0] as { firstName?: unknown; lastName?: unknown } | undefined;
    const clientName = client ? fullName(String(client.firstName ?? ""), String(client.lastName ?? "")) : "";
    const startedAt = r.startedAt.toISOString();
    return {
      id: r.id,
      leadId: r.leadId,
      startedAt,
      dateTime: startedAt,
      clientName: clientName || name,
      name,
      notes: r.notes ?? null,
      state: r.state ?? null,
      status: r.status ?? null,
      url:
        r.leadId !== null && r.marketingId !== null
          ? dashboardUrl(settings["dashboard-url"], { id: r.leadId, marketingId: r.marketingId, crmId: r.crmId })
          : null,
    };
  });
}

/**
 * The lead search ('My clients'): by marketing id, phone digits, name or e-mail. Agents see their own
 * leads; managers and above every lead of their tenant.
 */
export async function searchLeads(db: Db, caller: Caller, text: string, limit = 50) {
  const term = text.trim();
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = term.replace(/\D/g, "");
  const match: SQL[] = [
    ilike(leads.marketingId, like),
    ilike(sql`${leads.firstName} || ' ' || ${leads.lastName}`, like),
    ilike(leads.email, like),
  ];
  if (digits.length >= 3) match.push(sql`${leads.phone} like ${`%${digits}%`}`);
  const rows = await db
    .select({
      id: leads.id,
      marketing_id: leads.marketingId,
      firstName: leads.firstName,
      lastName: leads.lastName,
      phone: leads.phone,
      email: leads.email,
      state: leads.state,
      status: leads.status,
    })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, caller.tenantId),
        holdsRoleAtLeast(caller.roles, "manager") ? undefined : eq(leads.ownerId, caller.id),
        or(...match),
      ),
    )
    .orderBy(asc(leads.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    marketing_id: r.marketing_id,
    name: fullName(r.firstName, r.lastName),
    phone: r.phone,
    email: r.email,
    address: { state: r.state },
    status: r.status,
  }));
}
