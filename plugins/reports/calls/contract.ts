// The call-detail search's wire contract (issue 37, part 3), shared by the browser and the gateway: the calls of a
// range of the call centre's days, filtered, newest first, a page at a time (keyset: an opaque cursor names the
// last call of the page before, so a page never repeats or skips a call however many calls come in meanwhile);
// one call with its lead, recordings, disclosure proofs and the agent's status trail around it; and the whole
// search as a CSV file, streamed.
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { CALL_TYPES } from "../../../src/contract/calls";
import { DISPOSITIONS } from "../../../src/contract/dispositions";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { decimalInteger, MAX_RECORD_ID, RecordId } from "../../../src/contract/ids";
import { isDob } from "../../../src/contract/lead";
import { nanpDigits } from "../../../src/contract/leadIntake";
import { MAX_REPORT_DAYS, REPORT_MESSAGES } from "../contract";
import { CENTRE_NOTE, centreField } from "../centres/contract";

/** The PBX's answering-machine verdicts, as calls.amd_verdict holds them; "none": the PBX gave none. */
export const AMD_VERDICTS = ["AMD-Human-voice", "AMD-Machine-Vm-WA", "AMD-NotSure", "AMD-Hangup"] as const;
export const AMD_FILTERS = [...AMD_VERDICTS, "none"] as const;
export const CALL_DIRECTIONS = ["outbound", "inbound"] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
export const YES_NO = ["yes", "no"] as const;

export const CALLS_PAGE_DEFAULT = 50;
export const CALLS_PAGE_MAX = 200;
/** The longest a call's duration filter goes: a day, in seconds. */
export const MAX_DURATION_FILTER = 86_400;

export const CALLS_MESSAGES = {
  phone: "Enter a phone number: digits, with any spaces, dots, dashes or brackets (e.g. 212 555 0142).",
  cursor: "This page marker is not one the gateway gave: start again from the first page.",
  durations: "The longest duration comes on or above the shortest.",
  whole: "A whole number of seconds, from 0 to 86400.",
  id: "A record's number, as the list shows it.",
  choice: "Choose one of the values offered.",
} as const;

const Day = z.string().refine(isDob, REPORT_MESSAGES.date);

/**
 * A number as an agent types it ("(212) 555-0142", "+1 212.555.0142", "12125550142"), normalised as the core
 * normalises North American numbers (the 10 national digits); another number keeps its digits after a "+".
 */
export function normalisedPhone(raw: string): string | null {
  const nanp = nanpDigits(raw);
  if (nanp) return nanp;
  const text = raw.trim();
  if (!/^\+?[0-9\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 3 || digits.length > 15) return null;
  return text.startsWith("+") ? `+${digits}` : digits;
}

/** Every spelling calls.phone may hold the number in: E.164 as dialled, the national digits as leads and the seed hold. */
export function phoneSpellings(normalised: string): string[] {
  if (/^\d{10}$/.test(normalised)) return [normalised, `+1${normalised}`, `1${normalised}`];
  if (normalised.startsWith("+")) return [normalised, normalised.slice(1)];
  return [normalised, `+${normalised}`];
}

const Phone = z
  .string()
  .max(40, CALLS_MESSAGES.phone)
  .transform((s, ctx) => {
    const n = normalisedPhone(s);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: CALLS_MESSAGES.phone });
      return z.NEVER;
    }
    return n;
  });
const Id = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, CALLS_MESSAGES.id)
  .transform(Number)
  .pipe(z.number().int().max(MAX_RECORD_ID, CALLS_MESSAGES.id));
const Seconds = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,5})$/, CALLS_MESSAGES.whole)
  .transform(Number)
  .pipe(z.number().int().max(MAX_DURATION_FILTER, CALLS_MESSAGES.whole));
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: CALLS_MESSAGES.choice });

/** The page marker: the last call of the page before, as (started_at to the microsecond in UTC, id). */
export interface CallsCursor {
  at: string;
  id: number;
}
const CURSOR_AT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/;

/** The opaque text of a cursor (base64url of its JSON), and back. */
export function encodeCursor(c: CallsCursor): string {
  // ASCII only (digits, dashes, colons, a dot): btoa takes it as it is.
  return btoa(JSON.stringify([c.at, c.id]))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
export function decodeCursor(text: string): CallsCursor | null {
  try {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
    const json = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const v: unknown = JSON.parse(json);
    if (!Array.isArray(v) || v.length !== 2) return null;
    const [at, id] = v as unknown[];
    if (typeof at !== "string" || !CURSOR_AT.test(at)) return null;
    if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > MAX_RECORD_ID) return null;
    return { at, id };
  } catch {
    return null;
  }
}
const Cursor = z.string().transform((s, ctx) => {
  const c = decodeCursor(s);
  if (!c) {
    ctx.addIssue({ code: "custom", message: CALLS_MESSAGES.cursor });
    return z.NEVER;
  }
  return c;
});

