// Gateway side of Send to iApp (agent-workspace §2 send-to-iApp panel, §7 POST /leads/iapp/{id}): an agent sends
// the lead on its desk to an e-application system, which answers with the client application page the agent's
// new tab opens. One send per lead and destination (iapp_sends, written only here): sending again answers the
// same application, and a retry after a lost answer reaches the system with the same key (adapter.server.ts).
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import {
  definePluginServer,
  type Caller,
  defineRoute,
  fieldError,
  HttpError,
  leads,
  type PluginServerContext,
  type RouteDef,
  tenants,
  users,
} from "../../server/sdk";
import {
  iappEndpointsFrom,
  iappSystems,
  IappUnavailable,
  type IappEndpoints,
  type IappSystem,
} from "./adapter.server";
import {
  DemoApplicationParams,
  IAPP_CHOICE_FEATURE,
  IAPP_MESSAGES as M,
  listIappSends,
  sendToIapp,
  type IappApplication,
  type IappDestination,
  type IappSend,
  type SendToIappBody,
} from "./contract";
import { DEMO_PAGE_PATH, demoApplicationPage, demoIappSystem } from "./demoReceiver.server";
import { iappSends } from "./tables";

/** Agents send the leads on their desks (a manager, any lead of the call centre). */
const ON_LEAD = { roles: ["setter", "advisor"], leadParam: "id" } as const;
/** Whom an application may name as having qualified the lead: the call centre's agents. */
const AGENT_ROLES = ["qualifier", "advisor"];

type SendRow = typeof iappSends.$inferSelect;
const toWire = (row: SendRow): IappSend => ({
  id: row.id,
  lead_id: row.leadId,
  destination: row.destination as IappDestination,
  reference: row.reference ?? "",
  url: row.url ?? "",
  sent_at: (row.sentAt ?? row.createdAt).toISOString(),
});

