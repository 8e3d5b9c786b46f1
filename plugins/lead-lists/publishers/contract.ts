// The publishers' lead intake (issue 36, part 1): the API keys a manager gives the insurance lead sellers (each
// scoped to one call centre and some of its campaigns' marketing-id prefixes, shown once, kept as its SHA-256), the
// publisher's post of a lead with its key (POST /lead-intake, X-API-Key: no session), and the call centre's intake
// setting (the duplicate window, and whether a duplicate updates the lead or is refused). Shared by the browser and
// the gateway; the lead's shape, its outcomes and messages are the core's (src/contract/leadIntake.ts).
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { defineEndpoint } from "../../../src/contract/endpoint";
import { idParam } from "../../../src/contract/ids";
import { LeadIntake, LeadIntakeSettings, type LeadIntakeInput } from "../../../src/contract/leadIntake";
import { lineText } from "../../../src/contract/text";

const isoInstant = z.string().datetime({ offset: true });

/** The header a publisher's post carries its key in. */
export const API_KEY_HEADER = "X-API-Key";
/** Every key starts so; what follows is 32 random bytes, base64url. */
export const KEY_PREFIX = "pk_";
/** How many of the key's first characters the list shows, to tell keys apart. */
export const KEY_START_LENGTH = 12;
export const KEY_NAME_MAX = 80;
export const KEY_PREFIXES_MAX = 20;
export const PER_MINUTE_DEFAULT = 120;
export const PER_MINUTE_MAX = 6000;

/** The gateway's texts; the admin page says each in the manager's language (its locale's `errors.*`). */
export const PUBLISHER_MESSAGES = {
  nameRequired: "Name the key (the publisher's name).",
  nameTooLong: `At most ${KEY_NAME_MAX} characters.`,
  prefixesRequired: "Choose at least one marketing id prefix.",
  prefixesTooMany: `At most ${KEY_PREFIXES_MAX} prefixes.`,
  prefixInvalid: "A prefix has letters and digits only.",
  prefixUnknown: "{{prefix}} is not a marketing id prefix of the call centre's campaigns.",
  perMinute: `Between 1 and ${PER_MINUTE_MAX} posts a minute.`,
  keyNotFound: "No such key.",
  /** A create retried under its Idempotency-Key: the key exists, its secret is gone (it is never kept). */
  createdBefore:
    "This request already created the key “{{name}}” ({{start}}…). Its secret was shown only in that answer and is not kept: revoke that key and create another.",
  noKey: `Send the publisher's API key in the ${API_KEY_HEADER} header.`,
  badKey: "This API key is not valid, or it was revoked.",
  intakeOff: "This call centre does not take leads by API at the moment.",
  tooMany: "Too many leads this minute for this key ({{limit}} a minute): try again in {{seconds}} s.",
} as const;

// ---------------------------------------------------------------- keys

export const PublisherKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first 12 characters ("pk_3f9aKx0…"): enough to tell keys apart, useless to post with. */
  key_start: z.string(),
  /** The marketing-id prefixes it may post (upper case). */
  prefixes: z.array(z.string()),
  per_minute: z.number().int(),
  created_at: isoInstant,
  /** Who created it (null once that account is gone). */
  created_by: z.string().nullable(),
  last_used_at: isoInstant.nullable(),
  revoked_at: isoInstant.nullable(),
  /** The publisher's list: every lead the key posted. */
  list_id: z.number().int(),
  /** How many leads the key brought (its list's members). */
  leads_posted: z.number().int(),
});
export type PublisherKey = z.infer<typeof PublisherKey>;

/** The key as created: with its secret, this once. */
export const CreatedPublisherKey = PublisherKey.extend({ key: z.string() });
export type CreatedPublisherKey = z.infer<typeof CreatedPublisherKey>;

const M = PUBLISHER_MESSAGES;

/** A marketing-id prefix as a campaign has it: letters and digits; compared in upper case. */
const Prefix = z
  .string({ error: M.prefixInvalid })
  .trim()
  .regex(/^[A-Za-z0-9]{1,48}$/, M.prefixInvalid)
  .transform((p) => p.toUpperCase());

export const CreatePublisherKeyBody = z.strictObject({
  name: lineText(KEY_NAME_MAX, { tooLong: M.nameTooLong, invalid: { error: M.nameRequired } }).refine(
    (s) => s.length > 0,
    M.nameRequired,
  ),
  prefixes: z
    .array(Prefix, { error: M.prefixesRequired })
    .min(1, M.prefixesRequired)
    .max(KEY_PREFIXES_MAX, M.prefixesTooMany)
    .transform((list) => [...new Set(list)]),
  per_minute: z
    .number({ error: M.perMinute })
    .int(M.perMinute)
    .min(1, M.perMinute)
    .max(PER_MINUTE_MAX, M.perMinute)
    .default(PER_MINUTE_DEFAULT),
});
export type CreatePublisherKeyBody = z.input<typeof CreatePublisherKeyBody>;

export const listPublisherKeys = defineEndpoint({
  method: "GET",
  path: "/publisher-keys",
  summary:
    "Not in the specification (issue 36): the caller's call centre's publisher API keys, newest first: {data: [{id, name, key_start (its first 12 characters), prefixes, per_minute, created_at, created_by (a name), last_used_at, revoked_at, list_id, leads_posted}]}. Never the key itself. Managers and above.",
  tags: ["lead-lists"],
  responses: { 200: z.object({ data: z.array(PublisherKey) }) },
});

