// A settings document page's state and effects (admin-and-sign-in §4 "each screen loads its values, lets the
// admin edit, and saves the whole set"): the saved document, the admin's draft, the field errors of the last
// refusal and the subject's last change from the audit trail. A page plugin makes its model and service with
// one call each; see docs/plugins.md "Settings pages".
import { types, type Instance } from "mobx-state-tree";
import type { z } from "zod";
import { callEndpoint, type EndpointCaller } from "../../api/endpoint";
import { RefusalError, type Refusal } from "../../api/idempotent";
import type { AnyEndpoint, BodyIn, EndpointData } from "../../contract/endpoint";
import type { Notify } from "../../core/services";
import { listSettingsChanges, type SettingsChange } from "../../contract/settings";
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

/**
 * One settings document's endpoints and texts. `read` (GET) and `save` (PUT, the whole set) are the document's
 * endpoints in the wire contract (`readOperationHours` / `saveOperationHours`, made by `settingsDocumentEndpoints`);
 * the page never spells their address. `parse` shapes what GET answered (already checked by `read`'s schema) into
 * the page's document, and `toBody` the document into the PUT's body; each may be left out where the two are the
 * same (the document is then `read`'s answer, and a `toBody` is required unless it is `save`'s body).
 */
export interface SettingsDocumentOptions<T, R extends AnyEndpoint = AnyEndpoint, S extends AnyEndpoint = AnyEndpoint> {
  read: R;
  save: S;
  /** Audit-trail subject (the settings key), e.g. `operation-hours` or `quotas:dials`. */
  subject: string;
  parse?(data: EndpointData<R>): T;
  toBody?(doc: T): BodyIn<S>;
  /** Notice after success; the specification's 'Changes applied successfully.' by default. */
  savedText?(language: string): string;
  /** Notice after a refusal; the specification's settings outcome by default. */
  refusedText?(message: string, language: string): string;
}
/** A document that is not the PUT's body needs its `toBody`. */
type BodyOption<T, S> = [T] extends [BodyIn<S>] ? unknown : { toBody(doc: T): BodyIn<S> };

interface Deps extends EndpointCaller {
  notify: Pick<Notify, "success" | "error">;
  readonly language: string;
}

/** The subject's latest change, or null (never changed, or the trail could not be read: it is not the page). */
export async function lastSettingsChange(caller: EndpointCaller, subject: string): Promise<SettingsChange | null> {
  const read = await callEndpoint(caller, listSettingsChanges, { query: { subject, limit: 1 } });
  return read.ok ? (read.data.changes[0] ?? null) : null;
}

/**
 * What the body's schema refuses, as the gateway's 422 says it (errors keyed by the field's path), so the page
 * shows it beside its field without sending what the gateway would refuse; null when it takes the body.
 */
function refusedBody(schema: z.ZodType | undefined, body: unknown): Refusal | null {
  const checked = schema?.safeParse(body);
  if (!checked || checked.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of checked.error.issues) (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
  return { ok: false, status: 422, retryable: false, message: null, errors };
}

/** Load and save for one document page. */
export function settingsDocumentService<R extends AnyEndpoint, S extends AnyEndpoint, T = EndpointData<R>>(
  ctx: Deps,
  store: SettingsDocumentStore<NoInfer<T>>,
  o: SettingsDocumentOptions<T, R, S> & BodyOption<T, S>,
) {
  const parse = (data: EndpointData<R>): T => (o.parse ? o.parse(data) : (data as T));
  const toBody = (doc: T): unknown => (o.toBody ? o.toBody(doc) : doc);
  const load = async () => {
    store.loading();
    const [read, last] = await Promise.all([callEndpoint(ctx, o.read as AnyEndpoint), lastSettingsChange(ctx, o.subject)]);
    try {
      if (!read.ok) throw new RefusalError(read);
      store.loaded(parse(read.data as EndpointData<R>), last);
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
      const body = toBody(doc);
      const saved = refusedBody(o.save.body, body) ?? (await callEndpoint(ctx, o.save as AnyEndpoint, { body }));
      if (saved.ok) {
        ctx.notify.success(o.savedText?.(ctx.language) ?? settingsSaved(ctx.language));
        // Read back: what the gateway stored (negatives made 0) and who changed it last.
        await load();
        return true;
      }
      const r = settingsRefusal(saved, ctx.language);
      store.failed(r.message, r.errors);
      ctx.notify.error(o.refusedText?.(r.message, ctx.language) ?? r.message);
      return false;
    },
  };
}
export type SettingsDocumentService<T> = ReturnType<typeof settingsDocumentService<AnyEndpoint, AnyEndpoint, T>>;
