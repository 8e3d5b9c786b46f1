// The lead card's public face: a flow that changed the lead's history (a disposition saved outside a call)
// may ask the card to read it again. The card already refreshes on a lead change and after every call.
import { serviceKey } from "../../src/sdk";

export interface LeadCardApi {
  /** Reads the current lead's history now (nothing without a current lead). */
  refresh(): Promise<void>;
  /**
   * Keeps the card live while it is on screen: the history follows the current lead and its calls, the
   * lead's local time ticks each minute. Returns the function that stops it.
   */
  watch(): () => void;
}

export const leadCardApi = serviceKey<LeadCardApi>("lead-card.api");
