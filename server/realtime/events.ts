// What the gateway does with each client event (agent-workspace §7). Payloads arrive already parsed by
// their zod schema (see dispatch.ts). An agent names only its own extension. Hangup, the conference controls,
// the external and third-party transfers and the internal transfer reach the call service
// (server/modules/calls/transfers.ts, internalTransfer.ts); audio playback plays a plugin's registered clip.
// A plugin's own events (src/contract/clientEvent.ts; the transfers plugin's sunlife-* and matcha-*) reach the
// handler its gateway side registered (pluginEvents.ts) through `pluginEvent`, with the same guarantees.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  SOCKET_MESSAGES,
  type ClientEventName,
  type ClientEvents,
  type ExtensionAvailability,
  type SocketAck,
} from "../../src/contract/socket";
import { PLUGIN_UNAVAILABLE } from "../../src/contract/pluginManifest";
import { PLUGIN_SETTINGS_MESSAGES } from "../../src/contract/pluginSettings";
import { STATUS_MESSAGE_KEYS } from "../../src/contract/status";
import { users } from "../db/schema";
import type { Gateway } from "../gateway";
import { checkDial } from "../compliance/gate";
import { CallRefused, refusedBy } from "../modules/calls/service";
import { externalTransferTarget, samePhone, TransferRefused } from "../modules/calls/transferTargets";
import type { TransferAction, TransferControlKind } from "../modules/calls/transfers";
import { offeredTo } from "../plugins/offered";
import { availabilityOf } from "../pbx/driver";
import { sipEdgeOf } from "../pbx/edge/index";
import { SimPbx } from "../pbx/sim/extensions";
import type { AgentSocket } from "./agentSocket";
import type { RegisteredClientEvent } from "./pluginEvents";

export interface EventContext {
  gw: Gateway;
  socket: AgentSocket;
  /** The agent said goodbye (page unload): its disconnect needs no grace. */
  saidGoodbye(): void;
}

type Payload<E extends ClientEventName> = z.output<(typeof ClientEvents)[E]>;
type Handler<E extends ClientEventName> = (
  ctx: EventContext,
  payload: Payload<E>,
) => Promise<SocketAck> | SocketAck;

const forbidden = (message: string = STATUS_MESSAGE_KEYS["extension.notYours"]): SocketAck => ({
  ok: false,
  error: "forbidden",
  message,
});
const unsupported: SocketAck = {
  ok: false,
  error: "unsupported",
  message: "This call control is not available.",
};

/** The simulated PBX's stand-in for SIP registration (see SimPbxOptions.softphoneFollowsSocket). */
const softphoneStandIn = (gw: Gateway) =>
  gw.pbx instanceof SimPbx && gw.pbx.softphoneFollowsSocket ? gw.pbx : undefined;

/**
 * Events that place a call to their phone (kick, leave and destroy name a party already on the call). A plugin's
 * event says so when its gateway side registers it (`dials`).
 */
const DIALLING_EVENTS: ReadonlySet<ClientEventName> = new Set(["external-transfer-start"]);

/** Call control that a deactivated agent may still use (ending a call it is on). */
const ALLOWED_WHEN_DEACTIVATED: ClientEventName[] = ["hangup"];

function ownsExtension(ctx: EventContext, extension: string) {
  return ctx.socket.data.extension !== null && ctx.socket.data.extension === extension;
}

/** An extension another event names (an internal transfer's target) must be one of the agent's own tenant. */
async function extensionOfTenant(ctx: EventContext, extension: string): Promise<boolean> {
  const [holder] = await ctx.gw.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.extension, extension), eq(users.tenantId, ctx.socket.data.tenantId)))
    .limit(1);
  return holder !== undefined;
}

const refusedAck = (e: CallRefused): SocketAck => ({ ok: false, error: "forbidden", message: e.message });

/** A transfer's refusal (or the compliance gate's) as the event's ack; anything else is the gateway's own failure. */
async function transferAck(work: () => Promise<SocketAck>): Promise<SocketAck> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof TransferRefused) return { ok: false, error: e.error, message: e.message };
    if (e instanceof CallRefused) return refusedAck(e);
    throw e;
  }
}

/** Whether a manager disabled the agent's calling, read now (not from the socket): a toggle applies to the very next event. */
async function callingDisabled(ctx: EventContext): Promise<boolean> {
  const [u] = await ctx.gw.db
    .select({ deactivated: users.deactivated })
    .from(users)
    .where(eq(users.id, ctx.socket.data.userId))
    .limit(1);
  return u?.deactivated === true;
}

/** The compliance gate on a number an event dials: null when it may be called, else the refusal. */
async function dialRefusal(ctx: EventContext, phone: string): Promise<SocketAck | null> {
  const gate = await checkDial(ctx.gw.db, { tenantId: ctx.socket.data.tenantId, phone, at: ctx.gw.clock.now() });
  return gate.callable ? null : refusedAck(refusedBy(gate));
}

const TRANSFER_EVENT = /^(external-transfer|third-party)-(start|join|leave|kick|destroy)$/;
const KIND_OF: Record<string, TransferControlKind> = {
  "external-transfer": "external",
  "third-party": "third-party",
};

