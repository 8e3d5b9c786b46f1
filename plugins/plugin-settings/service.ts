// Loads and saves the page's whole set (admin-and-sign-in §4 settings saves): success 'Changes applied
// successfully.', 404 'Could not find data location.', 403 'You are not authorized to do that.', 422 the first
// message error, otherwise the answer's message.
import { readPluginSettings, savePluginSettings } from "../../src/contract/pluginSettings";
import { callEndpoint, type PluginContext, type Refusal } from "../../src/sdk";
import type { PluginSettingsStore } from "./model";

export function createPluginSettingsService(ctx: PluginContext<PluginSettingsStore>) {
  const { store } = ctx;
  const refusal = (r: Refusal): string => {
    if (r.status === 422) return Object.values(r.errors)[0]?.[0] ?? r.message ?? ctx.t("save.failed");
    if (r.status === 404) return ctx.t("save.not_found");
    if (r.status === 403) return ctx.t("save.forbidden");
    return r.message ?? ctx.t("save.failed");
  };
  const load = async () => {
    store.loading();
    const read = await callEndpoint(ctx, readPluginSettings);
    if (read.ok) store.loaded(read.data);
    else store.failed(refusal(read));
  };
  return {
    load,
    async save() {
      store.saving();
      const saved = await callEndpoint(ctx, savePluginSettings, { body: { plugins: store.plugins, features: store.features } });
      if (!saved.ok) {
        const message = refusal(saved);
        store.failed(message);
        ctx.notify.error(message);
        return;
      }
      ctx.notify.success(ctx.t("save.done"));
      // Read back: the last change (who, when) is the gateway's.
      await load();
    },
  };
}
export type PluginSettingsService = ReturnType<typeof createPluginSettingsService>;
