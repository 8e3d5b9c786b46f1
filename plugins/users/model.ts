import { types, type Instance } from "mobx-state-tree";
import { DEFAULT_AGENT_PAGE_SIZE, type AGENT_LIST_SORTS, type AgentListItem, type ManagerListItem } from "../../src/contract/agents";

export type UsersSort = (typeof AGENT_LIST_SORTS)[number];

/**
 * The users area's state: the users list (what was asked of the gateway and its answer, one page) and the
 * managers list. A row's change shows at once (`patchRow`) and is put back if the gateway refuses it.
 */
export const UsersModel = types
  .model("Users", {
    /** The search box as typed; `query` is what was last sent (debounced). */
    typed: types.optional(types.string, ""),
    query: types.optional(types.string, ""),
    page: types.optional(types.number, 1),
    perPage: types.optional(types.number, DEFAULT_AGENT_PAGE_SIZE),
    sort: types.optional(types.enumeration<UsersSort>(["name", "extension", "role"]), "name"),
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    rows: types.frozen<AgentListItem[]>([]),
    total: types.optional(types.number, 0),
    message: types.maybeNull(types.string),
    /** The `agent-dials-per-level` setting: minimum lead dials for level 1, 2, …; null until read. */
    dialsPerLevel: types.frozen<number[] | null>(null),
    managersPhase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    managers: types.frozen<ManagerListItem[]>([]),
    managersMessage: types.maybeNull(types.string),
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
    asked(q: { query: string; page: number; perPage: number; sort: UsersSort }) {
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
    loadFailed(message: string) {
      self.phase = "failed";
      self.message = message;
    },
    patchRow(id: number, patch: Partial<AgentListItem>) {
      self.rows = self.rows.map((r) => (r.id === id ? { ...r, ...patch } : r));
    },
    dials(params: number[]) {
      self.dialsPerLevel = params;
    },
    managersLoading() {
      self.managersPhase = "loading";
      self.managersMessage = null;
    },
    managersLoaded(managers: ManagerListItem[]) {
      self.managers = managers;
      self.managersPhase = "ready";
    },
    managersFailed(message: string) {
      self.managersPhase = "failed";
      self.managersMessage = message;
    },
  }));
export type UsersStore = Instance<typeof UsersModel>;
