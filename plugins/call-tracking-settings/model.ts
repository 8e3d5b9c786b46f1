import { types, type Instance } from "mobx-state-tree";
import type { Mapping, MappingList, MaxCallsAmount } from "../../src/contract/callTracking";
import type { SettingsChange } from "../../src/contract/settings";
import { settingsDocumentModel } from "../../src/sdk/settings";

export interface MappingRow extends Mapping {
  did: string;
}

/** The Retreaver mappings page: the call centre's mappings by DID, and the list's last change. */
export const MappingsModel = types
  .model("RetreaverMappings", {
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    mappings: types.frozen<MappingList>({}),
    /** An add, edit or delete under way: the buttons wait for it. */
    busy: false,
    /** A load failure's text. */
    message: types.maybeNull(types.string),
    lastChange: types.frozen<SettingsChange | null>(null),
  })
  .views((self) => ({
    /** The table's rows, in DID order. */
    get rows(): MappingRow[] {
      return Object.keys(self.mappings)
        .sort()
        .map((did) => ({ did, ...self.mappings[did]! }));
    },
    has(did: string): boolean {
      return Object.prototype.hasOwnProperty.call(self.mappings, did);
    },
  }))
  .actions((self) => ({
    loading() {
      self.phase = "loading";
      self.message = null;
    },
    loaded(mappings: MappingList, lastChange: SettingsChange | null) {
      self.mappings = mappings;
      self.lastChange = lastChange;
      self.phase = "ready";
    },
    loadFailed(message: string) {
      self.phase = "failed";
      self.message = message;
    },
    setBusy(busy: boolean) {
      self.busy = busy;
    },
    saved(did: string, mapping: Mapping) {
      self.mappings = { ...self.mappings, [did]: mapping };
    },
    removed(did: string) {
      const { [did]: _gone, ...rest } = self.mappings;
      self.mappings = rest;
    },
    changed(lastChange: SettingsChange | null) {
      self.lastChange = lastChange;
    },
  }));
export type MappingsStore = Instance<typeof MappingsModel>;

/** The Configurations page: the maximum calls amount, a settings document. */
export const MaxCallsModel = settingsDocumentModel<MaxCallsAmount>("MaxCallsAmount");

export const CallTrackingModel = types.model("CallTrackingSettings", {
  mappings: types.optional(MappingsModel, {}),
  maxCalls: types.optional(MaxCallsModel, {}),
});
export type CallTrackingStore = Instance<typeof CallTrackingModel>;
