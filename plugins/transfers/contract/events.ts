// The transfers plugin's own socket controls (agent-workspace §7): the Sunlife and Matcha transfers' levels,
// sunlife-start|join|leave|kick|destroy {extension, phone} and matcha-start|join|leave|kick|destroy {extension},
// under the specification's names. The browser side sends them (`ctx.call.send`), the gateway side answers them
// (server.ts, partners.server.ts); the core's socket contract does not list them. The external transfer's
// controls (external-transfer-*) and the third party's are the core's.
import { defineClientEvent, type ClientEventKey } from "../../../src/contract/clientEvent";
import { SocketPhone } from "../../../src/contract/socket";

/** The steps of a partner's transfer: start (level 1 → 2), join (2 → 3), leave (3), kick and destroy (back to 1). */
export const PARTNER_STEPS = ["start", "join", "leave", "kick", "destroy"] as const;
export type PartnerStep = (typeof PARTNER_STEPS)[number];

const controls = <F extends Record<string, typeof SocketPhone>>(prefix: string, fields: F) =>
  Object.fromEntries(
    PARTNER_STEPS.map((step) => [step, defineClientEvent(`${prefix}-${step}`, fields)]),
  ) as Record<PartnerStep, ClientEventKey<F>>;

/** A Sunlife agent of the call centre, named by its number. */
export const sunlifeEvents = controls("sunlife", { phone: SocketPhone });
/** Matcha: its number is the call centre's, known to the gateway. */
export const matchaEvents = controls("matcha", {});

/** The name Matcha's number goes by. */
export const MATCHA = "Matcha";

/** Refusals of the partners' transfers (socket acks), in clear English; the plugin's locales word them (refusals.*). */
export const PARTNER_TRANSFER_MESSAGES = {
  sunlifeNotAllowed: "You are not allowed to transfer to Sunlife.",
  matchaNotAllowed: "You are not allowed to transfer to Matcha.",
  matchaOff: "Matcha transfers are turned off for your call centre.",
  notASunlifeAgent: "This number is not one of your call centre's Sunlife agents.",
} as const;
