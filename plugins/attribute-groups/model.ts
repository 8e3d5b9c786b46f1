import { types, type Instance } from "mobx-state-tree";
import type { AttributeGroup } from "../../src/contract/attributeGroups";
import type { SettingsChange } from "../../src/contract/settings";

/** The page's state: the call centre's attribute groups as last read. */
export const GroupsModel = types
  .model("AttributeGroups", {
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    groups: types.frozen<AttributeGroup[]>([]),
    /** A load failure's text, already in the manager's language. */
    message: types.maybeNull(types.string),
    /** The settings audit trail's last change of the groups (who, when). */
    lastChange: types.frozen<SettingsChange | null>(null),
  })
  .actions((self) => ({
    loading() {
      if (self.phase !== "ready") self.phase = "loading";
      self.message = null;
    },
    loaded(groups: AttributeGroup[]) {
      self.groups = groups;
      self.phase = "ready";
    },
    changedLast(change: SettingsChange | null) {
      self.lastChange = change;
    },
    loadFailed(message: string) {
      self.phase = "failed";
      self.message = message;
    },
  }));
export type GroupsStore = Instance<typeof GroupsModel>;
