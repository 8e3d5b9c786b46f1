// The dialer through HTTP on each PBX driver: auto-dial and its no-lead summary, Do Not Call at dial time,
// many agents at once, follow-ups from dispositions, last dials, the lead search, explain, releases,
// redials and the settings routes.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DialResponse,
  ExplainResponse,
  FollowUpByLeadResponse,
  FollowUpsResponse,
  LastDialsResponse,
  LeadSearchResponse,
  NoLeadResponse,
} from "../../src/contract/dialer";
import * as t from "../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../test/harness";
import { TELEPHONIES } from "../test/telephony";
import { dncExpiry } from "./dncList";
import { dialerFixture, type DialerFixture } from "./testing";

// Every test runs on the simulated PBX and on AriDriver against the fake Asterisk (issue 19): auto-dial places
// its calls through the PBX.
describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;
  let fx: DialerFixture;
  const HOUR = 3600_000;

  beforeAll(async () => {
    gw = await startTestGateway({ telephony });
    fx = await dialerFixture(gw);
  });
  afterAll(() => gw.close());
  beforeEach(() => fx.reset());

  async function agentClient(over: Parameters<DialerFixture["agent"]>[0] = {}) {
    const a = await fx.agent(over);
    const c = await gw.signIn(a.email);
    // Only a Ready agent is auto-dialed (a deactivated one is refused Ready, and the dial says why).
    await c.request("POST", "/agent-statuses", { status: "ready" });
    return { ...a, c };
  }
  const autoDial = (c: TestClient, headers: Record<string, string> = {}) => c.request("POST", "/dials/auto", undefined, headers);
  /** Save & Next: the agent is Ready again for the next auto-dial. */
  const ready = (c: TestClient) => c.request("POST", "/agent-statuses", { status: "ready" });
  async function hangup(agentId: number) {
    await gw.gw.calls.hangupFor(agentId);
    await gw.gw.background.idle();
    expect(gw.gw.calls.activeCallOf(agentId)).toBeUndefined();
  }
  const dispose = (c: TestClient, leadId: number, disposition: Record<string, unknown>) =>
    c.request("POST", `/leads/${leadId}/dispositions`, { disposition: { notes: "", ...disposition } });
  const callsTo = async (leadId: number) => (await gw.db.select().from(t.calls).where(eq(t.calls.leadId, leadId))).length;
  const iso = (ms: number) => new Date(ms).toISOString();

  describe("POST /dials/auto", () => {
    it("dials only a Ready agent: on a break, 409 'Switch to READY to receive leads.', and nothing is claimed or called", async () => {
      const q = await agentClient();
      const leadId = await fx.lead();
      expect((await q.c.request("POST", "/agent-statuses", { status: "meeting" })).statusCode).toBe(201);
      const res = await autoDial(q.c);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: "Switch to READY to receive leads." });
      expect(await gw.db.select().from(t.inProcessLeads).where(eq(t.inProcessLeads.leadId, leadId))).toEqual([]);
      expect(await callsTo(leadId)).toBe(0);
      // Ready again: the same agent is dialled.
      expect((await ready(q.c)).statusCode).toBe(201);
      expect((await autoDial(q.c)).statusCode).toBe(201);
    });

    it("places the call: 201 with type, suffix and the lead; the lead is held and owned; a second dial on the call is 409", async () => {
      const q = await agentClient();
      const leadId = await fx.lead({ dials: 2, prefix: "TSX" });
      const res = await autoDial(q.c);
      expect(res.statusCode).toBe(201);
      const body = DialResponse.parse(res.json());
      expect(body).toMatchObject({ type: "auto", suffix: "TSX #3", leadId, dialNumber: 3, followUpId: null });
      const { data, ...top } = body;
      expect(data).toEqual(top);
      expect(body.lead).toMatchObject({ id: leadId, marketing_id: expect.stringMatching(/^TST/) });
      const [call] = await gw.db.select().from(t.calls).where(eq(t.calls.id, body.callId));
      expect(call).toMatchObject({ leadId, agentId: q.id, type: "auto", direction: 0 });
      const [held] = await gw.db.select().from(t.inProcessLeads).where(eq(t.inProcessLeads.leadId, leadId));
      expect(held).toMatchObject({ agentId: q.id, via: "auto", ownerSet: true });
      const [lead] = await gw.db.select().from(t.leads).where(eq(t.leads.id, leadId));
      expect(lead).toMatchObject({ ownerId: q.id, dials: 3 });
      expect((await autoDial(q.c)).statusCode).toBe(409);
      await hangup(q.id);
    });

    it("answers 404 'No leads were found' with the skipped leads counted by rule and a reason for each", async () => {
      const q = await agentClient();
      await fx.lead({ status: "Do Not Call" });
      await fx.lead({ status: "Sold" });
      await fx.lead({ state: "ca", timezone: "America/Los_Angeles" });
      const res = await autoDial(q.c);
      expect(res.statusCode).toBe(404);
      const body = NoLeadResponse.parse(res.json());
      expect(body).toMatchObject({
        message: "No leads were found",
        reasons: { dnc: 1, status: 1, "calling-window": 1 },
        examined: 1,
        blocked: null,
      });
      expect(body.samples["calling-window"]).toMatch(/America\/Los_Angeles/);
      // Each sample also comes with its reason key and values, for the browser to say in the agent's language.
      expect(body.sampleVerdicts?.["calling-window"]).toMatchObject({ ok: false, key: expect.any(String), reason: body.samples["calling-window"] });
      expect(body.sampleVerdicts?.dnc).toMatchObject({ key: "dnc_status" });
    });

    it("names the agent's own blocking rule", async () => {
      const q = await agentClient({ inboundOnly: true });
      await fx.lead();
      const body = NoLeadResponse.parse((await autoDial(q.c)).json());
      expect(body.blocked).toMatchObject({ rule: "inbound-only", ok: false });
      expect(body.reasons).toEqual({ "inbound-only": 1 });
      // Calling disabled answers as the call routes do.
      const off = await agentClient({ deactivated: true });
      const res = await autoDial(off.c);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("A manager disabled calling for your extension");
    });

    it("answers a retry with the same Idempotency-Key with the first result, without a second call", async () => {
      const q = await agentClient();
      await fx.lead();
      await fx.lead();
      const first = await autoDial(q.c, { "idempotency-key": "tick-1" });
      const again = await autoDial(q.c, { "idempotency-key": "tick-1" });
      expect(again.statusCode).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toEqual(first.json());
      expect(await gw.db.select().from(t.calls).where(eq(t.calls.agentId, q.id))).toHaveLength(1);
      await hangup(q.id);
    });

    it("a disposition sent again under its Idempotency-Key after it handed the lead back to the pool: its first answer, not 403", async () => {
      const q = await agentClient();
      const leadId = await fx.lead();
      const { callId } = DialResponse.parse((await autoDial(q.c)).json());
      await hangup(q.id);
      const body = { disposition: { disposition: "Not Interested", reason: "Already has coverage", notes: "" }, call_id: callId };
      const first = await q.c.request("POST", `/leads/${leadId}/dispositions`, body, { "idempotency-key": "save-1" });
      expect(first.statusCode).toBe(201);
      // The lead the dial took from the pool went back to it: it is no longer the agent's.
      const [lead] = await gw.db.select({ ownerId: t.leads.ownerId }).from(t.leads).where(eq(t.leads.id, leadId));
      expect(lead?.ownerId).toBeNull();
      // The answer was lost (the page sends it again, as after "the phones are moving"): the first answer comes back.
      const again = await q.c.request("POST", `/leads/${leadId}/dispositions`, body, { "idempotency-key": "save-1" });
      expect(again.statusCode).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json()).toEqual(first.json());
      expect(await gw.db.select().from(t.dispositions).where(eq(t.dispositions.leadId, leadId))).toHaveLength(1);
      // Anything else on the lead is refused as before: another key, or the same key with another body.
      const other = await q.c.request("POST", `/leads/${leadId}/dispositions`, body, { "idempotency-key": "save-2" });
      expect(other.statusCode).toBe(403);
      const changed = { ...body, disposition: { ...body.disposition, notes: "changed" } };
      expect((await q.c.request("POST", `/leads/${leadId}/dispositions`, changed, { "idempotency-key": "save-1" })).statusCode).toBe(403);
    });
  });

  describe("Do Not Call at dial time", () => {
    it("after a Do Not Call disposition neither the same agent nor another dials the number again", async () => {
      const a = await agentClient();
      const b = await agentClient();
      const leadId = await fx.lead({ phone: "2125557777", phoneOther: ["6465550101"] });
      const twin = await fx.lead({ phone: "2125557777", dials: 5 }); // the same person imported twice
      const dialled = DialResponse.parse((await autoDial(a.c)).json());
      expect(dialled.leadId).toBe(leadId);
      await hangup(a.id);
      expect((await dispose(a.c, leadId, { disposition: "Do Not Call" })).statusCode).toBe(201);
      for (const c of [a.c, b.c]) {
        await ready(c);
        const res = await autoDial(c);
        expect(res.statusCode).toBe(404);
        expect(NoLeadResponse.parse(res.json()).reasons).toMatchObject({ dnc: 2 });
      }
      expect(await callsTo(leadId)).toBe(1);
      expect(await callsTo(twin)).toBe(0);
      const listed = await gw.db.select().from(t.dncNumbers).where(eq(t.dncNumbers.tenantId, fx.tenantId));
      expect(listed.map((r) => r.phone).sort()).toEqual(["2125557777", "6465550101"]);
      expect(listed[0]!.expiresAt.getTime()).toBe(dncExpiry(listed[0]!.addedAt).getTime());
      expect(dncExpiry(new Date("2026-01-05T15:00:00Z")).toISOString()).toBe("2029-01-19T15:00:00.000Z");
      // The disposition took the lead out of process and back to the pool.
      expect(await gw.db.select().from(t.inProcessLeads).where(eq(t.inProcessLeads.leadId, leadId))).toEqual([]);
    });
  });

  describe("many agents at once", () => {
    it("12 agents dialling at the same moment get 12 different leads", async () => {
      const agents = await Promise.all(Array.from({ length: 12 }, () => agentClient()));
      for (let i = 0; i < 15; i++) await fx.lead();
      // More than an instance runs at once (DIALS_IN_FLIGHT, 8): those answered busy ask again, as the page does.
      const dialUntilTaken = async (c: TestClient) => {
        for (;;) {
          const r = await autoDial(c);
          if (r.statusCode !== 503) return r;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      const results = await Promise.all(agents.map((a) => dialUntilTaken(a.c)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      const leadIds = results.map((r) => DialResponse.parse(r.json()).leadId);
      expect(new Set(leadIds).size).toBe(12);
      const held = await gw.db.select().from(t.inProcessLeads).where(eq(t.inProcessLeads.tenantId, fx.tenantId));
      expect(new Set(held.map((h) => h.agentId)).size).toBe(12);
      leadIds.forEach((leadId, i) => {
        expect(held.find((h) => h.leadId === leadId)?.agentId).toBe(agents[i]!.id);
        expect(gw.gw.calls.current(agents[i]!.id)?.leadId).toBe(leadId);
      });
      for (const a of agents) await hangup(a.id);
    });
  });

  describe("follow-ups", () => {
    it("a Callback Scheduled creates the follow-up: listed, not overdue, by lead; overdue ones apart; a reschedule moves it; dialling it now", async () => {
      const q = await agentClient();
      const now = gw.clock.now();
      const first = await fx.lead();
      const second = await fx.lead();
      const a = DialResponse.parse((await autoDial(q.c)).json());
      await hangup(q.id);
      expect((await dispose(q.c, a.leadId, { disposition: "Callback Scheduled", date_time: iso(now + HOUR), notes: "after work" })).statusCode).toBe(201);
      await ready(q.c);
      const b = DialResponse.parse((await autoDial(q.c)).json());
      await hangup(q.id);
      // A qualifier's callback already due (Pocket, another follow-up type, is a SLICA advisor's: refused here).
      expect((await dispose(q.c, b.leadId, { disposition: "Pocket", date_time: iso(now - 2 * HOUR) })).statusCode).toBe(422);
      expect((await dispose(q.c, b.leadId, { disposition: "Callback Scheduled", date_time: iso(now - 2 * HOUR) })).statusCode).toBe(201);
      expect([a.leadId, b.leadId].sort()).toEqual([first, second].sort());

      const all = FollowUpsResponse.parse((await q.c.request("GET", "/agents/follow-ups?limit=50")).json());
      expect(all.meta).toEqual({ total: 2, overdue: 1, enforced: false });
      expect(all.data.map((f) => [f.leadId, f.type, f.overdue])).toEqual([
        [b.leadId, 1, true],
        [a.leadId, 1, false],
      ]);
      expect(all.data[1]).toMatchObject({ startsAt: iso(now + HOUR), dateTime: iso(now + HOUR), notes: "after work", state: "ny", kind: "Callback Scheduled", startedAt: null, url: null });
      const overdue = FollowUpsResponse.parse((await q.c.request("GET", "/agents/follow-ups?limit=50&overdue=true")).json());
      expect(overdue.data.map((f) => f.leadId)).toEqual([b.leadId]);
      const upcoming = FollowUpsResponse.parse((await q.c.request("GET", "/agents/follow-ups?overdue=false")).json());
      expect(upcoming.data.map((f) => f.leadId)).toEqual([a.leadId]);
      const byLead = FollowUpByLeadResponse.parse((await q.c.request("GET", `/leads/followup-by-lead-id/${a.leadId}`)).json());
      expect(byLead.data).toMatchObject({ leadId: a.leadId, type: 1 });

      // The table's picker: Pocket with reschedule_followup moves the same follow-up and leaves the status.
      const moved = await dispose(q.c, b.leadId, { disposition: "Pocket", date_time: iso(now + 3 * HOUR), reschedule_followup: true });
      expect(moved.statusCode).toBe(201);
      const after = FollowUpsResponse.parse((await q.c.request("GET", "/agents/follow-ups")).json());
      expect(after.meta.overdue).toBe(0);
      expect(after.data.find((f) => f.leadId === b.leadId)).toMatchObject({ id: overdue.data[0]!.id, startsAt: iso(now + 3 * HOUR) });

      // Dialled now from the table: a callback.
      const dialled = await q.c.request("POST", "/dials/follow-ups", { leadId: a.leadId });
      expect(dialled.statusCode).toBe(201);
      expect(DialResponse.parse(dialled.json())).toMatchObject({ type: "callback", leadId: a.leadId, followUpId: byLead.data!.id });
      const [f] = await gw.db.select().from(t.followUps).where(eq(t.followUps.id, byLead.data!.id));
      expect(f!.startedAt?.getTime()).toBe(gw.clock.now());
      await hangup(q.id);
      // No follow-up of the caller's on that lead: 404.
      const other = await fx.lead({ ownerId: q.id });
      expect((await q.c.request("POST", "/dials/follow-ups", { leadId: other })).statusCode).toBe(404);
      // Disposing the lead closes its follow-up.
      expect((await dispose(q.c, a.leadId, { disposition: "Not Interested", reason: "Already has coverage" })).statusCode).toBe(201);
      expect((await gw.db.select().from(t.followUps).where(eq(t.followUps.id, byLead.data!.id)))[0]).toMatchObject({ state: "done" });
    });

    it("with enforced follow-ups the auto-dial takes the overdue follow-up first, as a follow-up call", async () => {
      const manager = await agentClient({ role: "manager" });
      expect((await manager.c.request("PUT", "/settings/dialer", { "enforced-follow-ups": true, "dashboard-url": "" })).statusCode).toBe(204);
      const q = await agentClient();
      await fx.lead();
      const owed = await fx.lead({ ownerId: q.id, dials: 4, status: "Pocket" });
      const now = gw.clock.now();
      await gw.db.insert(t.followUps).values({ tenantId: fx.tenantId, leadId: owed, agentId: q.id, kind: "Pocket", type: 2, startsAt: new Date(now - 2 * HOUR), createdAt: new Date(now), updatedAt: new Date(now) });
      expect(FollowUpsResponse.parse((await q.c.request("GET", "/agents/follow-ups?overdue=true")).json()).meta).toMatchObject({ overdue: 1, enforced: true });
      const res = DialResponse.parse((await autoDial(q.c)).json());
      expect(res).toMatchObject({ leadId: owed, type: "follow-up", suffix: "TST #5" });
      await hangup(q.id);
    });
  });

  describe("lists", () => {
    it("last dials: the latest calls with the disposition's notes, the lead's status and its dashboard link", async () => {
      const manager = await agentClient({ role: "manager" });
      await manager.c.request("PUT", "/settings/dialer", { "enforced-follow-ups": false, "dashboard-url": "https://crm.example/leads/{marketing_id}?id={id}" });
      const q = await agentClient();
      const leadId = await fx.lead({ clients: [{ firstName: "Pat", lastName: "Client" }] });
      const d = DialResponse.parse((await autoDial(q.c)).json());
      await hangup(q.id);
      await q.c.request("POST", `/leads/${leadId}/dispositions`, { disposition: { disposition: "Voicemail", notes: "left a message" }, call_id: d.callId });
      const list = LastDialsResponse.parse((await q.c.request("GET", "/agents/last-dials?limit=10")).json());
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({
        id: d.callId,
        leadId,
        clientName: "Pat Client",
        name: `Lead ${d.lead.last_name}`,
        notes: "left a message",
        state: "ny",
        status: "Voicemail",
        url: `https://crm.example/leads/${d.lead.marketing_id}?id=${leadId}`,
      });
      // A Voicemail leaves no follow-up: the lead went back to the pool.
      expect((await gw.db.select({ ownerId: t.leads.ownerId }).from(t.leads).where(eq(t.leads.id, leadId)))[0]!.ownerId).toBeNull();
    });

    it("lead search: the agent's own leads by marketing id, name or phone; managers every lead; 404 when none", async () => {
      const q = await agentClient();
      const mine = await fx.lead({ ownerId: q.id, firstName: "Rosa", lastName: "Parks", phone: "2125550142" });
      await fx.lead({ firstName: "Rosa", lastName: "Other" });
      for (const text of ["rosa", "0142", "Parks"]) {
        const res = LeadSearchResponse.parse((await q.c.request("GET", `/leads/search/${text}`)).json());
        expect(res.data.map((r) => r.id)).toEqual([mine]);
      }
      const row = LeadSearchResponse.parse((await q.c.request("GET", "/leads/search/rosa")).json()).data[0];
      expect(row).toMatchObject({ name: "Rosa Parks", phone: "2125550142", address: { state: "ny" }, status: "New" });
      const manager = await agentClient({ role: "manager" });
      expect(LeadSearchResponse.parse((await manager.c.request("GET", "/leads/search/rosa")).json()).data).toHaveLength(2);
      const none = await q.c.request("GET", "/leads/search/nobody-like-this");
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: "No leads were found" });
    });

    it("'My clients' are the leads the agent owns, dialled or disposed, not a colleague's (issue 13, fault 10)", async () => {
      const q = await agentClient();
      const colleague = await agentClient();
      const dialled = await fx.lead({ firstName: "Ivy", lastName: "Dialled" });
      await fx.call(dialled, q.id, Date.parse("2026-03-10T15:00:00Z"));
      const disposed = await fx.lead({ firstName: "Ivy", lastName: "Disposed" });
      await gw.db.insert(t.dispositions).values({ tenantId: fx.tenantId, leadId: disposed, agentId: q.id, disposition: "Not Interested", createdAt: new Date() });
      const theirs = await fx.lead({ firstName: "Ivy", lastName: "Theirs" });
      await fx.call(theirs, colleague.id, Date.parse("2026-03-10T15:00:00Z"));
      const found = LeadSearchResponse.parse((await q.c.request("GET", "/leads/search/ivy")).json()).data;
      expect(found.map((r) => r.name).sort()).toEqual(["Ivy Dialled", "Ivy Disposed"]);
    });
  });

  describe("explain, release and redial", () => {
    it("explain: the agent its own lead; a manager any lead, for an agent or for none", async () => {
      const q = await agentClient();
      const other = await agentClient();
      const manager = await agentClient({ role: "manager" });
      const leadId = await fx.lead();
      const mine = await fx.lead({ ownerId: q.id, timezone: "" });
      const ex = ExplainResponse.parse((await q.c.request("GET", `/leads/${mine}/explain`)).json());
      expect(ex).toMatchObject({ callable: false, agentId: q.id, leadId: mine });
      expect(ex.rules.find((r) => !r.ok)?.rule).toBe("calling-window");
      expect((await q.c.request("GET", `/leads/${leadId}/explain`)).statusCode).toBe(403);
      expect((await q.c.request("GET", `/leads/${mine}/explain?agent=${other.id}`)).statusCode).toBe(403);
      const forOther = ExplainResponse.parse((await manager.c.request("GET", `/leads/${leadId}/explain?agent=${other.id}`)).json());
      expect(forOther).toMatchObject({ callable: true, agentId: other.id });
      const forNone = ExplainResponse.parse((await manager.c.request("GET", `/leads/${leadId}/explain`)).json());
      expect(forNone.agentId).toBeNull();
      expect(forNone.rules.find((r) => r.rule === "campaign")?.reason).toMatch(/^Not checked/);
      expect((await manager.c.request("GET", `/leads/${leadId}/explain?agent=999999`)).statusCode).toBe(404);
    });

    it("signing out hands the leads held in process back", async () => {
      const q = await agentClient();
      await fx.lead();
      const dialled = DialResponse.parse((await autoDial(q.c)).json());
      await hangup(q.id);
      expect(await gw.db.select().from(t.inProcessLeads).where(eq(t.inProcessLeads.leadId, dialled.leadId))).toHaveLength(1);
      expect((await q.c.request("POST", "/logout")).statusCode).toBeLessThan(300);
      await gw.gw.background.idle();
      expect(await gw.db.select().from(t.inProcessLeads).where(eq(t.inProcessLeads.agentId, q.id))).toEqual([]);
    });

    it("DELETE /in-process-leads lets the lead go back to the pool; a redial dials the agent's lead again", async () => {
      const q = await agentClient();
      const leadId = await fx.lead();
      const first = DialResponse.parse((await autoDial(q.c)).json());
      await hangup(q.id);
      const redial = await q.c.request("POST", "/dials/redials", { leadId });
      expect(redial.statusCode).toBe(201);
      expect(DialResponse.parse(redial.json())).toMatchObject({ type: "auto", leadId, dialNumber: 2, suffix: "TST #2" });
      expect(first.dialNumber).toBe(1);
      await hangup(q.id);
      expect((await q.c.request("DELETE", "/in-process-leads")).statusCode).toBe(204);
      expect(await gw.db.select().from(t.inProcessLeads).where(eq(t.inProcessLeads.agentId, q.id))).toEqual([]);
      expect((await gw.db.select({ ownerId: t.leads.ownerId }).from(t.leads).where(eq(t.leads.id, leadId)))[0]!.ownerId).toBeNull();
      // Not the caller's lead any more: nothing to redial.
      expect((await q.c.request("POST", "/dials/redials", { leadId })).statusCode).toBe(404);
    });

    it("redial is refused without the qualifier-redial feature, and to advisors", async () => {
      const q = await agentClient();
      const leadId = await fx.lead({ ownerId: q.id });
      await gw.db.update(t.tenants).set({ features: { "qualifier-redial": false } }).where(eq(t.tenants.id, fx.tenantId));
      const off = await q.c.request("POST", "/dials/redials", { leadId });
      expect(off.statusCode).toBe(403);
      expect(off.json().message).toBe("Qualifier redial is off for this call centre.");
      await gw.db.update(t.tenants).set({ features: {} }).where(eq(t.tenants.id, fx.tenantId));
      const advisor = await agentClient({ role: "advisor" });
      expect((await advisor.c.request("POST", "/dials/redials", { leadId })).statusCode).toBe(403);
    });
  });

  describe("settings", () => {
    it("are for managers; negatives become 0; publisher suppression refuses them; each GET answers what was saved", async () => {
      const q = await agentClient();
      const m = await agentClient({ role: "manager" });
      for (const path of ["/settings/operation-hours", "/settings/dialing-sequence", "/settings/agents/quotas/dials", "/settings/agent-dials-per-level", "/settings/publisher-suppression", "/settings/dialer"])
        expect((await q.c.request("GET", path)).statusCode, path).toBe(403);

      expect((await m.c.request("GET", "/settings/dialing-sequence")).json()).toEqual({ sequence: [0, 30, 120, 240, 1440] });
      expect((await m.c.request("PUT", "/settings/dialing-sequence", { sequence: [-5, 10, 2.6] })).statusCode).toBe(204);
      expect((await m.c.request("GET", "/settings/dialing-sequence")).json()).toEqual({ sequence: [0, 10, 3] });

      expect((await m.c.request("PUT", "/settings/agents/quotas/dials", { params: { qualifier: [-1, 10, 50, 200] } })).statusCode).toBe(204);
      expect((await m.c.request("GET", "/settings/agents/quotas/dials")).json().params.qualifier).toEqual([0, 10, 50, 200]);
      expect((await m.c.request("GET", "/settings/agents/quotas/sales")).json().params.advisor).toEqual([1, 2, 10, 40]);
      expect((await m.c.request("PUT", "/settings/agents/quotas/refunds", { params: {} })).statusCode).toBe(422);

      expect((await m.c.request("PUT", "/settings/agent-dials-per-level", { params: [0, -3, 4] })).statusCode).toBe(204);
      expect((await m.c.request("GET", "/settings/agent-dials-per-level")).json()).toEqual({ params: [0, 0, 4] });

      expect((await m.c.request("PUT", "/settings/publisher-suppression", { params: { advisors: -1 } })).statusCode).toBe(422);
      expect((await m.c.request("PUT", "/settings/publisher-suppression", { params: { advisors: 2, qualifiers: 1, fl: 3 } })).statusCode).toBe(204);
      expect((await m.c.request("GET", "/settings/publisher-suppression")).json()).toEqual({ params: { advisors: 2, qualifiers: 1, fl: 3 } });

      const week = Array.from({ length: 7 }, (_, i) => (i < 5 ? { from: "09:00", to: "20:30" } : { from: "00:00", to: "00:00" }));
      expect((await m.c.request("PUT", "/settings/operation-hours", { days: week.slice(0, 6) })).statusCode).toBe(422);
      expect((await m.c.request("PUT", "/settings/operation-hours", { days: [...week.slice(0, 6), { from: "9am", to: "5pm" }] })).statusCode).toBe(422);
      expect((await m.c.request("PUT", "/settings/operation-hours", { days: week })).statusCode).toBe(204);
      expect((await m.c.request("GET", "/settings/operation-hours")).json()).toEqual({ days: week });

      expect((await m.c.request("PUT", `/settings/agents/${q.id}/provinces`, { provinces: ["ny", "nj", "ny"] })).statusCode).toBe(204);
      expect((await m.c.request("GET", `/settings/agents/${q.id}/provinces`)).json()).toEqual({ provinces: ["nj", "ny"] });
      const [u] = await gw.db.select({ s: t.users.callableStates }).from(t.users).where(and(eq(t.users.id, q.id)));
      expect(u!.s).toEqual(["nj", "ny"]);
    });
  });
});

