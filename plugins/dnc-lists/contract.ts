// The Do Not Call lists' wire contract (issue 36, part 4): the call centre's internal list (list 0: numbers a Do Not
// Call disposition, a manager or a consumer's own request put there) and its imported lists (a national-registry
// extract, a partner's list), managed by managers and above. The data and the compliance gate are the core's
// (server/compliance/dncLists.ts, reached through ctx.dnc); these are the plugin's routes over them. Shared by the
// browser and the gateway.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { decimalInteger, MAX_RECORD_ID } from "../../src/contract/ids";
import { INTAKE_MESSAGES, nanpDigits } from "../../src/contract/leadIntake";
import { keepLine } from "../../src/contract/text";

/** The internal list's id: it has no row of its own, and the browser names it in the user's language. */
export const INTERNAL_LIST = 0;
export const DNC_NAME_MAX = 100;
export const DNC_SOURCE_MAX = 200;
export const DNC_REASON_MAX = 500;
/** The largest file an upload takes. */
export const DNC_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** How many refused lines an upload's answer shows (the count has them all). */
export const REFUSED_SAMPLES = 20;
/** A page of a list's numbers, at most. */
export const DNC_PAGE_MAX = 500;

/** The gateway's words (English); the browser says each in the user's language by its key (service.ts). */
export const DNC_MESSAGES = {
  name: `Enter the list's name (up to ${DNC_NAME_MAX} characters).`,
  nameTaken: "A list of this name exists already: choose another name.",
  kind: "Choose the kind of list: a national registry extract or a partner's list.",
  source: `Say where the list comes from (up to ${DNC_SOURCE_MAX} characters).`,
  expiry: "The expiry is a date, YYYY-MM-DD.",
  expiryPast: "This date has passed: a list that has expired blocks no number.",
  phone: INTAKE_MESSAGES.phone,
  reason: `Say why (1 to ${DNC_REASON_MAX} characters).`,
  consumerOnImported: "Only the internal list records a person's own request not to be called.",
  listMissing: "There is no such Do Not Call list.",
  internalKept: "The internal list cannot be deleted: take its numbers off one by one, each with its reason.",
  numberMissing: "This number is not on this list.",
  consumerRequest: "The person asked not to be called: only a manager or above can take this number off the list.",
  expired: "This list has expired: its numbers no longer count. Create a new list for a newer extract.",
  internalUpload:
    "Files are uploaded to an imported list; the internal list takes numbers one at a time, each with its reason.",
  empty: "The file is empty.",
  binary: "This is not a text file: upload the list as text or CSV, one number per line.",
  utf16: 'This file is saved as UTF-16 (Excel\'s "Unicode Text"): save it again as "CSV UTF-8 (comma delimited)".',
  tooBig: "The file is larger than 50 MB: split it into smaller files.",
  uploadType: "Send the file itself as the request's body, as text/csv or application/octet-stream.",
} as const;
export type DncMessageKey = keyof typeof DNC_MESSAGES;

const isoInstant = z.string().datetime({ offset: true });

/** A day, YYYY-MM-DD, that exists in the calendar. */
export const isDay = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
};
const Day = z.string(DNC_MESSAGES.expiry).refine(isDay, DNC_MESSAGES.expiry);

/**
 * A list counts through its expiry day wherever the number is: until 12:00 UTC the next day, when that day is over
 * in every North American time zone (Hawaii and Samoa included). The instant the core keeps, from the day.
 */
export const listExpiryInstant = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 36 * 3_600_000);
/** The expiry day back from the instant. */
export const listExpiryDay = (at: Date) => new Date(at.getTime() - 36 * 3_600_000).toISOString().slice(0, 10);

/** One line of text a person typed: cleaned (no control or bidirectional characters), trimmed, 1..max. */
const line = (max: number, message: string) =>
  z
    .string(message)
    .max(max + 100, message)
    .transform((s) => keepLine(s).trim())
    .pipe(z.string().min(1, message).max(max, message));

/** A North American number as a person writes it ("(212) 555-0142", "212.555.0142", "+1 212 555 0142"): its 10 digits. */
export const DncPhone = z
  .string(DNC_MESSAGES.phone)
  .max(50, DNC_MESSAGES.phone)
  .transform((raw, ctx) => {
    const digits = nanpDigits(raw);
    if (digits === null) {
      ctx.addIssue({ code: "custom", message: DNC_MESSAGES.phone });
      return z.NEVER;
    }
    return digits;
  });

export const DncReason = line(DNC_REASON_MAX, DNC_MESSAGES.reason);

/** A list in a path: 0 the internal list, else an imported list's id (canonical decimal, as every id). */
export const ListParam = z.strictObject({ list: decimalInteger(0, MAX_RECORD_ID) });
export const NumberParams = z.strictObject({ list: decimalInteger(0, MAX_RECORD_ID), phone: DncPhone });

