// The agent's controls on a live call, all by leg id (telephony.md §1): hang up, hold, DTMF, blind transfer.
// A control on a leg or call that has already ended does nothing (the gateway may race the PBX); one on an
// id the PBX never gave, or on a leg in the wrong state, is refused with a SimPbxError.
import type { HangupCause, KeepLead } from "../driver";
import type { CallModel } from "./model";
import { isAgentLeg, isPartyLeg, SimPbxError, type Leg } from "./types";
import { dialParty } from "./party";

const DTMF = /^[0-9A-D*#]+$/;

export function hangup(m: CallModel, legId: string, cause?: HangupCause): void {
  const leg = m.leg(legId);
  m.endLeg(leg, cause ?? (leg.state === "answered" ? "normal" : "canceled"));
}

export function hangupCall(m: CallModel, callId: string, cause?: HangupCause): void {
  m.endCall(m.call(callId), cause ?? "normal");
}

/** PbxCalls.keepLead; turned off, a lead left alone with no agent leg live is hung up. */
export function keepLead(m: CallModel, callId: string, on: KeepLead): void {
  const call = m.call(callId);
  if (call.ended || call.ending) return;
  call.keepLead = on;
  if (on !== true && m.agentLegs(call).length === 0) m.endCall(call, "normal");
}

export function hold(m: CallModel, legId: string, on: boolean): void {
  const leg = m.leg(legId);
  if (leg.state === "ended" || leg.held === on) return;
  if (leg.state !== "answered") throw new SimPbxError(`leg ${legId} is not answered`);
  leg.held = on;
  m.bus.emit({ kind: "Hold", callId: leg.call.id, legId, on });
  m.refreshSound(leg.call);
}

export function sendDtmf(m: CallModel, legId: string, digits: string): void {
  if (!DTMF.test(digits)) throw new SimPbxError(`invalid DTMF digits ${JSON.stringify(digits)}`);
  const leg = m.leg(legId);
  if (leg.state === "ended") return;
  if (leg.state !== "answered") throw new SimPbxError(`leg ${legId} is not answered`);
  m.bus.emit({ kind: "Dtmf", callId: leg.call.id, legId, digits });
}

/**
 * Sends a party to `target`: the party of `legId`, or, when `legId` is the agent's leg, the one party it is
 * connected to. A transfer-target leg rings `target`; the agent leg ends at once, so for the agent the call
 * is over. TransferResult follows when the target answers (ok) or its leg ends unanswered (not ok).
 */
export function blindTransfer(m: CallModel, legId: string, target: string): void {
  const leg = m.leg(legId);
  const call = leg.call;
  if (call.ended || leg.state === "ended") return;
  // From an agent leg (the call's agent or an advisor in a conference), else from the call's agent.
  const agent = isAgentLeg(leg) ? leg : m.agentOf(call);
  if (!agent || agent.state !== "answered")
    throw new SimPbxError(`call ${call.id} has no answered agent leg`);
  let party: Leg | undefined = leg;
  if (leg === agent) {
    const parties = m.liveLegs(call).filter((l) => isPartyLeg(l) && l.state === "answered");
    if (parties.length !== 1)
      throw new SimPbxError(
        `call ${call.id} has ${parties.length} connected parties; name the leg to transfer`,
      );
    party = parties[0];
  }
  if (!party || party.state !== "answered") throw new SimPbxError(`leg ${legId} is not answered`);
  const moved = party;
  m.bus.emit({ kind: "Unbridged", callId: call.id, legIds: [agent.id, moved.id] });
  // The target rings before the agent leaves, so the call never drops below two legs.
  dialParty(m, call, "transfer-target", target, {
    mode: "manual",
    ringTimeoutMs: m.profile.ringTimeoutMs,
    onAnswered(t) {
      m.bridge(call, [moved.id, t.id]);
      m.bus.emit({ kind: "TransferResult", callId: call.id, legId: t.id, target, ok: true });
    },
    onEnded(t) {
      if (t.answeredAt === undefined)
        m.bus.emit({
          kind: "TransferResult",
          callId: call.id,
          legId: t.id,
          target,
          ok: false,
          ...(t.cause ? { cause: t.cause } : {}),
        });
    },
  });
  m.endLeg(agent, "normal", { leaving: true });
}