/** What the search filters by (every field but the range optional), as the query string carries it. */
const filterFields = {
  /** The first and last day covered (both included), in the call centre's zone; both today when left out. */
  from: Day.optional(),
  to: Day.optional(),
  agent_id: Id.optional(),
  lead_id: Id.optional(),
  /** The call's number, in any format an agent would type. */
  phone: Phone.optional(),
  /** The lead's campaign when the call was placed or taken (calls.campaign_id). */
  campaign_id: Id.optional(),
  direction: choice(CALL_DIRECTIONS).optional(),
  /** The disposition given for the call (its latest, when it was changed). */
  disposition: choice(DISPOSITIONS).optional(),
  /** Seconds from answer to end, both included; a call never answered lasted 0. */
  min_duration: Seconds.optional(),
  max_duration: Seconds.optional(),
  amd: choice(AMD_FILTERS).optional(),
  /** A live transfer was started on the call (calls.live_transfer). */
  transfer: choice(YES_NO).optional(),
  /** The call has an extra recording. */
  recording: choice(YES_NO).optional(),
};

/** The range's rules (as the other reports') and the durations' order. */
function checkFilters(
  q: { from?: string | undefined; to?: string | undefined; min_duration?: number; max_duration?: number },
  ctx: z.RefinementCtx,
) {
  if (q.from && q.to && isDob(q.from) && isDob(q.to)) {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.order });
    else if (days > MAX_REPORT_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.span });
  }
  if (q.min_duration !== undefined && q.max_duration !== undefined && q.max_duration < q.min_duration)
    ctx.addIssue({ code: "custom", path: ["max_duration"], message: CALLS_MESSAGES.durations });
}

/** The search's filters: the CSV export's query, and what the scheduled e-mails keep. */
export const CallsFilterQuery = z.strictObject(filterFields).superRefine(checkFilters);
export type CallsFilterInput = z.input<typeof CallsFilterQuery>;
/** The filters as parsed (numbers, the number normalised): what `callsCsv` takes. */
export type CallsFilter = z.output<typeof CallsFilterQuery>;

/** The CSV export's query: the search's filters and the call centre. */
export const CallsExportQuery = z.strictObject({ ...filterFields, ...centreField }).superRefine(checkFilters);

/** A page of the search. */
export const CallsReportQuery = z
  .strictObject({
    ...filterFields,
    ...centreField,
    /** The page marker the page before answered (`next_cursor`); the first page without it. */
    cursor: Cursor.optional(),
    limit: decimalInteger(1, CALLS_PAGE_MAX).default(CALLS_PAGE_DEFAULT),
  })
  .superRefine(checkFilters);
export type CallsReportQuery = z.input<typeof CallsReportQuery>;
export type CallsPageQuery = z.output<typeof CallsReportQuery>;

const Named = z.object({ id: z.number().int(), name: z.string() });

/** One call as the search lists it. */
export const CallRow = z.object({
  id: z.number().int(),
  /** ISO instants. */
  started_at: z.string(),
  ended_at: z.string().nullable(),
  agent: Named,
  /** Null for a call with no lead (an inbound call never matched, an internal call). */
  lead: Named.nullable(),
  /** The number called or calling, as the PBX had it. */
  number: z.string(),
  campaign: Named.nullable(),
  direction: z.enum(CALL_DIRECTIONS),
  type: z.enum(CALL_TYPES),
  /** Seconds from answer to end; null for a call never answered or not settled. */
  duration: z.number().int().nullable(),
  /** The disposition given for the call (the latest when changed), if any. */
  disposition: z.string().nullable(),
  /** The PBX's answering-machine verdict, if it gave one. */
  amd: z.string().nullable(),
  live_transfer: z.boolean(),
  /** Extra recordings of the call. */
  recordings: z.number().int(),
});
export type CallRow = z.infer<typeof CallRow>;

export const ReportAgentChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  /** qualifier | advisor | … */
  role: z.string(),
  active: z.boolean(),
});

export const CallsReport = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    as_of: z.string(),
    today: z.string(),
    /** The call centre's agents (and anyone else who placed or took calls), for the agent filter. */
    agents: z.array(ReportAgentChoice),
    /** The call centre's campaigns, for the campaign filter. */
    campaigns: z.array(Named),
    rows: z.array(CallRow),
    /** The next page's marker; null on the last page. */
    next_cursor: z.string().nullable(),
  }),
});
export type CallsReport = z.infer<typeof CallsReport>["data"];

/** An extra recording of the call; its audio plays from the recordings plugin's GET /recordings/{id}/audio. */
export const CallDetailRecording = z.object({
  id: z.number().int(),
  index: z.number().int(),
  at: z.string(),
  /** Seconds of audio; null while it records or when there is none. */
  seconds: z.number().nullable(),
  /** recording | complete | incomplete | no_audio: only complete and incomplete ones have audio to play. */
  state: z.string(),
});

