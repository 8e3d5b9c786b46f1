// Every setting acts on the running call centre (issue 18): a manager saves a setting through its real PUT
// route, and what the agents' side of the gateway does changes at once, with no restart and no cache to wait
// for: auto-dial refuses with the new reason at its next tick, explain says why, the goals show the new
// target, and a WebRTC toggle changes what the agent gets at its next sign-in. Time is the test clock.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DialResponse, ExplainResponse, NoLeadResponse, type RuleVerdict } from "../../../src/contract/dialer";
import { LoginResponse } from "../../../src/contract/auth";
import { WebRtcCredentialsResponse } from "../../../src/contract/calls";
import { GoalStatistics } from "../../../plugins/goals/contract";
import type { Caller } from "../../auth/access";
import { DialerEngine } from "../../dialer/engine";
import { dialerFixture, type DialerFixture } from "../../dialer/testing";
import { ack, connected } from "../../realtime/testing";
import { DEMO_PASSWORD } from "../../seed/accounts";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

const MIN = 60_000;
/** agent-workspace §9: the auto-dial loop asks for a lead every 10 seconds. */
const TICK_MS = 10_000;
const OPEN = { from: "08:00", to: "21:00" };

let gw: TestGateway;
let fx: DialerFixture;
let engine: DialerEngine;
let manager: TestClient;
let managerEmail: string;

beforeAll(async () => {
  // A SIP endpoint elsewhere (SIP_WS_URL): GET /webrtc/credentials answers; the PBX stays the simulated one.
  gw = await startTestGateway({ listen: true, config: { sipWsUrl: "wss://pbx.example.test/ws" } });
  fx = await dialerFixture(gw);
  engine = new DialerEngine(gw.gw);
  managerEmail = (await fx.agent({ role: "manager", extension: null })).email;
});
afterAll(() => gw?.close());
beforeEach(async () => {
  await fx.reset();
  manager = await gw.signIn(managerEmail);
});