export function iappRoutes(
  ctx: PluginServerContext,
  endpoints: IappEndpoints = iappEndpointsFrom(process.env),
): RouteDef[] {
  const { db, clock } = ctx;
  const systemFor: (d: IappDestination) => IappSystem = iappSystems(endpoints, (d) =>
    demoIappSystem(db, clock, d),
  );

  /**
   * 403 for iApp 2 unless the choice is on and the agent may use it. (With the call centre's iApp off the gateway
   * already answered 404: the manifest requires the iapp feature.)
   */
  async function refuseIapp2UnlessAllowed(caller: Caller, destination: IappDestination) {
    if (destination === "iapp2") {
      const features = await ctx.features(caller.tenantId);
      const [me] = await db.select({ iapp2: users.isIapp2Agent }).from(users).where(eq(users.id, caller.id));
      if (features[IAPP_CHOICE_FEATURE] !== true || !me?.iapp2) throw new HttpError(403, M.notIapp2);
    }
  }

  async function applicationOf(
    caller: Caller,
    leadId: number,
    body: SendToIappBody,
  ): Promise<IappApplication> {
    const people = await db
      .select({
        id: users.id,
        first: users.firstName,
        last: users.lastName,
        language: users.language,
        role: users.role,
      })
      .from(users)
      .where(and(eq(users.tenantId, caller.tenantId), inArray(users.id, [caller.id, body.qualified_by])));
    const qualifier = people.find((p) => p.id === body.qualified_by);
    if (!qualifier || !AGENT_ROLES.includes(qualifier.role))
      throw fieldError("qualified_by", M.unknownQualifier);
    const sender = people.find((p) => p.id === caller.id)!;
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    const [tenant] = await db
      .select({ name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, caller.tenantId));
    const name = (p: { first: string; last: string }) => `${p.first} ${p.last}`.trim();
    return {
      destination: body.destination,
      call_centre: tenant!.name,
      lead: {
        id: lead!.id,
        marketing_id: lead!.marketingId,
        first_name: lead!.firstName,
        last_name: lead!.lastName,
        phone: lead!.phone,
        email: lead!.email ?? "",
        language: lead!.language,
        address: [lead!.street, lead!.apartment].filter(Boolean).join(", ") || null,
        city: lead!.city,
        state: lead!.state,
        postal: lead!.postal,
        clients: lead!.clients,
        insurance: lead!.insurance,
      },
      qualified_by: { id: qualifier.id, name: name(qualifier) },
      sent_by: { id: sender.id, name: name(sender), language: sender.language },
    };
  }

  const sendOf = async (leadId: number, destination: IappDestination) =>
    (
      await db
        .select()
        .from(iappSends)
        .where(and(eq(iappSends.leadId, leadId), eq(iappSends.destination, destination)))
    )[0];

  return [
    defineRoute(sendToIapp, {
      access: ON_LEAD,
      example: { body: { qualified_by: 1, destination: "iapp" } },
      async handler({ caller, params, body }, reply) {
        await refuseIapp2UnlessAllowed(caller, body.destination);
        const done = await sendOf(params.id, body.destination);
        if (done?.state === "sent") {
          reply.code(200);
          return { data: toWire(done) };
        }
        const application = await applicationOf(caller, params.id, body);
        // The row first, with the key every later attempt reuses; a send racing this one finds it and
        // submits with the same key, so the system answers both with one application.
        await db
          .insert(iappSends)
          .values({
            tenantId: caller.tenantId,
            leadId: params.id,
            destination: body.destination,
            agentId: caller.id,
            qualifiedBy: body.qualified_by,
            state: "sending",
            requestKey: `${caller.tenantId}-${params.id}-${body.destination}-${crypto.randomUUID()}`,
            createdAt: new Date(clock.now()),
          })
          .onConflictDoNothing();
        const row = (await sendOf(params.id, body.destination))!;
        let receipt;
        try {
          receipt = await systemFor(body.destination).submit(application, row.requestKey);
        } catch (e) {
          if (!(e instanceof IappUnavailable)) throw e;
          await db.update(iappSends).set({ state: "failed" }).where(eq(iappSends.id, row.id));
          // The reason, never the application (it holds the lead's personal data).
          ctx.log.warn(
            { lead: params.id, destination: body.destination, reason: e.message },
            "send to iApp failed",
          );
          throw new HttpError(502, M.sendError);
        }
        const [sent] = await db
          .update(iappSends)
          .set({
            state: "sent",
            agentId: caller.id,
            qualifiedBy: body.qualified_by,
            reference: receipt.reference,
            url: receipt.url,
            sentAt: new Date(clock.now()),
          })
          .where(eq(iappSends.id, row.id))
          .returning();
        reply.code(201);
        return { data: toWire(sent!) };
      },
    }),
    defineRoute(listIappSends, {
      access: ON_LEAD,
      async handler({ params }) {
        const rows = await db
          .select()
          .from(iappSends)
          .where(and(eq(iappSends.leadId, params.id), eq(iappSends.state, "sent")));
        return { data: rows.map(toWire) };
      },
    }),
    defineRoute({
      method: "GET",
      url: `${DEMO_PAGE_PATH}/:reference`,
      summary:
        "Not in the specification: the embedded demo e-application system's client application page (HTML), used when IAPP_URL / IAPP2_URL are not set. Its unguessable reference is its only key (the new tab has no session); never cached. 404 for an unknown reference.",
      tags: ["iapp"],
      access: { public: true },
      params: DemoApplicationParams,
      // An HTML page, not JSON.
      response: { 200: z.unknown(), 404: ErrorBody, 422: ErrorBody },
      async handler({ params }, reply) {
        const page = await demoApplicationPage(db, params.reference);
        if (!page) throw new HttpError(404, "Not found.");
        reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .header("x-robots-tag", "noindex");
        return reply.send(page);
      },
    }),
  ];
}

export default definePluginServer((ctx) => iappRoutes(ctx));
