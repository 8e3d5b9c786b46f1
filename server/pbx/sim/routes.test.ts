// The simulated PBX's manager route for inbound calls: the PBX announces the call to the gateway.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
