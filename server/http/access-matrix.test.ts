// The access-control matrix (reliability.md B1), generated from the route table: every role × every route,
// plus own / colleague's / other tenant's object for routes that name an agent or a lead.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowsFunction, rolesOf, type Caller } from "../auth/access";
import { leads, users } from "../db/schema";
import { routeTable } from "../routes";
import { DEMO_ACCOUNTS } from "../seed/accounts";
import { startTestGateway, type TestClient, type TestGateway } from "../test/harness";
import type { RouteDef } from "./route";

let gw: TestGateway;
let table: RouteDef[];
const clients = new Map<string, TestClient>();
const callers = new Map<string, Caller>();

const ROLE_ACCOUNTS = DEMO_ACCOUNTS.filter(
  (a) => a.passwordState !== "new_password_required" && a.email !== "qualifier2.isius@demo.test",
);

beforeAll(async () => {
  gw = await startTestGateway();
  table = routeTable(gw.gw);
  for (const a of ROLE_ACCOUNTS) {
    const c = await gw.signIn(a.email);
    clients.set(a.email, c);
    const u = (await gw.db.select().from(users).where(eq(users.email, a.email)))[0]!;
    callers.set(a.email, {
      id: u.id,
      tenantId: u.tenantId,
      role: u.role,
      roles: rolesOf(u.role),
      permissions: a.permissions?.filter((p) => p !== "has_auto_ready" || u.role === "advisor") ?? [],
    });
  }
});
afterAll(() => gw.close());

/** Fills path parameters with a value that exists for the caller (its own id, a lead it owns). */
function pathFor(def: RouteDef, values: Record<string, number>): string {
  return def.url.replace(/:(\w+)/g, (_, name: string) => String(values[name] ?? 1));
}

async function ownLeadOf(userId: number, tenantId: number): Promise<number> {
  const [lead] = await gw.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId)))
    .limit(1)
    .offset(userId);
  await gw.db.update(leads).set({ ownerId: userId }).where(eq(leads.id, lead!.id));
  return lead!.id;
}

/**
 * A hang guard that grows with the route table, not a speed check: every route × every demo role, one request
 * each: 15 s on PGlite, over 30 s on PostgreSQL beside the rest of CI (2026-11-27).
 */
const MATRIX_TIMEOUT_MS = 120_000;

describe("access-control matrix", () => {
  it("every route that is not public answers 401 without a session", async () => {
    for (const def of table.filter((d) => !d.access.public)) {
      const res = await gw.client().request(def.method, pathFor(def, {}), def.example?.body);
      expect(res.statusCode, `${def.method} ${def.url}`).toBe(401);
    }
  });

  it(
    "each role × route cell matches the route's policy",
    async () => {
      for (const def of table.filter((d) => !d.access.public && d.url !== "/logout")) {
        for (const a of ROLE_ACCOUNTS) {
          const caller = callers.get(a.email)!;
          const values: Record<string, number> = {};
          if (def.access.agentParam) values[def.access.agentParam] = caller.id;
          if (def.access.leadParam)
            values[def.access.leadParam] = await ownLeadOf(caller.id, caller.tenantId);
          const res = await clients
            .get(a.email)!
            .request(def.method, pathFor(def, values), def.example?.body);
          // A dial that went through leaves the agent on a call, which later cells must not inherit.
          await gw.gw.calls.hangupFor(caller.id);
          await gw.gw.background.idle();
          const expected = allowsFunction(def.access, caller);
          const cell = `${a.role} (${a.email}) → ${def.method} ${def.url}: ${res.statusCode}`;
          if (expected) expect([401, 403], cell).not.toContain(res.statusCode);
          else expect(res.statusCode, cell).toBe(403);
        }
      }
    },
    MATRIX_TIMEOUT_MS,
  );

  it("object level: a colleague's lead is refused to agents, allowed to managers; another tenant's lead does not exist", async () => {
    const q = callers.get("qualifier.isius@demo.test")!;
    const colleague = callers.get("qualifier3.isius@demo.test")!;
    const slica = callers.get("qualifier.slica@demo.test")!;
    const colleagueLead = await ownLeadOf(colleague.id, colleague.tenantId);
    const foreignLead = await ownLeadOf(slica.id, slica.tenantId);
    // The manager has a softphone extension (it supervises calls): a route table case before this one may have
    // disabled its calling, which would answer 403 for a reason that is not the lead's access.
    await gw.db.update(users).set({ deactivated: false }).where(eq(users.email, "manager.isius@demo.test"));
    for (const def of table.filter((d) => d.access.leadParam)) {
      const p = def.access.leadParam!;
      const qc = clients.get("qualifier.isius@demo.test")!;
      expect(
        (await qc.request(def.method, pathFor(def, { [p]: colleagueLead }), def.example?.body)).statusCode,
      ).toBe(403);
      expect(
        (await qc.request(def.method, pathFor(def, { [p]: foreignLead }), def.example?.body)).statusCode,
      ).toBe(404);
      const mc = clients.get("manager.isius@demo.test")!;
      // A route that also names an object inside the lead (a call) may not find it: 404 then is not access.
      const nested = (def.url.match(/:\w+/g) ?? []).length > 1;
      const managerRes = await mc.request(
        def.method,
        pathFor(def, { [p]: colleagueLead }),
        def.example?.body,
      );
      expect(nested ? [401, 403] : [401, 403, 404], `${def.method} ${def.url}`).not.toContain(
        managerRes.statusCode,
      );
      expect(
        (await mc.request(def.method, pathFor(def, { [p]: foreignLead }), def.example?.body)).statusCode,
      ).toBe(404);
    }
    for (const def of table.filter((d) => d.access.agentParam)) {
      const qc = clients.get("qualifier.isius@demo.test")!;
      const res = await qc.request(
        def.method,
        pathFor(def, { [def.access.agentParam!]: colleague.id }),
        def.example?.body,
      );
      expect(res.statusCode, `${def.method} ${def.url}`).toBe(403);
      const mc = clients.get("manager.isius@demo.test")!;
      const other = await mc.request(
        def.method,
        pathFor(def, { [def.access.agentParam!]: slica.id }),
        def.example?.body,
      );
      expect(other.statusCode, `${def.method} ${def.url}`).toBe(403);
      void q;
    }
  });

  it("a qualifier is refused GET /settings/globals with 403; a manager reads it", async () => {
    expect(
      (await clients.get("qualifier.isius@demo.test")!.request("GET", "/settings/globals")).statusCode,
    ).toBe(403);
    const m = await clients.get("manager.isius@demo.test")!.request("GET", "/settings/globals");
    expect(m.statusCode).toBe(200);
    expect(m.json()["new-leads-threshold"]).toBe(1);
  });
});
