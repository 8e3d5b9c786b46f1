import { z } from "zod";
import { linkAddress } from "../../src/contract/links";

/** Where the lead's id goes in the e-app address. */
export const LEAD_ID = "{leadId}";

/**
 * The embedded demo e-app's start page, on the gateway's own origin (server.ts): what the button opens until the
 * call centre sets its carrier's address, so the button works on `npm start` with nothing else installed.
 */
export const DEMO_EAPP_PATH = "/health-eapp-demo/start";
export const DEMO_EAPP_URL = `/api/v1${DEMO_EAPP_PATH}?ref=${LEAD_ID}`;

// The carrier's e-app over http(s), or a path on the dialer's own origin (the demo page): the wire contract's one
// link rule (src/contract/links.ts), since the address becomes a link's href, and `javascript:` there would run
// in the dialer's tab.
const eappAddress = linkAddress(2000);

/**
 * The variant's config (`config["health-eapp"]`). The specification only says the button "opens a configured
 * URL", so the carrier's address is the call centre's to set; by default it is the embedded demo page, with
 * the lead's id as its reference.
 */
export const HealthEappConfig = z.object({
  url: eappAddress
    // Without the lead's id the e-app would open blank, and the advisor retype the lead: refuse it at sign-in.
    .refine((url) => url.includes(LEAD_ID), { message: `the e-app URL must contain ${LEAD_ID}` })
    .default(DEMO_EAPP_URL),
});
export type HealthEappConfig = z.output<typeof HealthEappConfig>;
