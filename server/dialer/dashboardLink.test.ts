// The dashboard link template through the gateway (finding A): PUT /settings/dialer takes only an http(s)
// address or a path on the dialer's own origin (or "" for no link); anything else is a 422 on dashboard-url and
// nothing is stored. A template stored before that rule gives agents no link rather than a script.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/contract/common";
import { DIALER_SETTING_KEYS, FollowUpsResponse, LastDialsResponse } from "../../src/contract/dialer";
import { LINK_MESSAGE } from "../../src/contract/links";
import * as t from "../db/schema";
import { SETTINGS_AUDIT_PREFIX } from "../modules/settings/audit";
import { startTestGateway, type TestClient, type TestGateway } from "../test/harness";
import { dialerFixture, type DialerFixture } from "./testing";

let gw: TestGateway;
let fx: DialerFixture;
let manager: TestClient;

beforeAll(async () => {
  gw = await startTestGateway();
  fx = await dialerFixture(gw);
});
afterAll(() => gw.close());
beforeEach(async () => {
  await fx.reset();
  manager = await gw.signIn((await fx.agent({ role: "manager" })).email);
});

const SAFE = {
  "enforced-follow-ups": true,
  "dashboard-url": "https://crm.example/leads/{marketing_id}?id={id}",
};
const stored = async () =>
  (
    await gw.db
      .select({ value: t.settings.value })
      .from(t.settings)
      .where(and(eq(t.settings.tenantId, fx.tenantId), eq(t.settings.key, DIALER_SETTING_KEYS.dialer)))
  )[0]?.value;
/** The settings changes recorded for the document (the audit trail's "Last changed by"). */
const changes = async () =>
  (
    await gw.db
      .select({ id: t.auditLog.id })
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.tenantId, fx.tenantId),
          eq(t.auditLog.action, SETTINGS_AUDIT_PREFIX + DIALER_SETTING_KEYS.dialer),
        ),
      )
  ).length;

describe("PUT /settings/dialer", () => {
  it.each([
    "javascript:alert(document.domain)//{id}",
    " JaVaScRiPt:alert(1)//{id}",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/{id}",
    "/\\evil.example/{id}",
  ])("refuses %j as the dashboard link: 422 on dashboard-url, and keeps what was saved", async (url) => {
    expect((await manager.request("PUT", "/settings/dialer", SAFE)).statusCode).toBe(204);
    const recorded = await changes();
    const res = await manager.request("PUT", "/settings/dialer", {
      "enforced-follow-ups": false,
      "dashboard-url": url,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(ErrorBody.parse(res.json())).toEqual({
      message: "The given data was invalid.",
      errors: { "dashboard-url": [LINK_MESSAGE] },
    });
    expect(await stored()).toEqual(SAFE);
    expect(await changes()).toBe(recorded);
    expect((await manager.request("GET", "/settings/dialer")).json()).toEqual(SAFE);
  });

  it("takes an https template, a path on this origin, and none", async () => {
    for (const url of ["https://crm.example/leads/{id}", "/crm/leads/{crm_id}", ""]) {
      const body = { "enforced-follow-ups": false, "dashboard-url": url };
      expect((await manager.request("PUT", "/settings/dialer", body)).statusCode, url).toBe(204);
      expect(await stored()).toEqual(body);
    }
  });
});

describe("the agents' lists", () => {
  it("give no dashboard link from a template stored before the rule", async () => {
    await gw.db.insert(t.settings).values({
      tenantId: fx.tenantId,
      key: DIALER_SETTING_KEYS.dialer,
      value: { "enforced-follow-ups": false, "dashboard-url": "javascript:alert(document.domain)//{id}" },
      updatedAt: new Date(gw.clock.now()),
    });
    const agent = await fx.agent();
    const q = await gw.signIn(agent.email);
    const leadId = await fx.lead({ ownerId: agent.id });
    const now = gw.clock.now();
    await gw.db.insert(t.followUps).values({
      tenantId: fx.tenantId,
      leadId,
      agentId: agent.id,
      kind: "Pocket",
      type: 2,
      startsAt: new Date(now + 3600_000),
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    await fx.call(leadId, agent.id, now - 60_000);

    // The settings page still loads: the stored link is answered as none, and a save replaces it.
    const page = await manager.request("GET", "/settings/dialer");
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({ "enforced-follow-ups": false, "dashboard-url": "" });

    const followUps = FollowUpsResponse.parse((await q.request("GET", "/agents/follow-ups")).json()).data;
    expect(followUps.map((f) => [f.leadId, f.url])).toEqual([[leadId, null]]);
    const dials = LastDialsResponse.parse((await q.request("GET", "/agents/last-dials")).json()).data;
    expect(dials.map((d) => [d.leadId, d.url])).toEqual([[leadId, null]]);
  });
});
