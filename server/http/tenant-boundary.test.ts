// Where two call centres meet (issue 31), generated from the route table like the access matrix: every write
// that names a dialled number, an extension or a marketing-id prefix declares it (RouteDef.names), and a second
// call centre claims the value the first holds. A number or an extension is the installation's, one owner each:
// the claim is refused (409, or the route's own 422 per field), says nothing of who holds it, and changes
// nothing. A prefix is each call centre's own: the claim is taken, and nothing of the first call centre changes.
import { randomUUID } from "node:crypto";
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARAMS_FIELDS } from "../../src/contract/leadBook";
import { SHARED_NAME_SCOPE, type SharedNameKind } from "../../src/contract/ownership";
import * as t from "../db/schema";
import { routeTable } from "../routes";
import { allowsFunction, rolesOf } from "../auth/access";
import { DEMO_ACCOUNTS } from "../seed/accounts";
import { startTestGateway, type TestClient, type TestGateway } from "../test/harness";
import type { NamedValue, RouteDef } from "./route";

/** Field names that carry such a value wherever they appear in a write's params or body. */
const NAME_FIELDS = new Set(["did", "inbound_did", "extension", "inbound_alert_extension", "prefix", "prefixes"]);
const WRITES = new Set(["POST", "PUT", "PATCH"]);

const SLICA = 2;
/** What SLICA holds in the demo seed, and an extension it allows that no account has (added below). */
const HELD: Record<SharedNameKind, string[]> = {
  number: ["8775550102", "+18005550200"],
  extension: ["2001", "2999"],
  prefix: ["SLQ"],
};

let gw: TestGateway;
let table: RouteDef[];
const signedIn = new Map<string, TestClient>();
let slicaName: string;

beforeAll(async () => {
  gw = await startTestGateway();
  table = routeTable(gw.gw);
  await gw.db.insert(t.allowedExtensions).values({ tenantId: SLICA, extension: "2999" });
  slicaName = (await gw.db.select().from(t.tenants).where(eq(t.tenants.id, SLICA)))[0]!.name;
});
afterAll(() => gw.close());

