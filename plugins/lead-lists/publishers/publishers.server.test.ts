// The publishers' lead intake on a real test gateway (and a second instance on the same database): a manager
// creates a key (shown once, only its hash kept) and revokes it; a publisher posts leads with it, which are written
// with their zone and campaign, in the key's list, and dialable at once; every refusal (no key, a revoked one, a
// prefix the key may not post, a duplicate, Do Not Call, a field, the rate) answers as the contract says, and a
// retried post makes one lead. Another call centre's key never reaches this call centre's leads.
import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { DIALING_SETTING_KEY } from "../../../src/contract/compliance";
import { ExplainAnswer } from "../../../src/contract/dialer";
import { DEFAULT_LEAD_INTAKE_SETTINGS, type LeadIntakeInput } from "../../../src/contract/leadIntake";
import {
  idempotencyKeys,
  leadCampaigns,
  leads,
  pluginContextOf,
  routeTable,
  settings,
  startTestGateway,
  users,
  type TestClient,
  type TestGateway,
} from "../../../server/sdk/testing";
import { leadListMembers, leadLists, publisherKeyMinutes, publisherKeys } from "../tables";
import { CreatedPublisherKey, EXAMPLE_LEAD, IntakeRefusal, LeadPosted, PublisherKey } from "./contract";

const ISIUS = 1;
const SLICA = 2;
const logLines: string[] = [];
let gw: TestGateway;
let peer: TestGateway;
let manager: TestClient;
/** Whether plugins/lead-lists/server.ts serves these routes yet (the lead engineer wires them). */
let wired = false;

