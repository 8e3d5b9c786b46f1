// Client health on a real test gateway: an agent's report is judged, kept an hour and pushed to its managers;
// managers read the latest per agent and one agent's hour; bad input is 422; roles and call centres are kept apart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../server/sdk/testing";
import { AgentHealthHistory, FloorHealth, HealthSample, type HealthReport } from "./contract";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
});
afterAll(() => gw.close());

const calm: HealthReport = {
  socket_reconnects: 0,
  socket_connected: true,
  sip: "registered",
  microphone: "granted",
  page: "visible",
  timer_lateness_ms: 8,
  call: null,
};
const lossy: HealthReport = {
  ...calm,
  call: { packet_loss_pct: 9.5, jitter_ms: 20, rtt_ms: 60, mic_level: 0.3, mos: 2.8 },
};

describe("client health", () => {
  it("pushes an agent's judged report to its managers and keeps the latest for the floor", async () => {
    const manager = await gw.signIn("manager.isius@demo.test");
    const socket = gw.socket(manager);
    const pushed: HealthSample[] = [];
    socket.onAny((event: string, payload: unknown) => {
      if (event === "client-health") pushed.push(HealthSample.parse(payload));
    });
    socket.connect();
    await new Promise<void>((r) => socket.once("connect", () => r()));

    const agent = await gw.signIn("qualifier3.isius@demo.test");
    const id = await gw.idOf("qualifier3.isius@demo.test");
    expect((await agent.request("POST", "/client-health", calm)).statusCode).toBe(204);
    gw.clock.advance(10_000);
    const res = await agent.request("POST", "/client-health", lossy);
    expect(res.statusCode, res.body).toBe(204);
    await gw.run(100, 50);
    expect(pushed.map((p) => [p.agent_id, p.verdict])).toEqual([
      [id, "good"],
      [id, "bad"],
    ]);
    expect(pushed[1]!.reasons).toEqual(["packet_loss", "mos"]);

    const floor = FloorHealth.parse((await manager.request("GET", "/client-health")).json()).data;
    expect(floor.filter((s) => s.agent_id === id).map((s) => s.verdict)).toEqual(["bad"]);
    const hour = AgentHealthHistory.parse((await manager.request("GET", `/agents/${id}/client-health`)).json()).data;
    expect(hour.map((s) => s.verdict)).toEqual(["good", "bad"]);
    socket.disconnect();
  });

  it("keeps an hour: older reports of the agent go as new ones arrive", async () => {
    const id = await gw.idOf("qualifier4.isius@demo.test");
    expect((await (await gw.signIn("qualifier4.isius@demo.test")).request("POST", "/client-health", calm)).statusCode).toBe(204);
    gw.clock.advance(61 * 60_000);
    // An hour on, the agent signs in again (its session would have lapsed meanwhile).
    expect((await (await gw.signIn("qualifier4.isius@demo.test")).request("POST", "/client-health", lossy)).statusCode).toBe(204);
    const manager = await gw.signIn("manager.isius@demo.test");
    const hour = AgentHealthHistory.parse((await manager.request("GET", `/agents/${id}/client-health`)).json()).data;
    expect(hour.map((s) => s.verdict)).toEqual(["bad"]);
  });

  it("refuses a malformed report with 422 and keeps nothing of it", async () => {
    const agent = await gw.signIn("qualifier5.isius@demo.test");
    const id = await gw.idOf("qualifier5.isius@demo.test");
    const bad = await agent.request("POST", "/client-health", { ...calm, page: "asleep", phone: "2125550100" });
    expect(bad.statusCode).toBe(422);
    const manager = await gw.signIn("manager.isius@demo.test");
    expect(AgentHealthHistory.parse((await manager.request("GET", `/agents/${id}/client-health`)).json()).data).toEqual([]);
  });

  it("takes reports from agents only; an agent reads only its own hour; another call centre's manager sees none", async () => {
    const manager = await gw.signIn("manager.isius@demo.test");
    expect((await manager.request("POST", "/client-health", calm)).statusCode).toBe(403);
    const colleague = await gw.signIn("qualifier2.isius@demo.test");
    expect((await colleague.request("POST", "/client-health", calm)).statusCode).toBe(204);
    const other = await gw.idOf("qualifier3.isius@demo.test");
    expect((await colleague.request("GET", `/agents/${other}/client-health`)).statusCode).toBe(403);
    expect((await colleague.request("GET", "/client-health")).statusCode).toBe(403);
    const slica = await gw.signIn("qualifier.slica@demo.test");
    expect((await slica.request("GET", `/agents/${other}/client-health`)).statusCode).toBe(403);
    const floor = FloorHealth.parse((await manager.request("GET", "/client-health")).json()).data;
    const slicaId = await gw.idOf("qualifier.slica@demo.test");
    await slica.request("POST", "/client-health", calm);
    expect(FloorHealth.parse((await manager.request("GET", "/client-health")).json()).data.map((s) => s.agent_id)).not.toContain(slicaId);
    expect(floor.length).toBeGreaterThan(0);
  });
});
