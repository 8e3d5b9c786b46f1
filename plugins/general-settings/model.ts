// The plugin's state: the General Settings document (the kit's model) with what the admin typed that is not a
// number yet, and one page of the WebRTC users table.
import { types, type Instance } from "mobx-state-tree";
import type { AgentListItem } from "../../src/contract/agents";
import type { GlobalSettings, SettingsChange } from "../../src/contract/settings";
import { settingsDocumentModel } from "../../src/sdk/settings";

export const GlobalsDocument = settingsDocumentModel<GlobalSettings>("GeneralSettingsDocument");

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

export const WEBRTC_PAGE_SIZES = [10, 25, 50, 100] as const;

export const WebRtcUsersModel = types
  .model("WebRtcUsers", {
    phase: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    rows: types.frozen<AgentListItem[]>([]),
    total: 0,
    page: 1,
    perPage: 25,
    /** What was last sent to the gateway. */
    query: "",
    /** The search box as typed. */
    typed: "",
    message: types.maybeNull(types.string),
    /** Rows whose toggle is on its way to the gateway. */
    pending: types.frozen<number[]>([]),
    lastChange: types.frozen<SettingsChange | null>(null),
  })
  .views((self) => ({
    get pages() {
      return Math.max(1, Math.ceil(self.total / self.perPage));
    },
  }))
  .actions((self) => ({
    asked(q: { query: string; page: number; perPage: number }) {
      self.query = q.query;
      self.page = q.page;
      self.perPage = q.perPage;
      self.phase = "loading";
      self.message = null;
    },
    loaded(rows: AgentListItem[], total: number) {
      self.rows = rows;
      self.total = total;
      self.phase = "ready";
    },
    failed(message: string) {
      self.phase = "failed";
      self.message = message;
    },
    typing(text: string) {
      self.typed = text;
    },
    setWebRtc(id: number, on: boolean) {
      self.rows = self.rows.map((r) => (r.id === id ? { ...r, has_webrtc: on } : r));
    },
    sending(id: number, busy: boolean) {
      self.pending = busy ? [...self.pending, id] : self.pending.filter((p) => p !== id);
    },
    changed(change: SettingsChange | null) {
      self.lastChange = change;
    },
  }));

export const GeneralSettingsModel = types.model("GeneralSettings", {
  globals: types.optional(GlobalsModel, {}),
  webrtc: types.optional(WebRtcUsersModel, {}),
});
export type GeneralSettingsStore = Instance<typeof GeneralSettingsModel>;
export type GlobalsStore = Instance<typeof GlobalsModel>;
export type WebRtcUsersStore = Instance<typeof WebRtcUsersModel>;
