import type { Instance } from "mobx-state-tree";
import type { TransferTargetSettings } from "../../src/contract/settings";
import { settingsDocumentModel } from "../../src/sdk/settings";

/** The page's state: the document as saved and as edited, the last save's field errors, its last change. */
export const TargetsModel = settingsDocumentModel<TransferTargetSettings>("TransferTargets");
export type TargetsStore = Instance<typeof TargetsModel>;