/** A manager's save of a settings page, as the page sends it. */
async function save(url: string, body: unknown) {
  const res = await manager.request("PUT", url, body);
  expect(res.statusCode, `PUT ${url}: ${res.body}`).toBe(204);
}
async function readyAgent(over: Parameters<DialerFixture["agent"]>[0] = {}) {
  const a = await fx.agent(over);
  const c = await gw.signIn(a.email);
  expect((await c.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBeLessThan(300);
  return { ...a, c };
}
const autoDial = (c: TestClient) => c.request("POST", "/dials/auto");
async function hangupAndReady(a: { id: number; c: TestClient }) {
  await gw.gw.calls.hangupFor(a.id);
  await gw.gw.background.idle();
  await a.c.request("POST", "/agent-statuses", { status: "ready" });
}
/** The explain view a manager opens for a lead and an agent. */
async function explain(leadId: number, agentId: number) {
  const res = await manager.request("GET", `/leads/${leadId}/explain?agent=${agentId}`);
  expect(res.statusCode).toBe(200);
  return ExplainResponse.parse(res.json());
}
const failing = (e: ExplainResponse): RuleVerdict | undefined => e.rules.find((r) => !r.ok);
const plan = (agent: Caller) => engine.plan(agent, gw.clock.now());

describe("settings act on the running call centre", () => {
  it("closing today's operation hours stops auto-dial at the next tick, with the operation-hours reason", async () => {
    const q = await readyAgent();
    const waiting = await fx.lead();
    await fx.lead(); // the newest, dialled first
    expect((await autoDial(q.c)).statusCode).toBe(201);
    await hangupAndReady(q);

    // Monday 5 January 2026: closed on Mondays from now on.
    await save("/settings/operation-hours", { days: [{ from: "00:00", to: "00:00" }, ...Array.from({ length: 6 }, () => OPEN)] });
    gw.clock.advance(TICK_MS);
    const res = await autoDial(q.c);
    expect(res.statusCode).toBe(404);
    const body = NoLeadResponse.parse(res.json());
    expect(body.blocked).toMatchObject({ rule: "operation-hours", ok: false });
    expect(body.blocked?.reason).toMatch(/closed on Mondays/);
    expect(failing(await explain(waiting, q.id))).toMatchObject({ rule: "operation-hours", key: "hours_closed_day" });

    // Opened again: the next tick dials.
    await save("/settings/operation-hours", { days: Array.from({ length: 7 }, () => OPEN) });
    gw.clock.advance(TICK_MS);
    expect(DialResponse.parse((await autoDial(q.c)).json()).leadId).toBe(waiting);
    await gw.gw.calls.hangupFor(q.id);
  });

  it("a longer dialing-sequence wait delays a lead's next dial until the test clock passes it", async () => {
    const q = await readyAgent();
    const lead = await fx.lead({ dials: 1 });
    await fx.call(lead, q.id, gw.clock.now() - 40 * MIN);
    // The default sequence waits 30 minutes before dial #2: due 10 minutes ago.
    expect((await explain(lead, q.id)).callable).toBe(true);

    await save("/settings/dialing-sequence", { sequence: [0, 90] });
    const waiting = await explain(lead, q.id);
    expect(waiting.callable).toBe(false);
    expect(failing(waiting)).toMatchObject({ rule: "dialing-sequence", key: "sequence_wait", values: { n: 2, wait: 90 } });
    expect(NoLeadResponse.parse((await autoDial(q.c)).json()).reasons).toEqual({ "dialing-sequence": 1 });

    gw.clock.advance(50 * MIN + 1);
    // Fifty idle minutes end both sessions (30 minutes idle): they sign in again.
    manager = await gw.signIn(managerEmail);
    expect((await explain(lead, q.id)).callable).toBe(true);
    const again = await gw.signIn(q.email);
    await again.request("POST", "/agent-statuses", { status: "ready" });
    expect(DialResponse.parse((await autoDial(again)).json())).toMatchObject({ leadId: lead, dialNumber: 2 });
    await gw.gw.calls.hangupFor(q.id);
  });

  it("a dials quota reached stops the agent's dials, and the agent's goals show the new target", async () => {
    const q = await readyAgent();
    await fx.lead();
    const next = await fx.lead();
    const goals = async () => GoalStatistics.parse((await q.c.request("GET", `/agents/${q.id}/statistics`)).json());
    expect((await goals()).dials.hourly.target).toBe(60);
    expect((await autoDial(q.c)).statusCode).toBe(201);
    await hangupAndReady(q);

    await save("/settings/agents/quotas/dials", { params: { qualifier: [1, 0, 0, 0], advisor: [0, 0, 0, 0] } });
    const res = await autoDial(q.c);
    expect(res.statusCode).toBe(404);
    expect(NoLeadResponse.parse(res.json()).blocked).toMatchObject({ rule: "quotas", reason: expect.stringMatching(/1 dials this hour \(quota 1/) });
    expect(failing(await explain(next, q.id))).toMatchObject({ rule: "quotas", key: "quota_reached" });
    expect((await goals()).dials.hourly).toEqual({ current: 1, target: 1 });
  });

  it("publisher suppression for a state keeps the agent off that state's leads: the engine picks another", async () => {
    const q = await readyAgent();
    const newJersey = await fx.lead({ state: "nj" });
    const newYork = await fx.lead(); // the newest: examined first
    expect((await plan(q)).picked?.id).toBe(newYork);

    await save("/settings/publisher-suppression", { params: { advisors: 0, qualifiers: 0, ny: 50 } });
    const after = await plan(q);
    expect(after.picked?.id).toBe(newJersey);
    expect(after.trace.skipped?.[0]).toMatchObject({ leadId: newYork, rule: "publisher-suppression" });
    const why = failing(await explain(newYork, q.id));
    expect(why).toMatchObject({ rule: "publisher-suppression", key: "suppression_kept_state", values: { state: "NY", need: 50 } });
    expect(why?.reason).toMatch(/Publisher suppression holds you for publisher calls on NY leads/);
  });

  it("dials per level keeps a level-1 agent to leads dialled often enough: the engine picks another", async () => {
    const q = await readyAgent({ level: 1 });
    const oft = await fx.lead({ dials: 3 });
    const fresh = await fx.lead({ dials: 0 });
    expect((await plan(q)).picked?.id).toBe(fresh);

    await save("/settings/agent-dials-per-level", { params: [2] });
    expect((await plan(q)).picked?.id).toBe(oft);
    expect(failing(await explain(fresh, q.id))).toMatchObject({ rule: "level", key: "level_low", values: { level: 1, min: 2, dials: 0 } });
  });
});

describe("the WebRTC toggle reaches the agent at its next sign-in", () => {
  const signInAnswer = async (email: string) => {
    const c = gw.client();
    const res = await c.request("POST", "/login", { email, password: DEMO_PASSWORD });
    return { c, account: LoginResponse.parse(res.json()) };
  };

  it("has_webrtc in the sign-in answer, the credentials and the softphone's registration at hello", async () => {
    const a = await fx.agent({ extension: "3901" });
    const before = await signInAnswer(a.email);
    expect(before.account.has_webrtc).toBe(false);
    expect((await before.c.request("GET", "/webrtc/credentials")).statusCode).toBe(404);
    // Signed in on a desk phone: the PBX knows the extension as external.
    const desk = gw.socket(before.c);
    await connected(desk);
    expect(await ack(desk, "hello", { extension: "3901", hasWebRtc: false })).toEqual({ ok: true });
    expect(await ack(desk, "checkExtensionAvailability", { extension: "3901" })).toMatchObject({ data: { via: "external" } });
    desk.disconnect();

    expect((await manager.request("POST", `/agents/${a.id}/webrtc`)).statusCode).toBe(201);
    const after = await signInAnswer(a.email);
    expect(after.account.has_webrtc).toBe(true);
    const creds = await after.c.request("GET", "/webrtc/credentials");
    expect(creds.statusCode).toBe(200);
    expect(WebRtcCredentialsResponse.parse(creds.json()).data.uri).toBe("sip:3901@pbx.example.test");
    // The page says hello with the sign-in's hasWebRtc: the softphone registers and the extension is reachable.
    const s = gw.socket(after.c);
    await connected(s);
    expect(await ack(s, "hello", { extension: "3901", hasWebRtc: true })).toEqual({ ok: true });
    expect(await ack(s, "checkExtensionAvailability", { extension: "3901" })).toMatchObject({
      ok: true,
      data: { available: true, via: "webrtc" },
    });
    s.disconnect();

    expect((await manager.request("DELETE", `/agents/${a.id}/webrtc`)).statusCode).toBe(204);
    const off = await signInAnswer(a.email);
    expect(off.account.has_webrtc).toBe(false);
    expect((await off.c.request("GET", "/webrtc/credentials")).statusCode).toBe(404);
    // …and at that sign-in the PBX rings the desk phone again.
    const back = gw.socket(off.c);
    await connected(back);
    expect(await ack(back, "hello", { extension: "3901", hasWebRtc: false })).toEqual({ ok: true });
    expect(await ack(back, "checkExtensionAvailability", { extension: "3901" })).toMatchObject({ data: { via: "external" } });
    back.disconnect();
  });

  it("does not disturb an agent on a call: the call goes on and its phone stays as it signed in", async () => {
    const q = await readyAgent({ extension: "3902" });
    const s = gw.socket(q.c);
    await connected(s);
    await ack(s, "hello", { extension: "3902", hasWebRtc: false });
    // The socket's arrival sets the agent's status: Ready again before the dial.
    await q.c.request("POST", "/agent-statuses", { status: "ready" });
    await fx.lead();
    const dialled = await autoDial(q.c);
    expect(dialled.statusCode, dialled.body).toBe(201);
    const call = gw.gw.calls.activeCallOf(q.id);
    expect(call).toBeDefined();

    expect((await manager.request("POST", `/agents/${q.id}/webrtc`)).statusCode).toBe(201);
    // Nothing is pushed to the agent and nothing hangs up: the gateway's work after the toggle is done.
    await gw.gw.background.idle();
    expect(gw.gw.calls.activeCallOf(q.id)).toBe(call);
    expect(await ack(s, "checkExtensionAvailability", { extension: "3902" })).toMatchObject({ data: { via: "external" } });
    s.disconnect();
    await gw.gw.calls.hangupFor(q.id);
  });
});
