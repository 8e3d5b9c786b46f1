// The plugin's state: the General Settings document (the kit's model) with what the admin typed that is not a
// number yet, and one page of the WebRTC users table.
import { types, type Instance } from "mobx-state-tree";
import { AGENT_PAGE_SIZES } from "../../src/contract/agents";
import type { DialerSettings } from "../../src/contract/dialer";
import type { ChatNoticeSettings, GlobalSettings, SettingsChange } from "../../src/contract/settings";
import { AgentPageModel, settingsDocumentModel } from "../../src/sdk/settings";

export const GlobalsDocument = settingsDocumentModel<GlobalSettings>("GeneralSettingsDocument");
/** Where overstay notices go besides the managers' feed: the chat webhook (its own document and Save). */
export const ChatNoticesDocument = settingsDocumentModel<ChatNoticeSettings>("ChatNoticesDocument");
/** The dialer's own settings: enforced follow-ups and the lead dashboard link (its own document and Save). */
export const DialerDocument = settingsDocumentModel<DialerSettings>("DialerSettingsDocument");

export const GlobalsModel = types
  .model("GeneralSettingsPage", {
    doc: types.optional(GlobalsDocument, {}),
    /** Fields whose text is not a whole number of 0 or more, with the text as typed. */
    typed: types.frozen<Record<string, string>>({}),
  })
  .views((self) => ({
    get invalid(): boolean {
      return Object.keys(self.typed).length > 0;
    },
  }))
  .actions((self) => ({
    typedText(key: string, text: string | null) {
      const next = { ...self.typed };
      if (text === null) delete next[key];
      else next[key] = text;
      self.typed = next;
    },
    clearTyped() {
      self.typed = {};
    },
  }));

/** The table's page sizes (admin-and-sign-in §9): the users list's. */
export const WEBRTC_PAGE_SIZES = AGENT_PAGE_SIZES;

export const WebRtcUsersModel = types
  .compose(
    "WebRtcUsers",
    AgentPageModel,
    types.model({
      /** Rows whose toggle is on its way to the gateway. */
      pending: types.frozen<number[]>([]),
      lastChange: types.frozen<SettingsChange | null>(null),
    }),
  )
  .actions((self) => ({
    sending(id: number, busy: boolean) {
      self.pending = busy ? [...self.pending, id] : self.pending.filter((p) => p !== id);
    },
    changed(change: SettingsChange | null) {
      self.lastChange = change;
    },
  }));

export const GeneralSettingsModel = types.model("GeneralSettings", {
  globals: types.optional(GlobalsModel, {}),
  chat: types.optional(ChatNoticesDocument, {}),
  dialer: types.optional(DialerDocument, {}),
  webrtc: types.optional(WebRtcUsersModel, {}),
});
export type GeneralSettingsStore = Instance<typeof GeneralSettingsModel>;
export type GlobalsStore = Instance<typeof GlobalsModel>;
export type WebRtcUsersStore = Instance<typeof WebRtcUsersModel>;
