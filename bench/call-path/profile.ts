// The simulated world of the call-path benchmarks (bench/call-path/run.ts, live-transfer.ts): the agent's
// phone answers quickly (the simulated softphone or desk phone), the lead rings and a person answers within a
// fraction of a second, so a run of many calls is short. Only the moments around an answer are measured;
// these delays set the call rate, not the measure.
import type { SimProfile } from "../../server/pbx/sim/extensions";

export const BENCH_PROFILE: Partial<SimProfile> = {
  agentAnswerMs: [20, 60],
  // A desk phone picks up as fast as the softphone's auto-answer here: the live-transfer bench's advisor.
  externalAnswerMs: [20, 60],
  ringAfterMs: [80, 200],
  answerAfterMs: { manual: [150, 600], auto: [150, 600] },
  outcomeWeights: { manual: { human: 1 }, auto: { human: 1 } },
};
