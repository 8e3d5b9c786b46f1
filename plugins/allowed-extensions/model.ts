import { types, type Instance } from "mobx-state-tree";
import type { SettingsChange } from "../../src/contract/settings";

/** The page's state: the call centre's allowed extensions and the outcome of the last add or delete. */
export const ExtensionsModel = types
  .model("AllowedExtensions", {
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    extensions: types.frozen<string[]>([]),
    /** An add or delete under way: the buttons wait for it. */
    busy: false,
    /** The add field's error, already in the manager's language ('Invalid extension format'…). */
    fieldError: types.maybeNull(types.string),
    /** A load failure's text. */
    message: types.maybeNull(types.string),
    /** The settings audit trail's last change of the list (who, when). */
    lastChange: types.frozen<SettingsChange | null>(null),
  })
  .actions((self) => ({
    loading() {
      self.phase = "loading";
      self.message = null;
    },
    loaded(extensions: string[]) {
      self.extensions = extensions;
      self.phase = "ready";
    },
    loadFailed(message: string) {
      self.phase = "failed";
      self.message = message;
    },
    changedLast(change: SettingsChange | null) {
      self.lastChange = change;
    },
    setBusy(busy: boolean) {
      self.busy = busy;
    },
    refused(fieldError: string | null) {
      self.fieldError = fieldError;
    },
    added(extension: string) {
      self.extensions = [...self.extensions, extension].sort((a, b) => a.length - b.length || a.localeCompare(b));
      self.fieldError = null;
    },
    removed(extension: string) {
      self.extensions = self.extensions.filter((e) => e !== extension);
    },
  }));
export type ExtensionsStore = Instance<typeof ExtensionsModel>;
