// The disclosures on the gateway: the steps an ISIUS agent reads, refused where the feature is off, and the
// proof of a disclosure given on the agent's own call, stored as the lead heard it, once per Idempotency-Key.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LeadHistoryResponse } from "../../src/contract/leadHistory";
import { calls, leads, startTestGateway, tenants, type TestGateway } from "../../server/sdk/testing";
import { DISCLOSURE_MESSAGES, DisclosuresFacet, DisclosuresResponse } from "./contract";
import { disclosureProofs } from "./tables";

let gw: TestGateway;
let callId: number;
let leadId: number;

beforeAll(async () => {
  gw = await startTestGateway();
  const advisor = await gw.idOf("advisor.isius@demo.test");
  const [lead] = await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.tenantId, 1)).limit(1);
  leadId = lead!.id;
  await gw.db.update(leads).set({ firstName: "Ann", lastName: "Lee", state: "mn" }).where(eq(leads.id, leadId));
  const [call] = await gw.db
    .insert(calls)
    .values({ tenantId: 1, leadId, agentId: advisor, type: "manual", direction: 0, phone: "+16125550144", status: "answered", startedAt: new Date(gw.clock.now()) })
    .returning({ id: calls.id });
  callId = call!.id;
});
afterAll(() => gw.close());

const at = () => new Date(gw.clock.now()).toISOString();

describe("GET /calls/disclosures", () => {
  it("gives an ISIUS agent every wording's steps in English and Spanish, with placeholders to fill", async () => {
    const advisor = await gw.signIn("advisor.isius@demo.test");
    const res = await advisor.request("GET", "/calls/disclosures");
    expect(res.statusCode).toBe(200);
    const { data } = DisclosuresResponse.parse(res.json());
    expect(data.occ.en.find((s) => s.step === 5)?.text).toContain("Outline of Coverage");
    expect(data.pio.es[0]?.text).toContain("{first_name}");
    expect(data.aa.en[1]?.answers?.[0]).toMatchObject({ skip: [3] });
  });

  it("is refused where the call centre's disclosures are off, and to a caller not signed in", async () => {
    const slica = await gw.signIn("advisor.slica@demo.test");
    const off = await slica.request("GET", "/calls/disclosures");
    expect([off.statusCode, off.json()]).toEqual([404, { message: DISCLOSURE_MESSAGES.off }]);
    expect((await gw.client().request("GET", "/calls/disclosures")).statusCode).toBe(401);
  });
});

describe("POST /calls/{callId}/disclosures", () => {
  const proof = {
    carrier: "gtl",
    wording: "aa",
    language: "en",
    steps: [
      { step: 1, answer: null, at: "" },
      { step: 2, answer: 0, at: "" },
      { step: 4, answer: null, at: "" },
    ],
    completed: false,
  };
  const withTimes = (p: typeof proof) => ({ ...p, steps: p.steps.map((s) => ({ ...s, at: at() })) });

  it("stores the steps as the lead heard them, with its answers, once per Idempotency-Key", async () => {
    const advisor = await gw.signIn("advisor.isius@demo.test");
    const body = withTimes(proof);
    const first = await advisor.request("POST", `/calls/${callId}/disclosures`, body, { "idempotency-key": "disclosure-1" });
    expect(first.statusCode, first.body).toBe(201);
    const again = await advisor.request("POST", `/calls/${callId}/disclosures`, body, { "idempotency-key": "disclosure-1" });
    expect(again.json()).toEqual(first.json());
    const rows = await gw.db.select().from(disclosureProofs).where(eq(disclosureProofs.callId, callId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ leadId, carrier: "gtl", wording: "aa", language: "en", completed: false });
    expect(rows[0]!.steps[0]!.text).toBe(
      "Ann Lee, this call is recorded for quality and compliance. I am a licensed insurance agent calling on behalf of Guarantee Trust Life Insurance Company.",
    );
    expect(rows[0]!.steps[1]).toMatchObject({ step: 2, answer: "Yes, the insured pays" });
  });

  it("shows the proof with its call in the lead's history, also once the call centre turned disclosures off", async () => {
    const manager = await gw.signIn("manager.isius@demo.test");
    const facetOfCall = async () => {
      const res = await manager.request("GET", `/leads/${leadId}/history`);
      const call = LeadHistoryResponse.parse(res.json()).data.calls.find((c) => c.id === callId);
      return DisclosuresFacet.parse(call?.facets?.disclosures);
    };
    const given = expect.objectContaining({ carrier: "gtl", company: "Guarantee Trust Life Insurance Company", steps: 3 });
    expect((await facetOfCall()).disclosures).toEqual([given]);
    // A disclosure given is proof of what the lead heard: turning the plugin off does not take it out of the history.
    const [tenant] = await gw.db.select({ features: tenants.features }).from(tenants).where(eq(tenants.id, 1));
    const off = { ...tenant!.features, "plugin:disclosures": false };
    await gw.db.update(tenants).set({ features: off }).where(eq(tenants.id, 1));
    try {
      const advisor = await gw.signIn("advisor.isius@demo.test");
      expect((await advisor.request("GET", "/calls/disclosures")).statusCode).toBe(403);
      expect((await facetOfCall()).disclosures).toEqual([given]);
    } finally {
      await gw.db.update(tenants).set({ features: tenant!.features }).where(eq(tenants.id, 1));
    }
  });

  it("refuses another agent's call and another call centre's (404), and steps or answers the disclosure lacks (422), storing nothing", async () => {
    const before = (await gw.db.select().from(disclosureProofs)).length;
    const qualifier = await gw.signIn("qualifier.isius@demo.test");
    expect((await qualifier.request("POST", `/calls/${callId}/disclosures`, withTimes(proof))).statusCode).toBe(404);
    const slica = await gw.signIn("advisor.slica@demo.test");
    expect((await slica.request("POST", `/calls/${callId}/disclosures`, withTimes(proof))).statusCode).toBe(404);

    const advisor = await gw.signIn("advisor.isius@demo.test");
    const bad = await advisor.request("POST", `/calls/${callId}/disclosures`, {
      ...withTimes(proof),
      steps: [
        { step: 9, answer: null, at: at() },
        { step: 1, answer: 0, at: at() },
        { step: 2, answer: null, at: at() },
        { step: 4, answer: null, at: at() },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      "steps.0.step": [DISCLOSURE_MESSAGES.notAStep],
      "steps.1.answer": [DISCLOSURE_MESSAGES.notAnAnswer],
      "steps.2.answer": [DISCLOSURE_MESSAGES.unanswered],
    });
    expect((await advisor.request("POST", `/calls/${callId}/disclosures`, { ...withTimes(proof), carrier: "metlife" })).statusCode).toBe(422);
    expect((await gw.db.select().from(disclosureProofs)).length).toBe(before);
  });
});
