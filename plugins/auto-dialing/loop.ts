// The auto-dial loop (agent-workspace §4 Auto-dial): it runs while the gateway has recorded Ready, calling is
// allowed, no call is up and no lead waits for its disposition, and stops the moment one of these goes.
// Running, it asks the gateway for the next lead at once, then every 10 s on the clock, until a dial starts.
// Nobody starts or stops it: it watches the core's observable status, call and leads stack. The core's call
// service mirrors the call the gateway places; the loop never creates it.
import { reaction } from "mobx";
import { LIVE_TRANSFER_FIRST_MESSAGE } from "../../src/contract/dialer";
import { idempotencyKey, type ClockTimer, type PluginContext } from "../../src/sdk";
import type { LeadExplainApi, WordedVerdict } from "../lead-explain/api";
import type { AutoDialingApi } from "./api";
import { postAutoDial, type AutoDialOutcome } from "./dial";
import type { AutoDialingStore, LastResult } from "./model";
import { canDial, mayRun, stateOf, type AutoDialState, type DialFacts } from "./rules";

/** agent-workspace §9: auto-dial tick. */
export const TICK_MS = 10_000;
/** agent-workspace §8: 'leads.not_available' shows 3 s as an error. */
export const NO_LEAD_ALERT_MS = 3000;
export const NO_LEAD_ALERT_KEY = "leads.not_available";
export const REFUSED_ALERT_KEY = "auto-dialing.refused";
/** After a 503, each agent's page asks again at its own moment within this much past the gateway's Retry-After. */
export const BUSY_SPREAD_MS = 1000;
/** The dialing indicator: Ready shows green while the loop runs. */
export const DIALING_INDICATOR = "auto-dialing.loop";

export interface AutoDialingService extends AutoDialingApi {
  /** What the loop sees now (observable through the core's services). */
  facts(): DialFacts;
  /** What the panel says now. */
  state(): AutoDialState;
  /** A rule's reason in the agent's language, as far as this workspace can say it. */
  say(verdict: WordedVerdict): string;
  dispose(): void;
}

export interface AutoDialerOptions {
  /** The explain plugin, when on: it words the gateway's reasons in the agent's language. */
  explainer?: Pick<LeadExplainApi, "say">;
  newKey?: () => string;
}

export function createAutoDialer(
  ctx: PluginContext<AutoDialingStore>,
  o: AutoDialerOptions = {},
): AutoDialingService {
  const { store, clock } = ctx;
  const newKey = o.newKey ?? idempotencyKey;
  let timer: ClockTimer | null = null;
  let disposed = false;

  const facts = (): DialFacts => ({
    running: store.running,
    dialing: store.dialing,
    status: ctx.status.current,
    statusChanging: ctx.status.changing,
    callActive: ctx.call.current.active,
    awaiting: ctx.leads.awaitingDisposition,
    deactivated: ctx.status.deactivated,
    hasExtension: Boolean(ctx.agent.extension),
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
    if (outcome.kind === "busy") return { at, kind: "busy" };
    if (outcome.message === LIVE_TRANSFER_FIRST_MESSAGE) return { at, kind: "refused", message: ctx.t("live_transfer_first") };
    return { at, kind: "refused", message: outcome.message };
  };

  const stop = () => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
    if (store.running) store.stopped();
  };

  const dialNext = async () => {
    store.setDialing(true);
    const outcome = await postAutoDial(ctx, newKey());
    if (disposed) return;
    store.setDialing(false);
    store.recorded(record(outcome));
    if (outcome.kind === "dialled") {
      // The dial started: the loop waits until the call has come and gone and Ready is recorded again
      // (Save & Next), even if the gateway's call push is still on its way.
      stop();
    } else if (outcome.kind === "busy") {
      // The gateway is pacing the floor, not refusing: no error shows, and the loop asks again once the delay it
      // named has passed, each agent at its own moment within the next second (never the whole floor at once).
      if (!store.running) return;
      if (timer) clock.clearTimeout(timer);
      timer = clock.setTimeout(tick, outcome.retryAfterMs + Math.floor(Math.random() * BUSY_SPREAD_MS));
    } else if (outcome.kind === "no_lead") {
      ctx.notify.show(ctx.t("leads.not_available"), {
        type: "error",
        timeout: NO_LEAD_ALERT_MS,
        key: NO_LEAD_ALERT_KEY,
      });
    } else if (outcome.message === LIVE_TRANSFER_FIRST_MESSAGE) {
      // A live transfer is offered to the advisor: its offer shows, and the loop asks again on its next tick.
      ctx.notify.show(ctx.t("live_transfer_first"), { type: "warning", timeout: NO_LEAD_ALERT_MS, key: REFUSED_ALERT_KEY });
    } else {
      ctx.notify.show(outcome.message ?? ctx.t(outcome.status === null ? "errors.network" : "errors.refused"), {
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

  /** Starts the loop, the first tick (and so the first dial) at once. */
  const start = () => {
    if (disposed || store.running || !mayRun(facts())) return;
    store.started();
    tick();
  };

  const stops = [
    reaction(
      () => mayRun(facts()),
      (may) => {
        if (!may) {
          stop();
          return;
        }
        // Started once the code that made it hold has finished: a flow that goes on to change the status
        // in the same turn (Save & Next disposes, then asks for Ready) has by then made `changing` true,
        // and the loop waits for the gateway to record Ready instead of dialling into the change.
        queueMicrotask(start);
      },
      { fireImmediately: true },
    ),
    ctx.status.addDialingIndicator(DIALING_INDICATOR, () => store.running),
  ];

  return {
    get running() {
      return store.running;
    },
    facts,
    state: () => stateOf(facts()),
    say: (verdict) => o.explainer?.say(verdict) ?? verdict.reason,
    dispose() {
      disposed = true;
      if (timer) clock.clearTimeout(timer);
      timer = null;
      stops.forEach((f) => f());
    },
  };
}
