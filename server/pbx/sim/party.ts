// A dialled party (lead, transfer target, conference party) following its script: the number rules first,
// then the profile's weights for the dial mode. Busy and failed numbers end without ringing; a party that
// does not answer within the ring timeout ends 'no-answer'; an answered party hangs up after its talk time.
import type { LegRole, LegSound, OriginateMode } from "../driver";
import type { CallModel } from "./model";
import type { Call, Leg } from "./types";
import { scriptFor, type DialOutcome, type PartyOutcome, type PartyScript } from "./profile";

export interface DialOptions {
  mode: OriginateMode;
  ringTimeoutMs: number;
  /** Runs in the step that answers the party, before its talk time starts. */
  onAnswered?: (leg: Leg, script: PartyScript) => void;
  onEnded?: (leg: Leg) => void;
  /** How a person answering sounds (default "human"): a conference party has a voice of its own. */
  personVoice?: LegSound;
  /** The outcome a script gives this dial, over the number's rules and the weights. */
  scripted?: DialOutcome;
}

const VOICES: Partial<Record<PartyOutcome, LegSound>> = {
  machine: "machine",
  "voicemail-box": "voicemail-box",
};

export function dialParty(m: CallModel, call: Call, role: LegRole, number: string, opts: DialOptions): Leg {
  const leg = m.newLeg(call, role, { number });
  const script = scriptFor(m.profile, number, opts.mode, m.rngFor(leg), opts.scripted);
  leg.voice = VOICES[script.outcome] ?? opts.personVoice ?? "human";
  leg.onEnded = opts.onEnded;
  m.announce(leg);
  const answer = () => {
    if (leg.state === "ended") return;
    m.answer(leg);
    opts.onAnswered?.(leg, script);
    m.schedule(leg, script.talkMs, () => m.endLeg(leg, "normal"));
  };
  switch (script.outcome) {
    case "voicemail-box":
      answer(); // the PBX's own mailbox picks up at once
      break;
    case "busy":
    case "failed": {
      const cause = script.outcome;
      m.schedule(leg, script.ringAfterMs, () => m.endLeg(leg, cause));
      break;
    }
    default:
      m.schedule(leg, opts.ringTimeoutMs, () => m.endLeg(leg, "no-answer"));
      m.schedule(leg, script.ringAfterMs, () => {
        m.ringing(leg);
        if (script.outcome === "rejected") m.schedule(leg, script.answerAfterMs, () => m.endLeg(leg, "rejected"));
        else if (script.outcome !== "no-answer") m.schedule(leg, script.answerAfterMs, answer);
      });
  }
  return leg;
}
