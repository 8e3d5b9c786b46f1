// The WebRTC users page's toggle as a manager uses it (admin-and-sign-in §4, §7): POST gives an agent a
// softphone (201, again 201), DELETE takes it away (204, again 204), each change one row of the settings audit
// trail; another call centre's agent, an agent caller and an account that is not an agent are refused. The
// agent feels it at its next sign-in: the session it is in keeps the phone it signed in with.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentListResponse } from "../../../src/contract/agents";
import { LoginResponse } from "../../../src/contract/auth";
import { SettingsChanges } from "../../../src/contract/settings";
import { WEBRTC_MESSAGES, WebRtcToggleResponse } from "../../../src/contract/webrtcUsers";
import { DEMO_PASSWORD } from "../../seed/accounts";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let manager: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(() => gw?.close());

/** The agent's WebRTC flag as the users list shows it to the manager. */
async function listed(email: string): Promise<boolean | undefined> {
  const res = await manager.request("GET", `/agents?query=${encodeURIComponent(email)}&per_page=10`);
  return AgentListResponse.parse(res.json()).data.find((r) => r.email === email)?.has_webrtc;
}
const changes = async () =>
  SettingsChanges.parse((await manager.request("GET", "/settings/changes?subject=webrtc-users&limit=100")).json()).changes;
/** What a fresh sign-in answers the agent. */
const signInAnswer = async (email: string) =>
  LoginResponse.parse((await gw.client().request("POST", "/login", { email, password: DEMO_PASSWORD })).json());

describe("POST and DELETE /agents/{id}/webrtc", () => {
  it("enables and disables an agent's softphone, idempotently, one audit row per change", async () => {
    const id = await gw.idOf("qualifier2.isius@demo.test");
    const before = (await changes()).length;
    expect(await listed("qualifier2.isius@demo.test")).toBe(false);

    const on = await manager.request("POST", `/agents/${id}/webrtc`);
    expect(on.statusCode).toBe(201);
    expect(WebRtcToggleResponse.parse(on.json()).data).toEqual({ id, has_webrtc: true });
    expect(await listed("qualifier2.isius@demo.test")).toBe(true);
    // Again: still 201, nothing more recorded.
    expect((await manager.request("POST", `/agents/${id}/webrtc`)).statusCode).toBe(201);
    let trail = await changes();
    expect(trail).toHaveLength(before + 1);
    expect(trail[0]).toMatchObject({ subject: "webrtc-users", by: "Dana Whitfield", old: { agentId: id, enabled: false }, new: { agentId: id, enabled: true } });

    const off = await manager.request("DELETE", `/agents/${id}/webrtc`);
    expect(off.statusCode).toBe(204);
    expect(await listed("qualifier2.isius@demo.test")).toBe(false);
    expect((await manager.request("DELETE", `/agents/${id}/webrtc`)).statusCode).toBe(204);
    trail = await changes();
    expect(trail).toHaveLength(before + 2);
    expect(trail[0]).toMatchObject({ old: { agentId: id, enabled: true }, new: { agentId: id, enabled: false } });
  });

  it("refuses an agent caller, another call centre's agent and an account that is not an agent", async () => {
    const colleague = await gw.idOf("qualifier3.isius@demo.test");
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("POST", `/agents/${colleague}/webrtc`)).statusCode).toBe(403);
    expect((await agent.request("DELETE", `/agents/${colleague}/webrtc`)).statusCode).toBe(403);
    const foreign = await gw.idOf("qualifier.slica@demo.test");
    expect((await manager.request("POST", `/agents/${foreign}/webrtc`)).statusCode).toBe(403);
    const admin = await gw.idOf("admin@demo.test");
    const res = await manager.request("POST", `/agents/${admin}/webrtc`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: WEBRTC_MESSAGES.notAnAgent, errors: { id: [WEBRTC_MESSAGES.notAnAgent] } });
    expect((await manager.request("POST", "/agents/999999/webrtc")).statusCode).toBe(403);
  });

  it("reaches the agent at its next sign-in", async () => {
    const email = "qualifier3.isius@demo.test";
    const id = await gw.idOf(email);
    expect((await signInAnswer(email)).has_webrtc).toBe(false);
    expect((await manager.request("POST", `/agents/${id}/webrtc`)).statusCode).toBe(201);
    expect((await signInAnswer(email)).has_webrtc).toBe(true);
    expect((await manager.request("DELETE", `/agents/${id}/webrtc`)).statusCode).toBe(204);
    expect((await signInAnswer(email)).has_webrtc).toBe(false);
  });
});
