// The call-tracking provider's settings (admin-and-sign-in §2 retreaver-mappings and configurations, §3
// "Call-tracking mapping, keyed by did (10 digits): prefix, duplicate_checker, short_calls", §5, §7, §8). One rule
// for the manager's page (checked before sending) and the gateway. The provider is Retreaver: it forwards the
// calls it tracks to numbers (DIDs) of the call centre; a mapping says which marketing-id prefix (and so which
// lead campaign) a call to that DID is for.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";

/** Audit-trail subjects (GET /settings/changes?subject=…). */
export const RETREAVER_MAPPINGS_SUBJECT = "retreaver-mappings";
export const MAX_CALLS_AMOUNT_KEY = "max-calls-amount";

/** The specification's texts, verbatim (§5, §8). */
export const MAPPING_MESSAGES = {
  prefixRequired: "Prefix is required",
  didRequired: "DID is required",
  didInvalid: "Invalid DID format (must be 10 digits)",
  didExists: "DID already exists",
  /** Not in the specification: §9 "prefix max 48". */
  prefixTooLong: "Prefix may not be greater than 48 characters",
  /** Not in the specification: the "mask of 9 digits" refused at the gateway. */
  maxCallsInvalid: "Max calls amount must be a whole number of at most 9 digits",
} as const;

export const DID_DIGITS = 10;
export const PREFIX_MAX = 48;
export const MAX_CALLS_DIGITS = 9;
export const MAX_CALLS_LIMIT = 999_999_999;

const DID_FORMAT = /^[0-9]{10}$/;
const MAX_CALLS_FORMAT = /^[0-9]{0,9}$/;

/** The DID's refusal, or null when it is 10 ASCII digits (blanks around are trimmed first). */
export function didProblem(raw: string): string | null {
  const did = raw.trim();
  if (did === "") return MAPPING_MESSAGES.didRequired;
  return DID_FORMAT.test(did) ? null : MAPPING_MESSAGES.didInvalid;
}

/** The prefix's refusal, or null: required (blank or whitespace is not a prefix), at most 48 characters. */
export function prefixProblem(raw: string): string | null {
  const prefix = raw.trim();
  if (prefix === "") return MAPPING_MESSAGES.prefixRequired;
  return prefix.length > PREFIX_MAX ? MAPPING_MESSAGES.prefixTooLong : null;
}

/** The page's "mask of 9 digits": what the field keeps of what was typed (digits only, at most 9). */
export function maskMaxCalls(typed: string): string {
  return typed.replace(/[^0-9]/g, "").slice(0, MAX_CALLS_DIGITS);
}

/** The masked text as the amount: empty is 0, which means no limit. */
export function maxCallsFromText(text: string): number {
  const digits = maskMaxCalls(text);
  return digits === "" ? 0 : Number(digits);
}

const problemCheck = (problem: (v: string) => string | null) => (v: string, ctx: z.RefinementCtx) => {
  const message = problem(v);
  if (message) ctx.addIssue({ code: "custom", message });
};

/** The DID as the path carries it: trimmed, 10 digits. */
export const Did = z
  .string({ error: MAPPING_MESSAGES.didRequired })
  .trim()
  .superRefine(problemCheck(didProblem));

/** An option of a mapping: the wire answers booleans; 0 and 1 are taken too (older clients send numbers). */
const Flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/** POST /settings/retreaver-mappings/{did} {prefix, duplicate_checker, short_calls}. */
export const MappingBody = z.strictObject({
  prefix: z
    .string({ error: MAPPING_MESSAGES.prefixRequired })
    .trim()
    .superRefine(problemCheck(prefixProblem)),
  /** On (default): a caller who is already a lead of the call centre is attached to that lead. */
  duplicate_checker: Flag.default(true),
  /** Kept for the provider's reports; the gateway does not act on it (docs/decisions.md). */
  short_calls: Flag.default(false),
});
export type MappingBody = z.infer<typeof MappingBody>;

/** The path's DID (`/settings/retreaver-mappings/:did`); the handler checks it with `didProblem` and answers its refusal on `did`. */
export const MappingParams = z.strictObject({ did: z.string() });

/**
 * How the page says whether it adds or edits (both are POST to the same path, 201, §7): `add` refuses a DID
 * that exists ('DID already exists' on did), `edit` one that does not (404); without it, POST saves either way.
 */
export const MappingQuery = z.strictObject({ mode: z.enum(["add", "edit"]).optional() });

export const Mapping = z.object({
  prefix: z.string(),
  duplicate_checker: z.boolean(),
  short_calls: z.boolean(),
});
export type Mapping = z.infer<typeof Mapping>;

