// The only file other plugins may import: the lead lists' service key and its interface, and the shapes of an import
// and a list. The service is what the "Lead lists" page drives: a manager's CSV import (upload, column mapping, dry
// run, the background job's progress and its report) and the call centre's lists with what a manager does to them.
import { serviceKey } from "../../src/sdk";
import type { LeadField } from "./model";

export {
  IMPORT_OUTCOMES,
  IMPORT_STATES,
  leadImportChanged,
  type ImportCounts,
  type ImportOutcome,
  type ImportState,
  type LeadImport,
  type LeadList,
  type ListCounts,
} from "./contract";
export type { LeadField } from "./model";
/** The lists with their counts, and the publishers' keys with their prefixes: what the reports read of them. */
export { readLeadLists } from "./contract";
export { listPublisherKeys, type PublisherKey } from "./publishers/contract";

/** How fast the import under way goes, from its successive updates; null until two of them are apart. */
export interface ImportPace {
  rowsPerSecond: number;
  /** Null while no row has been written between two updates. */
  secondsLeft: number | null;
}

export interface LeadListsApi {
  /** The page is on screen: loads the lists, the imports and the campaigns, shows an import under way again, and
   * polls it every 2 s (a push may be missed) until the page goes. Returns the release. */
  watch(): () => void;
  /** Reads the lists, the recent imports and the campaigns again. */
  load(): Promise<void>;
  loadLists(): Promise<void>;

  /** Uploads a CSV (the file itself as the body), with its progress; the import's mapping step follows. */
  upload(file: File): Promise<void>;
  /** Which lead field a column of the file holds (null: not imported). */
  setField(column: number, field: LeadField | null): void;
  /** Every lead to this campaign; null: each lead's marketing-id prefix decides. */
  setCampaign(campaignId: number | null): void;
  /** Confirms the mapping and starts the dry run; false when the gateway refused (its reasons are in the store). */
  check(): Promise<boolean>;
  /** Back to the mapping of a checked import, to change it and check again (false: back to its dry run). */
  remap(on: boolean): void;
  /** Runs the checked import as a background job. */
  start(): Promise<boolean>;
  /** Cancels the import on screen (its dry run or its job): what is written stays. */
  cancel(): Promise<boolean>;
  /** Shows one of the recent imports: its mapping, progress or report. */
  open(importId: number): Promise<void>;
  /** Leaves the import on screen for a new upload. */
  close(): void;
  /** The import's refused rows as a CSV file the browser saves. */
  downloadRefused(): Promise<void>;
  /** How fast the import under way goes (observable). */
  pace(): ImportPace | null;

  /** Pauses the list for the dialer, or resumes it. */
  setPaused(listId: number, paused: boolean): Promise<boolean>;
  /** The list's leads start the dialing sequence over; how many leads, or null when refused. */
  resetDials(listId: number): Promise<number | null>;
  /** Removes the list's leads nothing happened to; how many, or null when refused. */
  removeUndialled(listId: number): Promise<number | null>;

  dispose(): void;
}

export const leadListsApi = serviceKey<LeadListsApi>("lead-lists.api");
