// POST /agents/{id}/redistribute-follow-ups (admin-and-sign-in §4, §7): an agent's pending follow-ups move to
// another agent of the call centre or to general callbacks (the leads back in the pool), all or nothing.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AGENT_SETTINGS_MESSAGES, RedistributeFollowUpsResponse } from "../../src/contract/agentSettings";
import { BOOKED_MEETING } from "../../src/contract/dispositions";
import { followUps, inProcessLeads, leads } from "../db/schema";
import { redistributeFollowUps } from "./redistribute";
import { freeLeads, startTestGateway, type TestClient, type TestGateway } from "../test/harness";

let gw: TestGateway;
let manager: TestClient;
let from: number;
let to: number;
let slicaAgent: number;

beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
  manager = await gw.signIn("manager.isius@demo.test");
  from = await gw.idOf("qualifier4.isius@demo.test");
  to = await gw.idOf("qualifier5.isius@demo.test");
  slicaAgent = await gw.idOf("qualifier.slica@demo.test");
});
afterAll(() => gw?.close());

let pool: { id: number }[] = [];
beforeEach(async () => {
  await gw.db.delete(followUps).where(inArray(followUps.agentId, [from, to]));
  pool = await freeLeads(gw.db, 1, 4);
});

/** Gives `agentId` a pending follow-up of each lead (owned by it), of `kind`. */
async function followUpsOf(agentId: number, leadIds: number[], kind = "Callback Scheduled") {
  const at = new Date(gw.clock.now());
  for (const leadId of leadIds) {
    await gw.db.update(leads).set({ ownerId: agentId, status: kind }).where(eq(leads.id, leadId));
    await gw.db.insert(followUps).values({ tenantId: 1, leadId, agentId, kind, type: 1, startsAt: at, createdAt: at, updatedAt: at });
  }
}
const pendingOf = (agentId: number) =>
  gw.db.select().from(followUps).where(and(eq(followUps.agentId, agentId), eq(followUps.state, "pending")));
const redistribute = (id: number, body: unknown) => manager.request("POST", `/agents/${id}/redistribute-follow-ups`, body);

