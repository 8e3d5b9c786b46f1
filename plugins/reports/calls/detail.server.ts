// One call of the search (issue 37, part 3): the call as the search lists it, its lead as it is now, what was
// kept with it — its extra recordings and the carrier disclosures given and played on it, as the recordings and
// disclosures plugins' gateway faces (api.server.ts) give them — and the agent's status trail around it: from the
// last change before the call started to the first change after it ended (until now for a call not ended).
import { and, eq, sql } from "drizzle-orm";
import { calls, leadCampaigns, leads, rowsOf, tenants, type Db } from "../../../server/sdk";
import type { CallDetail, StatusTrailEntry } from "./contract";
import { readCallDisclosures } from "../../disclosures/api.server";
import { readCallRecordings } from "../../recordings/api.server";
import { readCallRows } from "./search.server";

/** The changes listed between the two ends at most: a call an agent left open for days is not a page of thousands. */
export const TRAIL_MAX = 200;

const ISO = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

interface ChangeRow {
  at: string;
  from_status: string | null;
  to_status: string;
  source: string;
  reason: string | null;
  previous_duration: number;
}

/**
 * The agent's status changes around the call (until now for a call not ended): three index range
 * scans of agent_status_changes(user_id, at) (the SDK's tables do not carry that one: read by its name, as the
 * reports' triggers read it).
 */
async function trailOf(
  db: Db,
  tenantId: number,
  call: { id: number; agentId: number; ended: boolean },
  now: Date,
): Promise<StatusTrailEntry[]> {
  const mine = sql`user_id = ${call.agentId} and tenant_id = ${tenantId}`;
  const columns = sql`${ISO("at")} as at, at as t, id, from_status, to_status, source, reason, previous_duration`;
  // The call's own instants, to the microsecond.
  const start = sql`(select started_at from calls where id = ${call.id})`;
  const upto = call.ended
    ? sql`(select ended_at from calls where id = ${call.id})`
    : sql`${now.toISOString()}::timestamptz`;
  const after = call.ended
    ? sql`union all (select ${columns} from agent_status_changes
                      where ${mine} and at >= ${upto} order by at, id limit 1)`
    : sql``;
  const rows = rowsOf<ChangeRow>(
    await db.execute(sql`
      select at, from_status, to_status, source, reason, previous_duration from (
        (select ${columns} from agent_status_changes
          where ${mine} and at <= ${start} order by at desc, id desc limit 1)
        union all
        (select ${columns} from agent_status_changes
          where ${mine} and at > ${start} and at < ${upto} order by at, id limit ${TRAIL_MAX})
        ${after}
      ) trail
      order by t, id`),
  );
  return rows.map((c) => ({
    at: c.at,
    from: c.from_status,
    to: c.to_status,
    source: c.source,
    reason: c.reason,
    previous_seconds: c.previous_duration,
  }));
}

/** What the recordings and disclosures plugins kept with the call. */
async function keptWith(db: Db, tenantId: number, callId: number) {
  const recordings = await readCallRecordings(db, tenantId, callId);
  const { proofs, playbacks } = await readCallDisclosures(db, tenantId, callId);
  return {
    recordings: recordings.map((r) => ({
      id: r.id,
      index: r.index,
      at: new Date(r.startedAt).toISOString(),
      seconds: r.durationMs === null ? null : Math.round(r.durationMs / 100) / 10,
      state: r.state,
    })),
    disclosures: proofs,
    playbacks: playbacks.map((p) => ({
      at: p.at,
      media: p.media,
      seconds: Math.round(p.ms / 100) / 10,
      end: p.end,
    })),
  };
}

/** The call's detail, or null when the call centre has no such call. */
export async function readCallDetail(
  db: Db,
  tenantId: number,
  callId: number,
  now: Date,
): Promise<CallDetail | null> {
  const [call] = await db
    .select({
      id: calls.id,
      agentId: calls.agentId,
      leadId: calls.leadId,
      endedAt: calls.endedAt,
      timeZone: tenants.timezone,
    })
    .from(calls)
    .innerJoin(tenants, eq(tenants.id, calls.tenantId))
    .where(and(eq(calls.id, callId), eq(calls.tenantId, tenantId)));
  if (!call) return null;
  const [listed, lead, kept, trail] = await Promise.all([
    // The call as the search lists it.
    readCallRows(db, sql`c.tenant_id = ${tenantId} and c.id = ${call.id}`, 1),
    call.leadId === null
      ? Promise.resolve([])
      : db
          .select({
            id: leads.id,
            firstName: leads.firstName,
            lastName: leads.lastName,
            phone: leads.phone,
            status: leads.status,
            marketingId: leads.marketingId,
            campaignId: leads.campaignId,
            campaignName: leadCampaigns.name,
          })
          .from(leads)
          .leftJoin(leadCampaigns, eq(leadCampaigns.id, leads.campaignId))
          .where(and(eq(leads.id, call.leadId), eq(leads.tenantId, tenantId))),
    keptWith(db, tenantId, call.id),
    trailOf(db, tenantId, { id: call.id, agentId: call.agentId, ended: call.endedAt !== null }, now),
  ]);
  const row = listed.rows[0];
  if (!row) return null;
  const l = lead[0];
  return {
    time_zone: call.timeZone,
    call: row,
    lead: l
      ? {
          id: l.id,
          name: `${l.firstName} ${l.lastName}`.trim(),
          phone: l.phone,
          status: l.status,
          marketing_id: l.marketingId,
          campaign: l.campaignId === null ? null : { id: l.campaignId, name: l.campaignName ?? "" },
        }
      : null,
    ...kept,
    status_trail: trail,
  };
}
