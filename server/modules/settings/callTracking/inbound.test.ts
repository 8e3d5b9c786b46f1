// What the call-tracking settings do to the running call centre, through a whole gateway on the simulated PBX:
// a call to a mapped DID is that call centre's, and a caller who is not yet a lead becomes one with the
// mapping's prefix and the campaign holding it; over the maximum calls amount a new call to a mapped DID is hung
// up busy before any agent rings. The caller's number never reaches the log.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallEvent, PbxEvent } from "../../../pbx/driver";
import { OWNERSHIP_MESSAGES } from "../../../../src/contract/ownership";
import { calls, leadCampaigns, leads, retreaverMappings, users } from "../../../db/schema";
import { mappingOfDialled } from "./service";
import { SimPbx } from "../../../pbx/sim/extensions";
import { startTestGateway, type TestClient, type TestGateway } from "../../../test/harness";

let gw: TestGateway;
let sim: SimPbx;
let manager: TestClient;
const logLines: string[] = [];
const events: PbxEvent[] = [];
beforeAll(async () => {
  gw = await startTestGateway({ listen: true, logLines, logLevel: "debug" });
  sim = gw.gw.pbx as SimPbx;
  sim.onEvent((e) => void events.push(e));
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(() => gw.close());

const ended = (callId: string) =>
  events.find(
    (e): e is Extract<CallEvent, { kind: "CallEnded" }> =>
      e.kind === "CallEnded" && "callId" in e && e.callId === callId,
  );
const leadsOf = (tenantId: number, phone: string) =>
  gw.db
    .select()
    .from(leads)
    .where(and(eq(leads.tenantId, tenantId), eq(leads.phone, phone)));
const callRowsOf = (pbxCallId: string) => gw.db.select().from(calls).where(eq(calls.pbxCallId, pbxCallId));

let advisor: TestClient | null = null;
/** The advisor ready on its phone again (the simulated softphone answers while the agent's socket is connected). */
async function readyAdvisor() {
  if (!advisor) {
    advisor = await gw.signIn("advisor.isius@demo.test");
    const s = gw.socket(advisor);
    s.connect();
    await new Promise<void>((r) => (s.connected ? r() : s.once("connect", () => r())));
    await sim.register("1002");
  }
  const res = await advisor.request("POST", "/agent-statuses", { status: "ready" });
  expect(res.statusCode, res.body).toBe(201);
}

describe("an inbound call to a DID mapped for the call-tracking provider", () => {
  it("makes a new caller a lead with the mapping's prefix and the campaign of that prefix", async () => {
    await readyAdvisor();
    // ISWM is an Additional Prefix of the demo's Term Life Web campaign.
    const map = await manager.request("POST", "/settings/retreaver-mappings/8335550100?mode=add", {
      prefix: "ISWM",
    });
    expect(map.statusCode).toBe(201);
    const callId = sim.placeInbound({ from: "+15555550171", did: "+18335550100", callId: "trk-1" });
    await gw.run(3_000);
    const [lead] = await leadsOf(1, "5555550171");
    const [campaign] = await gw.db
      .select()
      .from(leadCampaigns)
      .where(and(eq(leadCampaigns.tenantId, 1), eq(leadCampaigns.slug, "term-life-web")));
    expect(lead).toMatchObject({ prefix: "ISWM", campaignId: campaign!.id, marketingId: "ISWM-IN-trk-1" });
    const [row] = await callRowsOf(callId);
    expect(row).toMatchObject({ tenantId: 1, leadId: lead!.id, type: "inbound" });
    await sim.hangupCall(callId);
    await gw.run(500);
  });

  it("attaches a known caller to their lead (duplicate checker on), and makes a new lead each call when it is off", async () => {
    await readyAdvisor();
    const [known] = await gw.db.select().from(leads).where(eq(leads.tenantId, 1)).limit(1);
    expect(
      (await manager.request("POST", "/settings/retreaver-mappings/8335550101?mode=add", { prefix: "ISF" }))
        .statusCode,
    ).toBe(201);
    const a = sim.placeInbound({ from: `+1${known!.phone}`, did: "8335550101", callId: "trk-2" });
    await gw.run(1_000);
    expect((await callRowsOf(a)).map((r) => r.leadId)).toEqual([known!.id]);
    expect(await leadsOf(1, known!.phone)).toHaveLength(1);
    await sim.hangupCall(a);
    await gw.run(500);
    await readyAdvisor();

    const off = { prefix: "ISF", duplicate_checker: false };
    expect(
      (await manager.request("POST", "/settings/retreaver-mappings/8335550101?mode=edit", off)).statusCode,
    ).toBe(201);
    const b = sim.placeInbound({ from: `+1${known!.phone}`, did: "8335550101", callId: "trk-3" });
    await gw.run(3_000);
    const made = (await leadsOf(1, known!.phone)).find((l) => l.id !== known!.id);
    expect(made).toMatchObject({ prefix: "ISF", marketingId: "ISF-IN-trk-3" });
    await sim.hangupCall(b);
    await gw.run(500);
  });

  it("belongs to the call centre that maps the DID, whatever its inbound number", async () => {
    await gw.db.update(users).set({ role: "admin" }).where(eq(users.email, "advisor2.slica@demo.test"));
    const slica = await gw.signIn("advisor2.slica@demo.test");
    expect(
      (await slica.request("POST", "/settings/retreaver-mappings/8335550102?mode=add", { prefix: "SLQW" }))
        .statusCode,
    ).toBe(201);
    const callId = sim.placeInbound({ from: "+15555550172", did: "+18335550102", callId: "trk-4" });
    await gw.run(3_000);
    // Nobody of SLICA is ready: the call waits for an agent of SLICA; none of ISIUS is offered it.
    expect(await callRowsOf(callId)).toEqual([]);
    expect(ended(callId)).toBeUndefined();
    await sim.hangupCall(callId);
    await gw.run(500);
  });

  it("over the maximum calls amount, a new call is hung up busy before ringing anyone; 0 means no limit", async () => {
    await readyAdvisor();
    expect(
      (await manager.request("PUT", "/settings/max-calls-amount", { maxCallsAmount: 1 })).statusCode,
    ).toBe(204);
    const first = sim.placeInbound({ from: "+15555550173", did: "+18335550100", callId: "trk-5" });
    await gw.run(3_000);
    expect(await callRowsOf(first)).toHaveLength(1);
    const second = sim.placeInbound({ from: "+15555550174", did: "+18335550100", callId: "trk-6" });
    await gw.run(1_000);
    expect(ended(second)?.cause).toBe("busy");
    expect(await callRowsOf(second)).toEqual([]);
    expect(await leadsOf(1, "5555550174")).toEqual([]);

    // The first ends: the place is free again.
    await sim.hangupCall(first);
    await gw.run(500);
    await readyAdvisor();
    const third = sim.placeInbound({ from: "+15555550175", did: "+18335550100", callId: "trk-7" });
    await gw.run(1_000);
    expect(ended(third)).toBeUndefined();
    await sim.hangupCall(third);
    await gw.run(500);

    // No limit: two at once are both taken.
    expect(
      (await manager.request("PUT", "/settings/max-calls-amount", { maxCallsAmount: 0 })).statusCode,
    ).toBe(204);
    const [x, y] = ["trk-8", "trk-9"].map((id, i) =>
      sim.placeInbound({ from: `+1555555018${i}`, did: "+18335550100", callId: id }),
    );
    await gw.run(1_000);
    expect(ended(x!)).toBeUndefined();
    expect(ended(y!)).toBeUndefined();
    await sim.hangupCall(x!);
    await sim.hangupCall(y!);
    await gw.run(500);
  });

  it("a DID another call centre maps is refused (409) and stays that call centre's; the database holds one owner", async () => {
    const res = await manager.request("POST", "/settings/retreaver-mappings/8775550102?mode=add", { prefix: "ISF" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: OWNERSHIP_MESSAGES.numberTaken,
      errors: { did: [OWNERSHIP_MESSAGES.numberTaken] },
    });
    expect(await mappingOfDialled(gw.db, "8775550102")).toMatchObject({ tenantId: 2, prefix: "SLQ" });
    // No clash can be written behind the routes' back either: the number is unique, not per call centre.
    await expect(
      gw.db.insert(retreaverMappings).values({ tenantId: 1, did: "8775550102", prefix: "ISF" }),
    ).rejects.toThrow();
  });

  it("a prefix is each call centre's own: ISIUS's SLQ makes ISIUS leads in ISIUS's campaign, SLICA's stay SLICA's", async () => {
    await readyAdvisor();
    const campaign = await manager.request("POST", "/settings/lead-campaigns", {
      params: { name: "Quebec web (ISIUS)", active: true, prefix: "SLQ", prefixes: [] },
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const isiusCampaign = (campaign.json() as { id: number }).id;
    expect(
      (await manager.request("POST", "/settings/retreaver-mappings/8335550150?mode=add", { prefix: "SLQ" })).statusCode,
    ).toBe(201);
    const callId = sim.placeInbound({ from: "+15555550176", did: "+18335550150", callId: "trk-10" });
    await gw.run(3_000);
    const [lead] = await leadsOf(1, "5555550176");
    expect(lead).toMatchObject({ prefix: "SLQ", campaignId: isiusCampaign });
    expect(await leadsOf(2, "5555550176")).toEqual([]);
    // SLICA's own SLQ campaign and mapping are as the seed made them.
    const [slica] = await gw.db
      .select()
      .from(leadCampaigns)
      .where(and(eq(leadCampaigns.tenantId, 2), eq(leadCampaigns.prefix, "SLQ")));
    expect(slica).toBeDefined();
    expect(await mappingOfDialled(gw.db, "8775550102")).toMatchObject({ tenantId: 2, prefix: "SLQ" });
    await sim.hangupCall(callId);
    await gw.run(500);
  });

  it("never logs the caller's number", () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const n of ["5555550171", "5555550172", "5555550173", "5555550174", "5555550175", "5555550176"])
      expect(logLines.filter((l) => l.includes(n))).toEqual([]);
  });
});
