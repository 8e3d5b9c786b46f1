// How the simulated world behaves: timings, who answers auto and manual dials, and per-number scripts, so
// end-to-end tests get a chosen outcome by dialling a chosen number instead of depending on a seed.
import type { OriginateMode } from "../driver";
import { drawMs, pickWeighted, type Ms, type Rng } from "./random";

/**
 * What a dialled number does. 'voicemail-box' is the PBX's own mailbox (feature code *97); 'not-sure' a person
 * answering machine detection cannot classify (AMD-NotSure); 'rejected' a person who sees the call and
 * declines it (SIP 603). These three happen only by a number rule, never by the weights.
 */
export type PartyOutcome = "human" | "machine" | "busy" | "no-answer" | "failed" | "voicemail-box" | "not-sure" | "rejected";
export type DialOutcome = Exclude<PartyOutcome, "voicemail-box">;
export const DIAL_OUTCOMES: readonly DialOutcome[] = ["human", "machine", "no-answer", "busy", "failed"];

/** Exact rules win over suffix rules; among suffixes the longest wins. */
export type NumberRule = { exact: string; outcome: PartyOutcome } | { suffix: string; outcome: PartyOutcome };

export interface SimProfile {
  /** The simulated WebRTC softphone (no AgentPhoneLine attached) answers its agent leg after this. */
  agentAnswerMs: Ms;
  /** An open external desk phone (Bria) answers after this. */
  externalAnswerMs: Ms;
  /** An agent leg nobody answers is cancelled after this. */
  agentRingTimeoutMs: number;
  /** Ring timeout of a dialled party when the request names none. */
  ringTimeoutMs: number;
  /** From dialling a party to its ringing (or to busy / failed). */
  ringAfterMs: Ms;
  /** From ringing to answer, per dial mode (transfers and conference parties ring like manual dials). */
  answerAfterMs: Record<OriginateMode, Ms>;
  /** From the lead's answer to the AMD verdict. */
  amdMs: Ms;
  /** How long an answered party stays before hanging up (voicemail boxes and inbound callers talk like humans). */
  talkMs: { human: Ms; machine: Ms };
  /** How long the agent hears the busy tone before its leg ends. */
  busyToneMs: number;
  /** An inbound caller nobody answers hangs up after this. */
  inboundGiveUpMs: number;
  /** Outcome weights of numbers no rule scripts. */
  outcomeWeights: Record<OriginateMode, Partial<Record<DialOutcome, number>>>;
  numberRules: readonly NumberRule[];
}

const MINUTE = 60_000;

export const DEFAULT_PROFILE: SimProfile = Object.freeze({
  agentAnswerMs: 150,
  externalAnswerMs: 1500,
  agentRingTimeoutMs: 30_000,
  ringTimeoutMs: 30_000,
  ringAfterMs: [200, 600],
  answerAfterMs: { manual: [1000, 2000], auto: [2000, 12_000] },
  amdMs: 2500,
  // A person stays long enough that the agent is the one to hang up.
  talkMs: { human: [20 * MINUTE, 40 * MINUTE], machine: [55_000, 65_000] },
  busyToneMs: 3000,
  inboundGiveUpMs: 60_000,
  outcomeWeights: {
    manual: { human: 1 },
    auto: { human: 35, machine: 20, "no-answer": 30, busy: 10, failed: 5 },
  },
  numberRules: [
    { exact: "*97", outcome: "voicemail-box" },
    { suffix: "01", outcome: "machine" },
    { suffix: "02", outcome: "busy" },
    { suffix: "03", outcome: "no-answer" },
    // Outside the demo lead book's 555-01XX numbers, so no seeded lead changes behaviour.
    { suffix: "0204", outcome: "not-sure" },
    { suffix: "0205", outcome: "rejected" },
  ],
} satisfies SimProfile);

/** Shallow merge: a field given replaces the default's whole field (numberRules included). */
export function resolveProfile(p?: Partial<SimProfile>): SimProfile {
  return Object.freeze({ ...DEFAULT_PROFILE, ...p });
}

export function ruleFor(rules: readonly NumberRule[], number: string): PartyOutcome | undefined {
  const exact = rules.find((r) => "exact" in r && r.exact === number);
  if (exact) return exact.outcome;
  let best: { suffix: string; outcome: PartyOutcome } | undefined;
  for (const r of rules)
    if ("suffix" in r && number.endsWith(r.suffix) && (!best || r.suffix.length > best.suffix.length))
      best = r;
  return best?.outcome;
}

/** Everything a dialled party will do, drawn up front so the draws never depend on what else happens. */
export interface PartyScript {
  outcome: PartyOutcome;
  ringAfterMs: number;
  answerAfterMs: number;
  talkMs: number;
  amdMs: number;
}

/** `scripted`: the outcome an extension's dial script gives this dial; it wins over the number's rules. */
export function scriptFor(
  profile: SimProfile,
  number: string,
  mode: OriginateMode,
  rng: Rng,
  scripted?: DialOutcome,
): PartyScript {
  // Draw the weighted outcome even when a rule decides, so every script consumes the same draws.
  const drawn = pickWeighted(rng, DIAL_OUTCOMES, profile.outcomeWeights[mode]) ?? "no-answer";
  const outcome = scripted ?? ruleFor(profile.numberRules, number) ?? drawn;
  const ringAfterMs = drawMs(rng, profile.ringAfterMs);
  const answerAfterMs = drawMs(rng, profile.answerAfterMs[mode]);
  const talkMs = drawMs(rng, outcome === "machine" ? profile.talkMs.machine : profile.talkMs.human);
  const amdMs = drawMs(rng, profile.amdMs);
  return { outcome, ringAfterMs, answerAfterMs, talkMs, amdMs };
}
