// Who is offered a live transfer, in what order (agent-workspace §4 Live transfer; admin-and-sign-in §2 the
// advisors' live-transfer checkboxes, §3 attribute groups' transfer score). Pure: the gateway gathers the facts,
// this decides. A lead about health insurance goes only to an advisor licensed in the lead's state (anchors
// route on skills; a licence is the one skill a regulator checks).
import { NOTIFIED_STATUSES } from "../../../src/contract/liveTransfers";
import type { AgentStatus } from "../../../src/contract/status";

export { NOTIFIED_STATUSES };
/** Statuses that take the offer at once. */
export const READY_STATUSES: readonly AgentStatus[] = ["ready", "idle"];

export interface AdvisorFacts {
  readonly id: number;
  readonly status: AgentStatus;
  /** On a call or being offered another transfer: never offered a second one. */
  readonly busy: boolean;
  /** The users area's checkboxes (PUT /agents/transfer-availability/{internal|external}). */
  readonly internalLiveTransfers: boolean;
  readonly externalLiveTransfers: boolean;
  /** Lower-case state or province codes. */
  readonly healthLicenses: readonly string[];
  /** The best transfer score of the advisor's attribute groups; 0 without one. */
  readonly transferScore: number;
  /** When the advisor last took a live transfer (epoch ms), null if never: the longest-waiting goes first. */
  readonly lastTransferAt: number | null;
}

export interface TransferNeeds {
  /** From one of the call centre's qualifiers (internal) or a partner's (external). */
  readonly source: "internal" | "external";
  /** The lead's state or province, lower case, or null when unknown. */
  readonly state: string | null;
  /** The lead is about health insurance: a licence for its state is required. */
  readonly health: boolean;
  /** Advisors who already let this transfer pass (or were offered it): not again. */
  readonly passed: ReadonlySet<number>;
}

/** Why an advisor is not offered the transfer, or null when they are. */
export function whyNot(a: AdvisorFacts, needs: TransferNeeds): string | null {
  if (needs.passed.has(a.id)) return "passed";
  if (a.busy || a.status === "on_a_call") return "busy";
  if (!READY_STATUSES.includes(a.status) && !NOTIFIED_STATUSES.includes(a.status)) return "status";
  if (needs.source === "internal" ? !a.internalLiveTransfers : !a.externalLiveTransfers) return "not_enabled";
  if (needs.health && (!needs.state || !a.healthLicenses.includes(needs.state))) return "no_licence";
  return null;
}

/**
 * The advisors to offer the transfer to, best first: those ready before those only notified, then the higher
 * transfer score, then the one who waited longest since a transfer, then the lower id (a stable order).
 */
export function rankAdvisors<A extends AdvisorFacts>(advisors: readonly A[], needs: TransferNeeds): A[] {
  const readyFirst = (a: AdvisorFacts) => (READY_STATUSES.includes(a.status) ? 0 : 1);
  return advisors
    .filter((a) => whyNot(a, needs) === null)
    .sort(
      (a, b) =>
        readyFirst(a) - readyFirst(b) ||
        b.transferScore - a.transferScore ||
        (a.lastTransferAt ?? -Infinity) - (b.lastTransferAt ?? -Infinity) ||
        a.id - b.id,
    );
}
