// The users list's Tools (admin-and-sign-in §7): POST /agents/{id}/frontend-repairs pushes `repair` to the
// agent's pages; POST /agents/{id}/reset-sockets closes the agent's sockets, which connect again and keep the
// agent's status. Managers of the agent's call centre only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentToolResponse } from "../../../src/contract/agentSettings";
import { startTestGateway, type AgentClientSocket, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let manager: TestClient;
let agent: TestClient;
let agentId: number;

beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
  manager = await gw.signIn("manager.isius@demo.test");
  agent = await gw.signIn("qualifier2.isius@demo.test");
  agentId = await gw.idOf("qualifier2.isius@demo.test");
});
afterAll(() => gw?.close());

const connected = (s: AgentClientSocket) => new Promise<void>((resolve) => s.once("connect", () => resolve()));

describe("POST /agents/{id}/frontend-repairs", () => {
  it("pushes repair to the agent's open page: 201 {data: {id, sockets}}", async () => {
    const s = gw.socket(agent);
    const up = connected(s);
    s.connect();
    await up;
    await gw.run(100);
    const heard = new Promise((resolve) => s.once("repair", resolve));
    const res = await manager.request("POST", `/agents/${agentId}/frontend-repairs`);
    expect(res.statusCode, res.body).toBe(201);
    expect(AgentToolResponse.parse(res.json()).data).toEqual({ id: agentId, sockets: 1 });
    await expect(heard).resolves.toMatchObject({ by: await gw.idOf("manager.isius@demo.test") });
    s.disconnect();
  });

  it("answers 201 with sockets 0 when the agent has no page open", async () => {
    const id = await gw.idOf("qualifier3.isius@demo.test");
    const res = await manager.request("POST", `/agents/${id}/frontend-repairs`);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ id, sockets: 0 });
  });
});

describe("POST /agents/{id}/reset-sockets", () => {
  it("closes the agent's socket, which connects again as a reconnection and keeps its status", async () => {
    const s = gw.socket(agent, { reconnection: true });
    const up = connected(s);
    s.connect();
    await up;
    await gw.run(100);
    expect((await agent.request("POST", "/agent-statuses", { status: "break" })).statusCode).toBeLessThan(300);
    const told = new Promise((resolve) => s.once("socket-reset", resolve));
    const dropped = new Promise<string>((resolve) => s.once("disconnect", resolve));
    // Connected again means the namespace accepted it (its handshake reads the session), not only the transport.
    const back = new Promise<void>((resolve) => s.io.once("reconnect", () => s.once("connect", () => resolve())));
    const res = await manager.request("POST", `/agents/${agentId}/reset-sockets`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ id: agentId, sockets: 1 });
    await told;
    expect(await dropped).toBe("transport close");
    await back;
    await gw.run(200);
    expect(s.connected).toBe(true);
    expect(await gw.statusOf(agent)).toBe("break");
    s.disconnect();
  });
});

describe("the tools' access", () => {
  it("another call centre's agent does not exist (404); agents are refused (403)", async () => {
    const slica = await gw.idOf("qualifier.slica@demo.test");
    for (const tool of ["frontend-repairs", "reset-sockets"]) {
      expect((await manager.request("POST", `/agents/${slica}/${tool}`)).statusCode).toBe(404);
      expect((await manager.request("POST", `/agents/999999/${tool}`)).statusCode).toBe(404);
      expect((await agent.request("POST", `/agents/${agentId}/${tool}`)).statusCode).toBe(403);
    }
  });
});
