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

const path = (def: RouteDef, values: Record<string, string> = {}) => def.url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? "1");

/** Strings PostgreSQL cannot store: a NUL byte, lone high and low surrogates, in a few positions. */
const unstorable = fc.oneof(
  fc.constantFrom("\u0000", "\uD800", "\uDFFF", "a\u0000b", "x\uD83D", "\uDE00y"),
  fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom("\u0000", "\uD800", "\uDC00"), fc.string({ maxLength: 6 })).map((p) => p.join("")),
);

/** Every spelling of an id that is not canonical decimal: hex, fraction, exponent, sign, padding, blanks. */
const NON_CANONICAL_IDS = ["0x15", "21.0", "+5", "-5", "021", "1e1", "%201", "1%20", "0", "2147483648", "1_0", "%00"];

/** The example body with one string leaf (at any depth) made unstorable. */
function poisonOneString(value: unknown, bad: string, pick: number): { value: unknown; done: boolean } {
  let seen = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return seen++ === pick ? v + bad : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value);
  return { value: out, done: pick < seen };
}

/**
 * A hang guard that grows with the route table, not a speed check: every route × many broken bodies or unstorable
 * strings: 15–22 s, near the gateway suite's 30 s on a shared machine.
 */
const FUZZ_TIMEOUT_MS = 120_000;

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
  }, FUZZ_TIMEOUT_MS);

  it("broken JSON, wrong content types and oversized bodies are refused with a 4xx", async () => {
    for (const def of table.filter((d) => d.body)) {
      const client = await clientFor(def);
      // A public route with its own credential (a publisher's key) refuses a caller without one before it reads
      // the body: 401 whatever the body; the route's own tests send these bodies with a valid credential.
      const own = (status: number) => (def.authenticate ? 401 : status);
      for (const raw of ["{", "nul", '{"email": }', "\u0000"]) {
        const res = await client.request(def.method, path(def), raw, { "content-type": "application/json" });
        expect(res.statusCode, `${def.url} ${raw}`).toBe(own(400));
      }
      const xml = await client.request(def.method, path(def), "<a/>", { "content-type": "application/xml" });
      expect(xml.statusCode).toBe(own(415));
      const big = await client.request(def.method, path(def), JSON.stringify({ email: "x".repeat(70_000) }), { "content-type": "application/json" });
      expect(big.statusCode).toBe(own(413));
    }
  });

  it("strings PostgreSQL cannot store, in any body field, any path parameter or any query value, are a 4xx that writes nothing", async () => {
    const before = await stateDigest();
    for (const def of table) {
      const client = await clientFor(def);
      const params = [...def.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      await fc.assert(
        fc.asyncProperty(unstorable, fc.nat(20), async (bad, pick) => {
          const requests: { url: string; body?: string }[] = [];
          const example = def.example?.body ?? (def.body ? {} : undefined);
          if (def.body && example !== undefined) {
            const poisoned = poisonOneString(example, bad, pick);
            const body = poisoned.done ? poisoned.value : { ...(example as object), extra: bad };
            requests.push({ url: path(def), body: JSON.stringify(body) });
          }
          for (const p of params) requests.push({ url: path(def, { [p]: encodeURIComponent("1" + bad.replace(/[\uD800-\uDFFF]/g, "")) + "%00" }) });
          for (const key of Object.keys(def.example?.query ?? {})) {
            const query = new URLSearchParams({ ...def.example!.query, [key]: bad.replace(/[\uD800-\uDFFF]/g, "") + "\u0000" });
            requests.push({ url: `${path(def)}?${query}` });
          }
          for (const r of requests) {
            const res = await client.request(def.method, r.url, r.body, r.body ? { "content-type": "application/json" } : {});
            expect(res.statusCode, `${def.method} ${r.url} ${r.body ?? ""}`).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, `${def.method} ${r.url} ${r.body ?? ""}`).toBeLessThan(500);
          }
        }),
        { numRuns: 8 },
      );
    }
    expect(await stateDigest()).toBe(before);
  }, FUZZ_TIMEOUT_MS);

  it("an id in a path is canonical decimal only: /leads/0x15, /leads/21.0 and /agents/+5 are 422", async () => {
    const before = await stateDigest();
    for (const def of table) {
      // A numeric id is `:id` or `:<thing>Id`; a `:did` (a phone number) is not one.
      const ids = [...def.url.matchAll(/:(id|\w+Id)\b/g)].map((m) => m[1]!);
      if (ids.length === 0) continue;
      const client = await clientFor(def);
      for (const id of ids) {
        for (const bad of NON_CANONICAL_IDS) {
          const body = def.example?.body === undefined ? undefined : JSON.stringify(def.example.body);
          const res = await client.request(def.method, path(def, { [id]: bad }), body, body ? { "content-type": "application/json" } : {});
          expect(res.statusCode, `${def.method} ${path(def, { [id]: bad })}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${def.method} ${path(def, { [id]: bad })}`).toBeLessThan(500);
          expect(res.statusCode, `${def.method} ${path(def, { [id]: bad })}`).not.toBe(404);
        }
      }
    }
    expect(await stateDigest()).toBe(before);
  });

  it("an unknown endpoint answers 404 'The API Endpoint does not exist.'", async () => {
    const res = await gw.client().request("GET", "/no-such-thing");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The API Endpoint does not exist.");
  });
});
