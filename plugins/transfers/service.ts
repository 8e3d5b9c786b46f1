// The transfers plugin's effects (agent-workspace §4 External, Sunlife and Matcha transfers; §2 third-party
// panel): each press goes to the gateway as its socket event with the agent's extension; the level comes back
// in the call's conference state. A start presets the lead's disposition to Sent External with the type as its
// reason; leaving a third party presets Transferred to 3rd Party. Buttons wait a second after each press.
import { reaction } from "mobx";
import { TRANSFER_MESSAGES, type TransferState } from "../../src/contract/calls";
import type { DispositionFacts } from "../../src/contract/dispositions";
import { watching, type PluginContext } from "../../src/sdk";
import type { DispositionsApi } from "../dispositions/api";
import type { TransfersConfig } from "./config";
import { ExternalTransfersResponse, SunlifeAgentsResponse, sunlifeAgentsOf } from "./contract/targets";
import {
  eventFor,
  levelOf,
  needsTarget,
  stepsAt,
  transferKinds,
  type TransferKind,
  type TransferLevel,
  type TransferStep,
} from "./levels";
import type { TransferTarget, TransfersStore } from "./model";

export type ThirdPartyStep = "leave" | "kick" | "destroy";

/** The contract's English refusals, by their key: the panel words them in the agent's language. */
const REFUSAL_KEYS = new Map<string, string>(
  Object.entries(TRANSFER_MESSAGES).map(([key, text]) => [text, key]),
);
const OUTSIDE: readonly string[] = ["external", "sunlife", "matcha"];
/** The call's external, Sunlife or Matcha transfer, if that is what it has. */
const outsideTransfer = (t: TransferState | null): (TransferState & { kind: TransferKind }) | null =>
  t && OUTSIDE.includes(t.kind) ? (t as TransferState & { kind: TransferKind }) : null;

export function createTransfersService(
  ctx: PluginContext<TransfersStore, TransfersConfig>,
  dispositions: DispositionsApi,
) {
  const { store, clock, call } = ctx;
  const facts: DispositionFacts = {
    roles: ctx.agent.roles,
    callCentre: ctx.variant.code,
    flags: {
      canTransferToMatcha: ctx.agent.canTransferToMatcha,
      canTransferToSunlife: ctx.agent.canTransferToSunlife,
    },
  };
  const kinds = transferKinds(facts, (flag) => ctx.isOn(flag));
  if (kinds[0] && !store.kind) store.choose(kinds[0]);

  const targetsOf = (kind: TransferKind): TransferTarget[] =>
    kind === "external" ? store.targets.external : kind === "sunlife" ? store.targets.sunlife : [];

  const loadTargets = async () => {
    if (store.targetsState === "loading" || store.targetsState === "ready") return;
    store.loadingTargets();
    try {
      const [external, sunlife] = await Promise.all([
        kinds.includes("external")
          ? ctx.http.get("/external/transfers").then((r) => ExternalTransfersResponse.parse(r.data).data)
          : [],
        kinds.includes("sunlife")
          ? ctx.http
              .get("/external/agents/sunlife")
              .then((r) => sunlifeAgentsOf(SunlifeAgentsResponse.parse(r.data).data))
          : [],
      ]);
      store.targetsLoaded({ external, sunlife });
    } catch (e) {
      ctx.log("transfers: the targets could not be read", e instanceof Error ? e.message : undefined);
      store.targetsFailed();
    }
  };

  /** Every press waits for its answer, then a second more (agent-workspace §9), so a double click sends one. */
  const refusalText = (e: unknown) => {
    const message = e instanceof Error ? e.message : "";
    const key = REFUSAL_KEYS.get(message);
    return key ? ctx.t(`refusals.${key}`) : message || ctx.t("failed");
  };

  const pressing = async (send: () => Promise<void>): Promise<boolean> => {
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

  // The disposition a transfer sets (Sent External with its destination, Transferred to 3rd Party) goes to the
  // disposition panel as the gateway decides it, whether a transfers panel shows or not; one the gateway
  // saved itself (an internal transfer) needs nothing here.
  const presetting = reaction(
    () => {
      const t = call.current.transfer;
      const lead = leadId();
      return t?.disposition && !t.disposition.saved && lead !== null
        ? { lead, disposition: t.disposition.disposition, reason: t.disposition.reason }
        : null;
    },
    (preset) => {
      if (preset)
        dispositions.preset(preset.lead, {
          disposition: preset.disposition,
          ...(preset.reason ? { reason: preset.reason } : {}),
        });
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
    const kind = step === "start" ? store.kind : (now?.kind ?? null);
    if (!kind) return;
    const phone =
      step === "start"
        ? targetsOf(kind).find((t) => t.phone === store.targetPhone)?.phone
        : (now?.party ?? undefined);
    if (needsTarget(kind) && !phone) return;
    await pressing(() => call.transfer(eventFor(kind, step), (needsTarget(kind) ? { phone } : {}) as never));
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
    dispose: () => presetting(),
  };
}
export type TransfersService = ReturnType<typeof createTransfersService>;
