// originate (telephony.md §1 "Manual dial" / "Auto-dial + AMD"): the agent leg first; once the agent's phone
// answers, the lead is dialled. The agent hears ringback while the lead rings and is bridged to the lead
// the moment it answers, so it hears the greeting; with AMD the verdict arrives later, while connected.
import type { AmdVerdict, OriginateRequest } from "../driver";
import { offerAgent } from "./agent";
import type { CallModel } from "./model";
import type { Call, Leg } from "./types";
import { dialParty } from "./party";
import type { ExtensionRegistry } from "./registry";

// Asterisk's AMDSTATUS / AMDCAUSE pairs for the verdicts the simulation gives.
const AMD: Record<"human" | "machine" | "not-sure", { result: AmdVerdict; cause: string }> = {
  human: { result: "AMD-Human-voice", cause: "HUMAN-300-300" },
  machine: { result: "AMD-Machine-Vm-WA", cause: "LONGGREETING-1500-1500" },
  "not-sure": { result: "AMD-NotSure", cause: "TOOLONG-5000" },
};

export async function originate(
  m: CallModel,
  registry: ExtensionRegistry,
  r: OriginateRequest,
): Promise<void> {
  if (m.isUsed(r.callId)) return; // idempotent: a retried originate changes nothing
  const call = m.createCall(r.callId, "outbound");
  call.lingerOnBusy = true;
  try {
    await registry.status(r.agentExt); // provisions the extension from the directory
  } catch (err) {
    m.bus.step(() => m.endCall(call, "failed")); // the call still ends, for the PBX as for the gateway
    throw err;
  }
  m.bus.step(() => {
    if (call.ended) return; // hung up while the directory answered
    offerAgent(m, registry, call, r.agentExt, { from: r.to, autoAnswer: true, vars: r.vars ?? {} }, (agent) =>
      dialLead(m, call, agent, r),
    );
  });
}

function dialLead(m: CallModel, call: Call, agent: Leg, r: OriginateRequest): void {
  const scripted = m.takeScriptedDial(r.agentExt);
  dialParty(m, call, "lead", r.to, {
    mode: r.mode,
    ...(scripted ? { scripted } : {}),
    ringTimeoutMs: r.ringTimeoutMs ?? m.profile.ringTimeoutMs,
    onAnswered(lead, script) {
      call.lingerOnBusy = false;
      m.bridge(call, [agent.id, lead.id]);
      const outcome = script.outcome;
      if (r.amd && (outcome === "human" || outcome === "machine" || outcome === "not-sure")) {
        m.schedule(lead, script.amdMs, () =>
          m.bus.emit({ kind: "AmdResult", callId: call.id, legId: lead.id, ...AMD[outcome] }),
        );
      }
    },
  });
}
