import { z } from "zod";

/** The variant's config (`config.dispositions`). */
export const DispositionsConfig = z.object({
  /** Advisors see the lead's previous disposition (agent-workspace §4: "visible to advisors only if configured"). */
  showPreviousToAdvisors: z.boolean().default(false),
});
export type DispositionsConfig = z.output<typeof DispositionsConfig>;