/** The dotted paths of every property of a schema (`params.prefixes`), as the request's input. */
function fieldPaths(schema: z.ZodType | undefined, prefix: string): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  // A `{params: {...}}` body read by a transform (src/contract/leadBook.ts paramsBody) names its fields inside.
  const inner = PARAMS_FIELDS.get(schema);
  if (inner) return [`${prefix}.params`, ...fieldPaths(inner, `${prefix}.params`)];
  const out: string[] = [];
  const walk = (s: JsonSchema | undefined, at: string) => {
    if (!s) return;
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, at);
    for (const [key, sub] of Object.entries(s.properties ?? {})) {
      out.push(`${at}.${key}`);
      walk(sub, `${at}.${key}`);
    }
  };
  walk(json, prefix);
  return out;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** The rows the values live in, whole (`tenant`: only that call centre's), hashed. */
async function digest(tenant?: number): Promise<string> {
  const of = <T extends { tenantId: number }>(rows: T[]) => (tenant ? rows.filter((r) => r.tenantId === tenant) : rows);
  const tenants = (await gw.db.select().from(t.tenants)).filter((r) => !tenant || r.id === tenant);
  const parts = [
    tenants,
    of(await gw.db.select().from(t.retreaverMappings)),
    of(await gw.db.select().from(t.allowedExtensions)),
    of(await gw.db.select().from(t.users)),
    of(await gw.db.select().from(t.leadCampaigns)),
    of(await gw.db.select().from(t.leadPrefixes)),
  ];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/** A copy of `value` with the leaf at the dotted `path` set to `to` (an array field gets [to]). */
function withValue(value: unknown, path: string[], to: string): unknown {
  if (path.length === 0) return Array.isArray(value) ? [to] : to;
  const [head, ...rest] = path;
  const obj = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  return { ...obj, [head!]: withValue(obj[head!], rest, to) };
}

const send = (c: TestClient, method: string, url: string, body?: unknown) =>
  c.request(method, url, body, { "idempotency-key": randomUUID() });

/** The route's path with its values; an `:id` is an object the caller creates first through the sibling POST. */
async function pathOf(c: TestClient, def: RouteDef, params: Record<string, string>): Promise<string> {
  if (def.url.includes(":id") && !params.id) {
    const collection = def.url.slice(0, def.url.indexOf("/:id"));
    const create = table.find((d) => d.method === "POST" && d.url === collection);
    expect(create, `${def.method} ${def.url}: no POST ${collection} to create its object`).toBeDefined();
    const res = await send(c, "POST", collection, create!.example?.body);
    expect(res.statusCode, `creating through POST ${collection}: ${res.body}`).toBe(201);
    const json = res.json() as { id?: number; data?: { id?: number } };
    params = { ...params, id: String(json.id ?? json.data?.id) };
  }
  // A number the route needs but the test does not claim: one nobody has (a call-tracking DID of its own).
  if (def.url.includes(":did") && !params.did) params = { ...params, did: `888555${String(1000 + centres)}` };
  const query = def.example?.query ? `?${new URLSearchParams(def.example.query)}` : "";
  return def.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? def.example?.params?.[name] ?? "1") + query;
}

/** A request naming `value` where `n` says, on the route's example. */
function requestWith(def: RouteDef, n: NamedValue, value: string) {
  const [where, ...path] = n.at.split(".");
  // A number in a path is its 10 national digits (the DID's form); in a body, as held.
  const v = n.kind === "number" && where === "params" ? value.replace(/^\+1/, "") : value;
  return {
    params: where === "params" ? { [path[0]!]: v } : {},
    body: where === "body" ? withValue(def.example?.body, path, v) : def.example?.body,
    field: path.at(-1)!,
    value: v,
  };
}

let centres = 0;
/** A new call centre with one manager, signed in: a place where a claim meets nothing else the test made. */
async function newCallCentre(): Promise<{ id: number; manager: TestClient }> {
  centres++;
  const [tenant] = await gw.db
    .insert(t.tenants)
    .values({ name: `Boundary ${centres}`, variant: "isius", country: "US" })
    .returning({ id: t.tenants.id });
  const [model] = await gw.db.select().from(t.users).where(eq(t.users.email, "manager.isius@demo.test"));
  const email = `manager${centres}@boundary.test`;
  await gw.db.insert(t.users).values({
    tenantId: tenant!.id,
    email,
    passwordHash: model!.passwordHash,
    firstName: "Boundary",
    lastName: `Manager ${centres}`,
    role: "manager",
  });
  return { id: tenant!.id, manager: await gw.signIn(email) };
}

/** ISIUS's manager, or the first ISIUS account the route lets in (an advisor's own-extension routes). */
async function isiusClientFor(def: RouteDef): Promise<TestClient> {
  const asCaller = (a: (typeof DEMO_ACCOUNTS)[number]) => ({
    id: 0,
    tenantId: a.tenantId,
    role: a.role,
    roles: rolesOf(a.role),
    permissions: a.permissions ?? [],
  });
  const account = DEMO_ACCOUNTS.filter((a) => a.tenantId === 1 && a.passwordState !== "new_password_required")
    .sort((a, b) => Number(b.role === "manager") - Number(a.role === "manager"))
    .find((a) => allowsFunction(def.access, asCaller(a)));
  expect(account, `${def.method} ${def.url}: no ISIUS account may call it`).toBeDefined();
  if (!signedIn.has(account!.email)) signedIn.set(account!.email, await gw.signIn(account!.email));
  return signedIn.get(account!.email)!;
}

const claimed = () => table.filter((d) => d.names?.length);

describe("tenant boundaries: values two call centres can name", () => {
  it("every write with a number, extension or prefix field declares it", () => {
    const missing: string[] = [];
    for (const def of table.filter((d) => WRITES.has(d.method))) {
      const fields = [...fieldPaths(def.params, "params"), ...fieldPaths(def.body, "body")];
      for (const field of fields.filter((f) => NAME_FIELDS.has(f.split(".").at(-1)!))) {
        if (!def.names?.some((n) => n.at === field)) missing.push(`${def.method} ${def.url}: ${field}`);
      }
    }
    expect(missing).toEqual([]);
    // The generator below is not empty: numbers, extensions and prefixes are all claimed somewhere.
    const kinds = new Set(claimed().flatMap((d) => d.names!.map((n) => n.kind)));
    expect([...kinds].sort()).toEqual(["extension", "number", "prefix"]);
  });

  it("a declared value is where the route says (the generator would otherwise test nothing)", () => {
    for (const def of claimed()) {
      const fields = [...fieldPaths(def.params, "params"), ...fieldPaths(def.body, "body")];
      for (const n of def.names!) expect(fields, `${def.method} ${def.url}`).toContain(n.at);
    }
  });

  it("a second call centre's claim of a number or an extension is refused, names nobody and changes nothing", async () => {
    let refused = 0;
    for (const def of claimed()) {
      const named = def.names!.filter((n) => SHARED_NAME_SCOPE[n.kind] === "installation");
      if (named.length === 0) continue;
      // Made once per route: an object to update is ISIUS's own, so only the claimed value can be refused.
      const paths = new Map<string, string>();
      const client = await isiusClientFor(def);
      for (const n of named) {
        for (const held of HELD[n.kind]) {
          const r = requestWith(def, n, held);
          const key = JSON.stringify(r.params);
          if (!paths.has(key)) paths.set(key, await pathOf(client, def, r.params));
          const before = await digest();
          const res = await send(client, def.method, paths.get(key)!, r.body);
          const cell = `${def.method} ${def.url} with ${n.at} = ${r.value}: ${res.statusCode} ${res.body}`;
          expect(res.statusCode, cell).toBe(n.refusal ?? 409);
          // A refused claim is on the field that named it; no refusal says anything of who holds the value.
          if ((n.refusal ?? 409) === 409) expect(Object.keys(res.json().errors ?? {}), cell).toContain(r.field);
          expect(res.body, cell).not.toContain(slicaName);
          expect(res.body, cell).not.toMatch(/slica/i);
          expect(await digest(), cell).toBe(before);
          refused++;
        }
      }
    }
    // Mapping DID, main number and alert extension, allowed extension, account create and update, and the
    // routes that act on the caller's own extension or number, twice each.
    expect(refused).toBeGreaterThanOrEqual(24);
  });

  it("a second call centre's use of a prefix is its own: taken, and nothing of the first call centre changes", async () => {
    let taken = 0;
    for (const def of claimed()) {
      for (const n of def.names!.filter((n) => SHARED_NAME_SCOPE[n.kind] === "call-centre")) {
        for (const held of HELD[n.kind]) {
          // Each claim in a call centre of its own: the lead book's names are unique per call centre.
          const centre = await newCallCentre();
          const r = requestWith(def, n, held);
          const url = await pathOf(centre.manager, def, r.params);
          const slicaBefore = await digest(SLICA);
          const centreBefore = await digest(centre.id);
          const res = await send(centre.manager, def.method, url, r.body);
          const cell = `${def.method} ${def.url} with ${n.at} = ${r.value}: ${res.statusCode} ${res.body}`;
          expect(await digest(SLICA), cell).toBe(slicaBefore);
          // A route that may only name the caller's own values (a publisher key's prefixes) refuses another's.
          if (n.refusal) {
            expect(res.statusCode, cell).toBe(n.refusal);
            expect(res.body, cell).not.toMatch(/slica/i);
            expect(await digest(centre.id), cell).toBe(centreBefore);
            continue;
          }
          expect(res.statusCode, cell).toBeLessThan(300);
          // What the claim wrote is the new call centre's.
          expect(await digest(centre.id), cell).not.toBe(centreBefore);
          taken++;
        }
      }
    }
    // Mapping prefix, campaign prefix and additional prefixes (create and update), lead prefix (create, rename).
    expect(taken).toBeGreaterThanOrEqual(7);
    const [slicaMapping] = await gw.db
      .select()
      .from(t.retreaverMappings)
      .where(sql`${t.retreaverMappings.tenantId} = ${SLICA}`);
    expect(slicaMapping).toMatchObject({ did: "8775550102", prefix: "SLQ" });
  });
});
