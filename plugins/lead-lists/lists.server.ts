// Gateway side of the lead lists (issue 36, part 3): each list with where its leads stand, and what a manager does
// to a list: pause it for the dialer or resume it (its leads held through ctx.leads.hold, which "Why this lead?"
// names), reset its dial counts, remove its undialled leads. The leads are the lead book's: every change to them
// goes through ctx.leads, on the list's own members.
import { and, eq, sql } from "drizzle-orm";
import { FINAL_STATUSES, NO_CONTACT_DISPOSITIONS, SALE_DISPOSITIONS, TRANSFER_DISPOSITIONS } from "../../src/contract/dispositions";
import { defineRoute, dncInForce, HttpError, MESSAGES, rowsOf, type Db, type PluginServerContext, type RouteDef } from "../../server/sdk";
import { pauseLeadList, readLeadLists, removeUndialledLeads, resetLeadListDials, type LeadList } from "./contract";
import { leadLists } from "./tables";

const MANAGERS = { roles: ["manager"] } as const;
const EXAMPLE = { id: "1" };

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The hold a paused list puts on its leads (ctx.leads.hold's key). */
export const holdKey = (listId: number) => `list:${listId}`;
/** The list's leads, as ctx.leads takes them. */
export const membersOf = (listId: number) => sql`select lead_id from lead_list_members where list_id = ${listId}`;

/** Every list of the call centre (or one) with its counts, newest first. */
export async function listsOf(db: Db, tenantId: number, at: Date, id?: number): Promise<LeadList[]> {
  const final = inList(FINAL_STATUSES.filter((s) => s !== "Do Not Call"));
  const booked = inList([...TRANSFER_DISPOSITIONS, ...SALE_DISPOSITIONS]);
  const noContact = inList(NO_CONTACT_DISPOSITIONS);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with lead_facts as (
        select m.list_id, l.id, l.status, l.dials, l.owner_id, l.timezone,
          exists (select 1 from dnc_numbers d where d.tenant_id = l.tenant_id and d.phone = l.phone
                  and ${dncInForce(at, "d")}) as listed,
          exists (select 1 from lead_holds h where h.lead_id = l.id) as held,
          exists (select 1 from in_process_leads p where p.lead_id = l.id) as in_process,
          exists (select 1 from dispositions d where d.lead_id = l.id and d.disposition not in (${noContact})) as contacted
        from lead_list_members m join leads l on l.id = m.lead_id
        where l.tenant_id = ${tenantId})
      select ll.id, ll.name, ll.kind, ll.campaign_id, ll.paused, ll.created_at,
        trim(concat(u.first_name, ' ', u.last_name)) as created_by,
        count(f.id)::int as total,
        (count(*) filter (where f.status not in (${final}) and f.status <> 'Do Not Call' and not f.listed
           and not f.held and not f.in_process and f.owner_id is null and coalesce(f.timezone, '') <> ''))::int as dialable,
        (count(*) filter (where f.dials > 0))::int as dialled,
        (count(*) filter (where f.contacted))::int as contacted,
        (count(*) filter (where f.status in (${booked})))::int as booked,
        (count(*) filter (where f.status in (${final}) and f.status not in (${booked})))::int as exhausted,
        (count(*) filter (where f.status = 'Do Not Call' or f.listed))::int as dnc
      from lead_lists ll
      left join lead_facts f on f.list_id = ll.id
      left join users u on u.id = ll.created_by
      where ll.tenant_id = ${tenantId} ${id === undefined ? sql`` : sql`and ll.id = ${id}`}
      group by ll.id, u.first_name, u.last_name
      order by ll.created_at desc, ll.id desc`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    kind: r.kind as LeadList["kind"],
    campaign_id: r.campaign_id === null ? null : Number(r.campaign_id),
    paused: Boolean(r.paused),
    created_at: new Date(r.created_at as string).toISOString(),
    created_by: (r.created_by as string) || null,
    counts: {
      total: Number(r.total),
      dialable: Number(r.dialable),
      dialled: Number(r.dialled),
      contacted: Number(r.contacted),
      booked: Number(r.booked),
      exhausted: Number(r.exhausted),
      dnc: Number(r.dnc),
    },
  }));
}

export function listRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db, clock } = ctx;
  const at = () => new Date(clock.now());

  async function owned(tenantId: number, id: number) {
    const [list] = await db.select().from(leadLists).where(and(eq(leadLists.id, id), eq(leadLists.tenantId, tenantId)));
    if (!list) throw new HttpError(404, MESSAGES.resourceNotFound);
    return list;
  }
  const one = async (tenantId: number, id: number) => (await listsOf(db, tenantId, at(), id))[0]!;

  return [
    defineRoute(readLeadLists, {
      access: MANAGERS,
      handler: async ({ caller }) => ({ data: await listsOf(db, caller.tenantId, at()) }),
    }),

    defineRoute(pauseLeadList, {
      access: MANAGERS,
      example: { params: EXAMPLE, body: { paused: true } },
      async handler({ caller, params, body }) {
        const list = await owned(caller.tenantId, params.id);
        await db.transaction(async (t) => {
          const tx = t as unknown as Db;
          await tx.update(leadLists).set({ paused: body.paused }).where(eq(leadLists.id, list.id));
          if (body.paused) await ctx.leads.hold(tx, caller.tenantId, holdKey(list.id), list.name, membersOf(list.id));
          else await ctx.leads.release(tx, caller.tenantId, holdKey(list.id));
        });
        return { data: await one(caller.tenantId, list.id) };
      },
    }),

    defineRoute(resetLeadListDials, {
      access: MANAGERS,
      example: { params: EXAMPLE },
      async handler({ caller, params, raw }, reply) {
        return ctx.idempotent(caller, raw, reply, async () => {
          const list = await owned(caller.tenantId, params.id);
          const leads = await ctx.leads.resetDials(db, caller.tenantId, membersOf(list.id));
          return { status: 200, body: { data: { leads } } };
        });
      },
    }),

    defineRoute(removeUndialledLeads, {
      access: MANAGERS,
      example: { params: EXAMPLE },
      async handler({ caller, params, raw }, reply) {
        return ctx.idempotent(caller, raw, reply, async () => {
          const list = await owned(caller.tenantId, params.id);
          const removed = await ctx.leads.removeUndialled(db, caller.tenantId, membersOf(list.id));
          return { status: 200, body: { data: { removed: removed.length } } };
        });
      },
    }),
  ];
}

