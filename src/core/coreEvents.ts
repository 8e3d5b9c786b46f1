// The events the core raises in the browser, for plugins to listen to with `ctx.events.on(...)`.
import { z } from "zod";
import { defineEvent } from "./events";

/** The gateway has settled the agent's call (the hangup flow is done): panels that list calls refresh. */
export const callEnded = defineEvent(
  "call:ended",
  z.object({
    callId: z.number().int(),
    leadId: z.number().int().nullable(),
    /** Seconds from answer to end, as the gateway counted them. */
    duration: z.number().nonnegative(),
    /** An inbound call shorter than 80 seconds (agent-workspace §4 Hangup flow). */
    shortCall: z.boolean(),
    bridged: z.boolean(),
  }),
);

/**
 * The realtime socket came back after a drop: pushes sent while it was away are lost, so a panel kept live by
 * pushes reads its state again.
 */
export const reconnected = defineEvent("realtime:reconnected", z.object({}));

/** The realtime socket dropped (the page tries to connect again; `reconnected` follows when it does). */
export const socketDropped = defineEvent("realtime:dropped", z.object({}));
