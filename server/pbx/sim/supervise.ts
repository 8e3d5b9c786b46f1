// Supervisors on agents' calls (PbxCalls.supervise): the supervisor's extension is rung like an agent's, and
// once it answers it hears what the agent hears and the agent's live voice; in whisper the agent hears the
// supervisor too, in barge the parties as well (sound.ts; the media edge relays the voices). Its leg is never
// a member of the call (model.ts `members`), and it ends with the leg it listens to.
import type { SuperviseRequest } from "../driver";
import { offerAgent } from "./agent";
import type { CallModel } from "./model";
import type { ExtensionRegistry } from "./registry";
import { isAgentLeg, SimPbxError, type Leg } from "./types";

export async function supervise(m: CallModel, registry: ExtensionRegistry, r: SuperviseRequest): Promise<string> {
  supervisedLeg(m, r.agentLegId); // refused before the directory is asked
  await registry.status(r.ext);
  return m.bus.step(() => {
    const agent = supervisedLeg(m, r.agentLegId); // it may have ended meanwhile
    const call = agent.call;
    const already = call.legs.find((l) => l.role === "supervisor" && l.ext === r.ext && l.state !== "ended");
    if (already) {
      if (already.supervises !== agent.id)
        throw new SimPbxError(`extension ${r.ext} already supervises leg ${already.supervises}`);
      if (already.supervision !== r.mode) {
        already.supervision = r.mode;
        if (already.state === "answered") {
          announce(m, already);
          m.refreshSound(call); // who hears the supervisor changes with the mode
        }
      }
      return already.id;
    }
    const lead = call.legs.find((l) => l.role === "lead" || l.role === "inbound");
    const leg = offerAgent(
      m,
      registry,
      call,
      r.ext,
      { from: lead?.number ?? "", autoAnswer: true, vars: r.vars ?? {}, role: "supervisor" },
      (l) => {
        announce(m, l);
        m.refreshSound(call);
      },
    );
    leg.supervises = agent.id;
    leg.supervision = r.mode;
    return leg.id;
  });
}

function supervisedLeg(m: CallModel, legId: string): Leg {
  const leg = m.leg(legId);
  if (!isAgentLeg(leg)) throw new SimPbxError(`leg ${legId} is not an agent's leg`);
  if (leg.state !== "answered") throw new SimPbxError(`leg ${legId} is not answered`);
  return leg;
}

function announce(m: CallModel, leg: Leg): void {
  m.bus.emit({
    kind: "Supervision",
    callId: leg.call.id,
    legId: leg.id,
    agentLegId: leg.supervises!,
    mode: leg.supervision!,
  });
}
