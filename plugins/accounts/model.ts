import { types, type Instance } from "mobx-state-tree";
import { ACCOUNT_PAGE_SIZES, type AccountListItem } from "../../src/contract/accounts";

/** The page's state: one page of accounts as the gateway answered it, the search and paging, the teams. */
export const AccountsModel = types
  .model("Accounts", {
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    rows: types.frozen<AccountListItem[]>([]),
    total: 0,
    page: 1,
    perPage: types.optional(types.union(...ACCOUNT_PAGE_SIZES.map((n) => types.literal(n))), 25),
    query: "",
    /** The call centre's managers, the teams an agent can be in. */
    managers: types.frozen<AccountListItem[]>([]),
    /** The call centre's allowed extensions that no account holds: what a new account's extension is offered. */
    freeExtensions: types.frozen<string[]>([]),
    /** Why the list could not load, in the manager's language. */
    message: types.maybeNull(types.string),
    /** A row action under way (its account id), so its buttons wait. */
    busy: types.maybeNull(types.number),
  })
  .views((self) => ({
    get pages() {
      return Math.max(1, Math.ceil(self.total / self.perPage));
    },
  }))
  .actions((self) => ({
    loading() {
      self.phase = "loading";
      self.message = null;
    },
    loaded(rows: AccountListItem[], total: number) {
      self.rows = rows;
      self.total = total;
      self.phase = "ready";
    },
    loadFailed(message: string) {
      self.phase = "failed";
      self.message = message;
    },
    searched(query: string) {
      self.query = query;
      self.page = 1;
    },
    paged(page: number) {
      self.page = page;
    },
    sized(perPage: (typeof ACCOUNT_PAGE_SIZES)[number]) {
      self.perPage = perPage;
      self.page = 1;
    },
    freeExtensionsLoaded(extensions: string[]) {
      self.freeExtensions = extensions;
    },
    managersLoaded(managers: AccountListItem[]) {
      self.managers = managers;
    },
    setBusy(id: number | null) {
      self.busy = id;
    },
  }));
export type AccountsStore = Instance<typeof AccountsModel>;
