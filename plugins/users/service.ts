// The users area's effects (admin-and-sign-in §2 Users area, §7 Agents and users): one page of the call centre's
// agents searched, paged and sorted by the gateway (listAgents), the dials-per-level setting for the dials
// column, the row changes (outbound eligibility, block outbound, live-transfer availability) and the managers
// list. A row's change shows at once; a refusal puts the old value back and says why in a toast.
import {
  blockOutbound,
  listManagers,
  saveOutboundEligibility,
  unblockOutbound,
  type AgentListItem,
  type OutboundEligibility,
} from "../../src/contract/agents";
import { readDialsPerLevel } from "../../src/contract/dialer";
import { saveTransferAvailability } from "../../src/contract/liveTransfers";
import { callEndpoint, type PluginContext, type Refusal, type WriteOutcome } from "../../src/sdk";
import { agentPager } from "../../src/sdk/settings";
import type { UsersStore } from "./model";

export type TransferSource = "internal" | "external";

export function createUsersService(ctx: PluginContext<UsersStore>) {
  const { store } = ctx;
  /** A refusal in the manager's language: the specification's texts for 403 and 404, else the gateway's. */
  const refusal = (r: Refusal, fallback: string) => {
    if (r.status === 403) return ctx.t("errors.forbidden");
    if (r.status === 404) return ctx.t("errors.not_found");
    return r.message || fallback;
  };

  const list = agentPager(ctx, store, (r) => refusal(r, ctx.t("errors.load_failed")));

  /** Optimistic: the row shows the change, and takes its old value back if the gateway refuses it. */
  const change = async (row: AgentListItem, patch: Partial<AgentListItem>, send: () => Promise<WriteOutcome>) => {
    const before = Object.fromEntries(Object.keys(patch).map((k) => [k, row[k as keyof AgentListItem]]));
    store.patchRow(row.id, patch);
    const sent = await send();
    if (sent.ok) return;
    store.patchRow(row.id, before);
    ctx.notify.error(refusal(sent, ctx.t("errors.change_failed")));
  };

  return {
    /** The first page, and the dials-per-level setting the dials column reads. */
    async open() {
      const dials = callEndpoint(ctx, readDialsPerLevel).then((r) => store.dials(r.ok ? r.data.params : []));
      await Promise.all([list.first(), dials]);
    },
    reload: list.reload,
    type: list.type,
    goTo: list.goTo,
    pageSize: list.pageSize,
    sortBy: list.sortBy,
    eligibility: (row: AgentListItem, eligibility: OutboundEligibility) =>
      change(row, { outbound_eligibility: eligibility }, () =>
        callEndpoint(ctx, saveOutboundEligibility, { params: { id: row.id }, body: { eligibility } }),
      ),
    blockOutbound: (row: AgentListItem, blocked: boolean) =>
      change(row, { inbound_only: blocked }, () => callEndpoint(ctx, blocked ? blockOutbound : unblockOutbound, { params: { id: row.id } })),
    liveTransfers: (row: AgentListItem, source: TransferSource, value: boolean) =>
      change(row, source === "internal" ? { internal_live_transfers: value } : { external_live_transfers: value }, () =>
        callEndpoint(ctx, saveTransferAvailability, { params: { source }, body: { value: value ? 1 : 0, agent_id: row.id } }),
      ),
    /** The minimum lead dials of the agent's level (dials per level); 0: any lead. */
    minimumDials(level: number): number | null {
      return store.dialsPerLevel === null ? null : (store.dialsPerLevel[level - 1] ?? 0);
    },
    async managers() {
      store.managersLoading();
      const read = await callEndpoint(ctx, listManagers);
      if (read.ok) return store.managersLoaded(read.data.data);
      const message = refusal(read, ctx.t("errors.load_failed"));
      store.managersFailed(message);
      ctx.notify.error(message);
    },
    dispose: list.dispose,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
