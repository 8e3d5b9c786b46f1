// Lead campaigns (admin-and-sign-in §2, §3, §5, §7): /settings/lead-campaigns and the campaign's qualifiers at
// /settings/lead-campaigns/{slug}/agents (the specification's `lead-campaigns/{slug}/agents`). The slug comes
// from the name when the campaign is created and stays when it is renamed: it names the campaign in addresses.
// The dialer gives a qualifier the pool leads of its campaigns while they are active.
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody } from "../../../../src/contract/common";
import { idParam } from "../../../../src/contract/ids";
import {
  Created,
  LEAD_BOOK_MESSAGES as M,
  LEAD_BOOK_SUBJECTS,
  LeadCampaignBody,
  LeadCampaignList,
  RelationUsers,
  RelationUsersBody,
  slugOf,
  slugParam,
  uniqueSlug,
} from "../../../../src/contract/leadBook";
import type { Db } from "../../../db/client";
import { campaignQualifiers, leadCampaigns } from "../../../db/schema";
import type { Gateway } from "../../../gateway";
import { defineRoute, type RouteDef } from "../../../http/route";
import { recordSettingsChange } from "../audit";
import { memberIds, replaceMembers, type Membership } from "../membership";
import { agentsOf, checkAgents, found, TAGS, type Access } from "./shared";

const SUBJECT = LEAD_BOOK_SUBJECTS.campaigns;
const URL = "/settings/lead-campaigns";
/** A campaign's prefixes are the call centre's own (src/contract/ownership.ts): another may use the same. */
const PREFIX_FIELDS = [
  { kind: "prefix", at: "body.params.prefix" },
  { kind: "prefix", at: "body.params.prefixes" },
] as const;
const EXAMPLE = { params: { name: "Final Expense Texas", active: true, prefix: "ISFT", prefixes: ["ISFTX"] } };

const COLUMNS = {
  id: leadCampaigns.id,
  slug: leadCampaigns.slug,
  name: leadCampaigns.name,
  active: leadCampaigns.active,
  prefix: leadCampaigns.prefix,
  prefixes: leadCampaigns.prefixes,
};

async function campaignBy(db: Db, tenantId: number, where: { id: number } | { slug: string }) {
  const [row] = await db
    .select(COLUMNS)
    .from(leadCampaigns)
    .where(
      and(eq(leadCampaigns.tenantId, tenantId), "id" in where ? eq(leadCampaigns.id, where.id) : eq(leadCampaigns.slug, where.slug)),
    )
    .limit(1);
  return found(row);
}

const QUALIFIERS: Membership = {
  table: campaignQualifiers,
  owner: campaignQualifiers.campaignId,
  member: campaignQualifiers.userId,
  row: (campaignId, userId) => ({ campaignId, userId }),
};

export function leadCampaignRoutes(gw: Gateway, access: Access): RouteDef[] {
  const now = () => new Date(gw.clock.now());
  return [
    defineRoute({
      method: "GET",
      url: URL,
      summary:
        "The call centre's lead campaigns, by name: {data: [{id, slug, name, active, prefix ('Marketing ID Prefix'), prefixes ('Additional Prefixes')}]}.",
      tags: TAGS,
      access,
      response: { 200: LeadCampaignList },
      async handler({ caller }) {
        const data = await gw.db
          .select(COLUMNS)
          .from(leadCampaigns)
          .where(eq(leadCampaigns.tenantId, caller.tenantId))
          .orderBy(asc(leadCampaigns.name), asc(leadCampaigns.id));
        return { data };
      },
    }),
    defineRoute({
      method: "POST",
      url: URL,
      summary:
        "Creates a lead campaign from {params: {name (required, at most 99), active (default true), prefix (at most 48, letters and digits), prefixes (list; at most 48 characters comma-joined)}}: 201 {id}. Its slug comes from the name (lower case, dashes), made unique in the call centre with -2, -3…. Errors keyed per field: name, active, prefix, prefixes (422).",
      tags: TAGS,
      access,
      body: LeadCampaignBody,
      response: { 201: Created, 422: ErrorBody },
      example: { body: EXAMPLE },
      names: PREFIX_FIELDS,
      async handler({ caller, body }, reply) {
        const id = await gw.db.transaction(async (tx) => {
          const taken = new Set(
            (await tx.select({ slug: leadCampaigns.slug }).from(leadCampaigns).where(eq(leadCampaigns.tenantId, caller.tenantId))).map(
              (r) => r.slug,
            ),
          );
          const [row] = await tx
            .insert(leadCampaigns)
            .values({ tenantId: caller.tenantId, slug: uniqueSlug(slugOf(body.name), taken), ...body })
            .returning(COLUMNS);
          await recordSettingsChange(tx, { tenantId: caller.tenantId, by: caller.id, subject: SUBJECT, old: null, new: row, at: now() });
          return row!.id;
        });
        reply.code(201);
        return { id };
      },
    }),
    defineRoute({
      method: "PUT",
      url: `${URL}/:id`,
      summary:
        "Saves a lead campaign's {params: {name, active, prefix, prefixes}} (as POST; the slug stays). 204; 404 for a campaign of another call centre; errors keyed per field (422).",
      tags: TAGS,
      access,
      params: idParam,
      body: LeadCampaignBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: EXAMPLE },
      names: PREFIX_FIELDS,
      async handler({ caller, params, body }, reply) {
        await gw.db.transaction(async (tx) => {
          const before = await campaignBy(tx, caller.tenantId, { id: params.id });
          const [after] = await tx.update(leadCampaigns).set(body).where(eq(leadCampaigns.id, before.id)).returning(COLUMNS);
          await recordSettingsChange(tx, { tenantId: caller.tenantId, by: caller.id, subject: SUBJECT, old: before, new: after, at: now() });
        });
        reply.code(204);
        return null;
      },
    }),
    defineRoute({
      method: "GET",
      url: `${URL}/:slug/agents`,
      summary:
        "The campaign's qualifiers and every qualifier of the call centre it may take, by name: {data: {userIds, agents: [{id, full_name, extension, role}]}}. 404 for a campaign of another call centre.",
      tags: TAGS,
      access,
      params: slugParam,
      response: { 200: RelationUsers, 404: ErrorBody },
      async handler({ caller, params }) {
        const c = await campaignBy(gw.db, caller.tenantId, { slug: params.slug });
        const [agents, userIds] = await Promise.all([agentsOf(gw.db, caller.tenantId, "qualifier"), memberIds(gw.db, QUALIFIERS, c.id)]);
        return { data: { userIds, agents } };
      },
    }),
    defineRoute({
      method: "PUT",
      url: `${URL}/:slug/agents`,
      summary:
        "Sets the campaign's qualifiers, all at once: {userIds}. 204. Each must be a qualifier of the caller's call centre, else 422 on userIds and nothing changes; 404 for a campaign of another call centre.",
      tags: TAGS,
      access,
      params: slugParam,
      body: RelationUsersBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { userIds: [] } },
      async handler({ caller, params, body }, reply) {
        await gw.db.transaction(async (tx) => {
          const c = await campaignBy(tx, caller.tenantId, { slug: params.slug });
          const ids = await checkAgents(tx, caller.tenantId, "qualifier", body.userIds, "userIds", M.notAQualifier);
          await replaceMembers(tx, QUALIFIERS, {
            ownerId: c.id,
            ids,
            field: "userIds",
            key: { id: c.id, slug: c.slug },
            audit: { tenantId: caller.tenantId, by: caller.id, subject: SUBJECT, at: now() },
          });
        });
        reply.code(204);
        return null;
      },
    }),
  ];
}
