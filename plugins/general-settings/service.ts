// The plugin's effects. General Settings: the kit's load and save of the `globals` document (GET/PUT
// /settings/globals), with what the admin types checked first. WebRTC users: one page of the call centre's
// agents searched and paged by the gateway (GET /agents, as the users list asks), and the WebRTC toggle
// (admin-and-sign-in §4: enabling posts, disabling deletes; a failure puts the switch back, silently).
import { isAxiosError } from "axios";
import { AgentListResponse, type AgentListItem } from "../../src/contract/agents";
import { GlobalSettings, type GlobalSettingKey } from "../../src/contract/settings";
import { WEBRTC_USERS_SUBJECT, webrtcUrl } from "../../src/contract/webrtcUsers";
import type { ClockTimer, PluginContext } from "../../src/sdk";
import { lastSettingsChange, settingsDocumentService } from "../../src/sdk/settings";
import { typedNumber } from "./fields";
import { WEBRTC_PAGE_SIZES, type GeneralSettingsStore } from "./model";

/** How long the search box waits after the last keystroke before asking the gateway. */
export const SEARCH_DEBOUNCE_MS = 300;

export function createGeneralSettingsService(ctx: PluginContext<GeneralSettingsStore>) {
  return { globals: globalsService(ctx), webrtc: webrtcService(ctx) };
}
export type GeneralSettingsService = ReturnType<typeof createGeneralSettingsService>;

function globalsService(ctx: PluginContext<GeneralSettingsStore>) {
  const page = ctx.store.globals;
  const doc = settingsDocumentService(ctx, page.doc, { url: "/settings/globals", subject: "globals", parse: (d) => GlobalSettings.parse(d) });
  return {
    load: async () => {
      page.clearTyped();
      await doc.load();
    },
    /** The admin's text for a number: kept as typed until it is a whole number of 0 or more. */
    type(key: GlobalSettingKey, text: string) {
      const n = typedNumber(text);
      page.typedText(key, n === null ? text : null);
      if (n !== null && page.doc.draft) doc.edit({ ...page.doc.draft, [key]: n });
    },
    toggle(key: GlobalSettingKey, on: boolean) {
      if (page.doc.draft) doc.edit({ ...page.doc.draft, [key]: on ? 1 : 0 });
    },
    /** Saves the whole set; nothing is sent while a field is not a number (its field says so). */
    save: () => (page.invalid ? Promise.resolve(false) : doc.save()),
  };
}

function webrtcService(ctx: PluginContext<GeneralSettingsStore>) {
  const store = ctx.store.webrtc;
  /** Each list request's number: an answer to an older one (a slower search) is dropped. */
  let asked = 0;
  let timer: ClockTimer | null = null;

  const refusal = (e: unknown) => {
    const status = isAxiosError(e) ? e.response?.status : undefined;
    if (status === 403) return ctx.t("webrtc.forbidden");
    const message = isAxiosError(e) ? (e.response?.data as { message?: string } | undefined)?.message : undefined;
    return message || ctx.t("webrtc.load_failed");
  };

  const fetchPage = async (q: { query: string; page: number; perPage: number }) => {
    const mine = ++asked;
    store.asked(q);
    const params = new URLSearchParams();
    if (q.query) params.set("query", q.query);
    params.set("page", String(q.page));
    params.set("per_page", String(q.perPage));
    params.set("sort", "name");
    try {
      const { data } = await ctx.http.get(`/agents?${params.toString()}`);
      const answer = AgentListResponse.parse(data);
      if (mine !== asked) return;
      // A page past the end (a narrower search) goes back to the last page that exists.
      if (answer.data.length === 0 && answer.meta.total > 0 && q.page > 1) {
        await fetchPage({ ...q, page: Math.max(1, Math.ceil(answer.meta.total / q.perPage)) });
        return;
      }
      store.loaded(answer.data, answer.meta.total);
    } catch (e) {
      if (mine !== asked) return;
      const message = refusal(e);
      store.failed(message);
      ctx.notify.error(message);
    }
  };
  const current = () => ({ query: store.query, page: store.page, perPage: store.perPage });
  const readLastChange = async () => store.changed(await lastSettingsChange(ctx.http, WEBRTC_USERS_SUBJECT));

  return {
    async open() {
      await Promise.all([fetchPage({ ...current(), page: 1 }), readLastChange()]);
    },
    reload: () => fetchPage(current()),
    /** The search box: the text shows at once; the gateway is asked once typing pauses. */
    type(text: string) {
      store.typing(text);
      if (timer) ctx.clock.clearTimeout(timer);
      timer = ctx.clock.setTimeout(() => {
        timer = null;
        const query = text.trim();
        if (query !== store.query || store.phase === "failed") void fetchPage({ ...current(), query, page: 1 });
      }, SEARCH_DEBOUNCE_MS);
    },
    goTo: (page: number) => fetchPage({ ...current(), page: Math.min(Math.max(1, page), store.pages) }),
    pageSize(perPage: number) {
      if (!(WEBRTC_PAGE_SIZES as readonly number[]).includes(perPage)) return Promise.resolve();
      return fetchPage({ ...current(), perPage, page: 1 });
    },
    /** Turns the agent's softphone on (POST) or off (DELETE); true when the gateway took it. */
    async toggle(row: AgentListItem, on: boolean): Promise<boolean> {
      const before = row.has_webrtc ?? false;
      store.setWebRtc(row.id, on);
      store.sending(row.id, true);
      try {
        if (on) await ctx.http.post(webrtcUrl(row.id));
        else await ctx.http.delete(webrtcUrl(row.id));
        void readLastChange();
        return true;
      } catch {
        // admin-and-sign-in §4: a failure returns false silently; the switch shows what is stored.
        store.setWebRtc(row.id, before);
        return false;
      } finally {
        store.sending(row.id, false);
      }
    },
  };
}
