// The Do Not Call lists page's calls: the lists, a number's lookup, a list created or deleted, one number added or
// removed with its reason, a file uploaded, a list exported or browsed. The gateway's English refusals are said in
// the manager's language by their key (DNC_MESSAGES); field errors come back as this plugin's i18n keys for the
// form to show beside their fields.
//
// Two calls go through the SDK's HTTP client (`ctx.http`, the same bearer and token rotation as callEndpoint) rather
// than callEndpoint, at their endpoint's path: the upload, whose body is the file itself (callEndpoint sends a body
// its endpoint's schema describes, and sets no content type), and the export, whose answer is a CSV file, not JSON.
import { endpointPath } from "../../src/contract/endpoint";
import { callEndpoint, refusalOf, type PluginContext, type Refusal } from "../../src/sdk";
import { formatPhone } from "../../src/sdk/forms";
import type { DncListsApi, DncOutcome } from "./api";
import {
  addDncNumber,
  createDncList,
  deleteDncList,
  DNC_MESSAGES,
  exportDncList,
  INTERNAL_LIST,
  listDncLists,
  listDncNumbers,
  removeDncNumber,
  searchDncNumber,
  SearchDncQuery,
  uploadDncNumbers,
  type DncEntry,
} from "./contract";
import type { DncListsStore } from "./model";

/** The gateway's English messages, by their locale key. */
const KEYS = new Map<string, string>(Object.entries(DNC_MESSAGES).map(([key, text]) => [text, `errors.${key}`]));
/** A gateway message as this plugin's i18n key when it has one (else the message as it came). */
export const messageKey = (message: string) => KEYS.get(message) ?? message;

/** The file name a content-disposition header gives, if any. */
function fileNameOf(disposition: unknown): string | null {
  const match = typeof disposition === "string" ? /filename="([^"]+)"/.exec(disposition) : null;
  return match ? match[1]! : null;
}

