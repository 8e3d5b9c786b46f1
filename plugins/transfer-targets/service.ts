// Loads and saves the transfer targets document as a whole with the settings kit (admin-and-sign-in §4 settings
// saves and §8 outcomes); the row edits below shape the draft.
import {
  DEFAULT_TRANSFER_TARGETS,
  readTransferTargets,
  saveTransferTargets,
  TRANSFER_TARGETS_SETTING_KEY,
  type TransferTarget,
  type TransferTargetSettings,
} from "../../src/contract/settings";
import type { PluginContext } from "../../src/sdk";
import { settingsDocumentService } from "../../src/sdk/settings";
import type { TargetsStore } from "./model";

export type TargetList = "external" | "sunlife";

export function createTargetsService(ctx: PluginContext<TargetsStore>) {
  const { store } = ctx;
  const doc = settingsDocumentService(ctx, store, {
    read: readTransferTargets,
    save: saveTransferTargets,
    subject: TRANSFER_TARGETS_SETTING_KEY,
  });
  const draft = () => store.draft ?? DEFAULT_TRANSFER_TARGETS;

  return {
    ...doc,
    add(list: TargetList) {
      const d = draft();
      doc.edit({ ...d, [list]: [...d[list], { name: "", phone: "" }] });
    },
    remove(list: TargetList, index: number) {
      const d = draft();
      doc.edit({ ...d, [list]: d[list].filter((_, i) => i !== index) });
    },
    change(list: TargetList, index: number, patch: Partial<TransferTarget>) {
      const d = draft();
      doc.edit({ ...d, [list]: d[list].map((t, i) => (i === index ? { ...t, ...patch } : t)) });
    },
    matcha(patch: Partial<TransferTargetSettings["matcha"]>) {
      const d = draft();
      doc.edit({ ...d, matcha: { ...d.matcha, ...patch } });
    },
  };
}
export type TargetsService = ReturnType<typeof createTargetsService>;
