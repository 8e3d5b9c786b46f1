import { z } from "zod";

/** Where the lead's id goes in the e-app address. */
export const LEAD_ID = "{leadId}";

/**
 * The variant's config (`config["health-eapp"]`). The specification only says the button "opens a configured
 * URL", so the carrier's address is the call centre's to set; the default, on a reserved `.example` host, is
 * the shape it takes: the e-app's start page with the lead's id as its reference.
 */
export const HealthEappConfig = z.object({
  url: z
    .url({ protocol: /^https?$/ })
    // Without the lead's id the e-app would open blank, and the advisor retype the lead: refuse it at sign-in.
    .refine((url) => url.includes(LEAD_ID), { message: `the e-app URL must contain ${LEAD_ID}` })
    .default(`https://eapp.foresters.example/start?ref=${LEAD_ID}`),
});
export type HealthEappConfig = z.output<typeof HealthEappConfig>;
