// GET /leads/{id}/history: what was done with the lead before (the lead card's history): its dispositions
// (when, by whom, what, why, notes) and its calls (when, how placed or received, how long, and what plugins kept
// with each: their facets), newest first, at most LEAD_HISTORY_LIMIT of each. Read-only; both lists are the
// lead's, so the route sits with the lead.
import { and, desc, eq } from "drizzle-orm";
import type { CallType } from "../../../src/contract/calls";
import { LEAD_HISTORY_LIMIT, type LeadHistory } from "../../../src/contract/leadHistory";
import type { Db } from "../../db/client";
import { calls, dispositions, users } from "../../db/schema";

const nameOf = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim() || null;

/**
 * What one plugin kept with the calls named (all of one tenant): its facet of each call that has one, by call id. The
 * facet's shape is the plugin's own (its contract.ts), parsed by its browser side.
 */
export type CallFacetSource = (tenantId: number, callIds: number[]) => Promise<ReadonlyMap<number, unknown>>;

/**
 * The plugins' call facets, one source per plugin, registered at start through their context
 * (`ctx.leadHistory.addCallFacet`): the lead history puts each under `facets[<plugin id>]` without knowing whose
 * tables they come from. A plugin off for the call centre or not offered to it still answers for its old calls: what
 * it kept is proof of what was done on them (a disclosure given), and outlives the switch.
 */
export class CallFacetSources {
  private readonly sources = new Map<string, CallFacetSource>();
  /** One per plugin: the route table built again (tests do) replaces the plugin's source, never doubles it. */
  add(pluginId: string, source: CallFacetSource): void {
    this.sources.set(pluginId, source);
  }
  /**
   * The facets of these calls, by call id then plugin id. A plugin whose source fails is left out and logged: one
   * plugin's table must not hide the lead's whole history from the agent on the call.
   */
  async of(
    tenantId: number,
    callIds: number[],
    log?: { error(detail: object, message: string): void },
  ): Promise<Map<number, Record<string, unknown>>> {
    const merged = new Map<number, Record<string, unknown>>();
    if (callIds.length === 0) return merged;
    const owners = [...this.sources.keys()];
    const found = await Promise.allSettled([...this.sources.values()].map((s) => s(tenantId, callIds)));
    found.forEach((result, i) => {
      const plugin = owners[i]!;
      if (result.status === "rejected") {
        log?.error(
          { plugin, err: result.reason },
          "a plugin's call facets could not be read; the history goes without them",
        );
        return;
      }
      for (const [id, facet] of result.value)
        if (facet !== undefined) merged.set(id, { ...merged.get(id), [plugin]: facet });
    });
    return merged;
  }
}

/** The lead's history; `tenantId` keeps every row to the caller's call centre, whatever the lead id. */
export async function leadHistory(
  db: Db,
  tenantId: number,
  leadId: number,
  facets?: CallFacetSources,
  log?: { error(detail: object, message: string): void },
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
  const kept =
    (await facets?.of(
      tenantId,
      callRows.map((c) => c.id),
      log,
    )) ?? new Map<number, Record<string, unknown>>();
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
      ...(kept.has(c.id) ? { facets: kept.get(c.id) } : {}),
    })),
  };
}
