// The auto-dialing slice: whether the loop runs, whether a request is in flight, and the last result.
// Effects (timers, HTTP) live in loop.ts.
import { types, type Instance } from "mobx-state-tree";
import type { CallType } from "../../src/contract/calls";
import type { NoLeadExplanation } from "./reasons";

export type LastResult = { at: number } & (
  | { kind: "dialled"; leadId: number | null; name: string; suffix: string; type: CallType | null }
  | { kind: "no_lead"; explanation: NoLeadExplanation }
  /** The gateway asked to wait (503): the loop dials again by itself after the delay it named. */
  | { kind: "busy" }
  | { kind: "refused"; message: string | null }
);

export const AutoDialingModel = types
  .model("AutoDialing", {
    running: false,
    dialing: false,
    last: types.frozen<LastResult | null>(null),
  })
  .actions((self) => ({
    started() {
      self.running = true;
    },
    stopped() {
      self.running = false;
    },
    setDialing(on: boolean) {
      self.dialing = on;
    },
    recorded(last: LastResult) {
      self.last = last;
    },
  }));
export type AutoDialingStore = Instance<typeof AutoDialingModel>;
