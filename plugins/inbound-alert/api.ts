// The inbound-alert plugin's public face, and the tone it plays (a key, so tests and a softphone with its
// own ringer can hand in another player).
import { serviceKey } from "../../src/sdk";

/** Plays one short tone; may reject when the browser blocks audio before the agent has interacted. */
export interface TonePlayer {
  play(): Promise<void>;
}
export const inboundAlertToneKey = serviceKey<TonePlayer>("inbound-alert.tone");

export interface InboundAlertApi {
  /** Follows the agent's call while the popup is mounted; returns the function that stops (and silences) it. */
  watch(): () => void;
  /** The agent's Dismiss: silences the alert and closes the popup. */
  dismiss(): void;
}
export const inboundAlertApi = serviceKey<InboundAlertApi>("inbound-alert.api");