/** external-transfer-*, third-party-*: the level controls of the call's transfer. */
function transferControl(ctx: EventContext, event: string, phone: string | undefined): Promise<SocketAck> {
  const [, prefix, action] = TRANSFER_EVENT.exec(event)!;
  const kind = KIND_OF[prefix!]!;
  const { userId, tenantId } = ctx.socket.data;
  const agent = { id: userId, tenantId };
  const transfers = ctx.gw.calls.transfers;
  return transferAck(async () => {
    if (action === "start") {
      if (kind === "third-party") return unsupported; // the third party is called by initializeConference
      await transfers.start(agent, await externalTransferTarget(ctx.gw.db, agent, phone));
    } else await transfers.control(userId, kind, action as TransferAction, phone);
    return { ok: true };
  });
}

/**
 * A plugin's client event, its payload parsed by its schema (dispatch.ts): the guarantees of the core's call
 * controls, then the plugin's handler. The agent names its own extension; the call centre has the plugin (turned
 * off: forbidden, as its routes' 403; not offered: unknown_event with its `unavailable` text, as their 404); a
 * deactivated agent is refused; a number the event dials passes the compliance gate. A refusal the call service
 * throws (a transfer's, the gate's) is the event's ack.
 */
export async function pluginEvent(
  ctx: EventContext,
  event: RegisteredClientEvent,
  payload: { extension: string } & Record<string, unknown>,
): Promise<SocketAck> {
  if (!ownsExtension(ctx, payload.extension)) return forbidden();
  const { userId, tenantId, role } = ctx.socket.data;
  const offered = await offeredTo(ctx.gw, event.manifest, tenantId);
  if (offered === "off") return forbidden(PLUGIN_SETTINGS_MESSAGES.pluginOff);
  if (offered === "unavailable")
    return { ok: false, error: "unknown_event", message: event.manifest.unavailable ?? PLUGIN_UNAVAILABLE };
  if (await callingDisabled(ctx)) return forbidden(SOCKET_MESSAGES.callingDisabled);
  const dialled = event.dials === undefined ? undefined : payload[event.dials];
  if (typeof dialled === "string") {
    const refusal = await dialRefusal(ctx, dialled);
    if (refusal) return refusal;
  }
  return transferAck(async () =>
    event.handler({ id: userId, tenantId, role, extension: payload.extension }, payload),
  );
}

/** internal-transfer {from, to, phone}: the lead on the agent's call with `phone` goes to the colleague at `to`. */
async function internalTransfer(ctx: EventContext, to: string, phone: string): Promise<SocketAck> {
  const { userId, tenantId } = ctx.socket.data;
  const calls = ctx.gw.calls;
  const last = calls.current(userId);
  // Already done by POST /leads/{id}/transfers for this very call: the event is that transfer, not another.
  if (last?.transfer?.kind === "internal" && last.transfer.party === to && samePhone(last.phone, phone))
    return { ok: true, data: { lead_id: last.leadId, call_transferred: true } };
  const call = calls.activeCallOf(userId);
  if (!call?.bridged || call.leadId === null || !samePhone(call.phone, phone))
    return {
      ok: false,
      error: "unsupported",
      message: "There is no answered call with this number to transfer.",
    };
  const [colleague] = await ctx.gw.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.extension, to), eq(users.tenantId, tenantId)))
    .limit(1);
  if (!colleague) return forbidden();
  const leadId = call.leadId;
  return transferAck(async () => ({
    ok: true,
    data: await calls.internalTransfer(
      { id: userId, tenantId },
      { leadId, to: colleague.id, repeatIsDone: true },
    ),
  }));
}

const callControl =
  <E extends ClientEventName>(event: E): Handler<E> =>
  async (ctx, payload) => {
    const named =
      (payload as { extension?: string; from?: string }).extension ?? (payload as { from?: string }).from;
    if (named === undefined || !ownsExtension(ctx, named)) return forbidden();
    if (!ALLOWED_WHEN_DEACTIVATED.includes(event) && (await callingDisabled(ctx)))
      return forbidden(SOCKET_MESSAGES.callingDisabled);
    const calls = ctx.gw.calls;
    const agentId = ctx.socket.data.userId;
    // What an event names besides the agent's own extension is checked before anything acts on it: another
    // extension must be of the agent's tenant; a number an event dials must pass the compliance gate (the
    // conference's in the call service, the transfers' here, so they are gated from the day they work).
    const { to, phone } = payload as { to?: string; phone?: string };
    if (to !== undefined && !(await extensionOfTenant(ctx, to))) return forbidden();
    if (phone !== undefined && DIALLING_EVENTS.has(event)) {
      const refusal = await dialRefusal(ctx, phone);
      if (refusal) return refusal;
    }
    switch (event) {
      case "hangup":
        return { ok: true, data: { ended: await calls.hangupFor(agentId) } };
      case "initializeConference":
      case "mergeConference":
      case "swapConferenceMember":
      case "kickSecondParty":
      case "hangupConference": {
        let done: boolean;
        try {
          done = await calls.conference(agentId, event, phone);
        } catch (e) {
          if (e instanceof CallRefused) return refusedAck(e);
          throw e;
        }
        return done
          ? { ok: true }
          : { ok: false, error: "unsupported", message: "There is no call in a state that allows this." };
      }
      case "internal-transfer":
        return internalTransfer(ctx, to!, phone!);
      case "external-transfer-dtmf": {
        const { digit } = payload as { digit: string };
        return transferAck(async () => {
          await calls.transfers.dtmf(agentId, digit);
          return { ok: true };
        });
      }
      case "audio-playback": {
        const { operation, file } = payload as { operation: "play" | "stop"; file: string };
        const answer = await calls.playback.request(
          { id: agentId, tenantId: ctx.socket.data.tenantId },
          operation,
          file,
        );
        if (answer === "unknown_clip")
          return { ok: false, error: "invalid_payload", message: "There is no such audio to play." };
        if (answer === "no_call")
          return {
            ok: false,
            error: "unsupported",
            message: "There is no answered call to play audio into.",
          };
        return { ok: true, data: { playing: answer === "playing" } };
      }
      default:
        return transferControl(ctx, event, phone);
    }
  };

