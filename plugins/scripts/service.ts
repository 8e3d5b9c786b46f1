// The call script's effects: GET /scripts once a sign-in (when the panel first shows), and the step read,
// which starts over for each lead and, where the booking wizard is on screen too, follows the wizard's step
// (SCRIPT_STEP_OF_WIZARD) until the agent picks another step by hand; the wizard's next move leads again.
import { reaction } from "mobx";
import { callEndpoint, watching, type LeadView, type PluginContext } from "../../src/sdk";
import type { BookingApi, WizardStep } from "../booking/api";
import { readScript, type ScriptStep } from "./contract";
import type { ScriptsStore } from "./model";

/**
 * The wizard's steps and the script's run side by side: Contact Details is where the lead's identity is
 * verified, Insurance Coverage where the insurance questions are asked, Meeting Setup where the appointment is
 * set, and Meeting Summary is the recap.
 */
export const SCRIPT_STEP_OF_WIZARD: Record<WizardStep, ScriptStep> = {
  0: "verify_identity",
  1: "insurance_questions",
  2: "set_appointment",
  3: "recap",
};

export interface ScriptsService {
  /** Loads the script and follows the lead and the wizard while a panel shows it; returns its release. */
  watch(): () => void;
  /** The script's step the booking wizard's step stands for, while the wizard is on screen; null otherwise. */
  wizardStep(): ScriptStep | null;
  /** The agent picks a step by hand. */
  show(step: ScriptStep): void;
  retry(): void;
  /** The lead the script is read to (the current lead), or null. */
  lead(): LeadView | null;
  dispose(): void;
}

export function createScriptsService(ctx: PluginContext<ScriptsStore>, booking: BookingApi | undefined): ScriptsService {
  const { store } = ctx;

  const load = async () => {
    if (store.state === "loading" || store.state === "ready") return;
    store.loading();
    const script = await callEndpoint(ctx, readScript);
    if (script.ok) store.loaded(script.data.data);
    else if (script.status === 404) store.off();
    else {
      ctx.log("scripts: the script could not be read", script.message ?? `status ${script.status ?? "none"}`);
      store.failed();
    }
  };

  let stops: (() => void)[] = [];
  const start = () => {
    void load();
    stops = [
      // Registered first: a new lead starts at step 1, then the wizard (once it has read that lead) leads.
      reaction(() => ctx.leads.current?.id ?? null, (leadId) => store.forLead(leadId), { fireImmediately: true }),
      reaction(
        () => booking?.wizardStep ?? null,
        (step) => {
          if (step !== null) store.show(SCRIPT_STEP_OF_WIZARD[step]);
        },
        { fireImmediately: true },
      ),
    ];
  };
  const stop = () => {
    stops.forEach((s) => s());
    stops = [];
  };

  return {
    watch: watching(start, stop).watch,
    wizardStep() {
      const step = booking?.wizardStep ?? null;
      return step === null ? null : SCRIPT_STEP_OF_WIZARD[step];
    },
    show: (step) => store.show(step),
    retry: () => void load(),
    lead: () => ctx.leads.current,
    dispose: stop,
  };
}
