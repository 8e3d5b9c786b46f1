import { types, type Instance } from "mobx-state-tree";
import type { ManagerListItem } from "../../src/contract/agents";
import { AgentPageModel, type AgentSort } from "../../src/sdk/settings";

export type UsersSort = AgentSort;

/**
 * The users area's state: the users list (what was asked of the gateway and its answer, one page) and the
 * managers list. A row's change shows at once (`patchRow`) and is put back if the gateway refuses it.
 */
export const UsersModel = types
  .compose(
    "Users",
    AgentPageModel,
    types.model({
      /** The `agent-dials-per-level` setting: minimum lead dials for level 1, 2, …; null until read. */
      dialsPerLevel: types.frozen<number[] | null>(null),
      managersPhase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
      managers: types.frozen<ManagerListItem[]>([]),
      managersMessage: types.maybeNull(types.string),
    }),
  )
  .actions((self) => ({
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
