// One auto-dial (autoDial, POST /dials/auto) and what came of it (agent-workspace §7: 201 with the dial; 404
// NoLeadResponse when no lead may be dialled; 409/403/others refused with the gateway's message). One
// Idempotency-Key per attempt, so a request the network replays never places a second call; sent once, since the
// loop asks again on its next tick with a new key (after a 503, as soon as its Retry-After allows).
import { autoDial, NoLeadResponse, type DialResult } from "../../src/contract/dialer";
import { callEndpoint, type EndpointCaller } from "../../src/sdk";
import { explainNoLead, type NoLeadExplanation } from "./reasons";

export type AutoDialOutcome =
  /** A call was placed; null when the answer's shape was not the contract's (the call still started). */
  | { kind: "dialled"; result: DialResult | null }
  | { kind: "no_lead"; explanation: NoLeadExplanation }
  /**
   * Not now (503): the gateway runs as many dials as it takes at once, or the phones move to another instance.
   * Nothing was placed; the same request may go again after `retryAfterMs` (its Retry-After, 2 s without one).
   */
  | { kind: "busy"; retryAfterMs: number }
  /** Refused or failed: the gateway's message, or null when it sent none (network down). */
  | { kind: "refused"; status: number | null; message: string | null };

/** Seconds to wait after a 503 that named no delay (a proxy with no gateway behind it). */
const BUSY_DEFAULT_RETRY_S = 2;

export async function postAutoDial(caller: EndpointCaller, key: string): Promise<AutoDialOutcome> {
  const dial = await callEndpoint(caller, autoDial, { idempotencyKey: key, retry: false });
  if (dial.ok) return { kind: "dialled", result: dial.data };
  // A success whose answer its schema refuses: the call did start.
  if (dial.status !== null && dial.status < 300) return { kind: "dialled", result: null };
  if (dial.status === 404) {
    // The no-lead answer's reasons and samples, when it has them (the refusal's body); else its message alone.
    const noLead = NoLeadResponse.safeParse(dial.body);
    return {
      kind: "no_lead",
      explanation: noLead.success
        ? explainNoLead(noLead.data)
        : { message: dial.message ?? "", examined: 0, blocked: null, skipped: [] },
    };
  }
  if (dial.status === 503)
    return { kind: "busy", retryAfterMs: (dial.retryAfter ?? BUSY_DEFAULT_RETRY_S) * 1000 };
  return { kind: "refused", status: dial.status, message: dial.message };
}
