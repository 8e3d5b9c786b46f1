// The users list's Tools dialog (admin-and-sign-in §2 row actions, §7): a manager repairs an agent's page
// (POST /agents/{id}/frontend-repairs: the page re-reads its state from the gateway and reloads its plugins,
// after the call when one is live) or resets its socket (POST /agents/{id}/reset-sockets: closed, and the
// page connects again). Both only speak to the agent's realtime connections; neither writes a table. Another
// call centre's agent does not exist for the caller (404).
import { and, eq } from "drizzle-orm";
import { repairFrontend, resetSockets } from "../../../src/contract/agentSettings";
import type { Caller } from "../../auth/access";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";

const MANAGERS = { roles: ["manager"] } as const;

async function userOfTenant(gw: Gateway, caller: Caller, id: number): Promise<number> {
  const [u] = await gw.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.tenantId, caller.tenantId)))
    .limit(1);
  if (!u) throw new HttpError(404, MESSAGES.resourceNotFound);
  return u.id;
}

export function agentToolRoutes(gw: Gateway): RouteDef[] {
  const audit = (caller: Caller, ip: string, action: string, agentId: number) =>
    gw.audit.record({ action, outcome: "success", userId: caller.id, tenantId: caller.tenantId, ip, detail: { agentId } });
  return [
    defineRoute(repairFrontend, {
      access: MANAGERS,
      async handler({ caller, params, raw }, reply) {
        const id = await userOfTenant(gw, caller, params.id);
        const sockets = await gw.push.socketsOf(id);
        gw.push.toAgent(id, "repair", { by: caller.id });
        await audit(caller, raw.ip, "agent.frontend_repair", id);
        reply.code(201);
        return { data: { id, sockets } };
      },
    }),
    defineRoute(resetSockets, {
      access: MANAGERS,
      async handler({ caller, params, raw }, reply) {
        const id = await userOfTenant(gw, caller, params.id);
        const sockets = await gw.push.resetAgent(id, caller.id);
        await audit(caller, raw.ip, "agent.reset_sockets", id);
        reply.code(201);
        return { data: { id, sockets } };
      },
    }),
  ];
}
