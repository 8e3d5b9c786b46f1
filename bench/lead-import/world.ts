// What the lead-import bench's two processes agree on (run.ts and gateway.ts): the pinned clock, the places whose
// calling windows are open then, the seeded leads' phone numbers (the CSV reuses a few of them on purpose, as
// duplicates of the lead book), the campaign prefix and the fast simulated PBX. PLACES is the load world's
// (server/test/loadWorld.ts); FAST_PROFILE is a copy of bench/dialer-load/gateway.ts's (that file is a script that
// starts a gateway when imported, so nothing of it can be imported here).
import type { SimProfile } from "../../server/pbx/sim/extensions";
import { PLACES } from "../../server/test/loadWorld";

/** Tuesday 10 March 2026, 18:00Z: 11:00–14:00 local in every US zone of PLACES (as bench/dialer-load). */
export const CLOCK_START = "2026-03-10T18:00:00Z";
export const BENCH_PASSWORD = "bench-lead-import-password-5";
/** The bench campaign's marketing-id prefix: every seeded and imported lead's id starts with it. */
export const PREFIX = "BNL";
export const MANAGER_EMAIL = "import.manager@bench.test";

/** US places whose calling windows are open at CLOCK_START (server/test/loadWorld.ts, shared with the load world). */
export { PLACES };

/** The n-th seeded lead's number: exchanges 200–2xx (the CSV's own numbers use exchanges 300–900). */
export const seededPhone = (n: number) => `${PLACES[n % PLACES.length]![2]}${2_000_000 + n}`;
export const seededPlace = (n: number) => PLACES[n % PLACES.length]!;

/**
 * A fast simulated world (copied from bench/dialer-load/gateway.ts): the WebRTC softphone answers at once, the
 * lead rings a fraction of a second, answers within 0.5–2 s, and a person or a machine hangs up after a few
 * seconds, so a whole call fits well inside the 10 s tick. Number rules dropped (the numbers end in any digits).
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

/** The phases of a run, in order; the gateway attributes its samples (RSS, CPU, statements) to the current one. */
export const PHASES = [
  "idle",
  "setup",
  "warmup",
  "alone",
  "upload",
  "dryrun",
  "import",
  "after",
  "drain",
] as const;
export type Phase = (typeof PHASES)[number];