export function createDncListsService(ctx: PluginContext<DncListsStore>): DncListsApi {
  const { store, t } = ctx;
  const text = (message: string) => {
    const key = KEYS.get(message);
    return key ? t(key) : message;
  };

  /** A refusal in one sentence, in the manager's language. */
  const say = (r: Refusal): string => {
    if (r.status === null) return t("errors.offline");
    const first = Object.values(r.errors).find((m) => m.length > 0)?.[0];
    if (r.status === 422 && first) return text(first);
    if (r.message && KEYS.has(r.message)) return text(r.message);
    if (r.status === 403) return t("errors.forbidden");
    if (r.status === 404) return t("errors.listMissing");
    return r.message ?? t("errors.failed");
  };

  const refused = (r: Refusal): DncOutcome<never> => {
    const fields: Record<string, string> = {};
    if (r.status === 422) for (const [field, messages] of Object.entries(r.errors)) if (messages[0]) fields[field] = messageKey(messages[0]);
    return { ok: false, fields, message: say(r) };
  };

  const nameOf: DncListsApi["nameOf"] = (list) => {
    const id = "list_id" in list ? list.list_id : list.id;
    const name = "list_id" in list ? list.list_name : list.name;
    return id === INTERNAL_LIST ? t("internal") : (name ?? "");
  };

  async function load() {
    store.loading();
    const r = await callEndpoint(ctx, listDncLists);
    if (r.ok) store.loaded(r.data.data);
    else store.failed();
  }

  /** The page's lookup again, after a change to the number shown. */
  async function searchAgain(phone?: string) {
    const shown = store.searched?.phone;
    if (!shown || (phone !== undefined && phone !== shown)) return;
    const r = await callEndpoint(ctx, searchDncNumber, { query: { phone: shown } });
    if (r.ok) store.found(shown, r.data.data);
  }

  return {
    load,
    nameOf,
    async search(phone) {
      const parsed = SearchDncQuery.safeParse({ phone });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? DNC_MESSAGES.phone;
        return { ok: false, fields: { phone: messageKey(message) }, message: text(message) };
      }
      const r = await callEndpoint(ctx, searchDncNumber, { query: { phone: parsed.data.phone } });
      if (!r.ok) return refused(r);
      store.found(parsed.data.phone, r.data.data);
      return { ok: true, data: null };
    },
    async createList(body, idempotencyKey) {
      const r = await callEndpoint(ctx, createDncList, { body, idempotencyKey });
      if (!r.ok) return refused(r);
      ctx.notify.success(t("lists.created", { name: r.data.data.name }));
      await load();
      return { ok: true, data: r.data.data };
    },
    async deleteList(list) {
      const r = await callEndpoint(ctx, deleteDncList, { params: { list: list.id } });
      if (!r.ok) {
        ctx.notify.error(say(r));
        return false;
      }
      ctx.notify.success(t("lists.deleted", { name: nameOf(list) }));
      await Promise.all([load(), searchAgain()]);
      return true;
    },
    async addNumber(listId, body, idempotencyKey) {
      const r = await callEndpoint(ctx, addDncNumber, { params: { list: listId }, body, idempotencyKey });
      if (!r.ok) return refused(r);
      const entry = r.data.data;
      ctx.notify.success(t("add.done", { phone: formatPhone(entry.phone), list: nameOf(entry) }));
      await Promise.all([load(), searchAgain(entry.phone)]);
      return { ok: true, data: entry };
    },
    async removeNumber(entry: DncEntry, reason) {
      const r = await callEndpoint(ctx, removeDncNumber, { params: { list: entry.list_id, phone: entry.phone }, body: { reason } });
      if (!r.ok) return refused(r);
      ctx.notify.success(t("remove.done", { phone: formatPhone(entry.phone), list: nameOf(entry) }));
      await Promise.all([load(), searchAgain(entry.phone)]);
      return { ok: true, data: null };
    },
    async upload(list, file) {
      // The file goes as it is, typed text/csv whatever the browser calls it (a .txt extract, Windows' .csv type).
      const body = file.type === "text/csv" ? file : file.slice(0, file.size, "text/csv");
      let answer: unknown;
      try {
        answer = (await ctx.http.put(endpointPath(uploadDncNumbers, { list: list.id }), body, { headers: { "Content-Type": "text/csv" } })).data;
      } catch (e) {
        return refused(refusalOf(e, ctx.clock.now()));
      }
      const parsed = uploadDncNumbers.responses[200].safeParse(answer);
      if (!parsed.success) {
        ctx.log("PUT dnc-lists numbers answered a body its schema refuses", parsed.error.issues);
        return { ok: false, fields: {}, message: t("errors.failed") };
      }
      await Promise.all([load(), searchAgain()]);
      return { ok: true, data: parsed.data.data };
    },
    async exportList(list) {
      try {
        const res = await ctx.http.get<Blob | string>(endpointPath(exportDncList, { list: list.id }), { responseType: "blob" });
        const blob = res.data instanceof Blob ? res.data : new Blob([res.data], { type: "text/csv" });
        const name = fileNameOf(res.headers["content-disposition"]) ?? `dnc-list-${list.id}.csv`;
        const url = URL.createObjectURL(blob);
        const link = document.createElement("a");
        link.href = url;
        link.download = name;
        link.style.display = "none";
        document.body.append(link);
        link.click();
        link.remove();
        // The browser has taken the file once the click is handled; the address is let go a little later.
        ctx.clock.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } catch (e) {
        ctx.notify.error(say(refusalOf(e, ctx.clock.now())));
      }
    },
    async browse(listId, after) {
      const r = await callEndpoint(ctx, listDncNumbers, { params: { list: listId }, query: { ...(after ? { after } : {}), limit: 50 } });
      if (r.ok) return { entries: r.data.data, next: r.data.next };
      ctx.notify.error(say(r));
      return null;
    },
  };
}
