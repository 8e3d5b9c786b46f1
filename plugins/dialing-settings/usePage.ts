// What every page of the plugin starts with: its document's store and service, loaded once on arrival, and
// a Save that sends nothing while a box holds something that is not allowed (the boxes say what).
import { useEffect } from "react";
import { usePlugin } from "../../src/sdk";
import type { DialingSettingsStore } from "./model";
import type { DialingSettingsService } from "./service";

export type PageKey = keyof DialingSettingsService & keyof DialingSettingsStore;

export function usePage<K extends PageKey>(key: K) {
  const { store, api, ctx } = usePlugin<DialingSettingsStore, DialingSettingsService>();
  const doc = store[key];
  const service = api[key];
  useEffect(() => {
    void service.load();
  }, [service]);
  /** Saves unless `problems` has any; then says so above Save and leaves the fields to show where. */
  const save = (problems: Record<string, unknown>) => {
    if (Object.keys(problems).length === 0) return void service.save();
    doc.failed(ctx.t("invalid"));
    // The first refused box may be scrolled away (51 states): bring it to the admin.
    document.querySelector<HTMLElement>(".settings-page [aria-invalid='true']")?.focus();
  };
  return { doc, service, ctx, t: ctx.t, save };
}