export const DNC_LIST_KINDS = ["registry", "partner"] as const;
export const DncListKind = z.enum(["internal", ...DNC_LIST_KINDS]);
export type DncListKind = z.infer<typeof DncListKind>;

export const DncList = z.object({
  id: z.number().int(),
  /** null for the internal list: the browser names it in the user's language. */
  name: z.string().nullable(),
  kind: DncListKind,
  /** Where it came from (a registry extract's area codes, a partner's name); null for the internal list. */
  source: z.string().nullable(),
  created_at: isoInstant.nullable(),
  /** The last day the list counts, YYYY-MM-DD; null: it does not expire (the internal list keeps each number 3 years + 14 days). */
  expires_at: z.string().nullable(),
  /** The expiry day is over: the list's numbers no longer count. */
  expired: z.boolean(),
  /** Numbers in force on the list now. */
  numbers: z.number().int(),
});
export type DncList = z.infer<typeof DncList>;

/** A number on a list: which list, since when, until when, why and who put it there. */
export const DncEntry = z.object({
  list_id: z.number().int(),
  /** null for the internal list. */
  list_name: z.string().nullable(),
  kind: DncListKind,
  /** The 10 national digits. */
  phone: z.string(),
  added_at: isoInstant,
  /** null: as long as the list lasts. */
  expires_at: isoInstant.nullable(),
  /** disposition (an agent's Do Not Call), manual (added on this page), consumer (the person asked), import (a file). */
  source: z.string(),
  reason: z.string().nullable(),
  /** Who added it; null for an import of old or an account since removed. */
  added_by: z.string().nullable(),
  /** In force now (not expired). */
  active: z.boolean(),
});
export type DncEntry = z.infer<typeof DncEntry>;

export const CreateDncListBody = z.strictObject({
  name: line(DNC_NAME_MAX, DNC_MESSAGES.name),
  kind: z.enum(DNC_LIST_KINDS, { error: DNC_MESSAGES.kind }),
  source: line(DNC_SOURCE_MAX, DNC_MESSAGES.source),
  /** The last day the list counts; null or absent: it does not expire. */
  expires_at: Day.nullable().optional(),
});
export type CreateDncListBody = z.input<typeof CreateDncListBody>;

export const AddDncNumberBody = z.strictObject({
  phone: DncPhone,
  reason: DncReason,
  /** The internal list only: the person asked not to be called (a manager or above alone can take it off again). */
  consumer_request: z.boolean().optional(),
});
export type AddDncNumberBody = z.input<typeof AddDncNumberBody>;

/** The removal's reason, in the body or the query. */
export const RemoveDncNumberBody = z.strictObject({ reason: DncReason }).nullable().optional();
export const RemoveDncNumberQuery = z.strictObject({ reason: DncReason.optional() });

export const SearchDncQuery = z.strictObject({ phone: DncPhone });

export const ListNumbersQuery = z.strictObject({
  /** The last number of the page before (its 10 digits). */
  after: z
    .string()
    .regex(/^\d{10}$/, "after is the last number of the page before, 10 digits")
    .optional(),
  limit: decimalInteger(1, DNC_PAGE_MAX).default(50),
});

/** Why an uploaded line was left out: no number on it, a number that is not North American, a line too long to read. */
export const RefusedLineReason = z.enum(["no_number", "not_north_american", "too_long"]);
export type RefusedLineReason = z.infer<typeof RefusedLineReason>;

export const UploadResult = z.object({
  /** Lines that held data (blank lines and a heading line not counted). */
  read: z.number().int(),
  /** Numbers that were not on the list. */
  added: z.number().int(),
  /** Numbers already there (or twice in the file): their date starts over. */
  renewed: z.number().int(),
  refused: z.number().int(),
  /** The first refused lines, with their line number in the file. */
  refused_samples: z.array(z.object({ line: z.number().int(), text: z.string(), reason: RefusedLineReason })),
});
export type UploadResult = z.infer<typeof UploadResult>;

const TAGS = ["dnc-lists"];
const MANAGERS = "Managers and above.";

export const listDncLists = defineEndpoint({
  method: "GET",
  path: "/dnc-lists",
  summary: `Not in the specification (issue 36): the caller's call centre's Do Not Call lists, the internal list (id 0, name null) first, then the imported ones newest first, each with its kind, source, dates and the numbers in force on it. ${MANAGERS}`,
  tags: TAGS,
  responses: { 200: z.object({ data: z.array(DncList) }) },
});

export const createDncList = defineEndpoint({
  method: "POST",
  path: "/dnc-lists",
  summary: `Not in the specification (issue 36): creates an imported Do Not Call list {name, kind: registry | partner, source, expires_at?: YYYY-MM-DD | null} (empty; its numbers come by upload or one by one). The list counts through its expiry day in every North American time zone. 201 {data: list}; 422 per field (a name another list has, an expiry day that has passed). Idempotency-Key supported. ${MANAGERS}`,
  tags: TAGS,
  body: CreateDncListBody,
  responses: { 201: z.object({ data: DncList }), 422: ErrorBody },
  idempotent: true,
});

