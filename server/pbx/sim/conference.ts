// Conferences (telephony.md §2 "Bridges and conferences"): the call itself becomes the conference. Parties
// join by being dialled (number rules apply); the agent may leave while the others stay; a conference that
// is down to one party ends, as with an `endconf` member rule.
import type { ConferenceControl } from "../driver";
import type { CallModel } from "./model";
import { SimPbxError, type Call } from "./types";
import { dialParty } from "./party";

const PREFIX = "conf-";

export function conferences(m: CallModel): ConferenceControl {
  const confCall = (confId: string): Call => {
    const call = confId.startsWith(PREFIX) ? m.findCall(confId.slice(PREFIX.length)) : undefined;
    if (!call || call.confId !== confId) throw new SimPbxError(`unknown conference ${confId}`);
    return call;
  };
  const emit = (call: Call, action: "created" | "joined" | "left" | "kicked", legId?: string) =>
    m.bus.emit({
      kind: "Conference",
      callId: call.id,
      confId: call.confId!,
      action,
      ...(legId ? { legId } : {}),
    });

  return {
    async start(callId) {
      return m.bus.step(() => {
        const call = m.call(callId);
        if (call.ended) throw new SimPbxError(`call ${callId} has ended`);
        if (call.confId) return call.confId;
        call.confId = PREFIX + call.id;
        emit(call, "created", m.agentOf(call)?.id);
        return call.confId;
      });
    },
    async join(confId, target) {
      return m.bus.step(() => {
        const call = confCall(confId);
        if (call.ended) throw new SimPbxError(`conference ${confId} has ended`);
        const leg = dialParty(m, call, "third-party", target, {
          mode: "manual",
          ringTimeoutMs: m.profile.ringTimeoutMs,
          onAnswered: (l) => {
            emit(call, "joined", l.id);
            m.refreshSound(call);
          },
        });
        return leg.id;
      });
    },
    async leave(confId, agentExt) {
      m.bus.step(() => {
        const call = confCall(confId);
        const agent = m.agentOf(call);
        if (call.ended || !agent || agent.ext !== agentExt) return;
        emit(call, "left", agent.id);
        m.endLeg(agent, "normal", { leaving: true });
      });
    },
    async kick(confId, legId) {
      m.bus.step(() => {
        const call = confCall(confId);
        const leg = m.leg(legId);
        if (leg.call !== call) throw new SimPbxError(`leg ${legId} is not in conference ${confId}`);
        if (leg.state === "ended") return;
        emit(call, "kicked", leg.id);
        m.endLeg(leg, leg.state === "answered" ? "normal" : "canceled", { leaving: true });
      });
    },
    async destroy(confId) {
      // endCall hangs up every leg, then reports the conference destroyed, then the call ended.
      m.bus.step(() => m.endCall(confCall(confId), "normal"));
    },
  };
}
