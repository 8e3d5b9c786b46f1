// The simulated PBX's manager routes: an inbound call the PBX announces to the gateway, and a call's media
// report (without a media edge here: every count is 0; server/pbx/edge/edge.test.ts reads real ones).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, users } from "../../db/schema";
import type { CallEvent, PbxEvent } from "../driver";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { SimPbx } from "./extensions";

let gw: TestGateway;
let sim: SimPbx;
const events: PbxEvent[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  sim = gw.gw.pbx as SimPbx;
  sim.onEvent((e) => events.push(e));
});
afterAll(() => gw.close());

const inbound = (callId: string) =>
  events.find(
    (e): e is Extract<CallEvent, { kind: "InboundCall" }> => e.kind === "InboundCall" && e.callId === callId,
  );

describe("POST /sim-pbx/inbound-calls", () => {
  it("places an inbound call to the manager's call centre's DID, given or by default", async () => {
    const manager = await gw.signIn("manager.isius@demo.test");
    const res = await manager.request("POST", "/sim-pbx/inbound-calls", {
      from: "+15145550142",
      did: "18005550100",
    });
    expect(res.statusCode).toBe(201);
    const { callId } = (res.json() as { data: { callId: string } }).data;
    expect(inbound(callId)).toMatchObject({ from: "+15145550142", did: "+18005550100", targetExt: null });
    expect(sim.legsOf(callId)[0]).toMatchObject({ role: "inbound", number: "+15145550142" });

    const byDefault = await manager.request("POST", "/sim-pbx/inbound-calls", { from: "5145550143" });
    expect(byDefault.statusCode).toBe(201);
    expect(inbound((byDefault.json() as { data: { callId: string } }).data.callId)?.did).toBe("+18005550100");
  });

  it("refuses another call centre's DID (422): a manager never rings another tenant's agents", async () => {
    const manager = await gw.signIn("manager.isius@demo.test");
    const before = events.filter((e) => e.kind === "InboundCall").length;
    // +18005550200 is SLICA's inbound number; +18005550999 nobody's. Both get the same answer.
    for (const did of ["+18005550200", "+18005550999"]) {
      const res = await manager.request("POST", "/sim-pbx/inbound-calls", { from: "+15145550142", did });
      expect(res.statusCode, did).toBe(422);
      expect(res.json()).toMatchObject({ errors: { did: ["did is not your call centre's inbound number"] } });
    }
    expect(events.filter((e) => e.kind === "InboundCall").length).toBe(before);
  });

  it("refuses a malformed number (422) and agents (403)", async () => {
    const manager = await gw.signIn("manager.isius@demo.test");
    for (const from of ["12", "+1-514-555", "x".repeat(5), "1".repeat(21)]) {
      expect((await manager.request("POST", "/sim-pbx/inbound-calls", { from })).statusCode, from).toBe(422);
    }
    const agent = await gw.signIn("advisor.isius@demo.test");
    expect((await agent.request("POST", "/sim-pbx/inbound-calls", { from: "+15145550142" })).statusCode).toBe(
      403,
    );
  });
});

describe("GET /sim-pbx/calls/:callId/media", () => {
  it("lists every leg of a call of the manager's call centre, with its media counts", async () => {
    await sim.register("1001");
    await sim.originate({ callId: "media-1", agentExt: "1001", to: "+15550000010", mode: "manual" });
    const agentLeg = sim.legsOf("media-1")[0]!;
    const manager = await gw.signIn("manager.isius@demo.test");
    const res = await manager.request("GET", "/sim-pbx/calls/media-1/media");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        legs: [{ legId: agentLeg.legId, role: "agent", ext: "1001", state: agentLeg.state, sent: 0, received: 0, heard: {} }],
      },
    });
  });

  it("takes the gateway's call id as well as the PBX's; a malformed id is 422", async () => {
    const [agent] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, "qualifier.isius@demo.test"));
    const insert = (tenantId: number, pbxCallId: string) =>
      gw.db
        .insert(calls)
        .values({ tenantId, agentId: agent!.id, type: "manual", direction: 0, phone: "+15550000010", status: "dialing", pbxCallId, startedAt: new Date() })
        .returning({ id: calls.id });
    const [own] = await insert(1, "media-1");
    const [other] = await insert(2, "media-1"); // the same PBX call under another call centre's row: not the manager's
    const manager = await gw.signIn("manager.isius@demo.test");
    const byGatewayId = await manager.request("GET", `/sim-pbx/calls/${own!.id}/media`);
    expect(byGatewayId.statusCode).toBe(200);
    expect(byGatewayId.json()).toEqual((await manager.request("GET", "/sim-pbx/calls/media-1/media")).json());
    expect((await manager.request("GET", `/sim-pbx/calls/${other!.id}/media`)).statusCode).toBe(404);
    for (const bad of ["0x15", "021", "-media", "a%20b"])
      expect((await manager.request("GET", `/sim-pbx/calls/${bad}/media`)).statusCode, bad).toBe(422);
  });

  it("answers 404 for an unknown call and for another call centre's, 403 to agents", async () => {
    await sim.register("2001"); // SLICA's qualifier
    await sim.originate({ callId: "media-2", agentExt: "2001", to: "+15550000011", mode: "manual" });
    expect(sim.legsOf("media-2")).not.toHaveLength(0);
    const manager = await gw.signIn("manager.isius@demo.test");
    for (const callId of ["media-2", "no-such-call"])
      expect((await manager.request("GET", `/sim-pbx/calls/${callId}/media`)).statusCode, callId).toBe(404);
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("GET", "/sim-pbx/calls/media-1/media")).statusCode).toBe(403);
  });
});
