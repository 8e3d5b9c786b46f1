// One page of the call centre's agents, searched, paged and sorted by the gateway (listAgents; admin-and-sign-in
// §2 users list and WebRTC users table: page sizes 10/25/50/100): the state an admin page keeps and the
// effects that ask for it. The search box shows what is typed at once and asks once typing pauses; an answer
// to an older request (a slower search) is dropped; a page past the end goes back to the last one.
import { types, type Instance } from "mobx-state-tree";
import { callEndpoint, type EndpointCaller } from "../../api/endpoint";
import type { Refusal } from "../../api/idempotent";
import {
  AGENT_LIST_SORTS,
  AGENT_PAGE_SIZES,
  DEFAULT_AGENT_PAGE_SIZE,
  listAgents,
  type AgentListItem,
  type AgentListQuery,
} from "../../contract/agents";
import type { ClockTimer } from "../../shared/clock";

export type AgentSort = (typeof AGENT_LIST_SORTS)[number];
/** How long the search box waits after the last keystroke before asking the gateway. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface AgentPageQuery {
  query: string;
  page: number;
  perPage: number;
  sort: AgentSort;
}

export const AgentPageModel = types
  .model("AgentPage", {
    /** The search box as typed; `query` is what was last sent. */
    typed: types.optional(types.string, ""),
    query: types.optional(types.string, ""),
    page: types.optional(types.number, 1),
    perPage: types.optional(types.number, DEFAULT_AGENT_PAGE_SIZE),
    sort: types.optional(types.enumeration<AgentSort>([...AGENT_LIST_SORTS]), "name"),
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    rows: types.frozen<AgentListItem[]>([]),
    total: types.optional(types.number, 0),
    /** A load's refusal, in the admin's language. */
    message: types.maybeNull(types.string),
  })
  .views((self) => ({
    get pages() {
      return Math.max(1, Math.ceil(self.total / self.perPage));
    },
  }))
  .actions((self) => ({
    typing(text: string) {
      self.typed = text;
    },
    asked(q: AgentPageQuery) {
      self.query = q.query;
      self.page = q.page;
      self.perPage = q.perPage;
      self.sort = q.sort;
      self.phase = "loading";
    },
    loaded(rows: AgentListItem[], total: number) {
      self.rows = rows;
      self.total = total;
      self.phase = "ready";
      self.message = null;
    },
    failed(message: string) {
      self.phase = "failed";
      self.message = message;
    },
    /** A row's change shows at once; the page puts it back if the gateway refuses it. */
    patchRow(id: number, patch: Partial<AgentListItem>) {
      self.rows = self.rows.map((r) => (r.id === id ? { ...r, ...patch } : r));
    },
  }));
export type AgentPageStore = Instance<typeof AgentPageModel>;

/** The effects: `refusal` says a failed load in the admin's language (shown on the page and as a notice). */
export function agentPager(
  ctx: EndpointCaller & { notify: { error(message: string): void } },
  store: AgentPageStore,
  refusal: (r: Refusal) => string,
) {
  let asked = 0;
  let timer: ClockTimer | null = null;

  const fetchPage = async (q: AgentPageQuery): Promise<void> => {
    const mine = ++asked;
    store.asked(q);
    const read = await callEndpoint(ctx, listAgents, {
      query: {
        ...(q.query && { query: q.query }),
        page: q.page,
        per_page: String(q.perPage) as NonNullable<AgentListQuery["per_page"]>,
        sort: q.sort,
      },
    });
    if (mine !== asked) return;
    if (!read.ok) {
      const message = refusal(read);
      store.failed(message);
      ctx.notify.error(message);
      return;
    }
    const answer = read.data;
    // A page past the end (the list shrank, a narrower search) goes back to the last page that exists.
    if (answer.data.length === 0 && answer.meta.total > 0 && q.page > 1) {
      await fetchPage({ ...q, page: Math.max(1, Math.ceil(answer.meta.total / q.perPage)) });
      return;
    }
    store.loaded(answer.data, answer.meta.total);
  };
  const current = (): AgentPageQuery => ({ query: store.query, page: store.page, perPage: store.perPage, sort: store.sort });

  return {
    /** The first page. */
    first: () => fetchPage({ ...current(), page: 1 }),
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
    sortBy: (sort: AgentSort) => fetchPage({ ...current(), sort, page: 1 }),
    dispose() {
      if (timer) ctx.clock.clearTimeout(timer);
    },
  };
}
export type AgentPager = ReturnType<typeof agentPager>;
