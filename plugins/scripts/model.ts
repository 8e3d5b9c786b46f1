import { types, type Instance } from "mobx-state-tree";
import { SCRIPT_STEPS, type ScriptsResponse, type ScriptStep } from "./contract";

type Script = ScriptsResponse["data"];

/**
 * The call script: what GET /scripts gave (fetched once a sign-in), the step the agent is reading and the lead
 * it is read to. State and synchronous actions only (effects in service.ts).
 */
export const ScriptsModel = types
  .model("Scripts", {
    script: types.maybeNull(types.frozen<Script>()),
    /** 'off': the gateway says the call centre has no script (404). */
    state: types.optional(types.enumeration(["idle", "loading", "ready", "off", "failed"]), "idle"),
    step: types.optional(types.enumeration<ScriptStep>([...SCRIPT_STEPS]), "verify_identity"),
    leadId: types.maybeNull(types.number),
  })
  .actions((self) => ({
    loading() {
      self.state = "loading";
    },
    loaded(script: Script) {
      self.script = script;
      self.state = "ready";
    },
    off() {
      self.state = "off";
    },
    failed() {
      self.state = "failed";
    },
    show(step: ScriptStep) {
      self.step = step;
    },
    /** Another lead is on screen: its call starts at the first step. */
    forLead(leadId: number | null) {
      if (leadId === self.leadId) return;
      self.leadId = leadId;
      self.step = SCRIPT_STEPS[0];
    },
  }));
export type ScriptsStore = Instance<typeof ScriptsModel>;