export const createPublisherKey = defineEndpoint({
  method: "POST",
  path: "/publisher-keys",
  summary:
    "Not in the specification (issue 36): creates a publisher's API key from {name (1 to 80 characters), prefixes (1 to 20 of the call centre's campaigns' marketing-id prefixes, main or additional; any case), per_minute (1 to 6000 posts a minute, default 120)}, and the publisher's lead list (named as the key) with it. 201 {data: {...the key, key: the secret}}: the secret is shown in this answer only; the gateway keeps its SHA-256. 422 per field (a prefix that is not one of the call centre's: on prefixes). Takes an Idempotency-Key: a retry of a create that went through answers 409 (the key exists; its secret is not kept, so it cannot be answered again). Managers and above.",
  tags: ["lead-lists"],
  body: CreatePublisherKeyBody,
  responses: { 201: z.object({ data: CreatedPublisherKey }), 409: ErrorBody, 422: ErrorBody },
  idempotent: true,
});

export const revokePublisherKey = defineEndpoint({
  method: "DELETE",
  path: "/publisher-keys/:id",
  summary:
    "Not in the specification (issue 36): revokes a publisher's API key: its next post answers 401, on every gateway instance. Its list and leads stay. 204 (also for a key already revoked); 404 for no key of the caller's call centre. Managers and above.",
  tags: ["lead-lists"],
  params: idParam,
  responses: { 204: z.null(), 404: ErrorBody },
});

// ---------------------------------------------------------------- the publisher's post

/** A lead as a publisher copies it from the API page: a New York final-expense lead (the ISF campaign's prefix). */
export const EXAMPLE_LEAD: LeadIntakeInput = {
  marketing_id: "ISF900123",
  first_name: "Maria",
  last_name: "Lopez",
  phone: "(212) 555-0142",
  email: "maria.lopez@example.com",
  date_of_birth: "1958-04-12",
  language: "en",
  street: "350 5th Ave",
  city: "New York",
  postal: "10001",
  state: "NY",
  country: "US",
  website: "quotes.example.com",
  keywords: "final expense insurance",
};

/**
 * The lead contract, with the example the OpenAPI page shows under the body (`example`: zod leaves `examples` out of
 * an input schema with transforms, and OpenAPI 3.0 schemas take `example`).
 */
export const PostedLead = LeadIntake.meta({
  description:
    "A lead (snake case). Required: marketing_id (one of the key's prefixes, then the lead's own number), first_name, last_name, phone (North American). The rest fills the lead card when known; the state is a two-letter code, the country follows from it when not given.",
  example: EXAMPLE_LEAD,
});

export const LeadPosted = z.object({
  data: z.object({ lead_id: z.number().int(), outcome: z.enum(["created", "updated"]) }),
});
export type LeadPosted = z.infer<typeof LeadPosted>;

/** A lead refused for what the lead book holds: the same phone or marketing id (duplicate), or Do Not Call. */
export const IntakeRefusal = ErrorBody.extend({
  reason: z.enum(["duplicate", "dnc"]).optional(),
  /** The lead a duplicate matched. */
  lead_id: z.number().int().optional(),
});
export type IntakeRefusal = z.infer<typeof IntakeRefusal>;

export const postLead = defineEndpoint({
  method: "POST",
  path: "/lead-intake",
  summary:
    "Not in the specification (issue 36): a publisher posts one lead, with its API key in the X-API-Key header (no session). The lead is checked (its fields, its postal code against its state, its marketing-id prefix against the call centre's campaigns and the key's prefixes, the allowed countries, every Do Not Call list, duplicates by phone within the call centre's window or by marketing id), gets its time zone from its postal code (else its state or area code) and its campaign from its prefix, and is dialable at once. 201 {data: {lead_id, outcome: created}}; 200 {data: {lead_id, outcome: updated}} for a duplicate where the call centre updates duplicates; 401 for a missing, unknown or revoked key; 403 for a marketing-id prefix the key may not post, or a call centre without the intake; 409 {message, reason: duplicate, lead_id} or {message, reason: dnc}; 422 {message, errors per field}, or outside the call centre's countries; 429 past the key's posts a minute, with Retry-After. Takes an Idempotency-Key: a retry answers the first answer and makes one lead.",
  tags: ["lead-lists"],
  body: PostedLead,
  responses: {
    200: LeadPosted,
    201: LeadPosted,
    401: ErrorBody,
    403: ErrorBody,
    409: IntakeRefusal,
    422: ErrorBody,
    429: ErrorBody,
  },
  idempotent: true,
});

// ---------------------------------------------------------------- the intake setting

export const readIntakeSettings = defineEndpoint({
  method: "GET",
  path: "/lead-intake/settings",
  summary:
    "Not in the specification (issue 36): the call centre's intake setting for leads from outside (publishers' posts and imports): {data: {duplicate_window_days (0: ever), on_duplicate: update | refuse}}; default 90 days, refuse. Managers and above.",
  tags: ["lead-lists"],
  responses: { 200: z.object({ data: LeadIntakeSettings }) },
});

export const saveIntakeSettings = defineEndpoint({
  method: "PUT",
  path: "/lead-intake/settings",
  summary:
    "Not in the specification (issue 36): sets the intake setting {duplicate_window_days: 0 to 3650, on_duplicate: update | refuse}, from the next lead on. 200 {data}; 422 per field. Managers and above.",
  tags: ["lead-lists"],
  body: LeadIntakeSettings,
  responses: { 200: z.object({ data: LeadIntakeSettings }), 422: ErrorBody },
});
