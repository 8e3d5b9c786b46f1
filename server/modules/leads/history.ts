// GET /leads/{id}/history: what was done with the lead before (the lead card's history): its dispositions
// (when, by whom, what, why, notes) and its calls (when, how placed or received, how long), newest first, at
// most LEAD_HISTORY_LIMIT of each. Read-only; both lists are the lead's, so the route sits with the lead.
import { and, desc, eq } from "drizzle-orm";
import type { CallType } from "../../../src/contract/calls";
import {
  LEAD_HISTORY_LIMIT,
  type LeadHistory,
  type LeadHistoryCall,
} from "../../../src/contract/leadHistory";
import type { Db } from "../../db/client";
import { calls, dispositions, users } from "../../db/schema";

const nameOf = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim() || null;

/** What a plugin stores with calls and adds to their history entries (the disclosures' proof). */
export type CallRecordsOf = Pick<LeadHistoryCall, "disclosures" | "playbacks" | "recordings">;
/** For the calls named (all of one tenant), what their owner recorded with each, by call id. */
export type CallRecordsSource = (tenantId: number, callIds: number[]) => Promise<Map<number, CallRecordsOf>>;

/**
 * The sources of call records, registered at start by the plugins that own them (PluginServerContext
 * `leadHistory.addCallRecords`): the lead history reads them without knowing whose tables they are.
 */
export class CallRecordSources {
  private readonly sources: CallRecordsSource[] = [];
  add(source: CallRecordsSource): void {
    this.sources.push(source);
  }
  async of(tenantId: number, callIds: number[]): Promise<Map<number, CallRecordsOf>> {
    const merged = new Map<number, CallRecordsOf>();
    if (callIds.length === 0) return merged;
    for (const found of await Promise.all(this.sources.map((s) => s(tenantId, callIds))))
      for (const [id, records] of found) merged.set(id, { ...merged.get(id), ...records });
    return merged;
  }
}

/** The lead's history; `tenantId` keeps every row to the caller's call centre, whatever the lead id. */
export async function leadHistory(
  db: Db,
  tenantId: number,
  leadId: number,
  records?: CallRecordSources,
): Promise<LeadHistory> {
  const [dispositionRows, callRows] = await Promise.all([
    db
      .select({
        id: dispositions.id,
        createdAt: dispositions.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        disposition: dispositions.disposition,
        reason: dispositions.reason,
        reasonOther: dispositions.reasonOther,
        notes: dispositions.notes,
        dateTime: dispositions.dateTime,
      })
      .from(dispositions)
      .leftJoin(users, eq(users.id, dispositions.agentId))
      .where(and(eq(dispositions.leadId, leadId), eq(dispositions.tenantId, tenantId)))
      .orderBy(desc(dispositions.createdAt), desc(dispositions.id))
      .limit(LEAD_HISTORY_LIMIT),
    db
      .select({
        id: calls.id,
        startedAt: calls.startedAt,
        type: calls.type,
        direction: calls.direction,
        duration: calls.duration,
        liveTransfer: calls.liveTransfer,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(calls)
      .leftJoin(users, eq(users.id, calls.agentId))
      .where(and(eq(calls.leadId, leadId), eq(calls.tenantId, tenantId)))
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(LEAD_HISTORY_LIMIT),
  ]);
  const recorded =
    (await records?.of(
      tenantId,
      callRows.map((c) => c.id),
    )) ?? new Map<number, CallRecordsOf>();
  return {
    dispositions: dispositionRows.map((d) => ({
      id: d.id,
      created_at: d.createdAt.toISOString(),
      agent_name: nameOf(d.firstName, d.lastName),
      disposition: d.disposition,
      reason: d.reason,
      reason_other: d.reasonOther,
      notes: d.notes,
      date_time: d.dateTime?.toISOString() ?? null,
    })),
    calls: callRows.map((c) => ({
      id: c.id,
      started_at: c.startedAt.toISOString(),
      // Only the gateway writes calls, always with one of CALL_TYPES (the column is text).
      type: c.type as CallType,
      direction: c.direction === 1 ? 1 : 0,
      duration: c.duration,
      agent_name: nameOf(c.firstName, c.lastName),
      live_transfer: c.liveTransfer,
      ...recorded.get(c.id),
    })),
  };
}
