// The users area's effects (admin-and-sign-in §2 Users area, §7 Agents and users): one page of the call centre's
// agents searched, paged and sorted by the gateway (GET /agents), the dials-per-level setting for the dials
// column, the row changes (outbound eligibility, block outbound, live-transfer availability) and the managers
// list. A row's change shows at once; a refusal puts the old value back and says why in a toast.
import { isAxiosError } from "axios";
import {
  AGENT_PAGE_SIZES,
  AgentListResponse,
  ManagerListResponse,
  type AgentListItem,
  type OutboundEligibility,
} from "../../src/contract/agents";
import { DialsPerLevel } from "../../src/contract/dialer";
import type { ClockTimer, PluginContext } from "../../src/sdk";
import type { UsersSort, UsersStore } from "./model";

/** How long the search box waits after the last keystroke before asking the gateway. */
export const SEARCH_DEBOUNCE_MS = 300;
export type TransferSource = "internal" | "external";

export function createUsersService(ctx: PluginContext<UsersStore>) {
  const { store } = ctx;
  /** Each list request's number: an answer to an older one (a slower search) is dropped. */
  let asked = 0;
  let timer: ClockTimer | null = null;

  /** A refusal in the manager's language: the specification's texts for 403 and 404, else the gateway's. */
  const refusal = (e: unknown, fallback: string) => {
    const status = isAxiosError(e) ? e.response?.status : undefined;
    const message = isAxiosError(e) ? (e.response?.data as { message?: string } | undefined)?.message : undefined;
    if (status === 403) return ctx.t("errors.forbidden");
    if (status === 404) return ctx.t("errors.not_found");
    return message || fallback;
  };

  const fetchPage = async (q: { query: string; page: number; perPage: number; sort: UsersSort }) => {
    const mine = ++asked;
    store.asked(q);
    const params = new URLSearchParams();
    if (q.query) params.set("query", q.query);
    params.set("page", String(q.page));
    params.set("per_page", String(q.perPage));
    params.set("sort", q.sort);
    try {
      const { data } = await ctx.http.get(`/agents?${params.toString()}`);
      const answer = AgentListResponse.parse(data);
      if (mine !== asked) return;
      // A page past the end (the list shrank, a narrower search) goes back to the last page that exists.
      if (answer.data.length === 0 && answer.meta.total > 0 && q.page > 1) {
        await fetchPage({ ...q, page: Math.max(1, Math.ceil(answer.meta.total / q.perPage)) });
        return;
      }
      store.loaded(answer.data, answer.meta.total);
    } catch (e) {
      if (mine !== asked) return;
      const message = refusal(e, ctx.t("errors.load_failed"));
      store.loadFailed(message);
      ctx.notify.error(message);
    }
  };
  const current = () => ({ query: store.query, page: store.page, perPage: store.perPage, sort: store.sort });

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
      await Promise.all([fetchPage({ ...current(), page: 1 }), dials]);
    },
    reload: () => fetchPage(current()),
    /** The search box: the text shows at once; the gateway is asked once typing pauses. */
    type(text: string) {
      store.typing(text);
      if (timer) ctx.clock.clearTimeout(timer);
      timer = ctx.clock.setTimeout(() => {
        timer = null;
        const query = text.trim();
        if (query !== store.query || store.phase === "failed") void fetchPage({ ...current(), query, page: 1 });
      }, SEARCH_DEBOUNCE_MS);
    },
    goTo: (page: number) => fetchPage({ ...current(), page: Math.min(Math.max(1, page), store.pages) }),
    pageSize(perPage: number) {
      if (!(AGENT_PAGE_SIZES as readonly number[]).includes(perPage)) return Promise.resolve();
      return fetchPage({ ...current(), perPage, page: 1 });
    },
    sortBy: (sort: UsersSort) => fetchPage({ ...current(), sort, page: 1 }),
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
    dispose() {
      if (timer) ctx.clock.clearTimeout(timer);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
