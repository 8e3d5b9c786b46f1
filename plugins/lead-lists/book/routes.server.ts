// Gateway side of the lead book for managers (issue 36, part 5): the call centre's leads searched and filtered
// (with the list that brought each, from this plugin's lead_list_members), and a lead reassigned or marked Do Not
// Call through the leads module (ctx.leads.reassign / markDoNotCall, each one transaction, audited by the core).
// Reading and editing one lead, and its history, are the core's routes (GET/PUT /leads/{id}, GET
// /leads/{id}/history).
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import {
  defineRoute,
  HttpError,
  leadCampaigns,
  leads,
  MESSAGES,
  users,
  type PluginServerContext,
  type RouteDef,
} from "../../../server/sdk";
import { leadListMembers, leadLists } from "../tables";
import {
  BOOK_MESSAGES,
  BOOK_PAGE_SIZE,
  markBookLeadDoNotCall,
  reassignBookLead,
  searchLeadBook,
  type BookLead,
} from "./contract";

const M = BOOK_MESSAGES;
/**
 * Managers and above. A lead of another call centre does not exist for them: the leads module answers "missing"
 * (404). Not a `leadParam` policy: that one is for routes agents reach on their own leads.
 */
const MANAGERS = { roles: ["manager"] } as const;
const EXAMPLE = { id: "1" };

/** `text` as a LIKE pattern that matches it anywhere, its wildcards and backslashes taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the search text matches, as the core's lead search (server/modules/leads/search.ts) does. */
function matching(text: string): SQL {
  const like = containing(text);
  const digits = text.replace(/\D/g, "");
  const match: SQL[] = [
    ilike(leads.marketingId, like),
    ilike(sql`${leads.firstName} || ' ' || ${leads.lastName}`, like),
    ilike(leads.email, like),
  ];
  if (digits.length >= 3) match.push(sql`${leads.phone} like ${containing(digits)}`);
  return or(...match)!;
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(" ").trim();

export function bookRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db } = ctx;

  /** The 422 for a list or a campaign the caller's call centre does not have. */
  async function checkFilters(tenantId: number, listId?: number, campaignId?: number) {
    const errors: Record<string, string[]> = {};
    if (listId !== undefined) {
      const [list] = await db
        .select({ id: leadLists.id })
        .from(leadLists)
        .where(and(eq(leadLists.id, listId), eq(leadLists.tenantId, tenantId)));
      if (!list) errors.list_id = [M.noSuchList];
    }
    if (campaignId !== undefined) {
      const [campaign] = await db
        .select({ id: leadCampaigns.id })
        .from(leadCampaigns)
        .where(and(eq(leadCampaigns.id, campaignId), eq(leadCampaigns.tenantId, tenantId)));
      if (!campaign) errors.campaign_id = [M.noSuchCampaign];
    }
    if (Object.keys(errors).length) throw new HttpError(422, MESSAGES.invalid, errors);
  }

  return [
    defineRoute(searchLeadBook, {
      access: MANAGERS,
      example: { query: { q: "lopez", status: "New", page: "1" } },
      async handler({ caller, query }) {
        await checkFilters(caller.tenantId, query.list_id, query.campaign_id);
        const where = and(
          eq(leads.tenantId, caller.tenantId),
          query.q ? matching(query.q) : undefined,
          query.status ? eq(leads.status, query.status) : undefined,
          query.campaign_id !== undefined ? eq(leads.campaignId, query.campaign_id) : undefined,
          query.list_id !== undefined ? eq(leadListMembers.listId, query.list_id) : undefined,
        );
        // One member row per lead at most (its primary key): the join never repeats a lead.
        const [total] = await db
          .select({ n: count() })
          .from(leads)
          .leftJoin(leadListMembers, eq(leadListMembers.leadId, leads.id))
          .where(where);
        const rows = await db
          .select({
            id: leads.id,
            marketingId: leads.marketingId,
            firstName: leads.firstName,
            lastName: leads.lastName,
            phone: leads.phone,
            state: leads.state,
            status: leads.status,
            campaignId: leads.campaignId,
            campaign: leadCampaigns.name,
            listId: leadLists.id,
            list: leadLists.name,
            ownerId: leads.ownerId,
            ownerFirst: users.firstName,
            ownerLast: users.lastName,
            dials: leads.dials,
            createdAt: leads.createdAt,
          })
          .from(leads)
          .leftJoin(leadCampaigns, eq(leadCampaigns.id, leads.campaignId))
          .leftJoin(leadListMembers, eq(leadListMembers.leadId, leads.id))
          .leftJoin(leadLists, eq(leadLists.id, leadListMembers.listId))
          .leftJoin(users, eq(users.id, leads.ownerId))
          .where(where)
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(BOOK_PAGE_SIZE)
          .offset((query.page - 1) * BOOK_PAGE_SIZE);
        const data: BookLead[] = rows.map((r) => ({
          id: r.id,
          marketing_id: r.marketingId,
          name: fullName(r.firstName, r.lastName),
          phone: r.phone,
          state: r.state,
          status: r.status,
          campaign_id: r.campaignId,
          campaign: r.campaign,
          list_id: r.listId,
          list: r.list,
          owner_id: r.ownerId,
          owner: r.ownerId === null ? null : fullName(r.ownerFirst, r.ownerLast) || null,
          dials: r.dials,
          created_at: r.createdAt.toISOString(),
        }));
        return { data, total: total?.n ?? 0 };
      },
    }),

    defineRoute(reassignBookLead, {
      access: MANAGERS,
      example: { params: EXAMPLE, body: { agent_id: null } },
      async handler({ caller, params, body }) {
        const outcome = await ctx.leads.reassign(caller.tenantId, params.id, body.agent_id, caller);
        if (outcome === "missing") throw new HttpError(404, MESSAGES.resourceNotFound);
        if (outcome === "not_an_agent")
          throw new HttpError(422, MESSAGES.invalid, { agent_id: [M.notAnAgent] });
        if (outcome === "in_process") throw new HttpError(409, M.inProcess);
        return { data: { owner_id: body.agent_id } };
      },
    }),

    defineRoute(markBookLeadDoNotCall, {
      access: MANAGERS,
      example: {
        params: EXAMPLE,
        body: { reason: "Asked by letter not to be called", consumer_request: true },
      },
      async handler({ caller, params, body }) {
        const marked = await ctx.leads.markDoNotCall(
          caller.tenantId,
          params.id,
          body.reason,
          body.consumer_request,
          caller,
        );
        if (!marked) throw new HttpError(404, MESSAGES.resourceNotFound);
        const [lead] = await db.select({ status: leads.status }).from(leads).where(eq(leads.id, params.id));
        return { data: { id: params.id, status: lead?.status ?? "Do Not Call" } };
      },
    }),
  ];
}
