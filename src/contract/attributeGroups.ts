// Attribute groups (admin-and-sign-in §2 Attribute groups screen, §3, §5, §7 generic entity and relation calls):
// a named set of attributes and agents with its transfer settings. The manager lists them, creates and edits
// one (did and the auto-forward fields are read-only in the form: the gateway takes only the editable fields,
// docs/decisions.md "Attribute groups"), and picks the group's agents and attributes in two dialogs.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { idParam, MAX_RECORD_ID } from "./ids";
import { lineText } from "./text";

/** Text fields: at most 99 characters (§5, §9). */
export const ATTRIBUTE_GROUP_TEXT_MAX = 99;
export const TRANSFER_SCORE_MIN = 0;
export const TRANSFER_SCORE_MAX = 100;
/** How many agents or attributes one save may name. */
export const ATTRIBUTE_GROUP_RELATION_MAX = 5000;

export const ATTRIBUTE_GROUP_MESSAGES = {
  nameRequired: "Name is required",
  shortNameRequired: "Short name is required",
  tooLong: `At most ${ATTRIBUTE_GROUP_TEXT_MAX} characters`,
  transferScore: `Transfer score must be a whole number from ${TRANSFER_SCORE_MIN} to ${TRANSFER_SCORE_MAX}`,
  notAnAgent: "Only agents of this call centre can be in a group",
  unknownAttribute: "Unknown attribute",
} as const;
const M = ATTRIBUTE_GROUP_MESSAGES;

const text = (max = ATTRIBUTE_GROUP_TEXT_MAX) => lineText(max, { tooLong: M.tooLong, invalid: { error: M.tooLong } });

/** An attribute group as GET /settings/attribute-groups lists it. */
export const AttributeGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  did: z.string().nullable(),
  provider: z.string().nullable(),
  transferScore: z.number().int(),
  hasInternalAutoForward: z.boolean(),
  /** Seconds. */
  autoForwardInternalDelay: z.number().int(),
  hasExternalAutoForward: z.boolean(),
  /** Seconds. */
  autoForwardExternalDelay: z.number().int(),
  attributeIds: z.array(z.number().int()),
  userIds: z.array(z.number().int()),
});
export type AttributeGroup = z.infer<typeof AttributeGroup>;

export const AttributeGroupList = z.object({ data: z.array(AttributeGroup) });

/**
 * POST /settings/attribute-groups (201 {id}) and PUT /settings/attribute-groups/{id} (204): the fields the form
 * edits. name and shortName are required; provider may be empty (stored as null); every text at most 99.
 */
export const AttributeGroupBody = z.strictObject({
  name: text().refine((s) => s.length > 0, M.nameRequired),
  shortName: text().refine((s) => s.length > 0, M.shortNameRequired),
  provider: text().nullable().default(null),
  transferScore: z
    .number({ error: M.transferScore })
    .int(M.transferScore)
    .min(TRANSFER_SCORE_MIN, M.transferScore)
    .max(TRANSFER_SCORE_MAX, M.transferScore),
});
export type AttributeGroupBody = z.input<typeof AttributeGroupBody>;

export const CreatedAttributeGroup = z.object({ id: z.number().int() });

/** One agent a group may take (GET /settings/attribute-groups/{id}/users). */
export const GroupAgent = z.object({
  id: z.number().int(),
  full_name: z.string(),
  extension: z.string().nullable(),
  role: z.string(),
});
export type GroupAgent = z.infer<typeof GroupAgent>;

/** GET /settings/attribute-groups/{id}/users: the call centre's agents and those in the group. */
export const GroupUsers = z.object({ data: z.object({ userIds: z.array(z.number().int()), agents: z.array(GroupAgent) }) });
export type GroupUsers = z.infer<typeof GroupUsers>;

/** PUT /settings/attribute-groups/{id}/users: the group's agents, all at once (204). */
export const GroupUsersBody = z.strictObject({
  userIds: z.array(z.number().int().min(1).max(MAX_RECORD_ID)).max(ATTRIBUTE_GROUP_RELATION_MAX),
});

