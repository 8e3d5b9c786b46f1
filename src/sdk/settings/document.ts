// A settings document page's state and effects (admin-and-sign-in §4 "each screen loads its values, lets the
// admin edit, and saves the whole set"): the saved document, the admin's draft, the field errors of the last
// refusal and the subject's last change from the audit trail. A page plugin makes its model and service with
// one call each; see docs/plugins.md "Settings pages".
import type { AxiosInstance } from "axios";
import { types, type Instance } from "mobx-state-tree";
import type { Notify } from "../../core/services";
import { SETTINGS_CHANGES_URL, SettingsChanges, type SettingsChange } from "../../contract/settings";
import { settingsRefusal, settingsSaved } from "./outcome";

/** Plain JSON documents alike, whatever their keys' order. */
export function sameDocument(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameDocument((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The MST model of one settings document page; `T` is the document as the gateway reads it. */
export function settingsDocumentModel<T>(name: string) {
  return types
    .model(name, {
      phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed", "saving"]), "idle"),
      saved: types.frozen<T | null>(null),
      draft: types.frozen<T | null>(null),
      /** The last refusal's field errors, by field name. */
      errors: types.frozen<Record<string, string[]>>({}),
      /** The last load's or save's refusal, in the admin's language. */
      message: types.maybeNull(types.string),
      lastChange: types.frozen<SettingsChange | null>(null),
    })
    .views((self) => ({
      get dirty(): boolean {
        return self.saved !== null && self.draft !== null && !sameDocument(self.saved, self.draft);
      },
      /** The first error of a field, or of any field under it (`sequence` covers `sequence.2`). */
      errorOf(field: string): string | undefined {
        const key = Object.keys(self.errors).find((k) => k === field || k.startsWith(`${field}.`));
        return key ? self.errors[key]![0] : undefined;
      },
    }))
    .actions((self) => ({
      loading() {
        self.phase = "loading";
        self.message = null;
      },
      loaded(doc: T, lastChange: SettingsChange | null) {
        // A frozen value is T itself; MST's generic snapshot type cannot see that for an open T.
        self.saved = doc as never;
        self.draft = doc as never;
        self.lastChange = lastChange;
        self.errors = {};
        self.phase = "ready";
      },
      failed(message: string, errors: Record<string, string[]> = {}) {
        self.phase = self.saved ? "ready" : "failed";
        self.message = message;
        self.errors = errors;
      },
      edit(draft: T) {
        self.draft = draft as never;
      },
      saving() {
        self.phase = "saving";
        self.message = null;
        self.errors = {};
      },
    }));
}
export type SettingsDocumentStore<T> = Instance<ReturnType<typeof settingsDocumentModel<T>>>;

export interface SettingsDocumentOptions<T> {
  /** GET and PUT address, e.g. `/settings/operation-hours`. */
  url: string;
  /** Audit-trail subject (the settings key), e.g. `operation-hours` or `quotas:dials`. */
  subject: string;
  /** Checks and shapes what GET answered. */
  parse(data: unknown): T;
  /** The PUT body for a document, when it is not the document itself (quotas send {params}). */
  toBody?(doc: T): unknown;
  /** Notice after success; the specification's 'Changes applied successfully.' by default. */
  savedText?(language: string): string;
  /** Notice after a refusal; the specification's settings outcome by default. */
  refusedText?(message: string, language: string): string;
}

interface Deps {
  http: AxiosInstance;
  notify: Pick<Notify, "success" | "error">;
  readonly language: string;
}

/** The subject's latest change, or null (never changed, or the trail could not be read: it is not the page). */
export async function lastSettingsChange(http: AxiosInstance, subject: string): Promise<SettingsChange | null> {
  try {
    const { data } = await http.get(SETTINGS_CHANGES_URL, { params: { subject, limit: 1 } });
    return SettingsChanges.parse(data).changes[0] ?? null;
  } catch {
    return null;
  }
}

/** Load and save for one document page. */
export function settingsDocumentService<T>(ctx: Deps, store: SettingsDocumentStore<T>, o: SettingsDocumentOptions<T>) {
  const load = async () => {
    store.loading();
    try {
      const [{ data }, last] = await Promise.all([ctx.http.get(o.url), lastSettingsChange(ctx.http, o.subject)]);
      store.loaded(o.parse(data), last);
    } catch (e) {
      store.failed(settingsRefusal(e, ctx.language).message);
    }
  };
  return {
    load,
    edit: (draft: T) => store.edit(draft),
    /** Saves the whole draft; true when the gateway took it. */
    async save(): Promise<boolean> {
      const doc = store.draft;
      if (doc === null) return false;
      store.saving();
      try {
        await ctx.http.put(o.url, o.toBody ? o.toBody(doc) : doc);
        ctx.notify.success(o.savedText?.(ctx.language) ?? settingsSaved(ctx.language));
        // Read back: what the gateway stored (negatives made 0) and who changed it last.
        await load();
        return true;
      } catch (e) {
        const r = settingsRefusal(e, ctx.language);
        store.failed(r.message, r.errors);
        ctx.notify.error(o.refusedText?.(r.message, ctx.language) ?? r.message);
        return false;
      }
    },
  };
}
export type SettingsDocumentService<T> = ReturnType<typeof settingsDocumentService<T>>;
