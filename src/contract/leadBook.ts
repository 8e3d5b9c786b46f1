// The lead book's settings (admin-and-sign-in §2, §3, §5, §7 generic entity and relation calls): lead campaigns
// (their qualifiers), lead prefixes, and lead groups (their advisors and prefixes). The dialer reads them: a
// qualifier gets leads of its campaigns, an advisor pool leads whose prefix is in one of its lead groups.
// Creates and edits send {params} (§7 "POST same {params}"); errors are keyed per field (name, active, prefix,
// prefixes), not under `params`, so a form puts each beside its field.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { idParam, MAX_RECORD_ID } from "./ids";
import { lineText } from "./text";

/** Names (campaign, prefix, group): at most 99 (§5, §9). */
export const LEAD_NAME_MAX = 99;
/** 'Marketing ID Prefix', and the 'Additional Prefixes' as the form's one text (comma-separated): at most 48. */
export const LEAD_PREFIX_MAX = 48;
/** How many ids one relation save may name. */
export const LEAD_RELATION_MAX = 5000;

export const LEAD_BOOK_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `At most ${LEAD_NAME_MAX} characters`,
  prefixTooLong: `At most ${LEAD_PREFIX_MAX} characters`,
  prefixesTooLong: `At most ${LEAD_PREFIX_MAX} characters in all`,
  prefixInvalid: "A prefix has letters and digits only",
  active: "Active must be yes or no",
  nameTaken: "Name already exists",
  notAQualifier: "Only qualifiers of this call centre can be assigned to a campaign",
  notAnAdvisor: "Only advisors of this call centre can be in a lead group",
  unknownPrefix: "Unknown lead prefix",
} as const;
const M = LEAD_BOOK_MESSAGES;

const name = lineText(LEAD_NAME_MAX, { tooLong: M.nameTooLong, invalid: { error: M.nameRequired } }).refine(
  (s) => s.length > 0,
  M.nameRequired,
);
/** A marketing prefix as it starts a lead's marketing ID: letters and digits (ISF, ISWM). */
const PREFIX_RE = /^[A-Za-z0-9]*$/;
const prefixText = lineText(LEAD_PREFIX_MAX, { tooLong: M.prefixTooLong, invalid: { error: M.prefixInvalid } }).refine(
  (s) => PREFIX_RE.test(s),
  M.prefixInvalid,
);

/** The 'Additional Prefixes' as the form shows them: one text, comma-separated. */
export const joinPrefixes = (prefixes: readonly string[]): string => prefixes.join(", ");
/** The form's text as the list it stands for: trimmed, empty parts and repeats dropped. */
export const splitPrefixes = (text: string): string[] => [
  ...new Set(
    text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/**
 * The 'Additional Prefixes': at most 48 characters as one comma-separated text ("ISWM,ISWR"; the spaces the
 * form shows after commas do not count), each a prefix of letters and digits; trimmed, empty ones and repeats
 * dropped.
 */
const additionalPrefixes = z
  .array(z.string({ error: M.prefixInvalid }).max(LEAD_PREFIX_MAX, M.prefixesTooLong), { error: M.prefixInvalid })
  .max(LEAD_PREFIX_MAX, M.prefixesTooLong)
  .transform((list) => splitPrefixes(list.join(",")))
  .refine((list) => list.every((p) => PREFIX_RE.test(p)), M.prefixInvalid)
  .refine((list) => list.join(",").length <= LEAD_PREFIX_MAX, M.prefixesTooLong);

/** A campaign's editable fields; `active` defaults to yes, the prefixes to none. */
export const LeadCampaignFields = z.strictObject({
  name,
  active: z.boolean({ error: M.active }).default(true),
  prefix: prefixText.default(""),
  prefixes: additionalPrefixes.default([]),
});
export type LeadCampaignFields = z.input<typeof LeadCampaignFields>;

/** A prefix's or a group's one field. */
export const LeadNameFields = z.strictObject({ name });
export type LeadNameFields = z.input<typeof LeadNameFields>;

/** The fields inside each paramsBody, which its transform hides from a schema walk (the gateway's route tests). */
export const PARAMS_FIELDS = new WeakMap<z.ZodType, z.ZodType>();

/**
 * {params: fields}, its errors keyed by the field's own name (`name`, not `params.name`: §5 "Server-side
 * campaign errors are keyed per field"). What passes is the checked fields themselves.
 */
export function paramsBody<T extends z.ZodType>(fields: T) {
  const body = z.strictObject({ params: z.unknown().optional() }).transform((body, ctx): z.output<T> => {
    const r = fields.safeParse(body.params ?? {});
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });
  PARAMS_FIELDS.set(body, fields);
  return body;
}
export const LeadCampaignBody = paramsBody(LeadCampaignFields);
export const LeadNameBody = paramsBody(LeadNameFields);

/**
 * The campaign's slug, from its name: lower-case letters and digits joined by single dashes, accents dropped,
 * at most 60 characters; "campaign" when the name has no letter or digit.
 */
export const SLUG_MAX = 60;
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || "campaign";
}
/** The first of slug, slug-2, slug-3… that is not taken. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
export const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const slugParam = z.strictObject({ slug: z.string().max(SLUG_MAX + 12).regex(SLUG_RE, "must be a campaign slug") });

export const Created = z.object({ id: z.number().int() });

export const LeadCampaign = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** 'Marketing ID Prefix' */
  prefix: z.string(),
  /** 'Additional Prefixes' */
  prefixes: z.array(z.string()),
});
export type LeadCampaign = z.infer<typeof LeadCampaign>;
export const LeadCampaignList = z.object({ data: z.array(LeadCampaign) });