describe("POST /agents/{id}/redistribute-follow-ups", () => {
  it("moves every pending follow-up and its lead to the chosen agent: 201 {moved}", async () => {
    const leadIds = pool.slice(0, 3).map((l) => l.id);
    await followUpsOf(from, leadIds);
    const res = await redistribute(from, { to });
    expect(res.statusCode, res.body).toBe(201);
    expect(RedistributeFollowUpsResponse.parse(res.json()).data).toEqual({ moved: 3, kept: 0, to });
    expect(await pendingOf(from)).toHaveLength(0);
    expect((await pendingOf(to)).map((f) => f.leadId).sort()).toEqual([...leadIds].sort());
    const moved = await gw.db.select().from(leads).where(inArray(leads.id, leadIds));
    expect(moved.every((l) => l.ownerId === to && l.isRedistributedFollowup)).toBe(true);
    // The receiving agent's follow-ups list shows them.
    const agent = await gw.signIn("qualifier5.isius@demo.test");
    const list = (await agent.request("GET", "/agents/follow-ups")).json() as { data: unknown[] };
    expect(list.data).toHaveLength(3);
  });

  it("general callbacks (to: null): each follow-up is canceled and its lead goes back to the pool", async () => {
    const leadIds = pool.slice(0, 2).map((l) => l.id);
    await followUpsOf(from, leadIds);
    const res = await redistribute(from, { to: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ moved: 2, kept: 0, to: null });
    expect(await pendingOf(from)).toHaveLength(0);
    const rows = await gw.db.select().from(followUps).where(inArray(followUps.leadId, leadIds));
    expect(rows.every((f) => f.state === "canceled" && f.doneAt !== null)).toBe(true);
    const released = await gw.db.select().from(leads).where(inArray(leads.id, leadIds));
    expect(released.every((l) => l.ownerId === null)).toBe(true);
  });

  it("keeps a lead in process and, for general callbacks, a booked meeting with the agent", async () => {
    const [a, b, c] = pool.map((l) => l.id);
    await followUpsOf(from, [a!, b!]);
    await followUpsOf(from, [c!], BOOKED_MEETING);
    await gw.db.insert(inProcessLeads).values({ leadId: a!, tenantId: 1, agentId: from, since: new Date(gw.clock.now()), via: "follow-up" });
    try {
      const res = await redistribute(from, { to: null });
      expect(res.json().data).toEqual({ moved: 1, kept: 2, to: null });
      expect((await pendingOf(from)).map((f) => f.leadId).sort()).toEqual([a!, c!].sort());
    } finally {
      await gw.db.delete(inProcessLeads).where(eq(inProcessLeads.leadId, a!));
    }
  });

  it("tells both agents' pages at once (follow-ups-changed)", async () => {
    await followUpsOf(from, [pool[0]!.id]);
    const sockets = await Promise.all(
      ["qualifier4.isius@demo.test", "qualifier5.isius@demo.test"].map(async (email) => {
        const s = gw.socket(await gw.signIn(email));
        const heard = new Promise((resolve) => s.on("follow-ups-changed", resolve));
        await new Promise<void>((resolve) => s.on("connect", () => resolve()).connect());
        return { s, heard };
      }),
    );
    await gw.run(100);
    expect((await redistribute(from, { to })).statusCode).toBe(201);
    for (const { s, heard } of sockets) {
      await expect(heard).resolves.toEqual({ reason: "redistributed" });
      s.disconnect();
    }
  });

  it("refuses bad input with 422 and moves nothing", async () => {
    await followUpsOf(from, [pool[0]!.id]);
    for (const body of [{}, { to: "x" }, { to: -1 }, { to: null, extra: 1 }, { to: from }, { to: slicaAgent }, { to: 999999 }]) {
      expect((await redistribute(from, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await redistribute(from, { to: from })).json().message).toBe(AGENT_SETTINGS_MESSAGES.sameAgent);
    const managerId = await gw.idOf("manager.isius@demo.test");
    expect((await redistribute(from, { to: managerId })).json().message).toBe(AGENT_SETTINGS_MESSAGES.unknownTarget);
    expect((await redistribute(managerId, { to })).statusCode).toBe(422);
    const advisor = await gw.idOf("advisor.isius@demo.test");
    const otherRole = await redistribute(from, { to: advisor });
    expect(otherRole.statusCode).toBe(422);
    expect(otherRole.json().message).toBe(AGENT_SETTINGS_MESSAGES.otherRole);
    expect(await pendingOf(from)).toHaveLength(1);
  });

  it("another call centre's agent does not exist (404); agents are refused (403)", async () => {
    expect((await redistribute(slicaAgent, { to: null })).statusCode).toBe(404);
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("POST", `/agents/${from}/redistribute-follow-ups`, { to: null })).statusCode).toBe(403);
  });

  it("moves all or nothing: a failure halfway leaves every follow-up where it was", async () => {
    const leadIds = pool.slice(0, 3).map((l) => l.id);
    await followUpsOf(from, leadIds);
    // The leads' update, after the follow-ups moved, fails: the follow-ups' move is undone with it.
    const failingLeads = <T extends object>(tx: T): T =>
      new Proxy(tx, {
        get(t, p) {
          const v = Reflect.get(t, p) as unknown;
          if (p === "update")
            return (table: unknown) => {
              if (table === leads) throw new Error("boom");
              return (v as (x: unknown) => unknown).call(t, table);
            };
          return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(t) : v;
        },
      });
    const db = new Proxy(gw.db, {
      get(target, prop) {
        if (prop === "transaction")
          return <R>(fn: (tx: typeof gw.db) => Promise<R>) => target.transaction((tx) => fn(failingLeads(tx) as unknown as typeof gw.db));
        const v = Reflect.get(target, prop) as unknown;
        return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    await expect(redistributeFollowUps(db, { tenantId: 1, from, to, at: new Date(gw.clock.now()) })).rejects.toThrow("boom");
    expect((await pendingOf(from)).map((f) => f.leadId).sort()).toEqual([...leadIds].sort());
    expect(await pendingOf(to)).toHaveLength(0);
  });
});