export const handlers: { [E in ClientEventName]: Handler<E> } = {
  async hello(ctx, { extension, hasWebRtc }) {
    if (extension !== ctx.socket.data.extension) return forbidden();
    // The simulated PBX learns how the extension is set up when the page and the account agree, which is at a
    // sign-in: a manager's WebRTC toggle reaches the agent then (admin-and-sign-in §4), never in the middle of a
    // shift or a call, when the page still runs the phone it signed in with.
    const { pbx } = ctx.gw;
    if (pbx instanceof SimPbx && extension && hasWebRtc === ctx.socket.data.hasWebrtc && !ctx.gw.calls.activeCallOf(ctx.socket.data.userId))
      pbx.provision(extension, hasWebRtc ? "webrtc" : "external");
    const sim = softphoneStandIn(ctx.gw);
    if (sim && extension && hasWebRtc && ctx.socket.data.hasWebrtc) await sim.register(extension);
    // A live transfer offered before this page listened would otherwise never reach it.
    ctx.gw.calls.live.offerHeldAgain(ctx.socket.data.userId);
    return { ok: true };
  },

  async goodbye(ctx) {
    ctx.saidGoodbye();
    const { extension, hasWebrtc, userId } = ctx.socket.data;
    const sim = softphoneStandIn(ctx.gw);
    if (sim && extension && hasWebrtc) await sim.unregister(extension);
    // Page unload sets offline and hangs up (agent-workspace §4).
    await ctx.gw.calls.hangupFor(userId);
    await ctx.gw.statuses.setOffline(userId, "agent", { reason: "goodbye" });
    return { ok: true };
  },

  heartbeat(ctx) {
    return { ok: true, data: { at: ctx.gw.clock.now() } };
  },

  async checkExtensionAvailability(ctx, { extension }) {
    if (!ownsExtension(ctx, extension)) return forbidden();
    const status = await ctx.gw.pbx.getExtensionStatus(extension);
    const { available, reason } = availabilityOf(status);
    const data: ExtensionAvailability = {
      extension,
      available,
      via: status.via,
      reason,
      message: available
        ? null
        : reason === "closed"
          ? SOCKET_MESSAGES.briaClosed
          : SOCKET_MESSAGES.phoneDisconnected,
    };
    ctx.socket.emit("extensionAvailability", data);
    return { ok: true, data };
  },

  showHostname(ctx, { extension }) {
    if (!ownsExtension(ctx, extension)) return forbidden();
    // The host the agent's own softphone registered from (agent-workspace §3 softphone state), never the
    // gateway's: null without a live registration at the embedded SIP endpoint (an external phone, a real PBX).
    const data = { extension, hostname: sipEdgeOf(ctx.gw)?.contactHost(extension) ?? null };
    ctx.socket.emit("hostname", data);
    return { ok: true, data };
  },

  hangup: callControl("hangup"),
  "audio-playback": callControl("audio-playback"),
  "internal-transfer": callControl("internal-transfer"),
  "third-party-kick": callControl("third-party-kick"),
  "third-party-leave": callControl("third-party-leave"),
  "third-party-destroy": callControl("third-party-destroy"),
  "external-transfer-start": callControl("external-transfer-start"),
  "external-transfer-join": callControl("external-transfer-join"),
  "external-transfer-leave": callControl("external-transfer-leave"),
  "external-transfer-kick": callControl("external-transfer-kick"),
  "external-transfer-destroy": callControl("external-transfer-destroy"),
  "external-transfer-dtmf": callControl("external-transfer-dtmf"),
  initializeConference: callControl("initializeConference"),
  mergeConference: callControl("mergeConference"),
  swapConferenceMember: callControl("swapConferenceMember"),
  kickSecondParty: callControl("kickSecondParty"),
  hangupConference: callControl("hangupConference"),
};