/** A carrier disclosure given on the call, as its proof keeps it: each step as read, and the lead's answer. */
export const CallDetailDisclosure = z.object({
  at: z.string(),
  carrier: z.string(),
  wording: z.string(),
  language: z.string(),
  completed: z.boolean(),
  steps: z.array(
    z.object({ step: z.number(), text: z.string(), answer: z.string().nullable(), at: z.string() }),
  ),
});

/** A disclosure's recorded audio played into the call. */
export const CallDetailPlayback = z.object({
  at: z.string(),
  media: z.string(),
  seconds: z.number(),
  /** done | stopped | ended */
  end: z.string(),
});

/** One status change of the agent. */
export const StatusTrailEntry = z.object({
  at: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  /** agent | system | manager */
  source: z.string(),
  reason: z.string().nullable(),
  /** Whole seconds spent in `from`. */
  previous_seconds: z.number().int(),
});
export type StatusTrailEntry = z.infer<typeof StatusTrailEntry>;

export const CallDetail = z.object({
  data: z.object({
    time_zone: z.string(),
    call: CallRow,
    /** The call's lead as it is now. */
    lead: z
      .object({
        id: z.number().int(),
        name: z.string(),
        phone: z.string(),
        status: z.string(),
        marketing_id: z.string(),
        campaign: Named.nullable(),
      })
      .nullable(),
    recordings: z.array(CallDetailRecording),
    disclosures: z.array(CallDetailDisclosure),
    playbacks: z.array(CallDetailPlayback),
    /** The agent's status changes from the last before the call started to the first after it ended. */
    status_trail: z.array(StatusTrailEntry),
  }),
});
export type CallDetail = z.infer<typeof CallDetail>["data"];

const MANAGERS = "Managers and above.";

export const callsReport = defineEndpoint({
  method: "GET",
  path: "/reports/calls",
  summary: `Not in the specification (issue 37): the calls of the caller's call centre from the first day to the last (its time zone, both included, at most ${MAX_REPORT_DAYS} days; today when left out), newest first, filtered by agent_id, lead_id, phone (any format; North American numbers normalised), campaign_id, direction (outbound | inbound), disposition, min_duration and max_duration (seconds, a call never answered counting 0), amd (${AMD_FILTERS.join(" | ")}), transfer (yes | no: a live transfer), recording (yes | no: an extra recording). A page at a time: limit 1..${CALLS_PAGE_MAX} (default ${CALLS_PAGE_DEFAULT}), cursor = the next_cursor of the page before. 200 {data: {from, to, time_zone, as_of, today, agents, campaigns, rows: [{id, started_at, ended_at, agent {id, name}, lead {id, name} | null, number, campaign | null, direction, type, duration, disposition, amd, live_transfer, recordings}], next_cursor (null on the last page)}}; 422 per field;${CENTRE_NOTE} ${MANAGERS}`,
  tags: ["reports"],
  query: CallsReportQuery,
  responses: { 200: CallsReport, 403: ErrorBody, 422: ErrorBody },
});

export const exportCallsReport = defineEndpoint({
  method: "GET",
  path: "/reports/calls/export",
  summary: `Not in the specification (issue 37): the same search as GET /reports/calls (the same filters, no page) as a CSV file (text/csv, UTF-8 with a byte order mark, content-disposition attachment), every call newest first, streamed page by page; times in the call centre's zone. 422 per field;${CENTRE_NOTE} ${MANAGERS}`,
  tags: ["reports"],
  query: CallsExportQuery,
  responses: { 200: z.unknown(), 403: ErrorBody, 422: ErrorBody },
});

export const callDetail = defineEndpoint({
  method: "GET",
  path: "/reports/calls/:id",
  summary: `Not in the specification (issue 37): one call of the caller's call centre as the search lists it, with its lead (name, phone, status, campaign), its extra recordings (audio at GET /recordings/{id}/audio), the carrier disclosures given on it (each step as read and answered) and their audio played, and the agent's status changes from the last before the call started to the first after it ended. 404 for a call of another call centre or none.${CENTRE_NOTE} ${MANAGERS}`,
  tags: ["reports"],
  params: z.strictObject({ id: RecordId }),
  query: z.strictObject(centreField),
  responses: { 200: CallDetail, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
});

/** The CSV's columns, in order (the header row). */
export const CALLS_CSV_COLUMNS = [
  "call_id",
  "started_at",
  "local_time",
  "agent_id",
  "agent",
  "lead_id",
  "lead",
  "number",
  "campaign",
  "direction",
  "type",
  "duration_seconds",
  "disposition",
  "amd_verdict",
  "live_transfer",
  "recordings",
] as const;
