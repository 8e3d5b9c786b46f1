import { types, type Instance } from "mobx-state-tree";
import type { LeadCampaign, LeadGroup, LeadPrefix } from "../../src/contract/leadBook";
import type { SettingsChange } from "../../src/contract/settings";

/** One page's list as last read, and its subject's last change in the settings audit trail. */
const listOf = <T>(name: string) =>
  types
    .model(name, {
      phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
      rows: types.frozen<T[]>([]),
      /** A load failure's text, already in the manager's language. */
      message: types.maybeNull(types.string),
      lastChange: types.frozen<SettingsChange | null>(null),
    })
    .actions((self) => ({
      loading() {
        if (self.phase !== "ready") self.phase = "loading";
        self.message = null;
      },
      loaded(rows: T[]) {
        self.rows = rows as never;
        self.phase = "ready";
      },
      loadFailed(message: string) {
        self.phase = "failed";
        self.message = message;
      },
      changedLast(change: SettingsChange | null) {
        self.lastChange = change;
      },
    }));

export const LeadSettingsModel = types.model("LeadSettings", {
  campaigns: types.optional(listOf<LeadCampaign>("LeadCampaigns"), {}),
  prefixes: types.optional(listOf<LeadPrefix>("LeadPrefixes"), {}),
  groups: types.optional(listOf<LeadGroup>("LeadGroups"), {}),
});
export type LeadSettingsStore = Instance<typeof LeadSettingsModel>;
export type LeadListKind = "campaigns" | "prefixes" | "groups";
