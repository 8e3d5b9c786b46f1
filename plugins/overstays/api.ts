import { serviceKey } from "../../src/sdk";

export interface OverstaysApi {
  /** Reads the feed again from the gateway. */
  refresh(): Promise<void>;
}
export const overstaysApi = serviceKey<OverstaysApi>("overstays.api");
