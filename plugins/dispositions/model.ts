import { observable } from "mobx";
import { types, type Instance } from "mobx-state-tree";
import type { DispositionBody, DispositionPreset } from "./api";
import type { DraftValues, Field } from "./rules";

/** One POST of a disposition: a failed transient one is sent again exactly, under the same key. */
export interface Attempt {
  leadId: number;
  key: string;
  body: DispositionBody;
}

/** Another flow owns a lead's disposition for now (DispositionsApi.hold). */
interface Hold {
  leadId: number;
  /** Translated when shown, so it follows the agent's language. */
  reason: () => string;
}

const EMPTY: DraftValues = {
  disposition: "",
  reason: "",
  reasonOther: "",
  notes: "",
  date: "",
  time: "",
  coverage: "",
  premium: "",
  policyNumber: "",
  planType: "",
  exception: false,
  managerEmail: "",
  exceptionReason: "",
};
/** The draft's fields that make up one panel field, for clearing that field's refusal when one is edited. */
const FIELD_OF: Partial<Record<keyof DraftValues, Field>> = {
  date: "dateTime",
  time: "dateTime",
  coverage: "sold",
  premium: "sold",
  policyNumber: "sold",
  planType: "sold",
  exception: "exception",
  managerEmail: "exception",
  exceptionReason: "exception",
};

/** What the agent has entered for one lead; kept per lead so switching leads in the stack loses nothing. */
const Draft = types.model("DispositionDraft", {
  // Every field of the draft, empty (one list: EMPTY).
  ...(EMPTY as Required<DraftValues>),
  /** Set by a flow through the api; its values join the option lists. */
  preset: types.frozen<DispositionPreset | null>(null),
});

/** The dispositions slice: drafts and the save's state; effects live in service.ts. */
export const DispositionsModel = types
  .model("Dispositions", {
    drafts: types.map(Draft),
    phase: types.optional(types.enumeration(["idle", "saving", "failed"]), "idle"),
    /** The lead of the save under way or failed. */
    leadId: types.maybeNull(types.number),
    /** The failure was transient: saving again resends the same attempt. */
    retryable: false,
    /** The gateway's refusal: its message and one message per field. */
    message: types.maybeNull(types.string),
    fieldErrors: types.frozen<Partial<Record<Field, string>>>({}),
    /** `${leadId}:${callId}` of every call disposed in this session: never a second save for one. */
    done: types.array(types.string),
    /**
     * Attempts that failed transiently, by lead: saving again resends the same body under the same key, and
     * the form stays locked meanwhile, so a lost answer can never turn into a second disposition.
     */
    attempts: types.map(types.frozen<Attempt>()),
  })
  // Holds carry a function (the reason, translated when shown), which a snapshot cannot: volatile, observed.
  .volatile(() => ({ holds: observable.map<number, Hold>({}, { deep: false }) }))
  .views((self) => ({
    draftOf(leadId: number): DraftValues & { preset: DispositionPreset | null } {
      return self.drafts.get(String(leadId)) ?? { ...EMPTY, preset: null };
    },
    failureOf(leadId: number) {
      return self.phase === "failed" && self.leadId === leadId;
    },
    /** Why another flow holds the lead's disposition, or null when none does. */
    heldBy(leadId: number): string | null {
      for (const h of self.holds.values()) if (h.leadId === leadId) return h.reason();
      return null;
    },
  }))
  .actions((self) => {
    /** The lead's disposition was saved (from the panel or by a flow): its draft and any attempt are done. */
    function closed(leadId: number, mark: string | null) {
      if (mark !== null && !self.done.includes(mark)) self.done.push(mark);
      self.drafts.delete(String(leadId));
      self.attempts.delete(String(leadId));
    }
    let nextHold = 0;
    const draft = (leadId: number) => {
      const key = String(leadId);
      return self.drafts.get(key) ?? self.drafts.set(key, {}).get(key)!;
    };
    return {
      edit(leadId: number, patch: Partial<DraftValues>) {
        const d = draft(leadId);
        // Another disposition has other reasons: the old reason (and its other text) no longer applies.
        if (patch.disposition !== undefined && patch.disposition !== d.disposition)
          Object.assign(d, { reason: "", reasonOther: "" });
        Object.assign(d, patch);
        const touched: string[] = Object.keys(patch).map((k) => FIELD_OF[k as keyof DraftValues] ?? k);
        if (patch.disposition !== undefined) touched.push("reason", "reasonOther");
        self.fieldErrors = Object.fromEntries(
          Object.entries(self.fieldErrors).filter(([f]) => !touched.includes(f)),
        );
      },
      preset(leadId: number, p: DispositionPreset) {
        Object.assign(draft(leadId), {
          disposition: p.disposition,
          reason: p.reason ?? "",
          reasonOther: "",
          preset: p,
        });
      },
      /** The flow's preset `disposition` no longer holds: the draft forgets it (and shows nothing if it showed it). */
      clearPreset(leadId: number, disposition: string) {
        const d = self.drafts.get(String(leadId));
        if (!d || d.preset?.disposition !== disposition) return;
        d.preset = null;
        if (d.disposition === disposition) Object.assign(d, { disposition: "", reason: "", reasonOther: "" });
      },
      saving(attempt: Attempt) {
        Object.assign(self, {
          phase: "saving",
          leadId: attempt.leadId,
          retryable: false,
          message: null,
          fieldErrors: {},
        });
        self.attempts.set(String(attempt.leadId), attempt);
      },
      /** The panel's save went through (the lead was closed as every saved disposition is). */
      saved() {
        Object.assign(self, {
          phase: "idle",
          leadId: null,
          retryable: false,
          message: null,
          fieldErrors: {},
        });
      },
      failed(
        leadId: number,
        f: { retryable: boolean; message: string | null; fieldErrors: Partial<Record<Field, string>> },
      ) {
        Object.assign(self, { phase: "failed", leadId, ...f });
        // A refusal (4xx) wrote nothing: the agent corrects the form and the next save is a new attempt.
        if (!f.retryable) self.attempts.delete(String(leadId));
      },
      closed,
      hold(leadId: number, reason: () => string): number {
        const id = ++nextHold;
        self.holds.set(id, { leadId, reason });
        return id;
      },
      release(id: number) {
        self.holds.delete(id);
      },
    };
  });
export type DispositionsStore = Instance<typeof DispositionsModel>;
