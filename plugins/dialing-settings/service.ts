// Loads and saves the five documents through the settings kit (the specification's save outcomes, read-back,
// last change). Four are one GET/PUT each; user quotas are three documents (dials, meetings = live transfers,
// sales) shown as one page: its Save sends each kind that changed, then says one outcome.
import {
  DIALER_SETTING_KEYS as K,
  QUOTA_KINDS,
  readDialingSequence,
  readDialsPerLevel,
  readOperationHours,
  readPublisherSuppression,
  readQuotas,
  saveDialingSequence,
  saveDialsPerLevel,
  saveOperationHours,
  savePublisherSuppression,
  saveQuotas,
} from "../../src/contract/dialer";
import { regionsOf } from "../../src/contract/lookups";
import { callEndpoint, unwrap, type PluginContext } from "../../src/sdk";
import {
  lastSettingsChange,
  sameDocument,
  settingsDocumentService,
  settingsRefusal,
  settingsSaved,
} from "../../src/sdk/settings";
import {
  hoursFromWire,
  hoursToWire,
  levelsFromWire,
  levelsToWire,
  quotaFromWire,
  quotaToWire,
  sequenceFromWire,
  sequenceToWire,
  suppressionFromWire,
  suppressionToWire,
  type QuotasForm,
} from "./forms";
import type { DialingSettingsStore, QuotasStore } from "./model";

function quotasService(ctx: PluginContext<DialingSettingsStore>, store: QuotasStore) {
  const load = async () => {
    store.loading();
    try {
      const [tables, changes] = await Promise.all([
        Promise.all(QUOTA_KINDS.map(async (kind) => unwrap(await callEndpoint(ctx, readQuotas, { params: { kind } })).params)),
        Promise.all(QUOTA_KINDS.map((k) => lastSettingsChange(ctx, K.quotas(k)))),
      ]);
      // The page's last change is the latest of its three documents'.
      const last = changes.reduce((a, b) => (b && (!a || b.at > a.at) ? b : a), null);
      store.loaded(Object.fromEntries(QUOTA_KINDS.map((k, i) => [k, quotaFromWire(tables[i]!)])) as QuotasForm, last);
    } catch (e) {
      store.failed(settingsRefusal(e, ctx.language).message);
    }
  };
  return {
    load,
    edit: (draft: QuotasForm) => store.edit(draft),
    /** Sends every kind that changed, in order; stops at the first refusal. True when all went through. */
    async save(): Promise<boolean> {
      const draft = store.draft;
      const saved = store.saved;
      if (!draft || !saved) return false;
      const changed = QUOTA_KINDS.filter((k) => !sameDocument(draft[k], saved[k]));
      store.saving();
      for (const kind of changed) {
        const put = await callEndpoint(ctx, saveQuotas, { params: { kind }, body: { params: quotaToWire(draft[kind]) } });
        if (put.ok) store.savedKind(kind, draft[kind]);
        else {
          const r = settingsRefusal(put, ctx.language);
          // The gateway names fields of the kind it was sent (params.advisor.1): the page names them per kind.
          const errors = Object.fromEntries(Object.entries(r.errors).map(([f, m]) => [`${kind}.${f}`, m]));
          store.failed(r.message, errors);
          ctx.notify.error(r.message);
          return false;
        }
      }
      ctx.notify.success(settingsSaved(ctx.language));
      // Read back: negatives made 0, and who changed it last.
      await load();
      return true;
    },
  };
}

export function createDialingSettingsService(ctx: PluginContext<DialingSettingsStore>) {
  const { store } = ctx;
  const regions = regionsOf(ctx.variant.country).map((r) => r.value);
  return {
    hours: settingsDocumentService(ctx, store.hours, {
      read: readOperationHours,
      save: saveOperationHours,
      subject: K.operationHours,
      parse: hoursFromWire,
      toBody: hoursToWire,
    }),
    sequence: settingsDocumentService(ctx, store.sequence, {
      read: readDialingSequence,
      save: saveDialingSequence,
      subject: K.dialingSequence,
      parse: sequenceFromWire,
      toBody: sequenceToWire,
    }),
    quotas: quotasService(ctx, store.quotas),
    levels: settingsDocumentService(ctx, store.levels, {
      read: readDialsPerLevel,
      save: saveDialsPerLevel,
      subject: K.dialsPerLevel,
      parse: levelsFromWire,
      toBody: levelsToWire,
    }),
    suppression: settingsDocumentService(ctx, store.suppression, {
      read: readPublisherSuppression,
      save: savePublisherSuppression,
      subject: K.publisherSuppression,
      parse: (data) => suppressionFromWire(data, regions),
      toBody: suppressionToWire,
      // The specification's own texts for this page (admin-and-sign-in §8).
      savedText: () => ctx.t("suppression.saved"),
      refusedText: () => ctx.t("suppression.refused"),
    }),
  };
}
export type DialingSettingsService = ReturnType<typeof createDialingSettingsService>;