export const LeadPrefix = z.object({ id: z.number().int(), name: z.string() });
export type LeadPrefix = z.infer<typeof LeadPrefix>;
export const LeadPrefixList = z.object({ data: z.array(LeadPrefix) });

export const LeadGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  assignedPrefixesCount: z.number().int(),
  assignedAdvisorsCount: z.number().int(),
});
export type LeadGroup = z.infer<typeof LeadGroup>;
export const LeadGroupList = z.object({ data: z.array(LeadGroup) });

/** An agent a campaign or a lead group may take. */
export const LeadBookAgent = z.object({
  id: z.number().int(),
  full_name: z.string(),
  extension: z.string().nullable(),
  role: z.string(),
});
export type LeadBookAgent = z.infer<typeof LeadBookAgent>;

/** GET …/agents and …/advisors: the agents it may take and those it has. */
export const RelationUsers = z.object({ data: z.object({ userIds: z.array(z.number().int()), agents: z.array(LeadBookAgent) }) });
export type RelationUsers = z.infer<typeof RelationUsers>;
const ids = z.array(z.number().int().min(1).max(MAX_RECORD_ID)).max(LEAD_RELATION_MAX);
/** PUT …/agents and …/advisors: all at once (204). */
export const RelationUsersBody = z.strictObject({ userIds: ids });

/** GET /settings/lead-groups/{id}/prefixes: the call centre's prefixes and the group's. */
export const GroupPrefixes = z.object({ data: z.object({ prefixIds: z.array(z.number().int()), prefixes: z.array(LeadPrefix) }) });
export type GroupPrefixes = z.infer<typeof GroupPrefixes>;
/** PUT /settings/lead-groups/{id}/prefixes: all at once (204). */
export const GroupPrefixesBody = z.strictObject({ prefixIds: ids });

export const LEAD_BOOK_SUBJECTS = { campaigns: "lead-campaigns", prefixes: "lead-prefixes", groups: "lead-groups" } as const;

// ---------------------------------------------------------------- endpoints (settings module)

