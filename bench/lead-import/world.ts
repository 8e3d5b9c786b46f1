// What the lead-import bench's two processes agree on (run.ts and gateway.ts): the pinned clock, the places whose
// calling windows are open then, the seeded leads' phone numbers (the CSV reuses a few of them on purpose, as
// duplicates of the lead book), the campaign prefix and the fast simulated PBX. PLACES is the load world's
// (server/test/loadWorld.ts); FAST_PROFILE is bench/dialer-load/world.ts's.
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

/** The fast simulated world of bench/dialer-load/world.ts. */
export { FAST_PROFILE } from "../dialer-load/world";

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
