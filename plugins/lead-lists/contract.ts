// The lead lists' wire contract (issue 36, parts 2 and 3): a manager's CSV import — uploaded, its columns mapped
// to lead fields, checked by a dry run, then run as a background job with its progress and its report — and the
// lists it makes (one per import, one per publisher) with their counts and what a manager does to them: pause or
// resume for the dialer, reset dial counts, remove the undialled leads. Shared by the browser and the gateway. The
// publishers' keys and their post are in ./publishers/contract.ts.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { idParam } from "../../src/contract/ids";
import { definePush } from "../../src/contract/push";

const isoInstant = z.string().datetime({ offset: true });

/** A file of at most 100 MB (and 500,000 rows: the dry run refuses more). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 500_000;
/** Rows shown under the column mapping. */
export const PREVIEW_ROWS = 8;

/** A lead field → the column that holds it (0-based); phone_other may take several columns. */
export const ColumnMapping = z
  .record(z.string(), z.union([z.number().int().min(0).max(199), z.array(z.number().int().min(0).max(199)).max(5)]))
  .refine((m) => Object.keys(m).length <= 40, "Too many fields.");
export type ColumnMappingWire = z.infer<typeof ColumnMapping>;

/**
 * What an import's rows became, by outcome: written as new leads, an existing lead updated (the call centre's
 * duplicate policy), a duplicate of an earlier row of the file or of a lead in the book, a number on a Do Not Call
 * list, a row that does not pass (bad CSV or a field), outside the allowed countries.
 */
export const IMPORT_OUTCOMES = ["created", "updated", "duplicate_file", "duplicate_book", "dnc", "invalid", "country"] as const;
export const ImportOutcome = z.enum(IMPORT_OUTCOMES);
export type ImportOutcome = z.infer<typeof ImportOutcome>;
export const ImportCounts = z.partialRecord(ImportOutcome, z.number().int());
export type ImportCounts = z.infer<typeof ImportCounts>;

/** uploaded: waiting for its mapping; checking / checked: the dry run; queued / running: the import; then the end. */
export const IMPORT_STATES = ["uploaded", "checking", "checked", "queued", "running", "done", "cancelled", "failed"] as const;
export const ImportState = z.enum(IMPORT_STATES);
export type ImportState = z.infer<typeof ImportState>;

export const DryRun = z.object({
  rows: z.number().int(),
  counts: ImportCounts,
  /** The most frequent reasons rows are refused, with how many rows each ("phone: Enter a North American…"). */
  reasons: z.array(z.object({ reason: z.string(), rows: z.number().int() })),
});
export type DryRun = z.infer<typeof DryRun>;

export const LeadImport = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file_bytes: z.number().int(),
  /** The file's column names (a name made up for an empty or repeated one). */
  columns: z.array(z.string()),
  /** The first rows of the file, as read, under the mapping. */
  preview: z.array(z.array(z.string())),
  /** The mapping confirmed, else the one remembered for this layout, else the one guessed from the names. */
  mapping: ColumnMapping,
  /** The mapping came from an earlier import of this layout. */
  mapping_remembered: z.boolean(),
  campaign_id: z.number().int().nullable(),
  state: ImportState,
  dry_run: DryRun.nullable(),
  list_id: z.number().int().nullable(),
  rows_total: z.number().int().nullable(),
  rows_done: z.number().int(),
  counts: ImportCounts,
  error: z.string().nullable(),
  created_at: isoInstant,
  created_by: z.string().nullable(),
  started_at: isoInstant.nullable(),
  finished_at: isoInstant.nullable(),
});
export type LeadImport = z.infer<typeof LeadImport>;

/** POST /lead-imports: the file is the body (text/csv or application/octet-stream). */
export const UploadQuery = z.strictObject({ file_name: z.string().trim().min(1).max(200) });

export const uploadLeadImport = defineEndpoint({
  method: "POST",
  path: "/lead-imports",
  summary:
    "Not in the specification (issue 36): uploads a CSV of leads (the request body itself, text/csv or application/octet-stream, up to 100 MB: UTF-8 with or without BOM or Latin-1; comma, semicolon or tab; quoted fields; any line ends). Answers the import with its columns, its first rows and a mapping of columns to lead fields (remembered for this file layout, or guessed from the column names). 201 {data}; 413 over 100 MB; 422 for an empty or binary file or one without a header row. Managers and above.",
  tags: ["lead-lists"],
  query: UploadQuery,
  responses: { 201: z.object({ data: LeadImport }), 413: ErrorBody, 422: ErrorBody },
});

export const readLeadImports = defineEndpoint({
  method: "GET",
  path: "/lead-imports",
  summary: "Not in the specification (issue 36): the call centre's imports, newest first (the last 50). Managers and above.",
  tags: ["lead-lists"],
  responses: { 200: z.object({ data: z.array(LeadImport) }) },
});

export const readLeadImport = defineEndpoint({
  method: "GET",
  path: "/lead-imports/:id",
  summary: "Not in the specification (issue 36): an import, its dry run and its progress. 404 for none. Managers and above.",
  tags: ["lead-lists"],
  params: idParam,
  responses: { 200: z.object({ data: LeadImport }), 404: ErrorBody },
});

export const CheckBody = z.strictObject({
  mapping: ColumnMapping,
  /** Every lead to this campaign; null: each lead's marketing-id prefix decides. */
  campaign_id: z.number().int().nullable(),
});

