// The status calls against a whole gateway in memory, on the manual clock.
import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AgentStatusList, AgentStatusSnapshotResponse, ChangeStatusResponse, STATUS_MESSAGE_KEYS } from "../../../src/contract/status";
import { agentStatusChanges, agentStatuses, overstays, tenants, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { StatusService } from "./service";
import { moveIfCurrent } from "./store";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const idOf = async (email: string) => (await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const post = (c: TestClient, status: string) => c.request("POST", "/agent-statuses", { status });
const durationOf = (res: { json(): unknown }) => ChangeStatusResponse.parse(res.json()).data.duration;
const changesOf = async (userId: number, db = gw.db) =>
  db.select().from(agentStatusChanges).where(eq(agentStatusChanges.userId, userId)).orderBy(asc(agentStatusChanges.id));

describe("POST /agent-statuses", () => {
  it("answers 201 with the seconds already spent: 0 for a new status, counting on when re-posted", async () => {
    const c = await gw.signIn("qualifier3.isius@demo.test");
    // Other tests leave this agent ready: from a meeting, ready is a new status again.
    await post(c, "meeting");
    const ready = await post(c, "ready");
    expect(ready.statusCode).toBe(201);
    expect(ready.json()).toEqual({ data: { status: "ready", duration: 0 } });
    gw.clock.advance(90_400);
    expect(durationOf(await post(c, "ready"))).toBe(90);
    expect(durationOf(await post(c, "meeting"))).toBe(0);
    gw.clock.advance(5_000);
    expect(durationOf(await post(c, "ready"))).toBe(0);
  });

  it("writes an audit row per change: who, from, to, when, the previous status's duration, the source", async () => {
    // A gateway of its own: the agent's very first change (from no status) is asserted.
    const own = await startTestGateway();
    try {
      const c = await own.signIn("qualifier4.isius@demo.test");
      const id = await own.idOf("qualifier4.isius@demo.test");
      await post(c, "ready");
      own.clock.advance(30_000);
      await post(c, "ready"); // not a change: no row
      await post(c, "restroom");
      const rows = await changesOf(id, own.db);
      expect(rows.map((r) => [r.fromStatus, r.toStatus, r.previousDuration, r.source, r.actorId])).toEqual([
        [null, "ready", 0, "agent", id],
        ["ready", "restroom", 30, "agent", id],
      ]);
      expect(rows[1]!.at.getTime()).toBe(own.clock.now());
    } finally {
      await own.close();
    }
  });

  it("refuses an advisor's third break with 403 advisor.noBreak, and a second lunch with advisor.noLunchBreak", async () => {
    const c = await gw.signIn("advisor.slica@demo.test");
    for (let i = 0; i < 2; i++) {
      expect((await post(c, "break")).statusCode).toBe(201);
      gw.clock.advance(60_000);
      expect((await post(c, "ready")).statusCode).toBe(201);
    }
    const third = await post(c, "break");
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ message: "advisor.noBreak", errors: { status: [STATUS_MESSAGE_KEYS["advisor.noBreak"]] } });
    expect((await post(c, "lunch_break")).statusCode).toBe(201);
    await post(c, "ready");
    const lunch = await post(c, "lunch_break");
    expect(lunch.statusCode).toBe(403);
    expect(lunch.json().message).toBe("advisor.noLunchBreak");
    // The refusal changed nothing.
    const snap = AgentStatusSnapshotResponse.parse((await c.request("GET", "/agents/me/status")).json()).data;
    expect(snap).toMatchObject({ status: "ready", allowance: { breaks_taken: 2, breaks_max: 2, lunches_taken: 1, lunches_max: 1 } });
  });

  it("counts the allowance per local day of the call centre", async () => {
    // A gateway of its own: the day's breaks are used up here, then the clock moves a day on.
    const own = await startTestGateway();
    try {
      const today = await own.signIn("advisor.slica@demo.test");
      for (let i = 0; i < 2; i++) {
        expect((await post(today, "break")).statusCode).toBe(201);
        own.clock.advance(60_000);
        await post(today, "ready");
      }
      expect((await post(today, "break")).json().message).toBe("advisor.noBreak");
      // SLICA is in Toronto: the next local morning.
      own.clock.advance(24 * 3600_000);
      const c = await own.signIn("advisor.slica@demo.test");
      expect((await post(c, "break")).statusCode).toBe(201);
      await post(c, "ready");
    } finally {
      await own.close();
    }
  });

  it("a qualifier's breaks are cumulative: the timer resumes from today's break time", async () => {
    const c = await gw.signIn("qualifier5.isius@demo.test");
    await post(c, "break");
    gw.clock.advance(100_000);
    await post(c, "ready");
    gw.clock.advance(50_000);
    expect(durationOf(await post(c, "break"))).toBe(100);
    gw.clock.advance(20_000);
    expect(durationOf(await post(c, "break"))).toBe(120);
    await post(c, "ready");
  });

  it("advisors' breaks are cumulative when the tenant says so: 30 minutes a day in any number of breaks", async () => {
    // A gateway of its own: the call centre's flag, and a day of breaks no other test has touched.
    const own = await startTestGateway();
    try {
      await own.db.update(tenants).set({ features: { "cumulative-breaks": true } }).where(eq(tenants.id, 2));
      const c = await own.signIn("advisor.slica@demo.test");
      for (let i = 0; i < 3; i++) {
        expect((await post(c, "break")).statusCode).toBe(201);
        own.clock.advance(10 * 60_000);
        await post(c, "ready");
      }
      expect((await post(c, "break")).json().message).toBe("advisor.noBreak");
    } finally {
      await own.close();
    }
  });

  it("refuses system statuses (403 status.systemOnly), statuses of another role or variant (403 status.notAllowed), and hyphen spellings (422)", async () => {
    const c = await gw.signIn("qualifier.isius@demo.test");
    for (const s of ["on_a_call", "not_synced", "system_error"]) {
      const res = await post(c, s);
      expect(res.statusCode, s).toBe(403);
      expect(res.json().message).toBe("status.systemOnly");
    }
    for (const s of ["idle", "follow_up", "admin"]) expect((await post(c, s)).json().message, s).toBe("status.notAllowed");
    expect((await post(c, "lunch-break")).statusCode).toBe(422);
    expect((await post(await gw.signIn("advisor.slica@demo.test"), "admin")).statusCode).toBe(201);
  });

  it("sets do-not-disturb to the opposite of active on every change", async () => {
    const c = await gw.signIn("qualifier.slica@demo.test");
    await post(c, "ready");
    expect((await gw.gw.pbx.getExtensionStatus("2001")).dnd).toBe(false);
    await post(c, "training");
    expect((await gw.gw.pbx.getExtensionStatus("2001")).dnd).toBe(true);
    await post(c, "offline");
  });
});

