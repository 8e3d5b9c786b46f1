// The Do Not Call lists page's slice: the call centre's lists as last read, and the last number looked up with the
// lists it is on. Dialogs keep their own state (their form); this is what the page shows around them.
import { types, type Instance } from "mobx-state-tree";
import type { DncEntry, DncList } from "./contract";

export const DncListsModel = types
  .model("DncLists", {
    lists: types.frozen<DncList[]>([]),
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    /** The number last looked up (10 digits) and every entry found for it; null before any search. */
    searched: types.maybeNull(types.frozen<{ phone: string; entries: DncEntry[] }>()),
  })
  .views((self) => ({
    listOf(id: number): DncList | null {
      return self.lists.find((l) => l.id === id) ?? null;
    },
  }))
  .actions((self) => ({
    loading() {
      if (self.phase !== "ready") self.phase = "loading";
    },
    loaded(lists: DncList[]) {
      self.lists = lists;
      self.phase = "ready";
    },
    failed() {
      // A blip keeps the lists already shown.
      if (self.phase !== "ready") self.phase = "failed";
    },
    found(phone: string, entries: DncEntry[]) {
      self.searched = { phone, entries };
    },
    clearSearch() {
      self.searched = null;
    },
  }));
export type DncListsStore = Instance<typeof DncListsModel>;
