// The agent's last dials (agent-workspace §2 user summary): its latest outbound calls, each with its lead, the
// disposition's notes and the lead's dashboard link.
import { and, desc, eq } from "drizzle-orm";
import { DEFAULT_DIALER_SETTINGS, DIALER_SETTING_KEYS, type LastDialItem } from "../../../src/contract/dialer";
import type { Caller } from "../../auth/access";
import type { Db } from "../../db/client";
import { calls, dispositions, leads } from "../../db/schema";
import { dashboardUrl } from "../leads/dashboardUrl";
import { readSetting } from "../settings/store";

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The agent's latest outbound calls, with the lead and the disposition recorded for each call. */
export async function lastDialsOf(db: Db, caller: Caller, limit: number): Promise<LastDialItem[]> {
  const settings = await readSetting(db, caller.tenantId, DIALER_SETTING_KEYS.dialer, DEFAULT_DIALER_SETTINGS);
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
