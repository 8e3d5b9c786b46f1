// The lead book for managers (issue 36, part 5): the call centre's leads searched by name, phone, marketing id or
// e-mail and filtered by list, status and campaign, newest first, 50 a page; and what a manager does to one lead
// besides editing it (the core's PUT /leads/{id}, audited by the core): give it to another agent or back to the
// pool, and mark it Do Not Call. Shared by the browser and the gateway (./routes.server.ts).
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { decimalInteger, idParam, MAX_RECORD_ID, RecordId } from "../../../src/contract/ids";
import { LEAD_STATUSES, UpdateLeadBody } from "../../../src/contract/lead";
import { printableText } from "../../../src/contract/text";

const isoInstant = z.string().datetime({ offset: true });

/** Leads a page of the search shows. */
export const BOOK_PAGE_SIZE = 50;
/** The longest search text (as the core's lead search). */
export const BOOK_QUERY_MAX = 100;
/** The longest Do Not Call reason. */
export const DNC_REASON_MAX = 500;

/** The gateway's texts; the page says each in the manager's language (its locale's `book.errors.*`). */
export const BOOK_MESSAGES = {
  inProcess: "An agent is working this lead right now; try again when the call is over.",
  notAnAgent: "Choose an active qualifier or advisor of this call centre.",
  noSuchList: "No such list in this call centre.",
  noSuchCampaign: "No such campaign in this call centre.",
  status: "Choose one of the lead statuses.",
  searchTooLong: `At most ${BOOK_QUERY_MAX} characters.`,
  reasonRequired: "Give the reason the lead must not be called.",
  reasonTooLong: `At most ${DNC_REASON_MAX} characters.`,
  consumerRequest: "Say whether the person asked not to be called (true or false).",
} as const;
const M = BOOK_MESSAGES;

// ---------------------------------------------------------------- the search

export const LeadBookQuery = z.strictObject({
  /** Name ("first last"), phone digits (3 or more), marketing id or e-mail, as the core's lead search matches. */
  q: z
    .string()
    .trim()
    .max(BOOK_QUERY_MAX, M.searchTooLong)
    .transform((s) => s || undefined)
    .optional(),
  list_id: RecordId.optional(),
  status: z.enum(LEAD_STATUSES, { error: M.status }).optional(),
  campaign_id: RecordId.optional(),
  /** 1-based page of 50 leads. */
  page: decimalInteger(1, 100_000).default(1),
});
export type LeadBookQuery = z.input<typeof LeadBookQuery>;

/** A lead as the search lists it. */
export const BookLead = z.object({
  id: z.number().int(),
  marketing_id: z.string(),
  /** "First Last". */
  name: z.string(),
  phone: z.string(),
  /** Lower-case state or province code. */
  state: z.string().nullable(),
  status: z.string(),
  campaign_id: z.number().int().nullable(),
  /** The campaign's name. */
  campaign: z.string().nullable(),
  /** The list that brought the lead (an import's or a publisher's), when one did. */
  list_id: z.number().int().nullable(),
  list: z.string().nullable(),
  /** The agent who owns it ("First Last"); null: the pool's. */
  owner_id: z.number().int().nullable(),
  owner: z.string().nullable(),
  dials: z.number().int(),
  created_at: isoInstant,
});
export type BookLead = z.infer<typeof BookLead>;

export const LeadBookPage = z.object({
  data: z.array(BookLead),
  /** Leads matching the filters, every page together. */
  total: z.number().int(),
});
export type LeadBookPage = z.infer<typeof LeadBookPage>;

export const searchLeadBook = defineEndpoint({
  method: "GET",
  path: "/lead-book/leads",
  summary: `Not in the specification (issue 36): the caller's call centre's leads matching every filter given, newest first, ${BOOK_PAGE_SIZE} a page: q (at most ${BOOK_QUERY_MAX} characters: the name "first last", 3 or more phone digits, the marketing id or the e-mail, without case, as the lead search matches; % and _ are plain characters), list_id (the lead list that brought the lead), status (one of the lead statuses), campaign_id, page (from 1). 200 {data: [{id, marketing_id, name, phone, state, status, campaign_id, campaign, list_id, list, owner_id, owner, dials, created_at}], total}; 422 per field for a filter that is not one (a list or a campaign of another call centre too). Managers and above.`,
  tags: ["lead-lists"],
  query: LeadBookQuery,
  responses: { 200: LeadBookPage, 422: ErrorBody },
});

// ---------------------------------------------------------------- one lead

export const ReassignBody = z.strictObject({
  /** The agent (an active qualifier or advisor of the call centre) who gets the lead; null: back to the pool. */
  agent_id: z.number().int().min(1).max(MAX_RECORD_ID).nullable(),
});
export type ReassignBody = z.infer<typeof ReassignBody>;

export const reassignBookLead = defineEndpoint({
  method: "PUT",
  path: "/lead-book/leads/:id/owner",
  summary:
    "Not in the specification (issue 36): gives the lead to an agent {agent_id} (an active qualifier or advisor of the caller's call centre) or back to the pool {agent_id: null}; its pending follow-ups go with it (or are cancelled back to the pool). Audited. 200 {data: {owner_id}}; 404 for no lead of the caller's call centre; 409 while an agent works the lead (a call on it); 422 on agent_id for anyone but an active agent of the call centre. Managers and above.",
  tags: ["lead-lists"],
  params: idParam,
  body: ReassignBody,
  responses: {
    200: z.object({ data: z.object({ owner_id: z.number().int().nullable() }) }),
    404: ErrorBody,
    409: ErrorBody,
    422: ErrorBody,
  },
});

export const DncBody = z.strictObject({
  reason: printableText(DNC_REASON_MAX, { tooLong: M.reasonTooLong, invalid: { error: M.reasonRequired } })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, M.reasonRequired),
  /** The person asked not to be called (then only a manager or above takes the numbers off the list). */
  consumer_request: z.boolean({ error: M.consumerRequest }),
});
export type DncBody = z.input<typeof DncBody>;

export const markBookLeadDoNotCall = defineEndpoint({
  method: "POST",
  path: "/lead-book/leads/:id/dnc",
  summary: `Not in the specification (issue 36): marks the lead Do Not Call: its status, and its numbers on the call centre's internal Do Not Call list with {reason (1 to ${DNC_REASON_MAX} characters), consumer_request (the person asked)}; its pending follow-ups are cancelled, every dial of its numbers is refused from then on. Audited. 200 {data: {id, status}}; 404 for no lead of the caller's call centre; 422 per field. Managers and above.`,
  tags: ["lead-lists"],
  params: idParam,
  body: DncBody,
  responses: {
    200: z.object({ data: z.object({ id: z.number().int(), status: z.string() }) }),
    404: ErrorBody,
    422: ErrorBody,
  },
});

/**
 * The core's PUT /leads/{id} (server/modules/leads/routes.ts), which has no endpoint object in src/contract/lead.ts
 * yet: declared here for the browser only (no route binds it in this plugin), with the core's own schemas, so the
 * page calls it by an object and its tests answer it checked. Once the core declares it, this goes.
 */
export const saveLeadFields = defineEndpoint({
  method: "PUT",
  path: "/leads/:id",
  summary:
    "Saves the lead's edited fields (any subset; address and insurance partial, clients merged by position) 204. A manager's edit is audited with the fields it changed. The postal code must suit the lead's country, a date of birth may not be after yesterday (422 {message, errors}).",
  tags: ["leads"],
  params: idParam,
  body: UpdateLeadBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
