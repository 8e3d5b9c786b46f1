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

/**
 * Every list of the call centre (or one) with its counts, newest first.
 *
 * One pass over the lists' leads, counted per list (a hash per list, not a sort of every lead), with what takes a
 * lead out of the dialer (a Do Not Call entry in force, a hold, a claim) and whether a person was reached found as
 * sets joined to those leads: the planner matches half a million leads against a registry extract in one hash
 * join, where a test per lead was 500,000 index probes (6.4 s for a 500,000-lead list against a 300,000-number
 * extract, 1.3–1.6 s now; bench/lead-import's README).
 */
export async function listsOf(db: Db, tenantId: number, at: Date, id?: number): Promise<LeadList[]> {
  const final = inList(FINAL_STATUSES.filter((s) => s !== "Do Not Call"));
  const booked = inList([...TRANSFER_DISPOSITIONS, ...SALE_DISPOSITIONS]);
  const noContact = inList(NO_CONTACT_DISPOSITIONS);
  const oneList = id === undefined ? sql`` : sql`and m.list_id = ${id}`;
  const query = sql`
      with counted as (
        select m.list_id,
          count(*)::int as total,
          (count(*) filter (where l.status not in (${final}) and l.status <> 'Do Not Call' and dnc.phone is null
             and h.lead_id is null and p.lead_id is null and l.owner_id is null and coalesce(l.timezone, '') <> ''))::int as dialable,
          (count(*) filter (where l.dials > 0))::int as dialled,
          (count(c.lead_id))::int as contacted,
          (count(*) filter (where l.status in (${booked})))::int as booked,
          (count(*) filter (where l.status in (${final}) and l.status not in (${booked})))::int as exhausted,
          (count(*) filter (where l.status = 'Do Not Call' or dnc.phone is not null))::int as dnc
        from lead_list_members m
        join leads l on l.id = m.lead_id
        left join (select distinct d.phone from dnc_numbers d where d.tenant_id = ${tenantId} and ${dncInForce(at, "d")}) dnc
          on dnc.phone = l.phone
        left join (select distinct lead_id from lead_holds) h on h.lead_id = l.id
        left join in_process_leads p on p.lead_id = l.id
        left join (select distinct d.lead_id from dispositions d
                    where d.tenant_id = ${tenantId} and d.disposition not in (${noContact})) c on c.lead_id = l.id
        where l.tenant_id = ${tenantId} ${oneList}
        group by m.list_id)
      select ll.id, ll.name, ll.kind, ll.campaign_id, ll.paused, ll.created_at,
        trim(concat(u.first_name, ' ', u.last_name)) as created_by,
        coalesce(n.total, 0) as total, coalesce(n.dialable, 0) as dialable, coalesce(n.dialled, 0) as dialled,
        coalesce(n.contacted, 0) as contacted, coalesce(n.booked, 0) as booked,
        coalesce(n.exhausted, 0) as exhausted, coalesce(n.dnc, 0) as dnc
      from lead_lists ll
      left join counted n on n.list_id = ll.id
      left join users u on u.id = ll.created_by
      where ll.tenant_id = ${tenantId} ${id === undefined ? sql`` : sql`and ll.id = ${id}`}
      order by ll.created_at desc, ll.id desc`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.transaction(async (tx) => {
      // On one core: the dialling floor keeps the other (and JIT's compiling cost more than the plan's run).
      await tx.execute(sql`select set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
      return tx.execute(query);
    }),
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

