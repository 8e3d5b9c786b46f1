// Loads, adds, edits and deletes the Retreaver mappings, and loads and saves the maximum calls amount. The rules
// are checked before sending (the gateway's own validators, src/contract/callTracking.ts); an add says it is one
// (?mode=add) so the gateway refuses a DID mapped meanwhile with 'DID already exists', and an edit says it is
// one (?mode=edit) so it does not bring back a mapping deleted meanwhile. Refusals on a field come back in the
// manager's language, to show beside that field.
import {
  didProblem,
  listMappings,
  MAPPING_MESSAGES,
  MAX_CALLS_AMOUNT_KEY,
  prefixProblem,
  readMaxCallsAmount,
  removeMapping,
  RETREAVER_MAPPINGS_SUBJECT,
  saveMapping,
  saveMaxCallsAmount,
} from "../../src/contract/callTracking";
import { OWNERSHIP_MESSAGES } from "../../src/contract/ownership";
import { callEndpoint, type PluginContext } from "../../src/sdk";
import {
  lastSettingsChange,
  settingsDocumentService,
  settingsRefusal,
  settingsSaved,
} from "../../src/sdk/settings";
import type { CallTrackingStore } from "./model";

export interface MappingForm {
  did: string;
  prefix: string;
  duplicate_checker: boolean;
  short_calls: boolean;
}
export type MappingField = "did" | "prefix";
export type FieldErrors = Partial<Record<MappingField, string>>;

const KEYS: Record<string, string> = {
  [MAPPING_MESSAGES.prefixRequired]: "errors.prefix_required",
  [MAPPING_MESSAGES.prefixTooLong]: "errors.prefix_too_long",
  [MAPPING_MESSAGES.didRequired]: "errors.did_required",
  [MAPPING_MESSAGES.didInvalid]: "errors.did_invalid",
  [MAPPING_MESSAGES.didExists]: "errors.did_exists",
  [OWNERSHIP_MESSAGES.numberTaken]: "errors.did_taken_elsewhere",
  [MAPPING_MESSAGES.maxCallsInvalid]: "errors.max_calls_invalid",
};

export function createCallTrackingService(ctx: PluginContext<CallTrackingStore>) {
  const { t } = ctx;
  const store = ctx.store.mappings;
  /** The gateway's English text of a rule, in the manager's language. */
  const text = (message: string) => (KEYS[message] ? t(KEYS[message]) : message);
  const refreshChange = async () =>
    store.changed(await lastSettingsChange(ctx, RETREAVER_MAPPINGS_SUBJECT));

  /** The form's refusals, checked in the browser; none: it may be sent. */
  const check = (mode: "add" | "edit", form: MappingForm): FieldErrors => {
    const errors: FieldErrors = {};
    const prefix = prefixProblem(form.prefix);
    if (prefix) errors.prefix = text(prefix);
    if (mode === "add") {
      const did = didProblem(form.did) ?? (store.has(form.did.trim()) ? MAPPING_MESSAGES.didExists : null);
      if (did) errors.did = text(did);
    }
    return errors;
  };

  const mappings = {
    async load() {
      store.loading();
      const [list, last] = await Promise.all([callEndpoint(ctx, listMappings), lastSettingsChange(ctx, RETREAVER_MAPPINGS_SUBJECT)]);
      if (list.ok) store.loaded(list.data, last);
      else store.loadFailed(settingsRefusal(list, ctx.language).message);
    },
    check,
    /** Adds or edits; null when saved, else the refusals to show beside their fields. */
    async save(mode: "add" | "edit", form: MappingForm): Promise<FieldErrors | null> {
      const errors = check(mode, form);
      if (Object.keys(errors).length) return errors;
      const did = form.did.trim();
      const body = {
        prefix: form.prefix.trim(),
        duplicate_checker: form.duplicate_checker,
        short_calls: form.short_calls,
      };
      store.setBusy(true);
      try {
        const saved = await callEndpoint(ctx, saveMapping, { params: { did }, query: { mode }, body });
        if (saved.ok) {
          store.saved(did, body);
          ctx.notify.success(settingsSaved(ctx.language));
          await refreshChange();
          return null;
        }
        const onFields: FieldErrors = {};
        for (const field of ["did", "prefix"] as const) {
          const first = saved.errors[field]?.[0];
          if (first) onFields[field] = text(first);
        }
        if (Object.keys(onFields).length) return onFields;
        const refusal = settingsRefusal(saved, ctx.language);
        // Edited while another manager deleted it: the list says so now.
        if (refusal.status === 404) store.removed(did);
        ctx.notify.error(refusal.message);
        return {};
      } finally {
        store.setBusy(false);
      }
    },
    async remove(did: string) {
      store.setBusy(true);
      try {
        const removed = await callEndpoint(ctx, removeMapping, { params: { did } });
        if (removed.ok) {
          store.removed(did);
          ctx.notify.success(settingsSaved(ctx.language));
          await refreshChange();
          return;
        }
        const refusal = settingsRefusal(removed, ctx.language);
        if (refusal.status === 404) store.removed(did);
        ctx.notify.error(refusal.message);
      } finally {
        store.setBusy(false);
      }
    },
  };

  const maxCalls = settingsDocumentService(ctx, ctx.store.maxCalls, {
    read: readMaxCallsAmount,
    save: saveMaxCallsAmount,
    subject: MAX_CALLS_AMOUNT_KEY,
  });

  return { mappings, maxCalls, text };
}
export type CallTrackingService = ReturnType<typeof createCallTrackingService>;
