// The transfers plugin's public face: the live-transfer pushes an advisor gets (agent-workspace §7 "confirm live
// transfer"), and the desktop notifier it raises them with (a key, so tests and another shell can hand in theirs).
import { LiveTransferOffer, LiveTransferWithdrawn } from "../../src/contract/liveTransfers";
import { definePush, serviceKey } from "../../src/sdk";

/** A lead is offered to this advisor (`confirm-live-transfer`). */
export const liveTransferOffered = definePush("confirm-live-transfer", LiveTransferOffer);
/** The offer is gone: taken by another advisor, stopped, the lead hung up, or passed on. */
export const liveTransferWithdrawn = definePush("live-transfer-withdrawn", LiveTransferWithdrawn);

/** A desktop notification on screen. */
export interface DesktopNotification {
  close(): void;
}

/**
 * Raises desktop notifications (agent-workspace §4: a live transfer waiting for an advisor who is not Ready).
 * `show` resolves null when none can be shown (no support, permission denied or dismissed) and never rejects.
 */
export interface DesktopNotifier {
  show(n: { title: string; body: string; tag: string; onClick(): void }): Promise<DesktopNotification | null>;
}
export const desktopNotifierKey = serviceKey<DesktopNotifier>("transfers.desktop-notifier");
