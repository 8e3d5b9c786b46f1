// Loads and saves the page's whole set (admin-and-sign-in §4 settings saves): success 'Changes applied
// successfully.', 404 'Could not find data location.', 403 'You are not authorized to do that.', 422 the first
// message error, otherwise the answer's message.
import { isAxiosError } from "axios";
import { PluginSettings } from "../../src/contract/pluginSettings";
import type { PluginContext } from "../../src/sdk";
import type { PluginSettingsStore } from "./model";

const URL = "/settings/plugins";

export function createPluginSettingsService(ctx: PluginContext<PluginSettingsStore>) {
  const { store } = ctx;
  const refusal = (e: unknown): string => {
    const status = isAxiosError(e) ? e.response?.status : undefined;
    const body = isAxiosError(e) ? (e.response?.data as { message?: string; errors?: Record<string, string[]> }) : undefined;
    if (status === 422) return Object.values(body?.errors ?? {})[0]?.[0] ?? body?.message ?? ctx.t("save.failed");
    if (status === 404) return ctx.t("save.not_found");
    if (status === 403) return ctx.t("save.forbidden");
    return body?.message ?? ctx.t("save.failed");
  };
  const load = async () => {
    store.loading();
    try {
      const { data } = await ctx.http.get(URL);
      store.loaded(PluginSettings.parse(data));
    } catch (e) {
      store.failed(refusal(e));
    }
  };
  return {
    load,
    async save() {
      store.saving();
      try {
        await ctx.http.put(URL, { plugins: store.plugins, features: store.features });
        ctx.notify.success(ctx.t("save.done"));
        // Read back: the last change (who, when) is the gateway's.
        await load();
      } catch (e) {
        const message = refusal(e);
        store.failed(message);
        ctx.notify.error(message);
      }
    },
  };
}
export type PluginSettingsService = ReturnType<typeof createPluginSettingsService>;
