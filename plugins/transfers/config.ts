import { z } from "zod";

/** The variant's config (`config.transfers`); the defaults are the specification's constants (§9). */
export const TransfersConfig = z.object({
  /** Transfer buttons re-enable this long after a press (agent-workspace §9: 1 s). */
  reenableMs: z.number().int().min(0).max(10_000).default(1000),
});
export type TransfersConfig = z.output<typeof TransfersConfig>;
