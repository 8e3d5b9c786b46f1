// Which call centre a report reads (./contract.ts), and the grants an admin gives operations managers. Every report
// route resolves its `centre` here before it reads anything; the grants live in the database, so every gateway
// instance answers alike and a revoked grant refuses the next report at once.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  defineRoute,
  HttpError,
  isUniqueViolation,
  tenants,
  users,
  type Caller,
  type Db,
  type PluginServerContext,
  type RouteDef,
} from "../../../server/sdk";
import { reportCentreGrants } from "./tables";
import {
  CENTRE_MESSAGES,
  grantCentre,
  listCentreGrants,
  reportCentres,
  revokeCentre,
  type CentreGrant,
} from "./contract";

const OPERATIONS = "operations-manager";
const MANAGERS = { roles: ["manager"] } as const;
const ADMINS = { roles: ["admin"] } as const;

/**
 * The call centre a report of this caller reads: their own when `centre` is left out or is theirs; another only for
 * an operations manager given it; else 403 (the same answer whether the centre exists or not).
 */
export async function centreOf(
  db: Db,
  caller: Pick<Caller, "id" | "tenantId" | "role">,
  centre?: number,
): Promise<number> {
  if (centre === undefined || centre === caller.tenantId) return caller.tenantId;
  if (caller.role === OPERATIONS) {
    const [given] = await db
      .select({ tenantId: reportCentreGrants.tenantId })
      .from(reportCentreGrants)
      .where(and(eq(reportCentreGrants.userId, caller.id), eq(reportCentreGrants.tenantId, centre)));
    if (given) return centre;
  }
  throw new HttpError(403, CENTRE_MESSAGES.notGiven);
}

const granter = alias(users, "granter");

async function grantsOf(db: Db, tenantId: number, userId?: number): Promise<CentreGrant[]> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      centre: tenants.name,
      grantedAt: reportCentreGrants.grantedAt,
      byFirst: granter.firstName,
      byLast: granter.lastName,
    })
    .from(reportCentreGrants)
    .innerJoin(users, eq(users.id, reportCentreGrants.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(granter, eq(granter.id, reportCentreGrants.grantedBy))
    .where(
      and(
        eq(reportCentreGrants.tenantId, tenantId),
        ...(userId === undefined ? [] : [eq(reportCentreGrants.userId, userId)]),
      ),
    )
    .orderBy(desc(reportCentreGrants.grantedAt), asc(users.id));
  return rows.map((r) => ({
    user_id: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    centre: r.centre,
    granted_at: r.grantedAt.toISOString(),
    granted_by: r.byFirst === null ? null : `${r.byFirst} ${r.byLast ?? ""}`.trim(),
  }));
}

export function centreRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db } = ctx;
  return [
    defineRoute(reportCentres, {
      access: MANAGERS,
      async handler({ caller }) {
        const given =
          caller.role === OPERATIONS
            ? (
                await db
                  .select({ tenantId: reportCentreGrants.tenantId })
                  .from(reportCentreGrants)
                  .where(eq(reportCentreGrants.userId, caller.id))
              ).map((g) => g.tenantId)
            : [];
        const rows = await db
          .select({ id: tenants.id, name: tenants.name })
          .from(tenants)
          .where(inArray(tenants.id, [caller.tenantId, ...given]))
          .orderBy(asc(tenants.name), asc(tenants.id));
        const own = rows.filter((r) => r.id === caller.tenantId);
        const others = rows.filter((r) => r.id !== caller.tenantId);
        return {
          data: [...own, ...others].map((r) => ({ id: r.id, name: r.name, own: r.id === caller.tenantId })),
        };
      },
    }),
    defineRoute(listCentreGrants, {
      access: ADMINS,
      async handler({ caller }) {
        return { data: await grantsOf(db, caller.tenantId) };
      },
    }),
    defineRoute(grantCentre, {
      access: ADMINS,
      example: { body: { email: "ops@demo.test" } },
      async handler({ caller, body }, reply) {
        const [person] = await db
          .select({ id: users.id, role: users.role, tenantId: users.tenantId })
          .from(users)
          .where(eq(users.email, body.email.toLowerCase()));
        if (!person) throw new HttpError(404, CENTRE_MESSAGES.noAccount);
        if (person.role !== OPERATIONS)
          throw new HttpError(422, CENTRE_MESSAGES.notOperations, { email: [CENTRE_MESSAGES.notOperations] });
        if (person.tenantId === caller.tenantId)
          throw new HttpError(422, CENTRE_MESSAGES.ownCentre, { email: [CENTRE_MESSAGES.ownCentre] });
        try {
          await db.insert(reportCentreGrants).values({
            userId: person.id,
            tenantId: caller.tenantId,
            grantedBy: caller.id,
            grantedAt: new Date(ctx.clock.now()),
          });
        } catch (e) {
          if (isUniqueViolation(e)) throw new HttpError(409, CENTRE_MESSAGES.already);
          throw e;
        }
        ctx.log.info(
          { grantee: person.id, tenantId: caller.tenantId, by: caller.id },
          "reports given to an operations manager",
        );
        const [grant] = await grantsOf(db, caller.tenantId, person.id);
        reply.code(201);
        return { data: grant! };
      },
    }),
    defineRoute(revokeCentre, {
      access: ADMINS,
      example: { params: { id: "1" } },
      async handler({ caller, params }, reply) {
        const gone = await db
          .delete(reportCentreGrants)
          .where(
            and(eq(reportCentreGrants.tenantId, caller.tenantId), eq(reportCentreGrants.userId, params.id)),
          )
          .returning({ userId: reportCentreGrants.userId });
        if (gone.length === 0) throw new HttpError(404, CENTRE_MESSAGES.notFound);
        ctx.log.info(
          { grantee: params.id, tenantId: caller.tenantId, by: caller.id },
          "reports taken back from an operations manager",
        );
        reply.code(204);
        return null;
      },
    }),
  ];
}