describe("POST /dials/auto past the dials an instance runs at once (DIALS_IN_FLIGHT)", () => {
  let gw: TestGateway;
  let fx: DialerFixture;
  beforeAll(async () => {
    gw = await startTestGateway({ config: { dialsInFlight: 1 } });
    fx = await dialerFixture(gw);
  });
  afterAll(() => gw.close());

  it("answers the next 503 with Retry-After at once, writes nothing for it, and takes it when asked again with its key", async () => {
    const agents = await Promise.all([fx.agent(), fx.agent()]);
    const clients = await Promise.all(agents.map((a) => gw.signIn(a.email)));
    for (const c of clients) expect((await c.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    await fx.lead();
    await fx.lead();
    // The first agent's dial is held on its way to the PBX: it is under way while the second asks.
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let reached = () => {};
    const underWay = new Promise<void>((r) => (reached = r));
    const dial = gw.gw.calls.dial.bind(gw.gw.calls);
    const held = vi.spyOn(gw.gw.calls, "dial").mockImplementationOnce(async (...args) => {
      reached();
      await gate;
      return dial(...args);
    });
    const keys = ["busy-test-a", "busy-test-b"];
    const first = clients[0]!.request("POST", "/dials/auto", undefined, { "Idempotency-Key": keys[0]! });
    await underWay;
    const busy = await clients[1]!.request("POST", "/dials/auto", undefined, { "Idempotency-Key": keys[1]! });
    release();
    expect((await first).statusCode).toBe(201);
    held.mockRestore();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers["retry-after"]).toBe("1");
    expect(busy.json()).toMatchObject({ message: "The dialer is busy: your next lead is dialled in a moment." });
    const refused = 1;
    // Nothing was claimed or placed for it, and its key was not taken: the same request asked again is dialled.
    expect(await gw.db.select().from(t.calls).where(eq(t.calls.agentId, agents[refused]!.id))).toEqual([]);
    const again = await clients[refused]!.request("POST", "/dials/auto", undefined, { "Idempotency-Key": keys[refused]! });
    expect(again.statusCode).toBe(201);
  });
});
