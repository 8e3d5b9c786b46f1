// The users area's effects (admin-and-sign-in §2 Users area, §7 Agents and users): one page of the call centre's
// agents searched, paged and sorted by the gateway (GET /agents), the dials-per-level setting for the dials
// column, the row changes (outbound eligibility, block outbound, live-transfer availability) and the managers
// list. A row's change shows at once; a refusal puts the old value back and says why in a toast.
import { isAxiosError } from "axios";
import { ManagerListResponse, type AgentListItem, type OutboundEligibility } from "../../src/contract/agents";
import { DialsPerLevel } from "../../src/contract/dialer";
import type { PluginContext } from "../../src/sdk";
import { agentPager } from "../../src/sdk/settings";
import type { UsersStore } from "./model";

export type TransferSource = "internal" | "external";

export function createUsersService(ctx: PluginContext<UsersStore>) {
  const { store } = ctx;
  /** A refusal in the manager's language: the specification's texts for 403 and 404, else the gateway's. */
  const refusal = (e: unknown, fallback: string) => {
    const status = isAxiosError(e) ? e.response?.status : undefined;
    const message = isAxiosError(e) ? (e.response?.data as { message?: string } | undefined)?.message : undefined;
    if (status === 403) return ctx.t("errors.forbidden");
    if (status === 404) return ctx.t("errors.not_found");
    return message || fallback;
  };

  const list = agentPager(ctx, store, (e) => refusal(e, ctx.t("errors.load_failed")));

  /** Optimistic: the row shows the change, and takes its old value back if the gateway refuses it. */
  const change = async (row: AgentListItem, patch: Partial<AgentListItem>, send: () => Promise<unknown>) => {
    const before = Object.fromEntries(Object.keys(patch).map((k) => [k, row[k as keyof AgentListItem]]));
    store.patchRow(row.id, patch);
    try {
      await send();
    } catch (e) {
      store.patchRow(row.id, before);
      ctx.notify.error(refusal(e, ctx.t("errors.change_failed")));
    }
  };

  return {
    /** The first page, and the dials-per-level setting the dials column reads. */
    async open() {
      const dials = ctx.http
        .get("/settings/agent-dials-per-level")
        .then(({ data }) => store.dials(DialsPerLevel.parse(data).params))
        .catch(() => store.dials([]));
      await Promise.all([list.first(), dials]);
    },
    reload: list.reload,
    type: list.type,
    goTo: list.goTo,
    pageSize: list.pageSize,
    sortBy: list.sortBy,
    eligibility: (row: AgentListItem, eligibility: OutboundEligibility) =>
      change(row, { outbound_eligibility: eligibility }, () => ctx.http.put(`/outbound-eligibility/${row.id}`, { eligibility })),
    blockOutbound: (row: AgentListItem, blocked: boolean) =>
      change(row, { inbound_only: blocked }, () =>
        blocked ? ctx.http.post(`/inbound-agents/${row.id}`) : ctx.http.delete(`/inbound-agents/${row.id}`),
      ),
    liveTransfers: (row: AgentListItem, source: TransferSource, value: boolean) =>
      change(row, source === "internal" ? { internal_live_transfers: value } : { external_live_transfers: value }, () =>
        ctx.http.put(`/agents/transfer-availability/${source}`, { value: value ? 1 : 0, agent_id: row.id }),
      ),
    /** The minimum lead dials of the agent's level (dials per level); 0: any lead. */
    minimumDials(level: number): number | null {
      return store.dialsPerLevel === null ? null : (store.dialsPerLevel[level - 1] ?? 0);
    },
    async managers() {
      store.managersLoading();
      try {
        const { data } = await ctx.http.get("/agents/managers");
        store.managersLoaded(ManagerListResponse.parse(data).data);
      } catch (e) {
        const message = refusal(e, ctx.t("errors.load_failed"));
        store.managersFailed(message);
        ctx.notify.error(message);
      }
    },
    dispose: list.dispose,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