describe("GET /agents/me/status", () => {
  it("gives what a reconnecting workspace needs", async () => {
    const c = await gw.signIn("advisor.isius@demo.test");
    await post(c, "meeting");
    gw.clock.advance(61_000);
    const res = await c.request("GET", "/agents/me/status");
    expect(res.statusCode).toBe(200);
    const data = AgentStatusSnapshotResponse.parse(res.json()).data;
    expect(data).toMatchObject({
      status: "meeting",
      duration: 61,
      active: false,
      deactivated: false,
      overstay: { limit: 1800, grace: 45, cumulative: false, agent_notified_at: null, rtv_notified_at: null },
      call: null,
      auto_ready: { follow_up: 300, after_call_work: 120, meeting: 1800, coaching: 1800 },
      server_time: new Date(gw.clock.now()).toISOString(),
    });
    expect(data.selectable).toContain("idle");
    expect(data.selectable).not.toContain("admin");
    await post(c, "offline");
  });

  it("an agent never seen is offline with no auto-ready", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const data = AgentStatusSnapshotResponse.parse((await c.request("GET", "/agents/me/status")).json()).data;
    expect(data).toMatchObject({ status: "offline", duration: 0, auto_ready: null, overstay: null });
    expect(data.selectable).not.toContain("idle");
  });

  it("managers list their tenant's agents with their status", async () => {
    const q3 = await gw.signIn("qualifier3.isius@demo.test");
    expect((await post(q3, "ready")).statusCode).toBe(201);
    const m = await gw.signIn("manager.isius@demo.test");
    const list = AgentStatusList.parse((await m.request("GET", "/agent-statuses")).json()).data;
    expect(list.every((r) => r.role === "qualifier" || r.role === "advisor")).toBe(true);
    expect(list.find((r) => r.extension === "1012")).toMatchObject({ status: "ready" });
    expect(list.some((r) => r.extension === "2001")).toBe(false);
  });
});

