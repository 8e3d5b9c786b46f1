// The floor's gateway side, end to end on a real test gateway: the snapshot is the manager's own call centre
// only, agents are refused, and a status change or a call of an agent reaches the managers' sockets as the
// agent's new row, read from the database (so any instance can send it).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { calls, countStatements, freeLeads, leads, startTestGateway, type TestClient, type TestGateway } from "../../server/sdk/testing";
import { FloorAgent, FloorSnapshot, FloorStatus, FloorTotals } from "./contract";
import { FLOOR_READ_EVERY_MS } from "./server";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
});
afterAll(() => gw.close());

/** A manager's socket that keeps every floor push it receives, once the gateway has accepted it. */
async function managerWall(c: TestClient) {
  const s = gw.socket(c);
  const agents: FloorAgent[] = [];
  const totals: FloorTotals[] = [];
  const statuses: FloorStatus[] = [];
  s.onAny((event: string, payload: unknown) => {
    if (event === "floor-status") statuses.push(FloorStatus.parse(payload));
    if (event === "floor-agent") agents.push(FloorAgent.parse(payload));
    if (event === "floor-totals") totals.push(FloorTotals.parse(payload));
  });
  // The gateway tells an accepted socket its status: from then on the manager counts as watching the floor.
  const accepted = new Promise<void>((r) => s.once("status", () => r()));
  s.connect();
  await accepted;
  return { s, agents, totals, statuses, of: (id: number) => agents.filter((a) => a.agent_id === id) };
}

describe("GET /floor", () => {
  it("lists the manager's own call centre's qualifiers and advisors, with today's quotas", async () => {
    const manager = await gw.signIn("manager.isius@demo.test");
    const res = await manager.request("GET", "/floor");
    expect(res.statusCode, res.body).toBe(200);
    const snap = FloorSnapshot.parse(res.json());
    expect(snap.server_time).toBe(new Date(gw.clock.now()).toISOString());
    const names = snap.agents.map((a) => a.name);
    expect(names).toContain("Jordan Reyes");
    expect(names).toContain("Maria Lopez");
    // SLICA's agents are another call centre's, and managers are not rows of the wall.
    expect(names).not.toContain("Émilie Tremblay");
    expect(names).not.toContain("Dana Whitfield");
    expect(snap.agents.every((a) => a.role === "qualifier" || a.role === "advisor")).toBe(true);
    const jordan = snap.agents.find((a) => a.name === "Jordan Reyes")!;
    expect(jordan).toMatchObject({ extension: "1001", role: "qualifier", call: null });
    expect(jordan.today.dials_quota).toBeGreaterThan(0);
  });

  it("is refused to qualifiers and advisors", async () => {
    for (const email of ["qualifier.isius@demo.test", "advisor.isius@demo.test"]) {
      const agent = await gw.signIn(email);
      expect((await agent.request("GET", "/floor")).statusCode).toBe(403);
    }
  });
});