beforeAll(async () => {
  gw = await startTestGateway({ offer: ["lead-lists"], logLines, logLevel: "debug" });
  wired = routeTable(gw.gw).some((d) => d.method === "POST" && d.url === "/lead-intake");
  if (!wired) return;
  // A second instance on the same database, answering publishers beside the first (which drives the PBX).
  peer = await startTestGateway({ peerOf: gw, offer: ["lead-lists"], drivesTelephony: false });
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(async () => {
  await peer?.close();
  await gw.close();
});

/** Skips a test until the routes are wired (the first test says so by failing). */
const needsRoutes = (t: TestContext) => {
  if (!wired) t.skip();
};

let serial = 0;
/** A lead of the example's shape with a marketing id and a phone of its own. */
function lead(over: Partial<LeadIntakeInput> = {}): LeadIntakeInput {
  serial++;
  return {
    ...EXAMPLE_LEAD,
    marketing_id: `ISF${String(900000 + serial)}`,
    phone: `212555${String(1000 + serial).slice(-4)}`,
    ...over,
  };
}

async function createKey(c: TestClient, body: Record<string, unknown>) {
  const res = await c.request("POST", "/publisher-keys", body, { "idempotency-key": randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return CreatedPublisherKey.parse((res.json() as { data: unknown }).data);
}

const post = (
  key: string | null,
  body: unknown,
  headers: Record<string, string> = {},
  on: TestGateway = gw,
) =>
  on
    .client()
    .request("POST", "/lead-intake", body, { ...(key === null ? {} : { "x-api-key": key }), ...headers });

const keys = async (c: TestClient = manager) =>
  ((await c.request("GET", "/publisher-keys")).json() as { data: unknown[] }).data.map((k) =>
    PublisherKey.parse(k),
  );

const leadRow = async (id: number) => (await gw.db.select().from(leads).where(eq(leads.id, id)))[0];

describe("publishers' lead intake", () => {
  it("is served by the lead-lists plugin (plugins/lead-lists/server.ts returns publisherRoutes(ctx))", () => {
    expect(
      wired,
      "wire publisherRoutes from ./publishers/routes.server into plugins/lead-lists/server.ts",
    ).toBe(true);
  });

  it("creates a key shown once, keeps only its SHA-256, makes the publisher's list; a retried create makes no second key", async (t) => {
    needsRoutes(t);
    const idem = randomUUID();
    const body = { name: "Acme Leads", prefixes: ["isf", "ISFX", "ISF"] };
    const res = await manager.request("POST", "/publisher-keys", body, { "idempotency-key": idem });
    expect(res.statusCode, res.body).toBe(201);
    const created = CreatedPublisherKey.parse((res.json() as { data: unknown }).data);
    expect(created.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: "Acme Leads",
      key_start: created.key.slice(0, 12),
      prefixes: ["ISF", "ISFX"],
      per_minute: 120,
      created_by: "Dana Whitfield",
      last_used_at: null,
      revoked_at: null,
      leads_posted: 0,
    });

    const [row] = await gw.db.select().from(publisherKeys).where(eq(publisherKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash("sha256").update(created.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const [list] = await gw.db.select().from(leadLists).where(eq(leadLists.id, created.list_id));
    expect(list).toMatchObject({ tenantId: ISIUS, name: "Acme Leads", kind: "publisher" });

    // The list shows it, never with its secret.
    const listed = (await manager.request("GET", "/publisher-keys")).json() as {
      data: Record<string, unknown>[];
    };
    const mine = listed.data.find((k) => k.id === created.id)!;
    expect(mine).toMatchObject({ name: "Acme Leads", key_start: created.key.slice(0, 12), leads_posted: 0 });
    expect(mine).not.toHaveProperty("key");
    expect(JSON.stringify(listed)).not.toContain(created.key);

    // The same create again (a lost answer): no second key, the secret neither answered nor kept.
    const again = await manager.request("POST", "/publisher-keys", body, { "idempotency-key": idem });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toContain("Acme Leads");
    expect(again.body).not.toContain(created.key);
    const named = await gw.db
      .select()
      .from(publisherKeys)
      .where(and(eq(publisherKeys.tenantId, ISIUS), eq(publisherKeys.name, "Acme Leads")));
    expect(named).toHaveLength(1);
    expect(JSON.stringify(await gw.db.select().from(idempotencyKeys))).not.toContain(created.key);
  });

  it("refuses a create per field: no name, no prefix, a prefix the call centre's campaigns do not have, a rate out of range", async (t) => {
    needsRoutes(t);
    const refused = async (body: unknown) => {
      const res = await manager.request("POST", "/publisher-keys", body, { "idempotency-key": randomUUID() });
      expect(res.statusCode, res.body).toBe(422);
      return (res.json() as { errors: Record<string, string[]> }).errors;
    };
    expect(Object.keys(await refused({ name: " ", prefixes: [] })).sort()).toEqual(["name", "prefixes"]);
    expect(await refused({ name: "Acme", prefixes: ["ISF", "SLQ", "ZZZ"] })).toEqual({
      prefixes: [
        "SLQ is not a marketing id prefix of the call centre's campaigns.",
        "ZZZ is not a marketing id prefix of the call centre's campaigns.",
      ],
    });
    expect(Object.keys(await refused({ name: "Acme", prefixes: ["ISF"], per_minute: 0 }))).toEqual([
      "per_minute",
    ]);
    expect(Object.keys(await refused({ name: "x".repeat(81), prefixes: ["ISF"] }))).toEqual(["name"]);
    // Agents do not manage keys.
    const qualifier = await gw.signIn("qualifier.isius@demo.test");
    expect((await qualifier.request("GET", "/publisher-keys")).statusCode).toBe(403);
    expect(
      (await qualifier.request("POST", "/publisher-keys", { name: "Mine", prefixes: ["ISF"] })).statusCode,
    ).toBe(403);
  });

  it("a posted lead is written with its zone from the ZIP and its campaign from the prefix, in the key's list, dialable at once", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "Dialable Leads", prefixes: ["ISF", "ISFX"] });
    const res = await post(key.key, lead({ marketing_id: "ISFX777001", phone: "(212) 555-0177" }));
    expect(res.statusCode, res.body).toBe(201);
    const { data } = LeadPosted.parse(res.json());
    expect(data.outcome).toBe("created");

    const row = await leadRow(data.lead_id);
    const [isfx] = (await gw.db.select().from(leadCampaigns).where(eq(leadCampaigns.tenantId, ISIUS))).filter(
      (c) => c.prefix === "ISF",
    );
    expect(row).toMatchObject({
      tenantId: ISIUS,
      marketingId: "ISFX777001",
      prefix: "ISFX",
      campaignId: isfx!.id,
      phone: "2125550177",
      state: "ny",
      postal: "10001",
      country: "US",
      timezone: "America/New_York",
      status: "New",
      dials: 0,
      ownerId: null,
    });
    const [member] = await gw.db
      .select()
      .from(leadListMembers)
      .where(eq(leadListMembers.leadId, data.lead_id));
    expect(member!.listId).toBe(key.list_id);
    const listed = (await keys()).find((k) => k.id === key.id)!;
    expect(listed.leads_posted).toBe(1);
    expect(listed.last_used_at).toBe(new Date(gw.clock.now()).toISOString());

    // The dialer would dial it for a qualifier of its campaign, now (10 a.m. in New York).
    const qualifier = await gw.idOf("qualifier.isius@demo.test");
    const explained = await manager.request("GET", `/leads/${data.lead_id}/explain?agent=${qualifier}`);
    expect(explained.statusCode, explained.body).toBe(200);
    const why = ExplainAnswer.parse(explained.json());
    expect(
      why.rules.filter((r) => !r.ok),
      explained.body,
    ).toEqual([]);
    expect(why.callable).toBe(true);
  });

  it("a lead posted into a paused list is held from the dialer like the list's other leads", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "Paused publisher", prefixes: ["ISF"] });
    await gw.db.update(leadLists).set({ paused: true }).where(eq(leadLists.id, key.list_id));
    const res = await post(key.key, lead());
    expect(res.statusCode, res.body).toBe(201);
    const { lead_id } = LeadPosted.parse(res.json()).data;
    const qualifier = await gw.idOf("qualifier.isius@demo.test");
    const why = ExplainAnswer.parse(
      (await manager.request("GET", `/leads/${lead_id}/explain?agent=${qualifier}`)).json(),
    );
    expect(why.callable).toBe(false);
    expect(why.rules.find((r) => r.rule === "held")).toMatchObject({ ok: false });
    expect(why.rules.find((r) => r.rule === "held")!.reason).toContain("Paused publisher");
  });

  it("401 without a key, with an unknown one, and with a revoked one, at once on every gateway instance", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "Soon Revoked", prefixes: ["ISF"] });
    expect((await post(null, lead())).statusCode).toBe(401);
    expect((await post("", lead())).statusCode).toBe(401);
    // The key is checked before the body: a bad lead without a valid key is 401, never a 422 naming the rules.
    const probing = await post(`pk_${"B".repeat(43)}`, { phone: "nope" });
    expect(probing.statusCode, probing.body).toBe(401);
    // With a valid key, broken JSON, another content type and an oversized body are the usual 400, 415, 413.
    const keyed = { "x-api-key": key.key };
    const broken = await gw.client().request("POST", "/lead-intake", "{", { ...keyed, "content-type": "application/json" });
    expect(broken.statusCode, broken.body).toBe(400);
    const xml = await gw.client().request("POST", "/lead-intake", "<a/>", { ...keyed, "content-type": "application/xml" });
    expect(xml.statusCode).toBe(415);
    const big = JSON.stringify({ ...lead(), keywords: "x".repeat(70_000) });
    expect((await gw.client().request("POST", "/lead-intake", big, { ...keyed, "content-type": "application/json" })).statusCode).toBe(413);
    const unknown = await post(`pk_${"A".repeat(43)}`, lead());
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: "This API key is not valid, or it was revoked." });
    expect((await post(key.key, lead(), {}, peer)).statusCode).toBe(201);

    const revoked = await manager.request("DELETE", `/publisher-keys/${key.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    for (const on of [gw, peer]) expect((await post(key.key, lead(), {}, on)).statusCode).toBe(401);
    // Revoking again keeps the first time; a key of no one is 404.
    const at = (await keys()).find((k) => k.id === key.id)!.revoked_at;
    expect(at).not.toBeNull();
    gw.clock.advance(1_000);
    expect((await manager.request("DELETE", `/publisher-keys/${key.id}`)).statusCode).toBe(204);
    expect((await keys()).find((k) => k.id === key.id)!.revoked_at).toBe(at);
    expect((await manager.request("DELETE", "/publisher-keys/999999")).statusCode).toBe(404);
  });

  it("403 for a marketing-id prefix the key may not post; 422 for one the call centre does not have", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "Final Expense Only", prefixes: ["ISF"] });
    const web = await post(key.key, lead({ marketing_id: "ISW123456" }));
    expect(web.statusCode, web.body).toBe(403);
    expect(web.json()).toEqual({ message: "This key may not post leads with the marketing id prefix ISW." });
    const unknown = await post(key.key, lead({ marketing_id: "ZZZ123456" }));
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(["marketing_id"]);
    // The prefix and another field: the lead's fault first.
    const both = await post(key.key, lead({ marketing_id: "ISW123457", postal: "99999" }));
    expect(both.statusCode).toBe(422);
  });

  it("a duplicate is refused (409, the lead it matched) or updates the lead (200), as the intake setting says", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "Duplicates", prefixes: ["ISF"] });
    const first = lead({ phone: "2125550188" });
    const created = LeadPosted.parse((await post(key.key, first)).json()).data;

    const refused = await post(key.key, lead({ phone: "(212) 555-0188" }));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(IntakeRefusal.parse(refused.json())).toMatchObject({
      reason: "duplicate",
      lead_id: created.lead_id,
    });
    expect(refused.json().message).toContain(`lead ${created.lead_id}`);

    const settings = await manager.request("PUT", "/lead-intake/settings", {
      duplicate_window_days: 30,
      on_duplicate: "update",
    });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      const update = await post(
        key.key,
        lead({ phone: "2125550188", first_name: "Marisol", marketing_id: "ISF555188" }),
      );
      expect(update.statusCode, update.body).toBe(200);
      expect(LeadPosted.parse(update.json()).data).toEqual({ lead_id: created.lead_id, outcome: "updated" });
      expect(await leadRow(created.lead_id)).toMatchObject({
        firstName: "Marisol",
        marketingId: "ISF555188",
      });
      // An update is not a lead the key brought: it stays counted once.
      expect((await keys()).find((k) => k.id === key.id)!.leads_posted).toBe(1);
    } finally {
      await manager.request("PUT", "/lead-intake/settings", DEFAULT_LEAD_INTAKE_SETTINGS);
    }
  });

  it("409 for a number on a Do Not Call list, saying which", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "DNC check", prefixes: ["ISF"] });
    await pluginContextOf(gw, "lead-lists").dnc.add(ISIUS, 0, [{ phone: "2125550166" }], {
      source: "manual",
      agentId: null,
    });
    const res = await post(key.key, lead({ phone: "212-555-0166" }));
    expect(res.statusCode, res.body).toBe(409);
    const body = IntakeRefusal.parse(res.json());
    expect(body.reason).toBe("dnc");
    expect(body.message).toMatch(
      /^\(212\) 555-0166 is on the call centre's Do Not Call list since \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(
      await gw.db
        .select()
        .from(leads)
        .where(and(eq(leads.tenantId, ISIUS), eq(leads.phone, "2125550166"))),
    ).toEqual([]);
  });

  it("422 with the errors per field; outside the call centre's countries too", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "Field errors", prefixes: ["ISF"] });
    const bad = await post(key.key, lead({ phone: "+44 20 7946 0018", email: "not-an-email", state: "NJ" }));
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["email", "phone"]);
    const state = await post(key.key, lead({ state: "NJ" }));
    expect(state.statusCode, state.body).toBe(422);
    expect(state.json().errors.postal).toEqual(["The postal code 10001 is in NY, not NJ."]);
    const missing = await post(key.key, { marketing_id: "ISF1" });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["first_name", "last_name", "phone"]);
    // A Canadian lead where the call centre dials the US only.
    const dialing = and(eq(settings.tenantId, ISIUS), eq(settings.key, DIALING_SETTING_KEY));
    const [before] = await gw.db.select().from(settings).where(dialing);
    await gw.db
      .insert(settings)
      .values({
        tenantId: ISIUS,
        key: DIALING_SETTING_KEY,
        value: { allowedCountries: ["US"] },
        updatedAt: new Date(gw.clock.now()),
      })
      .onConflictDoUpdate({
        target: [settings.tenantId, settings.key],
        set: { value: { allowedCountries: ["US"] } },
      });
    try {
      const canada = await post(
        key.key,
        lead({ postal: "H2X 1Y4", state: "QC", country: "CA", city: "Montréal", phone: "514 555 0123" }),
      );
      expect(canada.statusCode, canada.body).toBe(422);
      expect(canada.json().errors).toEqual({ country: ["The call centre dials only US."] });
    } finally {
      if (before) await gw.db.update(settings).set({ value: before.value }).where(dialing);
      else await gw.db.delete(settings).where(dialing);
    }
  });

  it("429 past the key's posts a minute, shared by every gateway instance, with Retry-After; the next minute posts again", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "Slow publisher", prefixes: ["ISF"], per_minute: 2 });
    // At the start of a minute, so the three posts share it.
    gw.clock.advance(60_000 - (gw.clock.now() % 60_000));
    expect((await post(key.key, lead(), {}, gw)).statusCode).toBe(201);
    expect((await post(key.key, lead(), {}, peer)).statusCode).toBe(201);
    gw.clock.advance(15_000);
    const third = await post(key.key, lead(), {}, gw);
    expect(third.statusCode, third.body).toBe(429);
    expect(third.headers["retry-after"]).toBe("45");
    expect(third.json().message).toBe(
      "Too many leads this minute for this key (2 a minute): try again in 45 s.",
    );
    gw.clock.advance(45_000);
    expect((await post(key.key, lead(), {}, peer)).statusCode).toBe(201);
    // Old minutes are swept as new ones begin.
    const minutes = await gw.db
      .select()
      .from(publisherKeyMinutes)
      .where(eq(publisherKeyMinutes.keyId, key.id));
    expect(minutes.length).toBeLessThanOrEqual(2);
  });

  it("a post retried under its Idempotency-Key answers the first answer and makes one lead", async (t) => {
    needsRoutes(t);
    const key = await createKey(manager, { name: "Retrying publisher", prefixes: ["ISF"] });
    const other = await createKey(manager, { name: "Another publisher", prefixes: ["ISF"] });
    const body = lead();
    const idem = "order-1";
    const first = await post(key.key, body, { "idempotency-key": idem });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(key.key, body, { "idempotency-key": idem }, peer);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(
      await gw.db
        .select()
        .from(leads)
        .where(and(eq(leads.tenantId, ISIUS), eq(leads.marketingId, body.marketing_id))),
    ).toHaveLength(1);
    // The same key with another lead is a client error; another publisher's "order-1" is its own.
    expect((await post(key.key, lead(), { "idempotency-key": idem })).statusCode).toBe(422);
    expect((await post(other.key, lead(), { "idempotency-key": idem })).statusCode).toBe(201);
    // A refusal is the first answer too.
    const dup = { ...lead(), phone: body.phone };
    const refused = await post(key.key, dup, { "idempotency-key": "order-2" });
    expect(refused.statusCode).toBe(409);
    expect((await post(key.key, dup, { "idempotency-key": "order-2" })).json()).toEqual(refused.json());
    expect((await post(key.key, lead(), { "idempotency-key": "x".repeat(256) })).statusCode).toBe(422);
  });

  it("another call centre's key posts only into its own call centre, and its manager's keys are its own", async (t) => {
    needsRoutes(t);
    const [model] = await gw.db.select().from(users).where(eq(users.email, "manager.isius@demo.test"));
    await gw.db.insert(users).values({
      tenantId: SLICA,
      email: "manager.publishers@slica.test",
      passwordHash: model!.passwordHash,
      firstName: "Chloé",
      lastName: "Tremblay",
      role: "manager",
    });
    const slicaManager = await gw.signIn("manager.publishers@slica.test");
    const slicaKey = await createKey(slicaManager, { name: "Québec Leads", prefixes: ["SLQ"] });
    // ISIUS's prefixes are not SLICA's: its key cannot name them, and a lead with one does not reach ISIUS.
    const before = await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.tenantId, ISIUS));
    const isiusLead = await post(slicaKey.key, lead({ marketing_id: "ISF424242" }));
    expect(isiusLead.statusCode).toBe(422);
    expect(await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.tenantId, ISIUS))).toHaveLength(
      before.length,
    );
    const quebec = await post(
      slicaKey.key,
      lead({
        marketing_id: "SLQ424242",
        phone: "514 555 0142",
        postal: "H2X 1Y4",
        state: "QC",
        country: "CA",
        city: "Montréal",
        language: "fr",
      }),
    );
    expect(quebec.statusCode, quebec.body).toBe(201);
    expect(await leadRow(LeadPosted.parse(quebec.json()).data.lead_id)).toMatchObject({
      tenantId: SLICA,
      timezone: "America/Toronto",
    });

    // Each manager sees and revokes only its call centre's keys.
    expect((await keys()).map((k) => k.id)).not.toContain(slicaKey.id);
    expect((await manager.request("DELETE", `/publisher-keys/${slicaKey.id}`)).statusCode).toBe(404);
    expect((await keys(slicaManager)).map((k) => k.name)).toEqual(["Québec Leads"]);
    expect(
      (
        await post(
          slicaKey.key,
          lead({
            marketing_id: "SLQ424243",
            phone: "514 555 0143",
            postal: "H2X 1Y4",
            state: "QC",
            country: "CA",
          }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it("reads and saves the intake setting (managers and above), refusing values out of range per field", async (t) => {
    needsRoutes(t);
    const read = await manager.request("GET", "/lead-intake/settings");
    expect(read.json()).toEqual({ data: DEFAULT_LEAD_INTAKE_SETTINGS });
    const saved = await manager.request("PUT", "/lead-intake/settings", {
      duplicate_window_days: 0,
      on_duplicate: "refuse",
    });
    expect(saved.json()).toEqual({ data: { duplicate_window_days: 0, on_duplicate: "refuse" } });
    expect((await manager.request("GET", "/lead-intake/settings")).json()).toEqual({
      data: { duplicate_window_days: 0, on_duplicate: "refuse" },
    });
    const bad = await manager.request("PUT", "/lead-intake/settings", {
      duplicate_window_days: 3651,
      on_duplicate: "merge",
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["duplicate_window_days", "on_duplicate"]);
    const qualifier = await gw.signIn("qualifier.isius@demo.test");
    expect((await qualifier.request("GET", "/lead-intake/settings")).statusCode).toBe(403);
    expect(
      (await qualifier.request("PUT", "/lead-intake/settings", DEFAULT_LEAD_INTAKE_SETTINGS)).statusCode,
    ).toBe(403);
    await manager.request("PUT", "/lead-intake/settings", DEFAULT_LEAD_INTAKE_SETTINGS);
  });

  it("the API page shows the post with an example body, without a session; no key nor lead reaches the log", async (t) => {
    needsRoutes(t);
    const res = await gw.app.inject({ method: "GET", url: "/api/docs/json" });
    type Op = {
      security?: unknown[];
      requestBody: { description?: string; content: Record<string, { schema: { example?: unknown } }> };
    };
    const op = (res.json() as { paths: Record<string, Record<string, Op>> }).paths["/api/v1/lead-intake"]!
      .post!;
    expect(op.security).toEqual([]);
    expect(op.requestBody.content["application/json"]!.schema.example).toEqual(EXAMPLE_LEAD);
    expect(op.requestBody.description).toContain("marketing_id");

    const key = await createKey(manager, { name: "Quiet publisher", prefixes: ["ISF"] });
    expect(
      (await post(key.key, lead({ last_name: "Zabriskie-Unlogged", phone: "2125550133" }))).statusCode,
    ).toBe(201);
    expect(
      (await post(key.key, lead({ last_name: "Zabriskie-Unlogged", phone: "2125550133" }))).statusCode,
    ).toBe(409);
    expect((await post(`${key.key}x`, lead())).statusCode).toBe(401);
    const log = logLines.join("\n");
    expect(log).toContain("/lead-intake");
    expect(log).not.toContain(key.key);
    expect(log).not.toContain(key.key.slice(3, 20));
    expect(log).not.toContain("Zabriskie");
    expect(log).not.toContain("5550133");
  });
});
