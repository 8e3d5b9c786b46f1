// An outside transfer's state in the call's row (calls.transfer), so that it is not only in the memory of the
// gateway that drives the PBX: the gateway that follows the call next (a restart, the standby that takes the
// lease over) shows the agent the same transfer (its kind, party, the "Sent External" disposition it sets) and
// still ends a party that rings past TRANSFER_RING_TIMEOUT_MS. Live transfers have rows of their own
// (live_transfers); an internal transfer ends the agent's call at once, so neither is kept here.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { TransferDisposition, TransferKind, TransferOutcome } from "../../../src/contract/calls";
import type { Db } from "../../db/client";
import { calls } from "../../db/schema";
import type { ActiveTransfer } from "./active";

const KEPT = ["external", "sunlife", "matcha", "third-party"] as const satisfies readonly TransferKind[];

const StoredTransfer = z.object({
  kind: z.enum(KEPT),
  party: z.string().nullable(),
  name: z.string().nullable(),
  outcome: TransferOutcome.nullable(),
  disposition: TransferDisposition.nullable(),
  /** When the party's phone started ringing (ms since the epoch); null once it answered or the transfer settled. */
  ringingSince: z.number().nullable(),
});
export type StoredTransfer = z.infer<typeof StoredTransfer>;

/** Whether the row keeps this kind of transfer. */
export const keptInRow = (t: ActiveTransfer | null): t is ActiveTransfer & { kind: StoredTransfer["kind"] } =>
  t !== null && (KEPT as readonly string[]).includes(t.kind);

/** Writes the call's transfer as it stands now. */
export async function saveTransfer(
  db: Db,
  callId: number,
  t: ActiveTransfer & { kind: StoredTransfer["kind"] },
  ringingSince: number | null,
): Promise<void> {
  const stored: StoredTransfer = {
    kind: t.kind,
    party: t.party,
    name: t.name,
    outcome: t.outcome,
    disposition: t.disposition,
    ringingSince,
  };
  await db.update(calls).set({ transfer: stored }).where(eq(calls.id, callId));
}

/** The transfer a row kept, or null (none, or a shape this gateway does not know: the agent then sees the party only). */
export function storedTransferOf(value: unknown): StoredTransfer | null {
  const parsed = StoredTransfer.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The call's transfer rebuilt from what the row kept. `partyOn`: the PBX still has the party's leg. A transfer under
 * way whose party left while no gateway followed the call went back to level 1, as the party's hangup would have
 * taken it: not answered if it was still ringing, the party hung up otherwise.
 */
export function transferFrom(stored: StoredTransfer, partyOn: boolean): ActiveTransfer {
  const gone = !partyOn && stored.outcome === null;
  return {
    kind: stored.kind,
    party: stored.party,
    name: stored.name,
    outcome: gone ? (stored.ringingSince !== null ? "no_answer" : "party_hung_up") : stored.outcome,
    disposition: gone ? null : stored.disposition,
  };
}
