// The transfers plugin's effects (agent-workspace §4 Live transfer, External, Sunlife and Matcha transfers; §2
// third-party panel): each press goes to the gateway as its socket event with the agent's extension; the level
// comes back in the call's conference state. A start presets the lead's disposition to Sent External with the
// type as its reason; leaving a third party presets Transferred to 3rd Party; an advisor accepting a live
// transfer presets Live_Transfer, locked, and the handover (stored by the gateway) closes the lead. Buttons
// wait a second after each press. The live transfer's own effects are liveService.ts (the qualifier's) and
// offerService.ts (the advisor's).
import { reaction } from "mobx";
import type { TransferState } from "../../src/contract/calls";
import type { DispositionFacts, DispositionValue } from "../../src/contract/dispositions";
import { callEndpoint, RefusalError, unwrap, watching, type PluginContext } from "../../src/sdk";
import type { BookingApi } from "../booking/api";
import { dispositionFlagsOf, type DispositionsApi } from "../dispositions/api";
import type { DesktopNotifier } from "./api";
import type { TransfersConfig } from "./config";
import { listExternalTransfers, listSunlifeAgents, sunlifeAgentsOf } from "./contract/targets";
import {
  eventFor,
  levelOf,
  needsTarget,
  stepsAt,
  transferKinds,
  type TransferKind,
  type TransferLevel,
  type TransferStep,
  type TransferType,
} from "./levels";
import { liveOf, lostAfterAccept, messageKey, underway } from "./live";
import { createLiveService } from "./liveService";
import type { TransferTarget, TransfersStore } from "./model";
import { createOfferService } from "./offerService";

export type ThirdPartyStep = "leave" | "kick" | "destroy";

const LIVE_TRANSFER: DispositionValue = "Live_Transfer";
const OUTSIDE: readonly string[] = ["external", "sunlife", "matcha"];
/** The call's external, Sunlife or Matcha transfer, if that is what it has. */
const outsideTransfer = (t: TransferState | null): (TransferState & { kind: TransferKind }) | null =>
  t && OUTSIDE.includes(t.kind) ? (t as TransferState & { kind: TransferKind }) : null;

export interface TransfersDeps {
  dispositions: DispositionsApi;
  /** The booking wizard, when it is on: live transfers wait for its postal-code check and read its address. */
  booking?: BookingApi;
  notifier: DesktopNotifier;
}

