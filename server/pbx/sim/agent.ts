// The agent's leg (telephony.md §1 "Manual dial: originate the agent leg first"): refused at once when the
// extension is unknown or unreachable; otherwise offered to the WebRTC softphone through the attached
// AgentPhoneLine, answered by the simulated softphone when no line is attached, or by an open desk phone.
// An advisor brought into a conference (conference.joinAgent) is rung the same way, as a transfer target.
import type { HangupCause, OriginateRequest } from "../driver";
import type { CallModel } from "./model";
import type { Call, Leg } from "./types";
import { drawMs } from "./random";
import type { ExtensionRegistry } from "./registry";

export interface AgentOffer {
  /** Shown to the agent: the lead's or caller's number. */
  from: string;
  autoAnswer: boolean;
  vars: NonNullable<OriginateRequest["vars"]>;
  /**
   * "agent" (default): the call's own agent; "transfer-target": an advisor joining a conference;
   * "supervisor": a supervisor listening to an agent leg (supervise.ts).
   */
  role?: "agent" | "transfer-target" | "supervisor";
  /** Default: the profile's agent ring timeout. */
  ringTimeoutMs?: number;
}

/** Places the agent leg; `onAnswered` runs in the step that answers it. The extension must be resolved already. */
export function offerAgent(
  m: CallModel,
  registry: ExtensionRegistry,
  call: Call,
  ext: string,
  offer: AgentOffer,
  onAnswered: (leg: Leg) => void,
): Leg {
  const status = registry.statusNow(ext);
  const leg = m.addLeg(call, offer.role ?? "agent", { ext });
  if (!status.reachable) {
    m.endLeg(leg, "unavailable");
    return leg;
  }
  m.ringing(leg);
  m.schedule(leg, offer.ringTimeoutMs ?? m.profile.agentRingTimeoutMs, () => m.endLeg(leg, "no-answer"));
  const answer = () => {
    if (leg.state !== "ringing") return;
    m.answer(leg);
    onAnswered(leg);
  };
  const rng = m.rngFor(leg);
  const line = m.line;
  if (status.via === "external") {
    // A desk phone closed while ringing no longer answers.
    m.schedule(leg, drawMs(rng, m.profile.externalAnswerMs), () =>
      registry.statusNow(ext).reachable ? answer() : m.endLeg(leg, "unavailable"),
    );
  } else if (line) {
    leg.viaLine = true;
    const result = {
      answered: () => m.bus.step(answer),
      ended: (cause: HangupCause) => m.bus.step(() => m.endLeg(leg, cause, { reported: true })),
    };
    m.bus.post(() =>
      line.ring(
        {
          callId: call.id,
          legId: leg.id,
          ext,
          from: offer.from,
          autoAnswer: offer.autoAnswer,
          vars: { ...offer.vars },
        },
        result,
      ),
    );
  } else {
    m.schedule(leg, drawMs(rng, m.profile.agentAnswerMs), answer);
  }
  return leg;
}
