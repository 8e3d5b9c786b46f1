// Live transfer's rules, pure (agent-workspace §4 Live transfer, §5 the live transfer button, §8 errors): where
// the call's live transfer stands, whether the lead may be transferred live, and which of the plugin's texts
// words a gateway's refusal.
import { TRANSFER_MESSAGES, type TransferState } from "../../src/contract/calls";
import { LIVE_TRANSFER_MESSAGES } from "../../src/contract/liveTransfers";
import { PARTNER_TRANSFER_MESSAGES } from "./contract/events";

export type LiveTransferState = TransferState & { kind: "live" };

/** The call's transfer when it is a live one. */
export const liveOf = (t: TransferState | null | undefined): LiveTransferState | null =>
  t?.kind === "live" ? (t as LiveTransferState) : null;

/** A live transfer under way: looking for an advisor, or accepted and not over (the lead not yet handed over). */
export function underway(t: TransferState | null | undefined): LiveTransferState | null {
  const live = liveOf(t);
  return live && live.outcome === null && live.live && live.live.state !== "canceled" ? live : null;
}

/** A live transfer an advisor accepted, then lost before the handover: its Live_Transfer no longer holds. */
export function lostAfterAccept(t: TransferState | null | undefined): boolean {
  const live = liveOf(t);
  if (!live || live.disposition?.saved) return false;
  return live.live?.state === "canceled" || (live.outcome !== null && live.outcome !== "completed");
}

/** The lead's address as the booking wizard holds it (BookingApi.leadAddress), when the wizard is on this lead. */
export interface AddressFacts {
  valid: boolean;
  postalValidated: boolean;
  region: string | null;
}

/**
 * Why the lead may not be transferred live yet, or null when it may (agent-workspace §5: "disabled unless the
 * postal code has been validated …, or state is known and transfers are allowed, and the address is valid";
 * "Live transfer requires validating ZIP or postal code and state or province; if the ZIP is not found, the
 * state must be selected manually"). With the booking wizard on this lead: its address checked, and its postal
 * code found or a state known. Without it, the state the lead's record has.
 */
export function liveBlock(f: {
  leadState: string | null | undefined;
  address: AddressFacts | null;
}): "zip_state_requirements" | null {
  const stateKnown = Boolean(f.address?.region?.trim() || f.leadState?.trim());
  if (!f.address) return stateKnown ? null : "zip_state_requirements";
  return f.address.valid && (f.address.postalValidated || stateKnown) ? null : "zip_state_requirements";
}

const LIVE_KEYS = new Map<string, string>(
  Object.entries(LIVE_TRANSFER_MESSAGES).map(([k, text]) => [text, k]),
);
const TRANSFER_KEYS = new Map<string, string>(
  Object.entries({ ...TRANSFER_MESSAGES, ...PARTNER_TRANSFER_MESSAGES }).map(([k, text]) => [text, k]),
);

/**
 * The plugin's key for a gateway's message: the specification's own keys ('live_transfers.canceled') as they
 * are, the contracts' English refusals (the core's transfers', this plugin's partners') by theirs; null for a text the plugin does not know (shown as it came).
 */
export function messageKey(message: string): string | null {
  if (/^live_transfers\.[a-z_]+$/.test(message)) return message;
  const live = LIVE_KEYS.get(message);
  if (live) return `live_refusals.${live}`;
  const other = TRANSFER_KEYS.get(message);
  return other ? `refusals.${other}` : null;
}
