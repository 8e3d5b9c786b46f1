import { types, type Instance } from "mobx-state-tree";
import type { PluginSettings } from "../../src/contract/pluginSettings";

/** The page's state: the switches as saved and as edited (id → on), and the last load's or save's refusal. */
export const PluginSettingsModel = types
  .model("PluginSettings", {
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed", "saving"]), "idle"),
    saved: types.frozen<PluginSettings | null>(null),
    plugins: types.frozen<Record<string, boolean>>({}),
    features: types.frozen<Record<string, boolean>>({}),
    /** A refusal, already in the admin's language. */
    message: types.maybeNull(types.string),
  })
  .views((self) => ({
    get dirty() {
      const saved = self.saved;
      if (!saved) return false;
      return (
        saved.plugins.some((p) => self.plugins[p.id] !== p.enabled) ||
        saved.features.some((f) => self.features[f.id] !== f.enabled)
      );
    },
  }))
  .actions((self) => ({
    loading() {
      self.phase = "loading";
      self.message = null;
    },
    loaded(page: PluginSettings) {
      self.saved = page;
      self.plugins = Object.fromEntries(page.plugins.map((p) => [p.id, p.enabled]));
      self.features = Object.fromEntries(page.features.map((f) => [f.id, f.enabled]));
      self.phase = "ready";
    },
    failed(message: string) {
      self.phase = self.saved ? "ready" : "failed";
      self.message = message;
    },
    setPlugin(id: string, on: boolean) {
      self.plugins = { ...self.plugins, [id]: on };
    },
    setFeature(id: string, on: boolean) {
      self.features = { ...self.features, [id]: on };
    },
    saving() {
      self.phase = "saving";
      self.message = null;
    },
  }));
export type PluginSettingsStore = Instance<typeof PluginSettingsModel>;
