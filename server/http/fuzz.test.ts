// Malformed input at every route (reliability.md C1): always a 4xx in the error shape, never a 5xx, never a write.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { ErrorBody } from "../../src/contract/common";
import { allowsFunction, rolesOf } from "../auth/access";
import * as t from "../db/schema";
import { routeTable } from "../routes";
import { DEMO_ACCOUNTS } from "../seed/accounts";
import { startTestGateway, type TestClient, type TestGateway } from "../test/harness";
import type { RouteDef } from "./route";

let gw: TestGateway;
let table: RouteDef[];
const signedIn = new Map<string, TestClient>();

beforeAll(async () => {
  gw = await startTestGateway();
  table = routeTable(gw.gw);
});
afterAll(() => gw.close());

async function clientFor(def: RouteDef): Promise<TestClient> {
  if (def.access.public) return gw.client();
  const account = DEMO_ACCOUNTS.find(
    (a) => a.passwordState !== "new_password_required" && allowsFunction(def.access, { id: 0, tenantId: a.tenantId, role: a.role, roles: rolesOf(a.role), permissions: a.permissions ?? [] }),
  )!;
  if (!signedIn.has(account.email)) signedIn.set(account.email, await gw.signIn(account.email));
  return signedIn.get(account.email)!;
}

async function stateDigest(): Promise<string> {
  const parts = await Promise.all([
    gw.db.select().from(t.users),
    gw.db.select().from(t.settings),
    gw.db.select().from(t.leads),
    gw.db.select().from(t.passwordResets),
    gw.db.select().from(t.devMailbox),
    gw.db.select().from(t.tenants),
  ]);
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

const path = (def: RouteDef) => def.url.replace(/:(\w+)/g, "1");

describe("malformed input", () => {
  it("bodies that break a route's schema get a 4xx with the error shape and change nothing", async () => {
    const before = await stateDigest();
    for (const def of table.filter((d) => d.body)) {
      const client = await clientFor(def);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue(),
            fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
            // Valid keys, wrong values.
            fc.record(Object.fromEntries(Object.keys((def.example?.body as object) ?? { email: 1, password: 1 }).map((k) => [k, fc.jsonValue({ maxDepth: 1 })]))),
          ).filter((v) => !def.body!.safeParse(v).success),
          async (body) => {
            // Always as JSON: a generated string body is a JSON string, not raw text.
            const res = await client.request(def.method, path(def), JSON.stringify(body), { "content-type": "application/json" });
            expect(res.statusCode, `${def.method} ${def.url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
            expect(res.statusCode).toBeLessThan(500);
            expect(ErrorBody.safeParse(res.json()).success).toBe(true);
          },
        ),
        { numRuns: 40 },
      );
    }
    expect(await stateDigest()).toBe(before);
  });

  it("broken JSON, wrong content types and oversized bodies are refused with a 4xx", async () => {
    for (const def of table.filter((d) => d.body)) {
      const client = await clientFor(def);
      for (const raw of ["{", "nul", '{"email": }', "\u0000"]) {
        const res = await client.request(def.method, path(def), raw, { "content-type": "application/json" });
        expect(res.statusCode, `${def.url} ${raw}`).toBe(400);
      }
      const xml = await client.request(def.method, path(def), "<a/>", { "content-type": "application/xml" });
      expect(xml.statusCode).toBe(415);
      const big = await client.request(def.method, path(def), JSON.stringify({ email: "x".repeat(70_000) }), { "content-type": "application/json" });
      expect(big.statusCode).toBe(413);
    }
  });

  it("an unknown endpoint answers 404 'The API Endpoint does not exist.'", async () => {
    const res = await gw.client().request("GET", "/no-such-thing");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The API Endpoint does not exist.");
  });
});