export const checkLeadImport = defineEndpoint({
  method: "POST",
  path: "/lead-imports/:id/check",
  summary:
    "Not in the specification (issue 36): confirms the column mapping (and the campaign) and starts the dry run: every row is judged as the import would (new, duplicate in the file or the book, Do Not Call, invalid with reasons, outside the allowed countries) and nothing is written. The mapping is remembered for the file's layout. 202 {data}; 404; 409 once the import has started; 422 for a mapping without the required fields (marketing id, first and last name, phone) or a column out of range, or another call centre's campaign.",
  tags: ["lead-lists"],
  params: idParam,
  body: CheckBody,
  responses: { 202: z.object({ data: LeadImport }), 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
});

export const startLeadImport = defineEndpoint({
  method: "POST",
  path: "/lead-imports/:id/start",
  summary:
    "Not in the specification (issue 36): runs the checked import as a background job: its rows go into a new list, in batches, each with the job's progress, so the job survives a page reload and a gateway restart (another instance resumes after the last batch written; no row is written twice). 202 {data}; 404; 409 before the dry run has finished or once started.",
  tags: ["lead-lists"],
  params: idParam,
  idempotent: true,
  responses: { 202: z.object({ data: LeadImport }), 404: ErrorBody, 409: ErrorBody },
});

export const cancelLeadImport = defineEndpoint({
  method: "POST",
  path: "/lead-imports/:id/cancel",
  summary:
    "Not in the specification (issue 36): cancels an import not yet finished (its dry run or its job): the rows written so far stay, in its list. 200 {data}; 404; 409 once it has ended.",
  tags: ["lead-lists"],
  params: idParam,
  responses: { 200: z.object({ data: LeadImport }), 404: ErrorBody, 409: ErrorBody },
});

export const readRefusedRows = defineEndpoint({
  method: "GET",
  path: "/lead-imports/:id/refused",
  summary:
    "Not in the specification (issue 36): the rows the import refused as CSV (text/csv): the file's own columns, then the row's line and the reason. 200; 404. Managers and above.",
  tags: ["lead-lists"],
  params: idParam,
  responses: { 200: z.string(), 404: ErrorBody },
});

/** A list's leads, by where they stand. */
export const ListCounts = z.object({
  total: z.number().int(),
  /** The dialer may give them now (not closed, not Do Not Call, not held, not in process, not owned). */
  dialable: z.number().int(),
  /** Dialled at least once. */
  dialled: z.number().int(),
  /** Reached: a disposition other than the no-answer ones. */
  contacted: z.number().int(),
  /** A meeting booked. */
  booked: z.number().int(),
  /** Closed by a final disposition (a sale, not interested, …) other than Do Not Call: no dial left. */
  exhausted: z.number().int(),
  /** Do Not Call: the lead's status, or its number on a list. */
  dnc: z.number().int(),
});
export type ListCounts = z.infer<typeof ListCounts>;

export const LeadList = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(["import", "publisher"]),
  campaign_id: z.number().int().nullable(),
  paused: z.boolean(),
  created_at: isoInstant,
  created_by: z.string().nullable(),
  counts: ListCounts,
});
export type LeadList = z.infer<typeof LeadList>;

export const readLeadLists = defineEndpoint({
  method: "GET",
  path: "/lead-lists",
  summary:
    "Not in the specification (issue 36): the call centre's lead lists (each import, each publisher) with their counts: total, dialable now, dialled, contacted, booked, exhausted, Do Not Call. Managers and above.",
  tags: ["lead-lists"],
  responses: { 200: z.object({ data: z.array(LeadList) }) },
});

export const PauseBody = z.strictObject({ paused: z.boolean() });

export const pauseLeadList = defineEndpoint({
  method: "PUT",
  path: "/lead-lists/:id/paused",
  summary:
    "Not in the specification (issue 36): pauses the list for the dialer (its leads are not given to agents; a follow-up an agent owes still goes; 'Why this lead?' names the list) or resumes it. 200 {data}; 404. Managers and above.",
  tags: ["lead-lists"],
  params: idParam,
  body: PauseBody,
  responses: { 200: z.object({ data: LeadList }), 404: ErrorBody, 422: ErrorBody },
});

export const resetLeadListDials = defineEndpoint({
  method: "POST",
  path: "/lead-lists/:id/reset-dials",
  summary:
    "Not in the specification (issue 36): the list's leads start the dialing sequence over (their dial counts back to 0). 200 {data: {leads}}; 404. Managers and above.",
  tags: ["lead-lists"],
  params: idParam,
  idempotent: true,
  responses: { 200: z.object({ data: z.object({ leads: z.number().int() }) }), 404: ErrorBody },
});

export const removeUndialledLeads = defineEndpoint({
  method: "POST",
  path: "/lead-lists/:id/remove-undialled",
  summary:
    "Not in the specification (issue 36): removes the list's leads nothing happened to (never dialled, no call, disposition or follow-up, nobody's); the others stay. 200 {data: {removed}}; 404. Managers and above.",
  tags: ["lead-lists"],
  params: idParam,
  idempotent: true,
  responses: { 200: z.object({ data: z.object({ removed: z.number().int() }) }), 404: ErrorBody },
});

/** To the call centre's managers: an import moved (a batch written, its dry run done, its end). */
export const leadImportChanged = definePush("lead-import-changed", LeadImport);
