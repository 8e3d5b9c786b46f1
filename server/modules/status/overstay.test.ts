// Overstays driven by the manual clock: the gateway detects them without any browser, at the limit for the
// agent and after the 45 s grace (none for after-call work) for the managers' feed, once per period.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OverstayFeed, OverstayResponse, type Overstay } from "../../../src/contract/status";
import { overstays, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let manager: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(() => gw.close());

const idOf = async (email: string) => (await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const post = (c: TestClient, status: string) => c.request("POST", "/agent-statuses", { status });
/**
 * Moves the clock and lets the work its timers started finish. Access tokens live 15 minutes: the agents
 * in `keep` make a request every 10 minutes, as the open workspace does.
 */
const advance = async (ms: number, ...keep: TestClient[]) => {
  for (let left = ms; left > 0 || ms === 0; ) {
    const chunk = Math.min(left, 10 * 60_000);
    gw.clock.advance(chunk);
    await gw.gw.background.idle();
    left -= chunk;
    if (left > 0) for (const c of keep) await c.request("GET", "/agents/me/status");
    if (ms === 0) break;
  }
};
const recordsOf = async (userId: number) => gw.db.select().from(overstays).where(eq(overstays.userId, userId));
const feed = async (): Promise<Overstay[]> => {
  // The clock jumps hours here: a fresh session each time.
  manager = await gw.signIn("manager.isius@demo.test");
  return OverstayFeed.parse((await manager.request("GET", "/overstays")).json()).data;
};

describe("the gateway's own overstay detection", () => {
  it("an advisor's break: the agent's notice at 900 s, the managers' feed 45 s later", async () => {
    const c = await gw.signIn("advisor.isius@demo.test");
    const id = await idOf("advisor.isius@demo.test");
    await post(c, "break");
    const start = gw.clock.now();
    await advance(899_000, c);
    expect(await recordsOf(id)).toEqual([]);
    await advance(1_000);
    const [rec] = await recordsOf(id);
    expect(rec).toMatchObject({ status: "break", role: "advisor", limitSeconds: 900, graceSeconds: 45, detectedBy: "gateway", rtvNotifiedAt: null });
    expect(rec!.agentNotifiedAt!.getTime() - start).toBe(900_000);
    expect((await feed()).some((o) => o.agent_id === id)).toBe(false);
    await advance(44_999);
    expect((await feed()).some((o) => o.agent_id === id)).toBe(false);
    await advance(1);
    const [entry] = (await feed()).filter((o) => o.agent_id === id);
    expect(entry).toMatchObject({ status: "break", role: "advisor", message: "users.overstayed.advisor.break", limit: 900, grace: 45, ended_at: null, extension: "1002" });
    expect(Date.parse(entry!.rtv_notified_at!) - start).toBe(945_000);
    // Leaving the status ends the period on the record.
    const ready = await post(c, "ready");
    expect(ready.statusCode).toBe(201);
    expect((await recordsOf(id))[0]!.endedAt!.getTime()).toBe(gw.clock.now());
    expect(await recordsOf(id)).toHaveLength(1);
  });

  it("after-call work has no grace: agent and managers are told at the limit (60 s for qualifiers)", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const id = await idOf("qualifier2.isius@demo.test");
    await post(c, "after_call_work");
    await advance(59_999);
    expect(await recordsOf(id)).toEqual([]);
    await advance(1);
    const [rec] = await recordsOf(id);
    expect(rec!.agentNotifiedAt).toEqual(rec!.rtvNotifiedAt);
    expect((await feed())[0]).toMatchObject({ agent_id: id, status: "after_call_work", message: "users.overstayed.qualifier.after_call_work", grace: 0 });
    await post(c, "ready");
  });

  it("leaving the status before the limit cancels the detection", async () => {
    const c = await gw.signIn("qualifier3.isius@demo.test");
    const id = await idOf("qualifier3.isius@demo.test");
    await post(c, "admin"); // not on ISIUS
    await post(c, "meeting");
    await advance(1_799_000, c);
    await post(c, "ready");
    await advance(10 * 60_000);
    expect(await recordsOf(id)).toEqual([]);
  });

  it("a qualifier's breaks count together against 1800 s: a later break overstays sooner", async () => {
    const c = await gw.signIn("qualifier4.isius@demo.test");
    const id = await idOf("qualifier4.isius@demo.test");
    await post(c, "break");
    await advance(1_000_000, c);
    await post(c, "ready");
    await advance(60_000);
    await post(c, "break");
    await advance(799_000, c);
    expect(await recordsOf(id)).toEqual([]);
    await advance(1_000);
    expect(await recordsOf(id)).toHaveLength(1);
    await post(c, "ready");
  });

  it("no limits for managers and for statuses without one", async () => {
    const m = await gw.signIn("admin@demo.test");
    await post(m, "break");
    const q = await gw.signIn("qualifier5.isius@demo.test");
    await post(q, "restroom");
    await advance(3 * 3600_000);
    expect(await recordsOf(await idOf("admin@demo.test"))).toEqual([]);
    expect(await recordsOf(await idOf("qualifier5.isius@demo.test"))).toEqual([]);
  });

  it("finds periods it did not see begin (a restart) and reports those already due", async () => {
    // Not qualifier5: the test above must find no record of theirs, whichever runs first.
    const c = await gw.signIn("qualifier.isius@demo.test");
    const id = await idOf("qualifier.isius@demo.test");
    await post(c, "coaching");
    gw.gw.overstays.stop(); // as if the gateway were down during the limit
    gw.clock.advance(2 * 3600_000);
    await gw.gw.background.idle();
    expect(await recordsOf(id)).toEqual([]);
    gw.gw.overstays.start();
    await gw.gw.background.idle();
    await advance(0);
    const [rec] = await recordsOf(id);
    expect(rec).toMatchObject({ status: "coaching", detectedBy: "gateway" });
    expect(rec!.rtvNotifiedAt).not.toBeNull();
    await post(await gw.signIn("qualifier.isius@demo.test"), "ready");
  });
});

describe("the browser's reports, idempotent with the gateway's detection", () => {
  it("POST /overstayed-status: 409 before the limit or in another status; 201 once; the gateway then adds no second record", async () => {
    const c = await gw.signIn("advisor.slica@demo.test");
    const id = await idOf("advisor.slica@demo.test");
    await post(c, "lunch_break");
    expect((await c.request("POST", "/overstayed-status", { status: "lunch_break" })).statusCode).toBe(409);
    const other = await c.request("POST", "/overstayed-status", { status: "meeting" });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe("overstay.notOverstayed");
    // The browser's timer is a little ahead: within the tolerance.
    await advance(3_598_000, c);
    const first = await c.request("POST", "/overstayed-status", { status: "lunch_break" });
    expect(first.statusCode).toBe(201);
    const o = OverstayResponse.parse(first.json()).data;
    expect(o).toMatchObject({ status: "lunch_break", message: "users.overstayed.advisor.lunch_break", limit: 3600 });
    const again = OverstayResponse.parse((await c.request("POST", "/overstayed-status", { status: "lunch_break" })).json()).data;
    expect(again.id).toBe(o.id);
    expect(again.agent_notified_at).toBe(o.agent_notified_at);
    await advance(10_000);
    const rows = await recordsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ detectedBy: "browser" });
    expect(rows[0]!.rtvNotifiedAt).toBeNull();
    // The real-time viewer: too early, then once.
    expect((await c.request("POST", "/overstayed-status-notify-RTV", { status: "lunch_break" })).statusCode).toBe(409);
    gw.clock.advance(35_000);
    const rtv = await c.request("POST", "/overstayed-status-notify-RTV", { status: "lunch_break" });
    expect(rtv.statusCode).toBe(201);
    const rtvAt = OverstayResponse.parse(rtv.json()).data.rtv_notified_at;
    await advance(60_000);
    expect((await recordsOf(id))[0]!.rtvNotifiedAt!.toISOString()).toBe(rtvAt);
    await post(c, "ready");
  });

  it("is only for qualifiers and advisors", async () => {
    const m = await gw.signIn("manager.isius@demo.test");
    expect((await m.request("POST", "/overstayed-status", { status: "break" })).statusCode).toBe(403);
  });
});

