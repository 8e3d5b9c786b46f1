// The lead book's settings act on the dialer: a prefix taken out of a lead group stops its leads going to the
// group's advisors, and a qualifier taken off a campaign stops getting its leads. Saved through the settings
// routes, then asked of the engine's explain (the reason a manager would read).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GroupPrefixes, RelationUsers } from "../../../../src/contract/leadBook";
import { DialerEngine } from "../../../dialer/engine";
import { dialerFixture, type DialerFixture } from "../../../dialer/testing";
import { startTestGateway, type TestClient, type TestGateway } from "../../../test/harness";

/** Monday 5 January 2026, 10:00 in New York: inside the fixture's calling hours. */
const NOW = Date.parse("2026-01-05T15:00:00Z");

let gw: TestGateway;
let fx: DialerFixture;
let engine: DialerEngine;
let manager: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  fx = await dialerFixture(gw);
  engine = new DialerEngine(gw.gw);
  manager = await gw.signIn((await fx.agent({ role: "manager" }, { campaigns: [] })).email);
});
afterAll(() => gw.close());

const verdict = async (leadId: number, agentId: number, rule: string) =>
  (await engine.explainAt(fx.tenantId, leadId, agentId, NOW)).rules.find((r) => r.rule === rule);

describe("the lead book's settings act on the dialer", () => {
  it("a prefix removed from a lead group: its leads no longer go to the group's advisors", async () => {
    const advisor = await fx.agent({ role: "advisor" }, { campaigns: [] });
    const lead = await fx.lead({ prefix: "TST" });
    expect(await verdict(lead, advisor.id, "lead-group")).toMatchObject({ ok: true, key: "lead_group_in" });
    expect((await engine.explainAt(fx.tenantId, lead, advisor.id, NOW)).callable).toBe(true);

    const url = `/settings/lead-groups/${fx.groupId}/prefixes`;
    const { prefixIds, prefixes } = GroupPrefixes.parse((await manager.request("GET", url)).json()).data;
    const tst = prefixes.find((p) => p.name === "TST")!.id;
    expect(prefixIds).toEqual([tst]);
    expect((await manager.request("PUT", url, { prefixIds: [] })).statusCode).toBe(204);

    expect(await verdict(lead, advisor.id, "lead-group")).toMatchObject({ ok: false, key: "lead_group_out", values: { prefix: "TST" } });
    expect((await engine.explainAt(fx.tenantId, lead, advisor.id, NOW)).callable).toBe(false);
    expect((await engine.plan(advisor, NOW)).picked).toBeNull();

    // Given back, the lead is the advisor's to dial again.
    expect((await manager.request("PUT", url, { prefixIds: [tst] })).statusCode).toBe(204);
    expect((await engine.plan(advisor, NOW)).picked?.id).toBe(lead);
  });

  it("a qualifier unassigned from a campaign: its leads no longer go to that qualifier", async () => {
    await fx.reset();
    const qualifier = await fx.agent();
    const lead = await fx.lead();
    expect(await verdict(lead, qualifier.id, "campaign")).toMatchObject({ ok: true, key: "campaign_ok" });

    const url = "/settings/lead-campaigns/tst/agents";
    const { userIds } = RelationUsers.parse((await manager.request("GET", url)).json()).data;
    expect(userIds).toContain(qualifier.id);
    expect((await manager.request("PUT", url, { userIds: userIds.filter((id) => id !== qualifier.id) })).statusCode).toBe(204);

    expect(await verdict(lead, qualifier.id, "campaign")).toMatchObject({ ok: false, key: "campaign_not_assigned" });
    expect((await engine.plan(qualifier, NOW)).picked).toBeNull();
  });
});
