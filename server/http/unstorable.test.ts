// Issue 11, finding 8: a NUL byte or a lone surrogate used to give a 500 whose error log printed the request's
// values, a lead's personal data among them. Each is now a 422 naming the field, nothing is written, and the
// log holds neither the values nor the database's parameters.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { leads, users } from "../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../test/harness";

const log: string[] = [];
let gw: TestGateway;
let qualifier: TestClient;
let leadId: number;

beforeAll(async () => {
  gw = await startTestGateway({ logLines: log });
  qualifier = await gw.signIn("qualifier.isius@demo.test");
  const [me] = await gw.db.select().from(users).where(eq(users.email, "qualifier.isius@demo.test"));
  const [lead] = await gw.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.tenantId, me!.tenantId), isNull(leads.ownerId)))
    .limit(1);
  leadId = lead!.id;
  await gw.db.update(leads).set({ ownerId: me!.id }).where(eq(leads.id, leadId));
});
afterAll(() => gw.close());

const invalidField = (res: { statusCode: number; json(): { errors?: Record<string, string[]> } }, field: string) => {
  expect(res.statusCode).toBe(422);
  expect(Object.keys(res.json().errors ?? {})).toContain(field);
};

describe("strings PostgreSQL cannot store", () => {
  it("are refused with a 422 naming the field, at every place the probe found a 500", async () => {
    invalidField(await gw.client().request("POST", "/login", { email: "x\u0000@d", password: "whatever-password" }), "email");
    invalidField(await qualifier.request("GET", "/leads/search/a%00b"), "text");
    const before = await gw.db.select().from(leads).where(eq(leads.id, leadId));
    invalidField(await qualifier.request("PUT", `/leads/${leadId}`, { clients: [{ height: "5\u0000" }] }), "clients.0.height");
    invalidField(await qualifier.request("PUT", `/leads/${leadId}`, { first_name: "Ann\uD800" }), "first_name");
    expect(await gw.db.select().from(leads).where(eq(leads.id, leadId))).toEqual(before);
    for (const i of ["a\u0000", "\uD800"]) {
      const layout = { version: 1, items: [{ i, panel: "goals.progress", x: 0, y: 0, w: 4, h: 6 }] };
      invalidField(await qualifier.request("PUT", "/agents/me/layouts/isius", layout), "items.0.i");
    }
    expect((await qualifier.request("GET", "/agents/me/layouts/isius")).json()).toEqual({ data: null });
    // Astral characters are well-formed pairs and pass.
    expect((await qualifier.request("PUT", `/leads/${leadId}`, { first_name: "Zoë 😀" })).statusCode).toBe(204);
  });

  it("never put a request's values or a query's parameters in the log", async () => {
    log.length = 0;
    await qualifier.request("GET", "/leads/search/Jane%20Secretperson");
    await qualifier.request("PUT", `/leads/${leadId}`, { last_name: "Secretperson\u0000" });
    // A database error carries its parameters in its message; the log keeps the SQL and the error code only.
    try {
      await gw.db.execute(sql`select ${"Secretperson 1970-01-01 smoker"}::int`);
    } catch (err) {
      gw.gw.log.error({ err }, "unhandled error");
    }
    const text = log.join("\n");
    expect(text).toContain("unhandled error");
    expect(text).toContain("22P02"); // the database's error code is kept
    expect(text).toContain("/api/v1/leads/search/:text"); // requests are logged by route
    expect(text).not.toMatch(/Secretperson|Jane/);
  });
});
