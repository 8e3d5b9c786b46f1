// The plugin's state: one settings document per page, as the admin edits it (forms.ts). The quotas page holds
// its three kinds in one document and saves each kind that changed with its own PUT.
import { types, type Instance } from "mobx-state-tree";
import type { QuotaKind } from "../../src/contract/dialer";
import { settingsDocumentModel, type SettingsDocumentStore } from "../../src/sdk/settings";
import type { HoursForm, ListForm, QuotaForm, QuotasForm, SuppressionForm } from "./forms";

export const QuotasModel = settingsDocumentModel<QuotasForm>("UserQuotas").actions((self) => ({
  /** One kind went through while another was refused: it is saved, the rest still waits. */
  savedKind(kind: QuotaKind, table: QuotaForm) {
    if (self.saved) self.saved = { ...self.saved, [kind]: table };
  },
}));
export type QuotasStore = Instance<typeof QuotasModel>;

export const DialingSettingsModel = types.model("DialingSettings", {
  hours: types.optional(settingsDocumentModel<HoursForm>("OperationHours"), {}),
  sequence: types.optional(settingsDocumentModel<ListForm>("DialingSequence"), {}),
  quotas: types.optional(QuotasModel, {}),
  levels: types.optional(settingsDocumentModel<ListForm>("DialsPerLevel"), {}),
  suppression: types.optional(settingsDocumentModel<SuppressionForm>("PublisherSuppression"), {}),
});
export type DialingSettingsStore = Instance<typeof DialingSettingsModel>;
export type DocumentStore<T> = SettingsDocumentStore<T>;
