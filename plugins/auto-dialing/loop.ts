// The auto-dial loop (agent-workspace §4 Auto-dial): while running it ticks every 10 s on the injected
// clock, the first tick at once; a tick asks the gateway for the next lead when nothing stands in the way.
// It starts when the agent becomes ready and stops on any other status, on "auto-dial:stop", and as soon as
// a dial starts. The core's call service mirrors the call the gateway places; the loop never creates it.
import type { AxiosInstance } from "axios";
import { reaction } from "mobx";
import { CallingStatusPush } from "../../src/contract/socket";
import type { Clock, ClockTimer } from "../../src/core/clock";
import type { EventBus } from "../../src/core/events";
import type { AgentInfo, CallControl, LeadsControl, Notify, StatusControl } from "../../src/core/services";
import type { AutoDialingApi } from "./api";
import { newIdempotencyKey, postAutoDial, type AutoDialOutcome } from "./dial";
import type { AutoDialingStore, LastResult } from "./model";
import { canDial, stateOf, type AutoDialState, type DialFacts } from "./rules";
import type { LeadExplainApi, WordedVerdict } from "../lead-explain/api";

/** agent-workspace §9: auto-dial tick. */
export const TICK_MS = 10_000;
/** agent-workspace §8: 'leads.not_available' shows 3 s as an error. */
export const NO_LEAD_ALERT_MS = 3000;
export const NO_LEAD_ALERT_KEY = "leads.not_available";
export const REFUSED_ALERT_KEY = "auto-dialing.refused";

export interface AutoDialingService extends AutoDialingApi {
  /** What the loop sees now (observable through the core's services). */
  facts(): DialFacts;
  /** What the panel says now. */
  state(): AutoDialState;
  /** A rule's reason in the agent's language, as far as this workspace can say it. */
  say(verdict: WordedVerdict): string;
  dispose(): void;
}

export interface AutoDialerDeps {
  store: AutoDialingStore;
  http: AxiosInstance;
  clock: Clock;
  bus: EventBus;
  notify: Notify;
  status: StatusControl;
  call: CallControl;
  leads: LeadsControl;
  agent: AgentInfo;
  /** Translates a key of the plugin's namespace. */
  t: (key: string) => string;
  /** The explain plugin, when on: it words the gateway's reasons in the agent's language. */
  explainer?: Pick<LeadExplainApi, "say">;
  newKey?: () => string;
}

export function createAutoDialer(d: AutoDialerDeps): AutoDialingService {
  const { store, clock } = d;
  const newKey = d.newKey ?? newIdempotencyKey;
  let timer: ClockTimer | null = null;
  let disposed = false;
  /** A dial was tried since the loop last started. */
  let attempted = false;

  const facts = (): DialFacts => ({
    running: store.running,
    dialing: store.dialing,
    status: d.status.current,
    statusChanging: d.status.changing,
    callActive: d.call.current.active,
    awaiting: d.leads.awaitingDisposition,
    deactivated: store.deactivated,
    hasExtension: Boolean(d.agent.extension),
  });

  const record = (outcome: AutoDialOutcome): LastResult => {
    const at = clock.now();
    if (outcome.kind === "dialled") {
      const r = outcome.result;
      return {
        at,
        kind: "dialled",
        leadId: r?.leadId ?? null,
        name: r ? `${r.lead.first_name} ${r.lead.last_name}`.trim() : "",
        suffix: r?.suffix ?? "",
        type: r?.type ?? null,
      };
    }
    if (outcome.kind === "no_lead") return { at, kind: "no_lead", explanation: outcome.explanation };
    return { at, kind: "refused", message: outcome.message };
  };

  const stop = () => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
    if (!store.running) return;
    store.stopped();
    d.status.setAutoDialing(false);
  };

  const dialNext = async () => {
    attempted = true;
    store.setDialing(true);
    const outcome = await postAutoDial(d.http, newKey());
    if (disposed) return;
    store.setDialing(false);
    store.recorded(record(outcome));
    if (outcome.kind === "dialled") {
      // The dial started: the loop waits for the next "auto-dial:start" (Save & Next, or ready again).
      stop();
    } else if (outcome.kind === "no_lead") {
      d.notify.show(d.t("leads.not_available"), {
        type: "error",
        timeout: NO_LEAD_ALERT_MS,
        key: NO_LEAD_ALERT_KEY,
      });
    } else {
      d.notify.show(outcome.message ?? d.t(outcome.status === null ? "errors.network" : "errors.refused"), {
        type: "error",
        timeout: NO_LEAD_ALERT_MS,
        key: REFUSED_ALERT_KEY,
      });
    }
  };

  const tick = () => {
    // The next tick is due 10 s after this one whatever the gateway answers; a tick that finds a request
    // still in flight skips, so there are never two POSTs at once.
    timer = clock.setTimeout(tick, TICK_MS);
    if (canDial(facts())) void dialNext();
  };

  const start = () => {
    if (disposed || d.status.current !== "ready") return;
    // Already running but no dial tried yet (started while the change to Ready was still on its way):
    // the gateway has now recorded it, so dial at once rather than at the next tick.
    if (store.running) {
      if (!attempted && canDial(facts())) void dialNext();
      return;
    }
    attempted = false;
    store.started();
    d.status.setAutoDialing(true);
    tick();
  };

  store.setDeactivated(d.agent.deactivated);
  const stops = [
    d.bus.on("auto-dial:start", start),
    d.bus.on("auto-dial:stop", stop),
    d.bus.on("calling-status", (payload) => {
      const push = CallingStatusPush.safeParse(payload);
      if (push.success) store.setDeactivated(push.data.deactivated);
    }),
    // A dial started (ours, a follow-up, a manual one, an inbound call): the loop stops.
    reaction(
      () => d.call.current.active,
      (active) => active && stop(),
    ),
    // Ready starts the loop even when the core learnt it without announcing it (a sync after a reload, a
    // push); any other status stops it (agent-workspace §4: changing status stops auto-dial).
    reaction(
      () => d.status.current,
      (status) => (status === "ready" ? start() : stop()),
    ),
  ];
  start();

  return {
    get running() {
      return store.running;
    },
    start,
    stop,
    facts,
    state: () => stateOf(facts()),
    say: (verdict) => d.explainer?.say(verdict) ?? verdict.reason,
    dispose() {
      disposed = true;
      if (timer) clock.clearTimeout(timer);
      timer = null;
      stops.forEach((f) => f());
    },
  };
}
