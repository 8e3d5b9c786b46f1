// The user summary's public face: another plugin (a saved disposition, a booking) may ask it to read the
// agent's follow-ups and last dials again.
import { serviceKey } from "../../src/sdk";

export interface UserSummaryApi {
  /** Reads follow-ups, overdue follow-ups and last dials now. */
  refresh(): Promise<void>;
}

export const userSummaryApi = serviceKey<UserSummaryApi>("user-summary.api");
