// Live transfer through the whole gateway, on each PBX driver and the manual clock: a qualifier's lead offered
// to advisors, accepted, rung in, introduced and handed over; stopping, the races and the failures.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LIVE_TRANSFER_MESSAGES as M } from "../../../src/contract/liveTransfers";
import { LIVE_TRANSFER_FIRST_MESSAGE } from "../../../src/contract/dialer";
import { DEFAULT_GLOBAL_SETTINGS } from "../../../src/contract/settings";
import { calls, dispositions, leads, liveTransfers, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { TELEPHONIES } from "../../test/telephony";
import { liveTransferWorld } from "./testing";

// Every test runs on the simulated PBX and on AriDriver against the fake Asterisk (issue 19): the same
// gateway behaviour is expected of both.
describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;
  let manager: TestClient;

  beforeAll(async () => {
    gw = await startTestGateway({ listen: true, telephony });
    manager = await gw.signIn("manager.isius@demo.test");
    // A second advisor with an extension and live transfers on, for the races.
    await gw.db
      .update(users)
      .set({ extension: "1098", internalLiveTransfers: true, hasWebrtc: false })
      .where(eq(users.email, "advisor2.isius@demo.test"));
    // Desk phones: the simulated PBX reaches them without a softphone registering.
    await gw.db.update(users).set({ hasWebrtc: false }).where(eq(users.email, "advisor.isius@demo.test"));
  });
  afterAll(() => gw.close());

  const run = (ms: number, step?: number) => gw.run(ms, step);

  const idOf = (email: string) => gw.idOf(email);
  const statusOf = (c: TestClient) => gw.statusOf(c);

  const { freeLead, agent, ready, qualifierOnACall, leave } = liveTransferWorld(() => gw);
  afterEach(() => leave());

  const setGlobals = async (patch: Partial<typeof DEFAULT_GLOBAL_SETTINGS>) =>
    expect((await manager.request("PUT", "/settings/globals", { ...DEFAULT_GLOBAL_SETTINGS, ...patch })).statusCode).toBe(204);

  describe("a live transfer, start to handover", () => {
    it("offers the lead to a ready advisor, who accepts, joins, and keeps the lead once the qualifier leaves", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier2.isius@demo.test");

      // What the qualifier typed in the booking wizard so far goes over with the lead.
      const draft = { step: 1, contact: { address: { postal: "10016" } }, coverage: {}, meeting: {} };
      expect((await q.c.request("PUT", `/leads/${q.leadId}/booking-draft`, { draft })).statusCode).toBe(204);
      const started = await q.c.request("POST", `/live-transfers/${q.leadId}`, { notes: "Wants whole life", team: "advisors" });
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json()).toMatchObject({ data: { lead_id: q.leadId, state: "looking_for_advisor", advisor: null, notes: "Wants whole life" } });
      await run(200);
      expect(q.transfer()).toMatchObject({ kind: "live", outcome: null, live: { state: "looking_for_advisor", advisor: null, joined: false } });
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(409);

      // The advisor is offered the lead with its summary; the qualifier's poll counts it.
      const offer = advisor.offers().at(-1)!;
      expect(offer).toMatchObject({ lead_id: q.leadId, state: "ny", notes: "Wants whole life", notify: false, insurance: ["life"] });
      expect(offer.qualifier.extension).toBe("1011");
      const poll = await q.c.request("GET", `/agents/available-advisors?lead_id=${q.leadId}`);
      expect(poll.statusCode, poll.body).toBe(200);
      expect(poll.json()).toMatchObject({ meta: { live_transfer: { ready: 1 } } });

      // Not the advisor's lead yet: the offer is the right to accept it, nothing more.
      expect((await advisor.c.request("GET", `/leads/${q.leadId}`)).statusCode).toBe(403);
      const accepted = await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`);
      expect(accepted.statusCode, accepted.body).toBe(201);
      await run(3_000);

      // The advisor's phone rang into the call and answered; the lead opened in its workspace.
      const advisorCall = advisor.snapshots("answer").at(-1)!;
      expect(advisorCall).toMatchObject({ leadId: q.leadId, type: "transfer", direction: 1, status: "answered" });
      expect(q.transfer()).toMatchObject({
        kind: "live",
        name: "Maria Lopez",
        party: "1002",
        disposition: { disposition: "Live_Transfer", saved: false },
        live: { state: "done", joined: true, advisor: { name: "Maria Lopez", extension: "1002" } },
      });
      const call = gw.gw.calls.activeCallOf(q.id)!;
      expect((await gw.phones.legsOf(call.pbxCallId)).filter((l) => l.state === "answered")).toHaveLength(3);
      const opened = await advisor.c.request("GET", `/leads/${q.leadId}`);
      expect(opened.statusCode).toBe(200);
      // The qualifier's notes are on the lead, as a dated entry the advisor's lead card shows.
      expect((opened.json() as { data: { notes: string | null } }).data.notes).toMatch(
        /(^|\n)\d{4}-\d{2}-\d{2} \| \d{2}:\d{2}:\d{2} - Live transfer from .+: Wants whole life$/,
      );
      expect((await advisor.c.request("GET", `/leads/${q.leadId}/booking-draft`)).json()).toMatchObject({ data: { draft } });
      expect(await statusOf(advisor.c)).toBe("on_a_call");

      // The qualifier leaves: refused with the wrong extension, then the handover.
      const wrong = await q.c.request("POST", `/transfer-answers/${q.leadId}`, { qualifierExtension: "1099", phone: q.phone });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ message: M.wrongParty });
      const left = await q.c.request("POST", `/transfer-answers/${q.leadId}`, { qualifierExtension: "1011", phone: q.phone });
      expect(left.statusCode, left.body).toBe(201);
      await run(1_000);

      // The hangup push may come before the handover's transaction is written (PostgreSQL is slower than PGlite):
      // the page's latest view of the call says it, whichever push brought it.
      const ended = q.snapshots("hangup").at(-1)!;
      expect(ended.status).toBe("ended");
      expect(q.latest()?.transfer).toMatchObject({ outcome: "completed", disposition: { disposition: "Live_Transfer", saved: true } });
      const [lead] = await gw.db.select({ owner: leads.ownerId, status: leads.status }).from(leads).where(eq(leads.id, q.leadId));
      expect(lead).toEqual({ owner: advisor.id, status: "Live_Transfer" });
      const [disposed] = await gw.db
        .select({ agent: dispositions.agentId, callId: dispositions.callId })
        .from(dispositions)
        .where(and(eq(dispositions.leadId, q.leadId), eq(dispositions.disposition, "Live_Transfer")));
      expect(disposed).toEqual({ agent: q.id, callId: ended.callId });
      // The qualifier settles its own call (the hangup flow) with the live-transfer flag, then the lead is gone for it.
      const settled = await q.c.request("PUT", `/leads/${q.leadId}/calls/${ended.callId}`, { extra_recording_index: 0, live_transfer: 1 });
      expect(settled.statusCode, settled.body).toBe(202);
      expect((await q.c.request("GET", `/leads/${q.leadId}`)).statusCode).toBe(403);
      const [row] = await gw.db.select({ flag: calls.liveTransfer }).from(calls).where(eq(calls.id, ended.callId));
      expect(row!.flag).toBe(1);

      // The lead and the advisor talk on; the advisor's hangup ends the call.
      expect(gw.gw.calls.activeCallOf(advisor.id)?.bridged).toBe(true);
      expect((await gw.phones.legsOf(call.pbxCallId)).filter((l) => l.state === "answered").map((l) => l.role).sort()).toEqual(["lead", "transfer-target"]);
      expect(await advisor.s.emitWithAck("hangup", { extension: "1002" })).toMatchObject({ ok: true });
      await run(500);
      expect(advisor.snapshots("hangup").at(-1)).toMatchObject({ leadId: q.leadId, status: "ended" });
      expect((await gw.phones.legsOf(call.pbxCallId)).every((l) => l.state === "ended")).toBe(true);
      expect(await statusOf(advisor.c)).toBe("after_call_work");
      const [t] = await gw.db.select({ state: liveTransfers.state }).from(liveTransfers).where(eq(liveTransfers.leadId, q.leadId)).orderBy(desc(liveTransfers.id)).limit(1);
      expect(t!.state).toBe("completed");
      advisor.s.disconnect();
      q.s.disconnect();
    });
  });

  describe("the advisor's phone drops after the handover (issue 38: a reload of the advisor's page)", () => {
    it("the lead, now the advisor's, waits on hold; the advisor's phone is rung back and the call goes on unbroken", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier4.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, { team: "advisors" })).statusCode).toBe(201);
      await run(200);
      expect((await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(201);
      await run(3_000);
      const left = await q.c.request("POST", `/transfer-answers/${q.leadId}`, { qualifierExtension: "1013", phone: q.phone });
      expect(left.statusCode, left.body).toBe(201);
      await run(1_000);
      const current = async () => (await advisor.c.request("GET", "/calls/current")).json().data;
      const answered = await current();
      expect(answered).toMatchObject({ leadId: q.leadId, type: "transfer", status: "answered", rejoin: null });
      const pbxCallId = gw.gw.calls.activeCallOf(advisor.id)!.pbxCallId;
      const leadLeg = async () => (await gw.phones.legsOf(pbxCallId)).find((l) => l.role === "lead")!;

      // The advisor's page reloads: its phone's connection is lost without a BYE.
      await gw.phones.dropPhone("1002");
      await run(500);
      expect(await current()).toMatchObject({
        callId: answered.callId,
        status: "answered",
        // A desk phone the PBX still reaches is rung back at once; a softphone once it registers again.
        rejoin: { missed: false },
      });
      expect(await leadLeg()).toMatchObject({ state: "answered", held: true });
      expect(await statusOf(advisor.c)).toBe("on_a_call");

      // Its phone registers again: rung back into the same call, which goes on where it was.
      await gw.phones.register("1002");
      await run(2_000);
      expect(await current()).toMatchObject({
        callId: answered.callId,
        status: "answered",
        answeredAt: answered.answeredAt,
        rejoin: null,
      });
      expect(await leadLeg()).toMatchObject({ state: "answered", held: false });
      const advisorLegs = (await gw.phones.legsOf(pbxCallId)).filter((l) => l.ext === "1002");
      expect(advisorLegs.map((l) => l.state)).toEqual(["ended", "answered"]);

      // The advisor's own hangup still ends the call at once.
      expect(await advisor.s.emitWithAck("hangup", { extension: "1002" })).toMatchObject({ ok: true });
      await run(500);
      expect(advisor.snapshots("hangup").at(-1)).toMatchObject({ callId: answered.callId, status: "ended" });
      expect(await statusOf(advisor.c)).toBe("after_call_work");
      // The seed's answering leads in open calling windows are few: this one goes back for the next tests.
      await gw.db.update(leads).set({ ownerId: null }).where(eq(leads.id, q.leadId));
    });
  });

  describe("the qualifier's page reloads while it seeks an advisor (issue 38)", () => {
    /** qualifier.isius, whose softphone is the browser's: unreachable from the drop until it registers again. */
    async function softphoneQualifier() {
      await gw.phones.register("1001");
      const q = await qualifierOnACall("qualifier.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, { team: "advisors" })).statusCode).toBe(201);
      await run(200);
      const call = gw.gw.calls.activeCallOf(q.id)!;
      const leadLeg = async () => (await gw.phones.legsOf(call.pbxCallId)).find((l) => l.role === "lead")!;
      const current = async () => (await q.c.request("GET", "/calls/current")).json().data;
      // The seed's answering leads in open calling windows are few: this one goes back for the next tests.
      const done = () => gw.db.update(leads).set({ ownerId: null }).where(eq(leads.id, q.leadId));
      return { q, call, leadLeg, current, done };
    }

    it("the lead waits on hold, the reloaded page's phone is rung back by itself, and the search goes on", async () => {
      const { q, call, leadLeg, current, done } = await softphoneQualifier();
      await gw.phones.dropPhone("1001");
      await run(3_000);
      // Not the hangup's ring-back (which rings a phone that is not there, once): the wait for the phone.
      expect(await current()).toMatchObject({
        status: "answered",
        rejoin: { ringing: false, missed: false },
        transfer: { kind: "live", live: { state: "looking_for_advisor", ringing_back: false } },
      });
      expect(await leadLeg()).toMatchObject({ state: "answered", held: true });
      await gw.phones.register("1001");
      await run(2_000);
      expect(await current()).toMatchObject({
        status: "answered",
        rejoin: null,
        transfer: { kind: "live", live: { state: "looking_for_advisor" } },
      });
      expect(await leadLeg()).toMatchObject({ state: "answered", held: false });
      // Still seeking, so the PBX still keeps the lead for the qualifier's hangup: rung back as before the reload.
      await gw.phones.hangUp("1001");
      await run(2_000);
      expect(q.snapshots("hangup")).toHaveLength(0);
      expect(await leadLeg()).toMatchObject({ state: "answered" });
      const phoneLegs = (await gw.phones.legsOf(call.pbxCallId)).filter((l) => l.ext === "1001");
      expect(phoneLegs.map((l) => l.state)).toEqual(["ended", "ended", "answered"]);
      expect(q.transfer()).toMatchObject({ live: { state: "looking_for_advisor", ringing_back: false } });
      expect((await q.c.request("DELETE", `/live-transfers/${q.leadId}`)).statusCode).toBe(204);
      await gw.gw.pbx.hangupCall(call.pbxCallId, "normal");
      await run(500);
      await done();
    });

    it("an advisor who joins while the qualifier is away takes the lead from hold and has it", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const { q, leadLeg, done } = await softphoneQualifier();
      await gw.phones.dropPhone("1001");
      await run(500);
      expect((await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(201);
      await run(3_000);
      expect(await leadLeg()).toMatchObject({ state: "answered", held: false });
      expect(advisor.latest()).toMatchObject({ leadId: q.leadId, type: "transfer", status: "answered" });
      expect(q.snapshots("hangup").at(-1)).toMatchObject({ status: "ended" });
      expect(q.latest()?.transfer).toMatchObject({ outcome: "completed", disposition: { disposition: "Live_Transfer", saved: true } });
      const [lead] = await gw.db.select({ owner: leads.ownerId }).from(leads).where(eq(leads.id, q.leadId));
      expect(lead!.owner).toBe(advisor.id);
      expect(await statusOf(q.c)).toBe("after_call_work");
      // The qualifier's phone registering again rings nothing: the call is the advisor's.
      await gw.phones.register("1001");
      await run(2_000);
      expect(gw.gw.calls.activeCallOf(q.id)).toBeUndefined();
      expect(await advisor.s.emitWithAck("hangup", { extension: "1002" })).toMatchObject({ ok: true });
      await run(500);
      expect(await statusOf(advisor.c)).toBe("after_call_work");
      await done();
    });
  });

  describe("stopping, refusals and races", () => {
    it("stop withdraws the offers; a late accept is told it was cancelled", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier3.isius@demo.test");
      expect((await q.c.request("DELETE", `/live-transfers/${q.leadId}`)).statusCode).toBe(409);
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      expect(advisor.offers().at(-1)?.lead_id).toBe(q.leadId);
      expect((await q.c.request("DELETE", `/live-transfers/${q.leadId}`)).statusCode).toBe(204);
      await run(200);
      expect(q.transfer()).toMatchObject({ kind: "live", outcome: "canceled", disposition: null, live: { state: "canceled" } });
      expect(advisor.withdrawn().at(-1)).toMatchObject({ lead_id: q.leadId, reason: "canceled" });
      const late = await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ message: M.canceled });
      // The lead is still with the qualifier, who may try again.
      expect(gw.gw.calls.activeCallOf(q.id)?.bridged).toBe(true);
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      expect((await q.c.request("DELETE", `/live-transfers/${q.leadId}`)).statusCode).toBe(204);
      await q.s.emitWithAck("hangup", { extension: "1012" });
      await run(500);
      advisor.s.disconnect();
      q.s.disconnect();
    });

    it("an advisor holding an offer is not auto-dialled: the lead on the line comes before the advisor's next dial", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      // In a meeting when the qualifier asks: offered with a desktop notification, not yet Ready.
      expect((await advisor.c.request("POST", "/agent-statuses", { status: "meeting" })).statusCode).toBe(201);
      const q = await qualifierOnACall("qualifier5.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      expect(advisor.offers().at(-1)).toMatchObject({ lead_id: q.leadId, notify: true });
      const offered = () => advisor.offers().filter((o) => o.lead_id === q.leadId).length;
      try {
        // A page that connects (again) says hello, and gets the offers its advisor holds: one made before it
        // listened is not lost.
        expect(await advisor.s.emitWithAck("hello", { extension: "1002", hasWebRtc: true })).toMatchObject({ ok: true });
        await run(200);
        expect(offered()).toBe(2);
        // The advisor goes Ready and the page asks for its next dial at once: refused, nothing dialled.
        await ready(advisor.c);
        const dial = await advisor.c.request("POST", "/dials/auto");
        expect([dial.statusCode, dial.json()]).toEqual([409, { message: LIVE_TRANSFER_FIRST_MESSAGE }]);
        expect(gw.gw.calls.activeCallOf(advisor.id)).toBeUndefined();
        // The offer comes again with the refusal: a page that missed the first push (still signing in) has it.
        await run(200);
        expect(offered()).toBe(3);
        expect(advisor.offers().at(-1)).toMatchObject({ lead_id: q.leadId, notify: false });
        // The accept then goes through.
        const accepted = await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`);
        expect(accepted.statusCode, accepted.body).toBe(201);
        await run(3_000);
        expect(gw.gw.calls.activeCallOf(advisor.id)).toMatchObject({ leadId: q.leadId, type: "transfer" });
      } finally {
        await gw.gw.calls.hangupFor(q.id);
        await gw.gw.calls.hangupFor(advisor.id);
        await run(500);
        advisor.s.disconnect();
        q.s.disconnect();
      }
    });

    it("refuses without an answered call, without a known state, and an advisor it was not offered to", async () => {
      const q = await agent("qualifier4.isius@demo.test");
      const lead = await freeLead();
      await gw.db.update(leads).set({ ownerId: q.id }).where(eq(leads.id, lead.id));
      const none = await q.c.request("POST", `/live-transfers/${lead.id}`, {});
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ message: M.noCall });
      await gw.db.update(leads).set({ ownerId: null }).where(eq(leads.id, lead.id));
      q.s.disconnect();

      const on = await qualifierOnACall("qualifier4.isius@demo.test");
      await gw.db.update(leads).set({ state: null }).where(eq(leads.id, on.leadId));
      const noState = await on.c.request("POST", `/live-transfers/${on.leadId}`, {});
      expect(noState.statusCode).toBe(422);
      expect(noState.json()).toMatchObject({ message: "live_transfers.zip_state_requirements" });
      expect((await on.c.request("POST", `/live-transfers/${on.leadId}`, { team: "sales" })).statusCode).toBe(422);
      await gw.db.update(leads).set({ state: "ny" }).where(eq(leads.id, on.leadId));
      expect((await on.c.request("POST", `/live-transfers/${on.leadId}`, {})).statusCode).toBe(201);
      const slica = await gw.signIn("advisor.slica@demo.test");
      expect((await slica.request("POST", `/confirm-live-transfers/${on.leadId}`)).statusCode).toBe(404);
      // A qualifier cannot accept, nor start on a lead that is not its own.
      expect((await on.c.request("POST", `/confirm-live-transfers/${on.leadId}`)).statusCode).toBe(403);
      const other = await gw.signIn("qualifier5.isius@demo.test");
      expect((await other.request("POST", `/live-transfers/${on.leadId}`, {})).statusCode).toBe(403);
      expect((await on.c.request("DELETE", `/live-transfers/${on.leadId}`)).statusCode).toBe(204);
      await on.s.emitWithAck("hangup", { extension: "1013" });
      await run(500);
      on.s.disconnect();
    });

    it("offered to every free advisor at once, two accept together: one wins, the other is told", async () => {
      const a1 = await agent("advisor.isius@demo.test");
      const a2 = await agent("advisor2.isius@demo.test");
      await ready(a1.c);
      await ready(a2.c);
      const q = await qualifierOnACall("qualifier5.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      expect(a1.offers().at(-1)?.lead_id).toBe(q.leadId);
      expect(a2.offers().at(-1)?.lead_id).toBe(q.leadId);
      const [r1, r2] = await Promise.all([
        a1.c.request("POST", `/confirm-live-transfers/${q.leadId}`),
        a2.c.request("POST", `/confirm-live-transfers/${q.leadId}`),
      ]);
      const codes = [r1.statusCode, r2.statusCode].sort();
      expect(codes).toEqual([201, 409]);
      const loser = r1.statusCode === 409 ? { res: r1, a: a2, other: a1 } : { res: r2, a: a1, other: a2 };
      expect(loser.res.json()).toMatchObject({ message: M.taken });
      await run(200);
      const winner = loser.a;
      expect(loser.other.withdrawn().at(-1)).toMatchObject({ lead_id: q.leadId, reason: "taken" });
      expect(q.transfer()?.live?.advisor?.id).toBe(winner.id);
      await run(3_000);
      await winner.s.emitWithAck("hangup", { extension: winner === a1 ? "1002" : "1098" });
      await run(500);
      await q.s.emitWithAck("hangup", { extension: "1014" });
      await run(500);
      a1.s.disconnect();
      a2.s.disconnect();
      q.s.disconnect();
    });

    it("with auto-forward on, one advisor at a time, passed on after the delay", async () => {
      await setGlobals({ "auto-forward-transfers:internal-enabled": 1, "auto-forward-transfers:internal-delay": 10 });
      try {
        const a1 = await agent("advisor.isius@demo.test");
        const a2 = await agent("advisor2.isius@demo.test");
        await ready(a1.c);
        await ready(a2.c);
        const q = await qualifierOnACall("qualifier2.isius@demo.test");
        expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
        await run(200);
        const holders = () => [a1, a2].filter((a) => a.offers().some((o) => o.lead_id === q.leadId));
        expect(holders()).toHaveLength(1);
        const first = holders()[0]!;
        expect(first.offers().at(-1)?.expires_at).not.toBeNull();
        await run(10_500);
        expect(first.withdrawn().at(-1)).toMatchObject({ lead_id: q.leadId, reason: "passed" });
        expect(holders()).toHaveLength(2);
        expect((await first.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(403);
        expect((await q.c.request("DELETE", `/live-transfers/${q.leadId}`)).statusCode).toBe(204);
        await q.s.emitWithAck("hangup", { extension: "1011" });
        await run(500);
        a1.s.disconnect();
        a2.s.disconnect();
        q.s.disconnect();
      } finally {
        await setGlobals({});
      }
    });
  });

  describe("what goes wrong", () => {
    it("the lead hanging up while the qualifier seeks cancels the transfer and withdraws the offer", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier3.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      const call = gw.gw.calls.activeCallOf(q.id)!;
      await gw.phones.farHangup(call.partyLegId!);
      await run(500);
      expect(q.snapshots("hangup").at(-1)?.status).toBe("ended");
      expect(advisor.withdrawn().at(-1)).toMatchObject({ lead_id: q.leadId, reason: "lead_hung_up" });
      const [t] = await gw.db.select({ state: liveTransfers.state, outcome: liveTransfers.outcome }).from(liveTransfers).where(eq(liveTransfers.leadId, q.leadId)).orderBy(desc(liveTransfers.id)).limit(1);
      expect(t).toEqual({ state: "canceled", outcome: "lead_hung_up" });
      advisor.s.disconnect();
      q.s.disconnect();
    });

    it("the advisor leaving before the qualifier gives the lead back to the qualifier; the qualifier hanging up after the join hands it over", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier4.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      expect((await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(201);
      await run(3_000);
      expect(await advisor.s.emitWithAck("hangup", { extension: "1002" })).toMatchObject({ ok: true });
      await run(500);
      expect(q.transfer()).toMatchObject({ kind: "live", outcome: "party_hung_up", disposition: null, live: { state: "canceled" } });
      const call = gw.gw.calls.activeCallOf(q.id)!;
      expect(call.bridged).toBe(true);
      expect((await gw.phones.legsOf(call.pbxCallId)).find((l) => l.legId === call.partyLegId)).toMatchObject({ state: "answered", held: false });

      // Again: this time the qualifier simply hangs up once the advisor is on.
      await ready(advisor.c);
      await run(200);
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      expect((await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(201);
      await run(3_000);
      expect(await q.s.emitWithAck("hangup", { extension: "1013" })).toMatchObject({ ok: true });
      await run(1_000);
      expect(q.snapshots("hangup").at(-1)?.status).toBe("ended");
      expect(q.latest()?.transfer).toMatchObject({ outcome: "completed", disposition: { saved: true } });
      expect(gw.gw.calls.activeCallOf(advisor.id)?.bridged).toBe(true);
      const [lead] = await gw.db.select({ owner: leads.ownerId }).from(leads).where(eq(leads.id, q.leadId));
      expect(lead!.owner).toBe(advisor.id);
      await advisor.s.emitWithAck("hangup", { extension: "1002" });
      await run(500);
      advisor.s.disconnect();
      q.s.disconnect();
    });

    /** The PBX's view of the qualifier's lead leg. */
    const leadLegOf = async (pbxCallId: string, legId: string | null) => (await gw.phones.legsOf(pbxCallId)).find((l) => l.legId === legId);

    it("the qualifier hanging up while it seeks keeps the lead on hold and rings the qualifier back; answered, the search goes on", async () => {
      const q = await qualifierOnACall("qualifier3.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      const call = gw.gw.calls.activeCallOf(q.id)!;
      const firstLeg = call.agentLegId;
      expect(await q.s.emitWithAck("hangup", { extension: "1012" })).toMatchObject({ ok: true });
      await run(200);
      // The lead waits on hold; the qualifier's call goes on and its phone rings again.
      expect(q.snapshots("hangup")).toHaveLength(0);
      expect(await leadLegOf(call.pbxCallId, call.partyLegId)).toMatchObject({ state: "answered", held: true });
      expect(call.agentLegId).not.toBe(firstLeg);
      expect(q.transfer()).toMatchObject({ kind: "live", live: { state: "looking_for_advisor", ringing_back: true } });
      await run(2_000); // the desk phone answers
      expect(await leadLegOf(call.pbxCallId, call.partyLegId)).toMatchObject({ state: "answered", held: false });
      expect(q.transfer()).toMatchObject({ live: { state: "looking_for_advisor", ringing_back: false } });
      expect(gw.gw.calls.activeCallOf(q.id)).toBe(call);
      // Back on the call, the qualifier stops and hangs up for good: no second ring-back, no more seeking.
      expect((await q.c.request("DELETE", `/live-transfers/${q.leadId}`)).statusCode).toBe(204);
      expect(await q.s.emitWithAck("hangup", { extension: "1012" })).toMatchObject({ ok: true });
      await run(500);
      expect(q.snapshots("hangup").at(-1)?.status).toBe("ended");
      expect((await gw.phones.legsOf(call.pbxCallId)).every((l) => l.state === "ended")).toBe(true);
      q.s.disconnect();
    });

    it("a ring-back nobody answers ends the attempt and the call: the lead does not wait on hold for nobody", async () => {
      const q = await qualifierOnACall("qualifier4.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      const call = gw.gw.calls.activeCallOf(q.id)!;
      await gw.phones.setPhoneOpen("1013", false); // the desk phone is switched off: the ring-back is unavailable
      expect(await q.s.emitWithAck("hangup", { extension: "1013" })).toMatchObject({ ok: true });
      await run(500);
      expect(q.snapshots("hangup").at(-1)?.status).toBe("ended");
      expect((await gw.phones.legsOf(call.pbxCallId)).every((l) => l.state === "ended")).toBe(true);
      const [t] = await gw.db.select({ state: liveTransfers.state, outcome: liveTransfers.outcome }).from(liveTransfers).where(eq(liveTransfers.leadId, q.leadId)).orderBy(desc(liveTransfers.id)).limit(1);
      expect(t).toEqual({ state: "canceled", outcome: "agent_hung_up" });
      await gw.phones.setPhoneOpen("1013", true);
      q.s.disconnect();
    });

    it("an advisor joining while the qualifier's phone rings back takes the lead from hold", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier5.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(200);
      const call = gw.gw.calls.activeCallOf(q.id)!;
      expect((await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(201);
      await run(100); // the advisor's desk phone rings; the qualifier hangs up before it answers
      expect(await q.s.emitWithAck("hangup", { extension: "1014" })).toMatchObject({ ok: true });
      await run(3_000);
      expect(q.snapshots("hangup").at(-1)?.status).toBe("ended");
      expect(q.latest()?.transfer).toMatchObject({ outcome: "completed", disposition: { saved: true } });
      expect(gw.gw.calls.activeCallOf(advisor.id)?.bridged).toBe(true);
      expect(await leadLegOf(call.pbxCallId, call.partyLegId)).toMatchObject({ state: "answered", held: false });
      // The qualifier's phone no longer rings: only the lead and the advisor are on the call.
      expect((await gw.phones.legsOf(call.pbxCallId)).filter((l) => l.state !== "ended")).toHaveLength(2);
      const [lead] = await gw.db.select({ owner: leads.ownerId }).from(leads).where(eq(leads.id, q.leadId));
      expect(lead!.owner).toBe(advisor.id);
      await advisor.s.emitWithAck("hangup", { extension: "1002" });
      await run(500);
      advisor.s.disconnect();
      q.s.disconnect();
    });

    it("a lead about health insurance goes only to an advisor licensed in its state", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier5.isius@demo.test");
      // advisor.isius holds no licence for Vermont.
      await gw.db.update(leads).set({ state: "vt", insurance: { type: ["health"] } }).where(eq(leads.id, q.leadId));
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await run(6_000);
      expect(advisor.offers().filter((o) => o.lead_id === q.leadId)).toHaveLength(0);
      expect((await q.c.request("GET", `/agents/available-advisors?lead_id=${q.leadId}`)).json()).toMatchObject({ meta: { count: 0 } });
      await gw.db.update(leads).set({ state: "ny" }).where(eq(leads.id, q.leadId));
      await run(5_500);
      expect(advisor.offers().filter((o) => o.lead_id === q.leadId)).toHaveLength(1);
      expect(advisor.offers().at(-1)).toMatchObject({ health: true, insurance: ["health"] });
      expect((await q.c.request("DELETE", `/live-transfers/${q.leadId}`)).statusCode).toBe(204);
      await q.s.emitWithAck("hangup", { extension: "1014" });
      await run(500);
      advisor.s.disconnect();
      q.s.disconnect();
    });
  });

  describe("PUT /agents/transfer-availability/{internal|external}", () => {
    it("an advisor sets its own, a manager an advisor of its call centre; a qualifier is no advisor", async () => {
      const advisor = await gw.signIn("advisor.isius@demo.test");
      const own = await advisor.request("PUT", "/agents/transfer-availability/external", { value: false });
      expect(own.statusCode, own.body).toBe(204);
      const id = await idOf("advisor.isius@demo.test");
      let [row] = await gw.db.select({ ext: users.externalLiveTransfers }).from(users).where(eq(users.id, id));
      expect(row!.ext).toBe(false);
      const byManager = await manager.request("PUT", "/agents/transfer-availability/external", { value: true, agent_id: id });
      expect(byManager.statusCode, byManager.body).toBe(204);
      [row] = await gw.db.select({ ext: users.externalLiveTransfers }).from(users).where(eq(users.id, id));
      expect(row!.ext).toBe(true);
      const qualifier = await idOf("qualifier.isius@demo.test");
      expect((await manager.request("PUT", "/agents/transfer-availability/internal", { value: true, agent_id: qualifier })).statusCode).toBe(422);
      expect((await advisor.request("PUT", "/agents/transfer-availability/internal", { value: true, agent_id: qualifier })).statusCode).toBe(403);
      expect((await advisor.request("PUT", "/agents/transfer-availability/sideways", { value: true })).statusCode).toBe(422);
      const q = await gw.signIn("qualifier.isius@demo.test");
      expect((await q.request("PUT", "/agents/transfer-availability/internal", { value: true })).statusCode).toBe(403);
    });
  });
});