/** GET /settings/retreaver-mappings: an object keyed by did. */
export const MappingList = z.record(z.string(), Mapping);
export type MappingList = z.infer<typeof MappingList>;

/** GET/PUT /settings/max-calls-amount {maxCallsAmount}: 0 means no limit. */
export const MaxCallsAmount = z.object({ maxCallsAmount: z.number().int().min(0).max(MAX_CALLS_LIMIT) });
export type MaxCallsAmount = z.infer<typeof MaxCallsAmount>;

/** The PUT body: a whole number of at most 9 digits, as a number or its digits. */
export const MaxCallsAmountBody = z.strictObject({
  maxCallsAmount: z.union(
    [
      z
        .number({ error: MAPPING_MESSAGES.maxCallsInvalid })
        .int(MAPPING_MESSAGES.maxCallsInvalid)
        .min(0, MAPPING_MESSAGES.maxCallsInvalid)
        .max(MAX_CALLS_LIMIT, MAPPING_MESSAGES.maxCallsInvalid),
      z
        .string()
        .regex(MAX_CALLS_FORMAT, MAPPING_MESSAGES.maxCallsInvalid)
        .transform((s) => (s === "" ? 0 : Number(s))),
    ],
    { error: MAPPING_MESSAGES.maxCallsInvalid },
  ),
});

export const DEFAULT_MAX_CALLS_AMOUNT: MaxCallsAmount = { maxCallsAmount: 0 };

// ---------------------------------------------------------------- endpoints (settings module)

/** The Retreaver Mappings page's list. */
export const listMappings = defineEndpoint({
  method: "GET",
  path: "/settings/retreaver-mappings",
  summary:
    "The call centre's Retreaver (call-tracking provider) mappings, an object keyed by did (10 digits): {did: {prefix, duplicate_checker, short_calls}}. An inbound call to a mapped DID is the call centre's; a caller who is not yet a lead becomes one with the prefix and the campaign whose Marketing ID Prefix or Additional Prefixes hold it.",
  tags: ["settings"],
  responses: { 200: MappingList },
});
/** Adds (?mode=add) or edits (?mode=edit) the mapping of a DID. */
export const saveMapping = defineEndpoint({
  method: "POST",
  path: "/settings/retreaver-mappings/:did",
  summary:
    "Adds or updates the mapping of a DID: {prefix (required, trimmed, at most 48), duplicate_checker (default true: a caller already a lead is attached to that lead; off, each call makes a new lead), short_calls (default false; kept for the provider)}; booleans, 0 or 1. 201 for both. ?mode=add refuses a DID already mapped (422 'DID already exists' on did); a DID another call centre maps or has as its inbound number is 409 'This number belongs to another call centre.' on did (a dialled number reaches one call centre); ?mode=edit refuses one that is not (404): the page says which it does. A DID that is not 10 digits is 422 'Invalid DID format (must be 10 digits)' on did; a blank prefix 'Prefix is required' on prefix.",
  tags: ["settings"],
  params: MappingParams,
  query: MappingQuery,
  body: MappingBody,
  responses: { 201: z.object({ data: z.object({ did: z.string() }) }), 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
});
export const removeMapping = defineEndpoint({
  method: "DELETE",
  path: "/settings/retreaver-mappings/:did",
  summary:
    "Deletes the mapping of a DID: calls to it are no longer the call centre's by this mapping (leads it made stay). 204; 404 when the call centre has no mapping of it; 422 when the DID is not 10 digits.",
  tags: ["settings"],
  params: MappingParams,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

/** The Configurations page's document: the most simultaneous inbound calls from the provider. */
export const readMaxCallsAmount = defineEndpoint({
  method: "GET",
  path: "/settings/max-calls-amount",
  summary:
    "Configurations: {maxCallsAmount}, the most simultaneous inbound calls the call centre takes from the call-tracking provider (calls to its mapped DIDs); over it a new one is hung up busy before ringing an agent. 0 (the default) means no limit.",
  tags: ["settings"],
  responses: { 200: MaxCallsAmount },
});
export const saveMaxCallsAmount = defineEndpoint({
  method: "PUT",
  path: "/settings/max-calls-amount",
  summary:
    "Saves {maxCallsAmount}: a whole number of at most 9 digits (a number or its digits; empty or 0: no limit), else 422 on maxCallsAmount. 204.",
  tags: ["settings"],
  body: MaxCallsAmountBody,
  responses: { 204: z.null(), 422: ErrorBody },
});
