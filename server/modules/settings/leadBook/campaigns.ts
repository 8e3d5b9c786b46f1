// Lead campaigns (admin-and-sign-in §2, §3, §5, §7): /settings/lead-campaigns and the campaign's qualifiers at
// /settings/lead-campaigns/{slug}/agents (the specification's `lead-campaigns/{slug}/agents`). The slug comes
// from the name when the campaign is created and stays when it is renamed: it names the campaign in addresses.
// The dialer gives a qualifier the pool leads of its campaigns while they are active.
import { and, asc, eq } from "drizzle-orm";
import {
  createLeadCampaign,
  LEAD_BOOK_MESSAGES as M,
  LEAD_BOOK_SUBJECTS,
  listLeadCampaigns,
  readCampaignQualifiers,
  saveCampaignQualifiers,
  saveLeadCampaign,
  slugOf,
  uniqueSlug,
} from "../../../../src/contract/leadBook";
import type { Db } from "../../../db/client";
import { campaignQualifiers, leadCampaigns } from "../../../db/schema";
import type { Gateway } from "../../../gateway";
import { defineRoute, type RouteDef } from "../../../http/route";
import { recordSettingsChange } from "../audit";
import { memberIds, replaceMembers, type Membership } from "../membership";
import { agentsOf, checkAgents, found, type Access } from "./shared";

const SUBJECT = LEAD_BOOK_SUBJECTS.campaigns;
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
    defineRoute(listLeadCampaigns, {
      access,
      async handler({ caller }) {
        const data = await gw.db
          .select(COLUMNS)
          .from(leadCampaigns)
          .where(eq(leadCampaigns.tenantId, caller.tenantId))
          .orderBy(asc(leadCampaigns.name), asc(leadCampaigns.id));
        return { data };
      },
    }),
    defineRoute(createLeadCampaign, {
      access,
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
    defineRoute(saveLeadCampaign, {
      access,
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
    defineRoute(readCampaignQualifiers, {
      access,
      async handler({ caller, params }) {
        const c = await campaignBy(gw.db, caller.tenantId, { slug: params.slug });
        const [agents, userIds] = await Promise.all([agentsOf(gw.db, caller.tenantId, "qualifier"), memberIds(gw.db, QUALIFIERS, c.id)]);
        return { data: { userIds, agents } };
      },
    }),
    defineRoute(saveCampaignQualifiers, {
      access,
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