describe("GET /overstays", () => {
  it("is the managers' only, for their own tenant, newest first", async () => {
    // A gateway of its own, whose feed holds just the three overstays made here (after-call work, 60 s, no
    // grace), 20 s apart: the order is known whatever else ran before.
    const own = await startTestGateway();
    try {
      const agents = ["qualifier2.isius@demo.test", "qualifier3.isius@demo.test", "qualifier4.isius@demo.test"];
      for (const email of agents) {
        await post(await own.signIn(email), "after_call_work");
        own.clock.advance(20_000);
        await own.gw.background.idle();
      }
      for (let i = 0; i < 2; i++) {
        own.clock.advance(20_000);
        await own.gw.background.idle();
      }
      const q = await own.signIn("qualifier2.isius@demo.test");
      expect((await q.request("GET", "/overstays")).statusCode).toBe(403);
      const m = await own.signIn("manager.isius@demo.test");
      const list = OverstayFeed.parse((await m.request("GET", "/overstays")).json()).data;
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.map((o) => o.agent_id)).toEqual(await Promise.all([...agents].reverse().map((e) => own.idOf(e))));
      const times = list.map((o) => Date.parse(o.rtv_notified_at!));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(list.every((o) => o.extension?.startsWith("10"))).toBe(true);
      expect((await m.request("GET", "/overstays?limit=1")).json().data).toHaveLength(1);
      expect((await m.request("GET", "/overstays?limit=0")).statusCode).toBe(422);
    } finally {
      await own.close();
    }
  });
});