export const GroupAttribute = z.object({ id: z.number().int(), name: z.string(), type: z.string() });
export type GroupAttribute = z.infer<typeof GroupAttribute>;

/** GET /settings/attribute-groups/{id}/attributes: every attribute and those in the group. */
export const GroupAttributes = z.object({
  data: z.object({ attributeIds: z.array(z.number().int()), attributes: z.array(GroupAttribute) }),
});
export type GroupAttributes = z.infer<typeof GroupAttributes>;

/** PUT /settings/attribute-groups/{id}/attributes: the group's attributes, all at once (204). */
export const GroupAttributesBody = z.strictObject({
  attributeIds: z.array(z.number().int().min(1).max(MAX_RECORD_ID)).max(ATTRIBUTE_GROUP_RELATION_MAX),
});

// ------------------------------------------------------------------------------------------- the endpoints

const TAGS = ["settings"];

export const listAttributeGroups = defineEndpoint({
  method: "GET",
  path: "/settings/attribute-groups",
  summary:
    "The call centre's attribute groups, by name: {data: [{id, name, shortName, did, provider, transferScore, hasInternalAutoForward, autoForwardInternalDelay, hasExternalAutoForward, autoForwardExternalDelay, attributeIds, userIds}]} (the specification's generic entity list; its path is not shown).",
  tags: TAGS,
  responses: { 200: AttributeGroupList },
});

export const createAttributeGroup = defineEndpoint({
  method: "POST",
  path: "/settings/attribute-groups",
  summary:
    "Creates an attribute group from the form's fields {name, shortName, provider, transferScore} (texts trimmed, at most 99; name and shortName required; transferScore 0 to 100): 201 {id}. did and the auto-forward fields are read-only in the form and start empty and off. Errors per field (422).",
  tags: TAGS,
  body: AttributeGroupBody,
  responses: { 201: CreatedAttributeGroup, 422: ErrorBody },
});

export const saveAttributeGroup = defineEndpoint({
  method: "PUT",
  path: "/settings/attribute-groups/:id",
  summary:
    "Saves an attribute group's form fields {name, shortName, provider, transferScore} (as POST; did and the auto-forward fields are not changed here). 204; 404 for a group of another call centre; errors per field (422).",
  tags: TAGS,
  params: idParam,
  body: AttributeGroupBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

export const readGroupUsers = defineEndpoint({
  method: "GET",
  path: "/settings/attribute-groups/:id/users",
  summary:
    "The group's agents and the agents it may take (the call centre's qualifiers and advisors, by name): {data: {userIds, agents: [{id, full_name, extension, role}]}}. 404 for a group of another call centre.",
  tags: TAGS,
  params: idParam,
  responses: { 200: GroupUsers, 404: ErrorBody },
});

export const saveGroupUsers = defineEndpoint({
  method: "PUT",
  path: "/settings/attribute-groups/:id/users",
  summary:
    "Sets the group's agents, all at once: {userIds}. 204. Each must be an agent (qualifier or advisor) of the caller's call centre, else 422 on userIds and nothing changes; 404 for a group of another call centre.",
  tags: TAGS,
  params: idParam,
  body: GroupUsersBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});

export const readGroupAttributes = defineEndpoint({
  method: "GET",
  path: "/settings/attribute-groups/:id/attributes",
  summary:
    "The group's attributes and every attribute it may take, by name (the specification's relation list; its path is not shown): {data: {attributeIds, attributes: [{id, name, type}]}}. 404 for a group of another call centre.",
  tags: TAGS,
  params: idParam,
  responses: { 200: GroupAttributes, 404: ErrorBody },
});

export const saveGroupAttributes = defineEndpoint({
  method: "PUT",
  path: "/settings/attribute-groups/:id/attributes",
  summary:
    "Sets the group's attributes, all at once: {attributeIds} (the specification's relation update; its path is not shown). 204; an unknown attribute is 422 on attributeIds and nothing changes; 404 for a group of another call centre.",
  tags: TAGS,
  params: idParam,
  body: GroupAttributesBody,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
