// Conferences (telephony.md §2 "Bridges and conferences"): the call itself becomes the conference. Parties
// join by being dialled (number rules apply), other agents by their extension ringing (joinAgent: a live
// transfer to an advisor); any agent may leave while the others stay; a conference down to one leg ends,
// as with an `endconf` member rule. The model's rules (model.ts react) say how a call goes on without a leg.
import { callIdOfConference, conferenceIdOf } from "../callRules";
import type { ConferenceControl, JoinAgentOptions } from "../driver";
import { offerAgent } from "./agent";
import type { CallModel } from "./model";
import { dialParty } from "./party";
import type { ExtensionRegistry } from "./registry";
import { SimPbxError, type Call } from "./types";


export function conferences(m: CallModel, registry: ExtensionRegistry): ConferenceControl {
  const confCall = (confId: string): Call => {
    const callId = callIdOfConference(confId);
    const call = callId === undefined ? undefined : m.findCall(callId);
    if (!call || call.confId !== confId) throw new SimPbxError(`unknown conference ${confId}`);
    return call;
  };
  const liveConf = (confId: string): Call => {
    const call = confCall(confId);
    if (call.ended) throw new SimPbxError(`conference ${confId} has ended`);
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
  const joined = (call: Call, legId: string) => {
    emit(call, "joined", legId);
    m.refreshSound(call);
  };
  /** Who the joining agent sees calling: the lead (or inbound caller), as with the agent's own offer. */
  const callerOf = (call: Call) =>
    call.legs.find((l) => l.role === "lead" || l.role === "inbound")?.number ?? "";

  return {
    async start(callId) {
      return m.bus.step(() => {
        const call = m.call(callId);
        if (call.ended) throw new SimPbxError(`call ${callId} has ended`);
        if (call.confId) return call.confId;
        call.confId = conferenceIdOf(call.id);
        emit(call, "created", m.agentOf(call)?.id);
        return call.confId;
      });
    },
    async join(confId, target) {
      return m.bus.step(() => {
        const call = liveConf(confId);
        const leg = dialParty(m, call, "third-party", target, {
          mode: "manual",
          ringTimeoutMs: m.profile.ringTimeoutMs,
          personVoice: "third-party", // told apart from the lead in the agent's mix
          onAnswered: (l) => joined(call, l.id),
        });
        return leg.id;
      });
    },
    async joinAgent(confId, ext, opts: JoinAgentOptions = {}) {
      liveConf(confId); // refused before the directory is asked
      await registry.status(ext); // provisions the extension from the directory
      return m.bus.step(() => {
        const call = liveConf(confId); // it may have ended while the directory answered
        // A retried or doubled request for the same phone rings it once.
        const already = m.agentLegs(call).find((l) => l.ext === ext);
        if (already) return already.id;
        const leg = offerAgent(
          m,
          registry,
          call,
          ext,
          {
            from: opts.from ?? callerOf(call),
            autoAnswer: opts.autoAnswer ?? false,
            vars: opts.vars ?? {},
            role: "transfer-target",
            ...(opts.ringTimeoutMs !== undefined ? { ringTimeoutMs: opts.ringTimeoutMs } : {}),
          },
          (l) => joined(call, l.id),
        );
        return leg.id;
      });
    },
    async leave(confId, agentExt) {
      m.bus.step(() => {
        const call = confCall(confId);
        const agent = m.agentLegs(call).find((l) => l.ext === agentExt);
        if (call.ended || !agent) return;
        emit(call, "left", agent.id);
        m.endLeg(agent, agent.state === "answered" ? "normal" : "canceled", { leaving: true });
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
