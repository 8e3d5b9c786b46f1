// Many leads at once (issue 36, a list paused, reset or emptied): a held lead is out of the dialer's pool and "Why
// this lead?" names what holds it, unless the agent owes it a follow-up; released it is dialled again; a reset puts
// dial counts back to 0; removal keeps every lead something happened to. Each keeps to the call centre.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DialerEngine } from "../../dialer/engine";
import { dialerFixture, type DialerFixture } from "../../dialer/testing";
import * as t from "../../db/schema";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { holdLeads, releaseLeads, removeUndialled, resetDials } from "./bulk";

const NOW = Date.parse("2026-01-05T15:00:00Z");

let gw: TestGateway;
let fx: DialerFixture;
let engine: DialerEngine;

beforeAll(async () => {
  gw = await startTestGateway();
  fx = await dialerFixture(gw);
  engine = new DialerEngine(gw.gw);
});
afterAll(() => gw.close());
beforeEach(() => fx.reset());

const ids = (list: number[]) => sql.raw(list.length ? list.join(",") : "null");

describe("leads in bulk", () => {
  it("holds leads from the dialer, says why, lets an owed follow-up through, and releases them", async () => {
    const agent = await fx.agent();
    const other = await fx.lead();
    const held = await fx.lead();
    expect(await holdLeads(gw.db, fx.tenantId, "lead-lists:7", "Spring web leads", ids([held]))).toBe(1);
    const plan = await engine.plan(agent, NOW);
    expect(plan.picked?.id).toBe(other);
    expect((await engine.explainAt(fx.tenantId, held, agent.id, NOW)).rules.find((r) => !r.ok)).toMatchObject({
      rule: "held",
      key: "held_by",
      values: { list: "Spring web leads" },
    });
    expect(plan.trace.counts.held ?? 0).toBe(0);
    await gw.db.insert(t.followUps).values({ tenantId: fx.tenantId, leadId: held, agentId: agent.id, startsAt: new Date(NOW - 60_000), type: 1, kind: "callback", state: "pending", createdAt: new Date(NOW), updatedAt: new Date(NOW) });
    expect((await engine.explainAt(fx.tenantId, held, agent.id, NOW)).rules.find((r) => r.rule === "held")).toMatchObject({ ok: true, key: "held_follow_up" });
    await gw.db.delete(t.followUps).where(sql`lead_id = ${held}`);
    expect(await releaseLeads(gw.db, fx.tenantId, "lead-lists:7")).toBe(1);
    expect((await engine.explainAt(fx.tenantId, held, agent.id, NOW)).rules.find((r) => r.rule === "held")).toMatchObject({ ok: true, key: "held_none" });
  });

  it("resets dial counts and removes only the leads nothing happened to, in the call centre only", async () => {
    const agent = await fx.agent();
    const untouched = await fx.lead();
    const dialled = await fx.lead({ dials: 2 });
    const called = await fx.lead();
    await fx.call(called, agent.id, NOW - 3_600_000);
    const [otherTenant] = await gw.db.select({ id: t.leads.id }).from(t.leads).where(sql`tenant_id <> ${fx.tenantId} and dials = 0`).limit(1);
    expect(await resetDials(gw.db, fx.tenantId, ids([dialled, untouched, otherTenant!.id]))).toBe(1);
    expect(await removeUndialled(gw.db, fx.tenantId, ids([untouched, called, otherTenant!.id]))).toEqual([untouched]);
    const left = await gw.db.select({ id: t.leads.id, dials: t.leads.dials }).from(t.leads).where(sql`id in (${ids([untouched, dialled, called, otherTenant!.id])})`);
    expect(left.sort((a, b) => a.id - b.id)).toEqual([{ id: otherTenant!.id, dials: 0 }, { id: dialled, dials: 0 }, { id: called, dials: 0 }].sort((a, b) => a.id - b.id));
  });
});