describe("PUT /extensions/parameters/:parameter", () => {
  it("sets do-not-disturb on the caller's own extension only; only 'dnd' exists", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    expect((await c.request("PUT", "/extensions/parameters/dnd", { active: true, extension: "1011" })).statusCode).toBe(204);
    expect((await gw.gw.pbx.getExtensionStatus("1011")).dnd).toBe(true);
    expect((await c.request("PUT", "/extensions/parameters/dnd", { active: false, extension: "1011" })).statusCode).toBe(204);
    expect((await gw.gw.pbx.getExtensionStatus("1011")).dnd).toBe(false);
    const other = await c.request("PUT", "/extensions/parameters/dnd", { active: true, extension: "1012" });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("extension.notYours");
    expect((await c.request("PUT", "/extensions/parameters/volume", { active: true, extension: "1011" })).statusCode).toBe(422);
  });
});

describe("PATCH /agents/:id/calling-statuses", () => {
  it("a manager deactivates an active agent: forced offline (source manager); active statuses refused until re-enabled", async () => {
    const agent = await gw.signIn("qualifier3.isius@demo.test");
    const id = await idOf("qualifier3.isius@demo.test");
    const managerId = await idOf("manager.isius@demo.test");
    await post(agent, "ready");
    const m = await gw.signIn("manager.isius@demo.test");
    expect((await m.request("PATCH", `/agents/${id}/calling-statuses`)).statusCode).toBe(204);
    try {
      const last = (await changesOf(id)).at(-1)!;
      expect(last).toMatchObject({ fromStatus: "ready", toStatus: "offline", source: "manager", actorId: managerId, reason: "deactivated" });
      expect((await gw.gw.pbx.getExtensionStatus("1012")).dnd).toBe(true);
      const refused = await post(agent, "ready");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("status.deactivated");
      expect((await post(agent, "break")).statusCode).toBe(201);
      expect(AgentStatusSnapshotResponse.parse((await agent.request("GET", "/agents/me/status")).json()).data.deactivated).toBe(true);
      // Toggle back, then set explicitly (idempotent).
      expect((await m.request("PATCH", `/agents/${id}/calling-statuses`)).statusCode).toBe(204);
      expect((await m.request("PATCH", `/agents/${id}/calling-statuses`, { deactivated: false })).statusCode).toBe(204);
      expect((await post(agent, "ready")).statusCode).toBe(201);
    } finally {
      // Other tests use this agent: never leave it deactivated.
      await m.request("PATCH", `/agents/${id}/calling-statuses`, { deactivated: false });
    }
  });

  it("is refused to agents and across tenants", async () => {
    const q = await gw.signIn("qualifier2.isius@demo.test");
    const target = await idOf("qualifier3.isius@demo.test");
    expect((await q.request("PATCH", `/agents/${target}/calling-statuses`)).statusCode).toBe(403);
    const m = await gw.signIn("manager.isius@demo.test");
    const foreign = await idOf("qualifier.slica@demo.test");
    expect((await m.request("PATCH", `/agents/${foreign}/calling-statuses`)).statusCode).toBe(403);
    const [u] = await gw.db.select({ d: users.deactivated }).from(users).where(eq(users.id, foreign));
    expect(u!.d).toBe(false);
  });
});

describe("logout", () => {
  it("sets the agent offline on the gateway, with do-not-disturb on", async () => {
    const c = await gw.signIn("qualifier4.isius@demo.test");
    const id = await idOf("qualifier4.isius@demo.test");
    await post(c, "ready");
    expect((await c.request("POST", "/logout")).statusCode).toBe(204);
    const [last] = await gw.db
      .select()
      .from(agentStatusChanges)
      .where(and(eq(agentStatusChanges.userId, id), eq(agentStatusChanges.toStatus, "offline")))
      .orderBy(desc(agentStatusChanges.id));
    expect(last).toMatchObject({ fromStatus: "ready", source: "agent", reason: "logout" });
    expect((await gw.gw.pbx.getExtensionStatus("1013")).dnd).toBe(true);
  });
});

