import { types, type Instance } from "mobx-state-tree";
import type { LeadHistory } from "../../src/contract/leadHistory";

/**
 * The lead card's slice: the history of the lead it was read for, how reading it went, the minute the
 * lead's local time is shown for, and whose CRE notes the agent opened.
 */
export const LeadCardModel = types
  .model("LeadCard", {
    /** The lead `history` belongs to. */
    leadId: types.maybeNull(types.number),
    history: types.maybeNull(types.frozen<LeadHistory>()),
    state: types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle"),
    /** The clock's time at the last minute tick (epoch ms); 0 until the card is watched. */
    now: 0,
    /** The lead whose CRE notes are open: another lead opens with them closed. */
    creNotesOpenFor: types.maybeNull(types.number),
  })
  .actions((self) => ({
    loading(leadId: number) {
      // Another lead: its history starts empty, never the previous lead's. The same lead keeps its list on screen.
      if (self.leadId !== leadId) {
        self.leadId = leadId;
        self.history = null;
        self.state = "loading";
      } else if (self.state !== "ready") self.state = "loading";
    },
    loaded(leadId: number, history: LeadHistory) {
      if (self.leadId !== leadId) return;
      self.history = history;
      self.state = "ready";
    },
    failed(leadId: number) {
      if (self.leadId !== leadId) return;
      // A blip keeps the list already shown; only a lead with nothing read yet says it failed.
      self.state = self.history ? "ready" : "failed";
    },
    clear() {
      self.leadId = null;
      self.history = null;
      self.state = "idle";
    },
    tick(now: number) {
      self.now = now;
    },
    toggleCreNotes(leadId: number) {
      self.creNotesOpenFor = self.creNotesOpenFor === leadId ? null : leadId;
    },
  }));
export type LeadCardStore = Instance<typeof LeadCardModel>;