export function createTransfersService(
  ctx: PluginContext<TransfersStore, TransfersConfig>,
  deps: TransfersDeps,
) {
  const { dispositions } = deps;
  const { store, clock, call } = ctx;
  const facts: DispositionFacts = {
    roles: ctx.agent.roles,
    callCentre: ctx.variant.code,
    flags: dispositionFlagsOf(ctx.agent),
  };
  const kinds = transferKinds(facts, (flag) => ctx.isOn(flag));
  if (kinds[0] && !store.kind) store.choose(kinds[0]);

  const targetsOf = (kind: TransferType): TransferTarget[] =>
    kind === "external" ? store.targets.external : kind === "sunlife" ? store.targets.sunlife : [];

  const loadTargets = async () => {
    if (store.targetsState === "loading" || store.targetsState === "ready") return;
    store.loadingTargets();
    try {
      const [external, sunlife] = await Promise.all([
        kinds.includes("external")
          ? callEndpoint(ctx, listExternalTransfers).then((r) => unwrap(r).data)
          : [],
        kinds.includes("sunlife")
          ? callEndpoint(ctx, listSunlifeAgents).then((r) => sunlifeAgentsOf(unwrap(r).data))
          : [],
      ]);
      store.targetsLoaded({ external, sunlife });
    } catch (e) {
      ctx.log("transfers: the targets could not be read", e instanceof Error ? e.message : undefined);
      store.targetsFailed();
    }
  };

  /**
   * A refusal in the agent's language: a socket ack's message (an Error's) or a route's (a RefusalError's: its
   * ErrorBody's message); the contract's English texts and the specification's keys by the plugin's keys, anything
   * else as it came.
   */
  const refusalText = (e: unknown) => {
    let message = "";
    if (e instanceof RefusalError) message = e.refusal.message ?? "";
    else if (e instanceof Error) message = e.message;
    const key = messageKey(message);
    return key ? ctx.t(key, { defaultValue: message }) : message || ctx.t("failed");
  };

  /** Every press waits for its answer, then a second more (agent-workspace §9), so a double click sends one. */
  const pressing = async (send: () => Promise<unknown>): Promise<boolean> => {
    if (store.busy) return false;
    store.setBusy(true);
    try {
      await send();
      return true;
    } catch (e) {
      ctx.notify.error(refusalText(e));
      return false;
    } finally {
      clock.setTimeout(() => store.setBusy(false), ctx.config.reenableMs);
    }
  };

  const leadId = () => call.current.currentLeadId ?? ctx.leads.current?.id ?? null;

  /** The disposition a transfer sets and the gateway has not stored: an accepted live transfer's is Live_Transfer. */
  const presetOf = (
    t: TransferState | null,
  ): { disposition: DispositionValue; reason: string | null } | null => {
    if (!t || t.disposition?.saved) return null;
    if (t.kind === "live")
      return underway(t)?.live?.state === "done" ? { disposition: LIVE_TRANSFER, reason: null } : null;
    return t.disposition ? { disposition: t.disposition.disposition, reason: t.disposition.reason } : null;
  };

  // The disposition a transfer sets (Sent External with its destination, Transferred to 3rd Party, Live_Transfer
  // locked: cannotBeChanged) goes to the disposition panel as the gateway decides it, whether a transfers panel
  // shows or not. A live transfer lost after an advisor accepted it gives the lead's disposition back to the agent.
  const presetting = reaction(
    () => {
      const lead = leadId();
      const preset = presetOf(call.current.transfer);
      return preset && lead !== null ? { lead, ...preset } : null;
    },
    (preset, before) => {
      if (preset)
        dispositions.preset(preset.lead, {
          disposition: preset.disposition,
          ...(preset.reason ? { reason: preset.reason } : {}),
          ...(preset.disposition === LIVE_TRANSFER ? { locked: true } : {}),
        });
      else if (before?.disposition === LIVE_TRANSFER && lostAfterAccept(call.current.transfer))
        dispositions.clearPreset(before.lead, LIVE_TRANSFER);
    },
    { fireImmediately: true, equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) },
  );

  // A disposition the gateway stored itself (a live transfer handed over, an internal transfer): the lead is
  // closed in the disposition panel as after a save, once.
  const recording = reaction(
    () => {
      const t = call.current.transfer;
      const lead = leadId();
      return t && (t.kind === "live" || t.kind === "internal") && t.disposition?.saved && lead !== null
        ? { lead, disposition: t.disposition.disposition, advisor: liveOf(t)?.live?.advisor?.name ?? t.name }
        : null;
    },
    (saved) => {
      if (!saved) return;
      dispositions.recorded(saved.lead, saved.disposition);
      if (saved.disposition === LIVE_TRANSFER)
        ctx.notify.success(ctx.t("live.completed", { name: saved.advisor ?? ctx.t("live.the_advisor") }));
    },
    { fireImmediately: true, equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) },
  );

  /** The transfer the gateway runs on this call (external, Sunlife, Matcha), while it is past level 1. */
  const active = () => {
    const t = outsideTransfer(call.current.transfer);
    return t && t.level > 1 ? t : null;
  };

  const press = async (step: TransferStep) => {
    if (call.current.callId === null || !stepsAt(level()).includes(step)) return;
    const now = active();
    const chosen = step === "start" ? store.kind : (now?.kind ?? null);
    if (!chosen || chosen === "live") return;
    const kind: TransferKind = chosen;
    const phone =
      step === "start"
        ? targetsOf(kind).find((t) => t.phone === store.targetPhone)?.phone
        : (now?.party ?? undefined);
    if (needsTarget(kind) && !phone) return;
    const event = eventFor(kind, step);
    const fields = needsTarget(kind) ? { phone: phone! } : {};
    // External transfers are the core's controls; Sunlife's and Matcha's are this plugin's (contract/events.ts).
    await pressing(() =>
      typeof event === "string" ? call.transfer(event, fields as { phone: string }) : call.send(event, fields),
    );
  };

  /** The gateway's level when it runs a transfer on the call; else the softphone conference's occupancy. */
  const level = (): TransferLevel => {
    const t = call.current.transfer;
    if (t && t.kind !== "internal" && t.outcome === null) return t.level;
    return levelOf(call.current.conferenceState);
  };

  /** The party the softphone's conference brought in, when it is not one of this widget's transfers. */
  const thirdParty = (): string | null => {
    const t = call.current.transfer;
    if (!call.current.isConnected || level() === 1) return null;
    if (t && t.kind === "third-party") return t.party;
    // The advisor a live transfer rang into the call is no third party: the live controls handle it.
    if (underway(t)) return null;
    return outsideTransfer(t) ? null : call.current.conferenceParty;
  };

  const pressThirdParty = async (step: ThirdPartyStep) => {
    const phone = thirdParty();
    if (!phone) return;
    await pressing(() => call.transfer(`third-party-${step}`, { phone }));
  };

  /** The targets are read once a panel shows them. */
  const start = () => void loadTargets();
  const stop = () => {};

  const live = createLiveService(ctx, {
    pressing,
    leadId,
    lineFree: () => level() === 1 && underway(call.current.transfer) === null,
    booking: deps.booking,
  });
  const offers = createOfferService(ctx, deps.notifier);

  return {
    kinds,
    targetsOf,
    level,
    active,
    press,
    thirdParty,
    pressThirdParty,
    /** One key of the dial pad, to the external party (external-transfer-dtmf). */
    async dtmf(digit: string) {
      try {
        await call.transfer("external-transfer-dtmf", { digit });
      } catch (e) {
        ctx.notify.error(refusalText(e));
      }
    },
    retryTargets: () => void loadTargets(),
    watch: watching(start, stop).watch,
    /** The qualifier's live transfer. */
    live,
    /** The advisor's live-transfer offers. */
    offers,
    dispose: () => {
      presetting();
      recording();
      live.dispose();
      offers.dispose();
    },
  };
}
export type TransfersService = ReturnType<typeof createTransfersService>;