describe("a change decided on a period another change has replaced", () => {
  it("writes nothing when the period it starts from is no longer current", async () => {
    const c = await gw.signIn("qualifier.slica@demo.test");
    const id = await idOf("qualifier.slica@demo.test");
    await post(c, "ready");
    const [row] = await gw.db.select().from(agentStatuses).where(eq(agentStatuses.userId, id));
    await gw.db.insert(overstays).values({
      tenantId: row!.tenantId,
      userId: id,
      periodId: row!.periodId,
      status: "ready",
      role: "qualifier",
      limitSeconds: 1,
      graceSeconds: 0,
      startedAt: row!.since,
      detectedBy: "gateway",
    });
    const before = (await changesOf(id)).length;
    const move = { tenantId: row!.tenantId, userId: id, from: "ready" as const, to: "meeting" as const, at: new Date(gw.clock.now()), previousDuration: 0, offsetSeconds: 0, source: "agent" as const, actorId: id, reason: undefined };
    expect(await moveIfCurrent(gw.db, row!.periodId - 1, move)).toBeUndefined();
    expect(await changesOf(id)).toHaveLength(before);
    expect((await gw.db.select().from(agentStatuses).where(eq(agentStatuses.userId, id)))[0]).toEqual(row);
    expect((await gw.db.select().from(overstays).where(eq(overstays.periodId, row!.periodId)))[0]!.endedAt).toBeNull();

    const periodId = await moveIfCurrent(gw.db, row!.periodId, move);
    const changes = await changesOf(id);
    expect(changes).toHaveLength(before + 1);
    expect(changes.at(-1)).toMatchObject({ id: periodId, fromStatus: "ready", toStatus: "meeting", source: "agent", actorId: id, reason: null });
    expect((await gw.db.select().from(agentStatuses).where(eq(agentStatuses.userId, id)))[0]).toMatchObject({ status: "meeting", periodId });
    expect((await gw.db.select().from(overstays).where(eq(overstays.periodId, row!.periodId)))[0]!.endedAt).toEqual(move.at);
  });

  it("a change decided on a read made ahead (an auto-dial's) lands on the current period, however stale the read", async () => {
    // A gateway of its own: the agent's chain of changes is asserted.
    const own = await startTestGateway();
    try {
      const c = await own.signIn("qualifier.isius@demo.test");
      const id = await own.idOf("qualifier.isius@demo.test");
      const statuses = own.gw.statuses;
      const changes = () => changesOf(id, own.db);
      await post(c, "ready");
      // Read while Ready, used after the agent moved on twice: the change is decided again on what is current.
      const stale = statuses.readAhead(id);
      await stale;
      await post(c, "meeting");
      await post(c, "ready");
      const before = await changes();
      expect(await statuses.change(id, "restroom", "agent", { seen: stale })).toMatchObject({ ok: true, changed: true });
      const after = await changes();
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)).toMatchObject({ fromStatus: "ready", toStatus: "restroom" });
      // A read that already shows the status asked for is read again rather than answered "unchanged" from it.
      const seenRestroom = statuses.readAhead(id);
      await seenRestroom;
      await post(c, "ready");
      expect(await statuses.change(id, "restroom", "agent", { seen: seenRestroom })).toMatchObject({ ok: true, changed: true });
      expect((await own.db.select().from(agentStatuses).where(eq(agentStatuses.userId, id)))[0]).toMatchObject({ status: "restroom" });
      // A current read is used as it is.
      const current = statuses.readAhead(id);
      await current;
      expect(await statuses.change(id, "ready", "agent", { seen: current })).toMatchObject({ ok: true, changed: true });
      const last = await changes();
      expect(last.at(-1)).toMatchObject({ fromStatus: "restroom", toStatus: "ready" });
      // One unbroken chain: each change starts from the one before.
      for (let i = 1; i < last.length; i++) expect(last[i]!.fromStatus).toBe(last[i - 1]!.toStatus);
    } finally {
      await own.close();
    }
  });

  it("two instances changing one agent at once: both changes land, one after the other, in one unbroken chain", async () => {
    const c = await gw.signIn("qualifier5.isius@demo.test");
    const id = await idOf("qualifier5.isius@demo.test");
    // Another test leaves this agent ready: from offline, ready is a change of its own (the chain's first row).
    await post(c, "offline");
    await post(c, "ready");
    // Another instance of the gateway: its own in-process mutex, the same database.
    const other = new StatusService({ db: gw.db, clock: gw.clock, pbx: gw.gw.pbx, push: gw.gw.push, log: gw.gw.log });
    const [a, b] = await Promise.all([
      gw.gw.statuses.change(id, "meeting", "agent"),
      other.change(id, "restroom", "agent"),
    ]);
    expect(a).toMatchObject({ ok: true, changed: true });
    expect(b).toMatchObject({ ok: true, changed: true });
    const changes = (await changesOf(id)).slice(-3);
    expect(changes[0]!.toStatus).toBe("ready");
    expect(changes[1]!.fromStatus).toBe("ready");
    expect(changes[2]!.fromStatus).toBe(changes[1]!.toStatus);
    const [row] = await gw.db.select().from(agentStatuses).where(eq(agentStatuses.userId, id));
    expect(row).toMatchObject({ status: changes[2]!.toStatus, periodId: changes[2]!.id });
  });
});
