// The plugin's effects. General Settings: the kit's load and save of the `globals` document (readGlobalSettings,
// saveGlobalSettings), with what the admin types checked first. WebRTC users: one page of the call centre's
// agents searched and paged by the gateway (listAgents, as the users list asks), and the WebRTC toggle
// (admin-and-sign-in §4: enabling posts, disabling deletes; a failure puts the switch back, silently).
import type { AgentListItem } from "../../src/contract/agents";
import { DIALER_SETTING_KEYS, readDialerSettings, saveDialerSettings } from "../../src/contract/dialer";
import {
  CHAT_NOTICE_SETTING,
  readChatNotices,
  readGlobalSettings,
  saveChatNotices,
  saveGlobalSettings,
  type GlobalSettingKey,
} from "../../src/contract/settings";
import { disableWebRtc, enableWebRtc, WEBRTC_USERS_SUBJECT } from "../../src/contract/webrtcUsers";
import { callEndpoint, type PluginContext, type Refusal } from "../../src/sdk";
import { agentPager, lastSettingsChange, settingsDocumentService } from "../../src/sdk/settings";
import { typedNumber } from "./fields";
import type { GeneralSettingsStore } from "./model";


export function createGeneralSettingsService(ctx: PluginContext<GeneralSettingsStore>) {
  const webrtc = webrtcService(ctx);
  return { globals: globalsService(ctx), chat: chatService(ctx), dialer: dialerService(ctx), webrtc, dispose: webrtc.dispose };
}
export type GeneralSettingsService = ReturnType<typeof createGeneralSettingsService>;

function globalsService(ctx: PluginContext<GeneralSettingsStore>) {
  const page = ctx.store.globals;
  const doc = settingsDocumentService(ctx, page.doc, { read: readGlobalSettings, save: saveGlobalSettings, subject: "globals" });
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

/** The chat webhook for overstay notices (readChatNotices, saveChatNotices): typed, then saved on its own. */
function chatService(ctx: PluginContext<GeneralSettingsStore>) {
  const doc = settingsDocumentService(ctx, ctx.store.chat, { read: readChatNotices, save: saveChatNotices, subject: CHAT_NOTICE_SETTING });
  return {
    load: doc.load,
    /** An empty field means no chat. */
    type: (text: string) => doc.edit({ overstay_webhook_url: text.trim() === "" ? null : text }),
    save: doc.save,
  };
}

/**
 * The dialer's settings (readDialerSettings, saveDialerSettings): enforced follow-ups and the lead dashboard link template,
 * edited, then saved on their own. The gateway checks the link (an http(s) address or a path on this site, or
 * "" for none) and refuses anything else with a 422 on dashboard-url.
 */
function dialerService(ctx: PluginContext<GeneralSettingsStore>) {
  const store = ctx.store.dialer;
  const doc = settingsDocumentService(ctx, store, {
    read: readDialerSettings,
    save: saveDialerSettings,
    subject: DIALER_SETTING_KEYS.dialer,
  });
  return {
    load: doc.load,
    enforce(on: boolean) {
      if (store.draft) doc.edit({ ...store.draft, "enforced-follow-ups": on });
    },
    /** The link template as typed, without the spaces a paste brings around it (a link has none); blank: none. */
    type(text: string) {
      if (store.draft) doc.edit({ ...store.draft, "dashboard-url": text.trim() });
    },
    save: doc.save,
  };
}

function webrtcService(ctx: PluginContext<GeneralSettingsStore>) {
  const store = ctx.store.webrtc;
  const refusal = (r: Refusal) => {
    if (r.status === 403) return ctx.t("webrtc.forbidden");
    return r.message || ctx.t("webrtc.load_failed");
  };

  const list = agentPager(ctx, store, refusal);
  const readLastChange = async () => store.changed(await lastSettingsChange(ctx, WEBRTC_USERS_SUBJECT));

  return {
    async open() {
      await Promise.all([list.first(), readLastChange()]);
    },
    reload: list.reload,
    type: list.type,
    goTo: list.goTo,
    pageSize: list.pageSize,
    dispose: list.dispose,
    /** Turns the agent's softphone on (POST) or off (DELETE); true when the gateway took it. */
    async toggle(row: AgentListItem, on: boolean): Promise<boolean> {
      const before = row.has_webrtc ?? false;
      store.patchRow(row.id, { has_webrtc: on });
      store.sending(row.id, true);
      const sent = await callEndpoint(ctx, on ? enableWebRtc : disableWebRtc, { params: { id: row.id } });
      store.sending(row.id, false);
      if (sent.ok) {
        void readLastChange();
        return true;
      }
      // admin-and-sign-in §4: a failure returns false silently; the switch shows what is stored.
      store.patchRow(row.id, { has_webrtc: before });
      return false;
    },
  };
}