export const deleteDncList = defineEndpoint({
  method: "DELETE",
  path: "/dnc-lists/:list",
  summary: `Not in the specification (issue 36): deletes an imported list and its numbers (audited); the dialer may call them again unless another list has them. 204; 404 for no such list; 409 for the internal list (0). ${MANAGERS}`,
  tags: TAGS,
  params: ListParam,
  responses: { 204: z.null(), 404: ErrorBody, 409: ErrorBody },
});

export const uploadDncNumbers = defineEndpoint({
  method: "PUT",
  path: "/dnc-lists/:list/numbers",
  summary: `Not in the specification (issue 36): adds the numbers of a file to an imported list. The body is the file itself (text/csv or application/octet-stream, up to 50 MB, UTF-8 or Latin-1), read whole before anything is written (a file over the limit or cut short leaves the list as it was): a registry extract (area code and number, "212,5550142", "2125550142" or "(212) 555-0142", one per line) or a CSV whose first column holding a North American number is used; a first line without digits is a heading. Numbers go on the list in batches (a number already there is renewed), with the list's expiry. 200 {data: {read, added, renewed, refused, refused_samples: [{line, text, reason: no_number | not_north_american | too_long}] (the first 20)}}; 422 for an empty or binary file (nothing written); 404 for no such list; 409 for the internal list or an expired list; 413 over 50 MB; 415 for another content type. ${MANAGERS}`,
  tags: TAGS,
  params: ListParam,
  responses: { 200: z.object({ data: UploadResult }), 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody },
});

export const addDncNumber = defineEndpoint({
  method: "POST",
  path: "/dnc-lists/:list/numbers",
  summary: `Not in the specification (issue 36): puts one number on a list (0: the internal list) {phone, reason (1..500), consumer_request?: boolean}; on the internal list consumer_request records that the person asked not to be called (source consumer; only a manager or above takes it off), else source manual. Already there, the number's date starts over (a consumer's request stays one). The dialer and the compliance gate refuse it from the next dial on. 201 {data: entry}; 404 for no such list; 409 for an expired list; 422 per field (a number that is not North American, a missing reason). Idempotency-Key supported. ${MANAGERS}`,
  tags: TAGS,
  params: ListParam,
  body: AddDncNumberBody,
  responses: { 201: z.object({ data: DncEntry }), 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
  idempotent: true,
});

export const removeDncNumber = defineEndpoint({
  method: "DELETE",
  path: "/dnc-lists/:list/numbers/:phone",
  summary: `Not in the specification (issue 36): takes a number off a list, with the reason (required, 1..500) in the body {reason} or the query ?reason=; the core keeps the removal and its reason in the audit log. 204; 404 when the number is not on that list (or no such list); 403 when the person asked not to be called and the caller is not a manager or above; 422 for a number that is not North American or no reason. ${MANAGERS}`,
  tags: TAGS,
  params: NumberParams,
  query: RemoveDncNumberQuery,
  body: RemoveDncNumberBody,
  responses: { 204: z.null(), 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
});

export const searchDncNumber = defineEndpoint({
  method: "GET",
  path: "/dnc-lists/search",
  summary: `Not in the specification (issue 36): every list the number ?phone= is on, the most recent first, expired entries included (active false): the list (list_name null for the internal list), since (added_at), expires_at, source, reason, who added it. 200 {data: [entry]} (empty: on no list); 422 for text that is no North American number. ${MANAGERS}`,
  tags: TAGS,
  query: SearchDncQuery,
  responses: { 200: z.object({ data: z.array(DncEntry) }), 422: ErrorBody },
});

export const listDncNumbers = defineEndpoint({
  method: "GET",
  path: "/dnc-lists/:list/numbers",
  summary: `Not in the specification (issue 36): a page of a list's numbers in number order, after ?after= (the last number of the page before), ?limit= 1..500 (default 50). 200 {data: [entry], next: the number to ask after for the next page, or null}; 404 for no such list. ${MANAGERS}`,
  tags: TAGS,
  params: ListParam,
  query: ListNumbersQuery,
  responses: { 200: z.object({ data: z.array(DncEntry), next: z.string().nullable() }), 404: ErrorBody, 422: ErrorBody },
});

export const exportDncList = defineEndpoint({
  method: "GET",
  path: "/dnc-lists/:list/export",
  summary: `Not in the specification (issue 36): the list as a CSV file (text/csv, UTF-8 with a byte order mark, content-disposition attachment): phone, added_at, expires_at (empty: as long as the list lasts), source, reason, every entry in number order, streamed page by page. 404 for no such list. ${MANAGERS}`,
  tags: TAGS,
  params: ListParam,
  responses: { 200: z.unknown(), 404: ErrorBody },
});

/** The export's columns, in order. */
export const EXPORT_COLUMNS = ["phone", "added_at", "expires_at", "source", "reason"] as const;
