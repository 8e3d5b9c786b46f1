import { types, type Instance } from "mobx-state-tree";
import type { DisclosureLanguage, DisclosureStep } from "./contract";
import type { Carrier, Wording } from "./wording";

/** A step the agent reached, with the lead's answer and when (what the proof stores). */
export interface ReachedStep {
  step: number;
  answer: number | null;
  at: string;
}

/**
 * The disclosure the agent is reading (the popup): which carrier and wording, on which call, the steps, where
 * the agent is and what the lead answered. State and synchronous transitions only (effects in service.ts).
 */
export const DisclosuresModel = types
  .model("Disclosures", {
    open: types.maybeNull(
      types.frozen<{ carrier: Carrier; wording: Wording; language: DisclosureLanguage; callId: number; leadId: number | null }>(),
    ),
    steps: types.frozen<DisclosureStep[]>([]),
    current: 0,
    answers: types.frozen<Record<number, number>>({}),
    reached: types.frozen<ReachedStep[]>([]),
    loading: false,
    failed: false,
  })
  .actions((self) => ({
    loading_(on: boolean) {
      self.loading = on;
      if (on) self.failed = false;
    },
    failed_() {
      self.loading = false;
      self.failed = true;
    },
    start(open: NonNullable<typeof self.open>, steps: DisclosureStep[], at: string) {
      self.open = open;
      self.steps = steps;
      self.current = steps[0]?.step ?? 0;
      self.answers = {};
      self.reached = steps[0] ? [{ step: steps[0].step, answer: null, at }] : [];
      self.loading = false;
    },
    answer(step: number, index: number) {
      self.answers = { ...self.answers, [step]: index };
      self.reached = self.reached.map((r) => (r.step === step ? { ...r, answer: index } : r));
    },
    goTo(step: number, at: string) {
      self.current = step;
      // A step read again keeps when it was first reached; the proof lists each step once, in reading order.
      if (!self.reached.some((r) => r.step === step)) self.reached = [...self.reached, { step, answer: self.answers[step] ?? null, at }];
    },
    close() {
      self.open = null;
      self.steps = [];
      self.current = 0;
      self.answers = {};
      self.reached = [];
    },
  }));
export type DisclosuresStore = Instance<typeof DisclosuresModel>;
