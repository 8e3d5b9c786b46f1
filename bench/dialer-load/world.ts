// What the dialer-load bench's processes agree on (run.ts, gateway.ts, and in cluster mode the fake Asterisk): the
// fast simulated world. The lead-import and reports benches take it from here too.
import type { SimProfile } from "../../server/pbx/sim/extensions";

/**
 * A fast simulated world: the WebRTC softphone answers its leg at once, the lead rings a fraction of a second,
 * answers within 0.5–2 s, and a person or a machine hangs up after a few seconds, so a whole call fits well inside
 * the 10 s tick and the agent is back for the next one. No 'no-answer' outcome: the call service rings 30 s before
 * giving up (RING_TIMEOUT_MS), which would only idle the agent for three ticks. Number rules are dropped (the
 * bench's numbers end in any digits).
 */
export const FAST_PROFILE: Partial<SimProfile> = {
  agentAnswerMs: [20, 80],
  ringAfterMs: [100, 400],
  answerAfterMs: { manual: [300, 1000], auto: [500, 2000] },
  amdMs: [300, 800],
  talkMs: { human: [1500, 4000], machine: [1000, 2500] },
  busyToneMs: 500,
  outcomeWeights: { manual: { human: 1 }, auto: { human: 45, machine: 35, busy: 12, failed: 8 } },
  numberRules: [{ exact: "*97", outcome: "voicemail-box" }],
};