// Lead campaigns, and a campaign's qualifiers by its slug.
export const listLeadCampaigns = defineEndpoint({
  method: "GET",
  path: "/settings/lead-campaigns",
  summary:
    "The call centre's lead campaigns, by name: {data: [{id, slug, name, active, prefix ('Marketing ID Prefix'), prefixes ('Additional Prefixes')}]}.",
  tags: ["settings"],
  responses: { 200: LeadCampaignList },
});
export const createLeadCampaign = defineEndpoint({
  method: "POST",
  path: "/settings/lead-campaigns",
  summary:
    "Creates a lead campaign from {params: {name (required, at most 99), active (default true), prefix (at most 48, letters and digits), prefixes (list; at most 48 characters comma-joined)}}: 201 {id}. Its slug comes from the name (lower case, dashes), made unique in the call centre with -2, -3…. Errors keyed per field: name, active, prefix, prefixes (422).",
  tags: ["settings"],
  body: LeadCampaignBody,
  responses: { 201: Created, 422: ErrorBody },
});
export const saveLeadCampaign = defineEndpoint({
  method: "PUT",
  path: "/settings/lead-campaigns/:id",
  summary:
    "Saves a lead campaign's {params: {name, active, prefix, prefixes}} (as POST; the slug stays). 204; 404 for a campaign of another call centre; errors keyed per field (422).",
  tags: ["settings"],
  params: idParam,
  body: LeadCampaignBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
export const readCampaignQualifiers = defineEndpoint({
  method: "GET",
  path: "/settings/lead-campaigns/:slug/agents",
  summary:
    "The campaign's qualifiers and every qualifier of the call centre it may take, by name: {data: {userIds, agents: [{id, full_name, extension, role}]}}. 404 for a campaign of another call centre.",
  tags: ["settings"],
  params: slugParam,
  responses: { 200: RelationUsers, 404: ErrorBody },
});
export const saveCampaignQualifiers = defineEndpoint({
  method: "PUT",
  path: "/settings/lead-campaigns/:slug/agents",
  summary:
    "Sets the campaign's qualifiers, all at once: {userIds}. 204. Each must be a qualifier of the caller's call centre, else 422 on userIds and nothing changes; 404 for a campaign of another call centre.",
  tags: ["settings"],
  params: slugParam,
  body: RelationUsersBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

// Lead prefixes.
export const listLeadPrefixes = defineEndpoint({
  method: "GET",
  path: "/settings/lead-prefixes",
  summary: "The call centre's lead prefixes, by name: {data: [{id, name}]}.",
  tags: ["settings"],
  responses: { 200: LeadPrefixList },
});
export const createLeadPrefix = defineEndpoint({
  method: "POST",
  path: "/settings/lead-prefixes",
  summary:
    "Creates a lead prefix from {params: {name}} (trimmed; required, 'Name is required'; at most 99; unique in the call centre, 'Name already exists'): 201 {id}. Errors keyed per field (422).",
  tags: ["settings"],
  body: LeadNameBody,
  responses: { 201: Created, 422: ErrorBody },
});
export const saveLeadPrefix = defineEndpoint({
  method: "PUT",
  path: "/settings/lead-prefixes/:id",
  summary:
    "Renames a lead prefix: {params: {name}} (as POST). 204; 404 for a prefix of another call centre; errors keyed per field (422).",
  tags: ["settings"],
  params: idParam,
  body: LeadNameBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

// Lead groups, and a group's advisors and prefixes.
export const listLeadGroups = defineEndpoint({
  method: "GET",
  path: "/settings/lead-groups",
  summary:
    "The call centre's lead groups, by name: {data: [{id, name, assignedPrefixesCount, assignedAdvisorsCount}]}.",
  tags: ["settings"],
  responses: { 200: LeadGroupList },
});
export const createLeadGroup = defineEndpoint({
  method: "POST",
  path: "/settings/lead-groups",
  summary:
    "Creates a lead group from {params: {name}} (trimmed; required, at most 99): 201 {id}, with no prefixes and no advisors. Errors keyed per field (422).",
  tags: ["settings"],
  body: LeadNameBody,
  responses: { 201: Created, 422: ErrorBody },
});
export const saveLeadGroup = defineEndpoint({
  method: "PUT",
  path: "/settings/lead-groups/:id",
  summary:
    "Renames a lead group: {params: {name}} (as POST). 204; 404 for a group of another call centre; errors keyed per field (422).",
  tags: ["settings"],
  params: idParam,
  body: LeadNameBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
export const readGroupAdvisors = defineEndpoint({
  method: "GET",
  path: "/settings/lead-groups/:id/advisors",
  summary:
    "The group's advisors and every advisor of the call centre it may take, by name: {data: {userIds, agents: [{id, full_name, extension, role}]}}. 404 for a group of another call centre.",
  tags: ["settings"],
  params: idParam,
  responses: { 200: RelationUsers, 404: ErrorBody },
});
export const saveGroupAdvisors = defineEndpoint({
  method: "PUT",
  path: "/settings/lead-groups/:id/advisors",
  summary:
    "Sets the group's advisors, all at once: {userIds}. 204. Each must be an advisor of the caller's call centre, else 422 on userIds and nothing changes; 404 for a group of another call centre.",
  tags: ["settings"],
  params: idParam,
  body: RelationUsersBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
export const readGroupPrefixes = defineEndpoint({
  method: "GET",
  path: "/settings/lead-groups/:id/prefixes",
  summary:
    "The group's prefixes and every lead prefix of the call centre, by name: {data: {prefixIds, prefixes: [{id, name}]}}. 404 for a group of another call centre.",
  tags: ["settings"],
  params: idParam,
  responses: { 200: GroupPrefixes, 404: ErrorBody },
});
export const saveGroupPrefixes = defineEndpoint({
  method: "PUT",
  path: "/settings/lead-groups/:id/prefixes",
  summary:
    "Sets the group's prefixes, all at once: {prefixIds}. 204. Each must be a lead prefix of the caller's call centre, else 422 on prefixIds and nothing changes; 404 for a group of another call centre.",
  tags: ["settings"],
  params: idParam,
  body: GroupPrefixesBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