describe("the floor's pushes", () => {
  it("pushes an agent's new status to its call centre's managers, and no other call centre's agent", async () => {
    const wall = await managerWall(await gw.signIn("manager.isius@demo.test"));
    const agent = await gw.signIn("qualifier2.isius@demo.test");
    const id = await gw.idOf("qualifier2.isius@demo.test");
    const agentSocket = gw.socket(agent);
    agentSocket.connect();
    await new Promise<void>((r) => agentSocket.once("connect", () => r()));
    expect((await agent.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    await gw.run(FLOOR_READ_EVERY_MS + 100, 50);
    expect(wall.of(id).at(-1)).toMatchObject({ status: "ready", name: expect.any(String) });
    // The status itself went first, from the change, before the row was read.
    expect(wall.statuses.filter((c) => c.agent_id === id).at(-1)).toMatchObject({ status: "ready", overstay_limit: null });
    // Another call centre's agent changing status never reaches this wall.
    const slica = await gw.signIn("qualifier.slica@demo.test");
    const slicaId = await gw.idOf("qualifier.slica@demo.test");
    const slicaSocket = gw.socket(slica);
    slicaSocket.connect();
    await new Promise<void>((r) => slicaSocket.once("connect", () => r()));
    expect((await slica.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    await gw.run(FLOOR_READ_EVERY_MS + 100, 50);
    expect(wall.of(slicaId)).toEqual([]);
    slicaSocket.disconnect();
    agentSocket.disconnect();
    wall.s.disconnect();
  });

  it("reads the rows of agents who change within a second together: at most one read a second", async () => {
    await gw.run(1_000, 250); // nothing read lately
    const wall = await managerWall(await gw.signIn("manager.isius@demo.test"));
    const emails = ["qualifier3.isius@demo.test", "qualifier4.isius@demo.test", "qualifier5.isius@demo.test"];
    const agents = await Promise.all(emails.map((e) => gw.signIn(e)));
    const ids = await Promise.all(emails.map((e) => gw.idOf(e)));
    const statements = await countStatements(gw.database);
    for (const agent of agents) {
      expect((await agent.request("POST", "/agent-statuses", { status: "meeting" })).statusCode).toBe(201);
      await gw.run(50, 25);
    }
    await gw.run(FLOOR_READ_EVERY_MS + 100, 25);
    // One row read is the snapshot's query for those agents; its overstays look-up is one statement per read.
    const reads = statements.take().filter((q) => /from "overstays"/.test(q));
    statements.stop();
    expect(reads).toHaveLength(2); // the first change at once, the two after it together
    for (const id of ids) expect(wall.of(id).at(-1)).toMatchObject({ status: "meeting" });
    await Promise.all(agents.map((a) => a.request("POST", "/agent-statuses", { status: "offline" })));
    wall.s.disconnect();
  });

  it("reads no rows while no manager of the call centre has the dialer open, and reads them again once one has", async () => {
    // The earlier tests' managers are gone once their sockets' disconnects are handled.
    await vi.waitFor(async () => expect(await gw.gw.push.managersOnline(1)).toBe(false), { interval: 20 });
    await gw.run(1_000, 250);
    const agent = await gw.signIn("qualifier3.isius@demo.test");
    const id = await gw.idOf("qualifier3.isius@demo.test");
    const statements = await countStatements(gw.database);
    expect((await agent.request("POST", "/agent-statuses", { status: "meeting" })).statusCode).toBe(201);
    await gw.run(FLOOR_READ_EVERY_MS + 100, 25);
    expect(statements.take().filter((q) => /from "overstays"|count\(\*\)/.test(q))).toEqual([]);

    const wall = await managerWall(await gw.signIn("manager.isius@demo.test"));
    expect(await gw.gw.push.managersOnline(1)).toBe(true);
    // Another call centre's manager watching does not make this one's floor watched.
    expect(await gw.gw.push.managersOnline(2)).toBe(false);
    expect((await agent.request("POST", "/agent-statuses", { status: "offline" })).statusCode).toBe(201);
    await gw.run(FLOOR_READ_EVERY_MS + 100, 25);
    expect(statements.take().filter((q) => /from "overstays"/.test(q))).toHaveLength(1);
    statements.stop();
    expect(wall.of(id).at(-1)).toMatchObject({ status: "offline" });
    wall.s.disconnect();
    await vi.waitFor(async () => expect(await gw.gw.push.managersOnline(1)).toBe(false), { interval: 20 });
  });

  it("pushes the agent's call with the lead's name as it rings and is answered, and the day's contacts", async () => {
    const wall = await managerWall(await gw.signIn("manager.isius@demo.test"));
    const agent = await gw.signIn("qualifier.isius@demo.test");
    const id = await gw.idOf("qualifier.isius@demo.test");
    const s = gw.socket(agent);
    s.connect();
    await new Promise<void>((r) => s.once("connect", () => r()));
    await gw.phones.register("1001");
    const [lead] = await freeLeads(gw.db, 1, 1, "10");
    const leadId = ((await agent.request("GET", `/leads/by-phone/${lead!.phone}`)).json() as { data: { id: number } }).data.id;
    const statements = await countStatements(gw.database);
    const dialled = await agent.request("POST", `/leads/${leadId}/calls`, { phone: lead!.phone, direction: 0 });
    expect(dialled.statusCode, dialled.body).toBe(201);
    await gw.run(5_000, 250);
    // The call service follows this call: the floor learns whose it is from the event, not by reading its row.
    expect(statements.take().filter((q) => /from "calls" where "calls"."pbx_call_id"/.test(q))).toEqual([]);
    statements.stop();
    const [named] = await gw.db.select().from(leads).where(eq(leads.id, leadId));
    const withCall = wall.of(id).filter((a) => a.call !== null);
    expect(withCall.length).toBeGreaterThan(0);
    const last = withCall.at(-1)!;
    expect(last.status).toBe("on_a_call");
    expect(last.call).toMatchObject({
      lead_id: leadId,
      lead_name: `${named!.firstName} ${named!.lastName}`,
      status: "answered",
      direction: 0,
      type: "manual",
    });
    expect(wall.totals.at(-1)!.contacts).toBeGreaterThan(0);
    expect(last.call?.phone_dropped_at).toBeNull();

    // The agent's page reloads: its phone drops, the manager sees it, and sees it back once rung into the call.
    await gw.phones.dropPhone("1001");
    await gw.run(500, 250);
    expect(wall.of(id).at(-1)).toMatchObject({ status: "on_a_call", call: { lead_id: leadId, phone_dropped_at: expect.any(String) } });
    await gw.phones.register("1001");
    await gw.run(2_000, 250);
    expect(wall.of(id).at(-1)).toMatchObject({ status: "on_a_call", call: { lead_id: leadId, phone_dropped_at: null } });

    expect(await s.emitWithAck("hangup", { extension: "1001" })).toMatchObject({ ok: true });
    await gw.run(1_000, 250);
    expect(wall.of(id).at(-1)).toMatchObject({ status: "after_call_work", call: null });
    const snap = FloorSnapshot.parse((await (await gw.signIn("manager.isius@demo.test")).request("GET", "/floor")).json());
    expect(snap.agents.find((a) => a.agent_id === id)!.today.calls).toBeGreaterThan(0);
    s.disconnect();
    wall.s.disconnect();
  });
});

describe("a manager's actions on an agent", () => {
  it("sets an agent offline and tells it why; refuses a short reason, an agent acting, and another call centre's agent", async () => {
    const agent = await gw.signIn("qualifier4.isius@demo.test");
    const id = await gw.idOf("qualifier4.isius@demo.test");
    const s = gw.socket(agent);
    const told: { message: string }[] = [];
    s.onAny((event: string, payload: unknown) => {
      if (event === "notification") told.push(payload as { message: string });
    });
    s.connect();
    await new Promise<void>((r) => s.once("connect", () => r()));
    expect((await agent.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    const manager = await gw.signIn("manager.isius@demo.test");

    const short = await manager.request("POST", `/floor/agents/${id}/offline`, { reason: "Go" });
    expect(short.statusCode).toBe(422);
    expect(await gw.statusOf(agent)).toBe("ready");
    const res = await manager.request("POST", `/floor/agents/${id}/offline`, { reason: "Team meeting in room 2, now." });
    expect(res.statusCode, res.body).toBe(204);
    await gw.run(200, 50);
    expect(await gw.statusOf(agent)).toBe("offline");
    expect(told.map((n) => n.message)).toEqual(["Team meeting in room 2, now."]);

    expect((await agent.request("POST", `/floor/agents/${id}/offline`, { reason: "I am leaving for today." })).statusCode).toBe(403);
    const slica = await gw.idOf("qualifier.slica@demo.test");
    expect((await manager.request("POST", `/floor/agents/${slica}/offline`, { reason: "Team meeting in room 2, now." })).statusCode).toBe(403);
    s.disconnect();
  });

  it("sends one agent a message once per Idempotency-Key", async () => {
    const manager = await gw.signIn("manager.isius@demo.test");
    const id = await gw.idOf("qualifier5.isius@demo.test");
    const body = { message: "Great call, keep it up!", type: "success" };
    const first = await manager.request("POST", `/floor/agents/${id}/notifications`, body, { "idempotency-key": "floor-note-1" });
    expect(first.statusCode, first.body).toBe(201);
    const again = await manager.request("POST", `/floor/agents/${id}/notifications`, body, { "idempotency-key": "floor-note-1" });
    expect(again.json()).toEqual(first.json());
    const agent = await gw.signIn("qualifier5.isius@demo.test");
    const waiting = (await agent.request("GET", "/agents/me/notifications")).json() as { data: { message: string }[] };
    expect(waiting.data.filter((n) => n.message === "Great call, keep it up!")).toHaveLength(1);
    // The agent's colleague never sees it.
    const colleague = await gw.signIn("qualifier3.isius@demo.test");
    const theirs = (await colleague.request("GET", "/agents/me/notifications")).json() as { data: { message: string }[] };
    expect(theirs.data.map((n) => n.message)).not.toContain("Great call, keep it up!");
  });

  it("ends a stuck call: an open row no call is behind is closed and the agent goes to after-call work; none left is 404", async () => {
    const agent = await gw.signIn("qualifier3.isius@demo.test");
    const id = await gw.idOf("qualifier3.isius@demo.test");
    const s = gw.socket(agent);
    s.connect();
    await new Promise<void>((r) => s.once("connect", () => r()));
    expect((await agent.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    const [lead] = await freeLeads(gw.db, 1, 1);
    // A row the dialer left open with no call behind it (its PBX call long gone).
    await gw.db.insert(calls).values({
      tenantId: 1, leadId: lead!.id, agentId: id, type: "manual", direction: 0, phone: lead!.phone, status: "answered",
      pbxCallId: "gone-123", startedAt: new Date(gw.clock.now() - 600_000), answeredAt: new Date(gw.clock.now() - 590_000),
    });
    const manager = await gw.signIn("manager.isius@demo.test");
    const ended = await manager.request("POST", `/floor/agents/${id}/call-end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ outcome: "closed" });
    const snap = FloorSnapshot.parse((await manager.request("GET", "/floor")).json());
    expect(snap.agents.find((a) => a.agent_id === id)!.call).toBeNull();
    expect((await manager.request("POST", `/floor/agents/${id}/call-end`)).statusCode).toBe(404);
    s.disconnect();
  });
});
