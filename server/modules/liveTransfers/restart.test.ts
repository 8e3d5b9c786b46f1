// The gateway restarts mid-transfer (issue 15 "what goes wrong"): with a PBX that keeps its calls while the
// gateway is down (Asterisk, here the fake one; and SimPbx made to outlive the gateway), the next gateway rebuilds the calls and
// the open live transfers from the PBX's present state and goes on; with the embedded PBX, which ends with the
// process, the calls and the attempts end, closed in the database rather than left open.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CurrentCallResponse } from "../../../src/contract/calls";
import { agentStatuses, calls, leads, liveTransfers, users } from "../../db/schema";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { TELEPHONIES } from "../../test/telephony";
import { liveTransferWorld } from "./testing";

describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;

  beforeAll(async () => {
    // The fake Asterisk runs apart from the gateway anyway; SimPbx is made to.
    gw = await startTestGateway({ listen: true, pbxOutlivesGateway: true, telephony });
    // Desk phones: the simulated PBX reaches them without a softphone registering.
    await gw.db.update(users).set({ hasWebrtc: false }).where(eq(users.email, "advisor.isius@demo.test"));
  });
  afterAll(() => gw.close());

  const { agent, ready, qualifierOnACall } = liveTransferWorld(() => gw);

  /** The attempt as the database has it. */
  const attemptOf = async (leadId: number) =>
    (await gw.db.select({ state: liveTransfers.state, outcome: liveTransfers.outcome }).from(liveTransfers).where(eq(liveTransfers.leadId, leadId)))[0];

  describe("the gateway restarts mid-transfer, the PBX keeps the call", () => {
    it("still looking for an advisor: the call is followed again, the lead offered again, and the handover completes", async () => {
      const q = await qualifierOnACall("qualifier2.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await gw.run(200);
      const pbxCallId = gw.gw.calls.activeCallOf(q.id)!.pbxCallId;
      q.s.disconnect();

      gw = await gw.restart();
      // The qualifier's page, reconnecting, finds its call answered and the search still on.
      const again = await agent("qualifier2.isius@demo.test");
      const current = CurrentCallResponse.parse((await again.c.request("GET", "/calls/current")).json()).data;
      expect(current).toMatchObject({ status: "answered", bridged: true, transfer: { kind: "live", live: { state: "looking_for_advisor" } } });
      expect(gw.gw.calls.activeCallOf(q.id)?.pbxCallId).toBe(pbxCallId);

      // An advisor who becomes Ready on the new gateway is offered the lead (once the pages had time to reconnect),
      // accepts, is rung in and joins.
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      await gw.run(5_000);
      expect(advisor.offers().at(-1)).toMatchObject({ lead_id: q.leadId });
      expect((await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(201);
      await gw.run(3_000);
      const answer = await again.c.request("POST", `/transfer-answers/${q.leadId}`, { qualifierExtension: "1011", phone: q.phone });
      expect(answer.statusCode, answer.body).toBe(201);
      await gw.run(500);
      expect(await attemptOf(q.leadId)).toEqual({ state: "completed", outcome: null });
      const [lead] = await gw.db.select({ owner: leads.ownerId }).from(leads).where(eq(leads.id, q.leadId));
      expect(lead!.owner).toBe(advisor.id);
      expect(gw.gw.calls.activeCallOf(advisor.id)?.bridged).toBe(true);
      await advisor.s.emitWithAck("hangup", { extension: "1002" });
      await gw.run(500);
      advisor.s.disconnect();
      again.s.disconnect();
    });

    it("the advisor already on the call: the qualifier leaves on the new gateway and the advisor keeps the lead", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier3.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await gw.run(200);
      expect((await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(201);
      await gw.run(3_000);
      q.s.disconnect();
      advisor.s.disconnect();

      gw = await gw.restart();
      await gw.run(200);
      const again = await agent("qualifier3.isius@demo.test");
      const current = CurrentCallResponse.parse((await again.c.request("GET", "/calls/current")).json()).data;
      expect(current).toMatchObject({ transfer: { kind: "live", live: { state: "done", joined: true } } });
      const answer = await again.c.request("POST", `/transfer-answers/${q.leadId}`, { qualifierExtension: "1012", phone: q.phone });
      expect(answer.statusCode, answer.body).toBe(201);
      await gw.run(500);
      expect(await attemptOf(q.leadId)).toEqual({ state: "completed", outcome: null });
      expect(gw.gw.calls.activeCallOf(advisor.id)?.bridged).toBe(true);
      const advisorCall = gw.gw.calls.activeCallOf(advisor.id)!;
      expect(advisorCall.agentLegId).not.toBeNull();
      await gw.phones.hangUp("1002");
      await gw.run(500);
      again.s.disconnect();
    });

    it("after the handover: the next gateway knows the lead is the advisor's, and keeps it when the advisor's phone drops", async () => {
      const advisor = await agent("advisor.isius@demo.test");
      await ready(advisor.c);
      const q = await qualifierOnACall("qualifier5.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await gw.run(200);
      expect((await advisor.c.request("POST", `/confirm-live-transfers/${q.leadId}`)).statusCode).toBe(201);
      await gw.run(3_000);
      const answer = await q.c.request("POST", `/transfer-answers/${q.leadId}`, { qualifierExtension: "1014", phone: q.phone });
      expect(answer.statusCode, answer.body).toBe(201);
      await gw.run(500);
      const pbxCallId = gw.gw.calls.activeCallOf(advisor.id)!.pbxCallId;
      q.s.disconnect();
      advisor.s.disconnect();

      gw = await gw.restart();
      await gw.run(200);
      const again = await agent("advisor.isius@demo.test");
      await gw.phones.dropPhone("1002");
      await gw.run(500);
      const waiting = CurrentCallResponse.parse((await again.c.request("GET", "/calls/current")).json()).data;
      expect(waiting).toMatchObject({ type: "transfer", status: "answered", rejoin: { missed: false } });
      const lead = async () => (await gw.phones.legsOf(pbxCallId)).find((l) => l.role === "lead")!;
      expect(await lead()).toMatchObject({ state: "answered", held: true });
      await gw.phones.register("1002");
      await gw.run(2_000);
      const back = CurrentCallResponse.parse((await again.c.request("GET", "/calls/current")).json()).data;
      expect(back).toMatchObject({ callId: waiting!.callId, status: "answered", rejoin: null });
      expect(await lead()).toMatchObject({ state: "answered", held: false });
      await gw.phones.hangUp("1002");
      await gw.run(500);
      again.s.disconnect();
    });

      it("a call the PBX ended while the gateway was down is closed, and its attempt with it", async () => {
      const q = await qualifierOnACall("qualifier4.isius@demo.test");
      expect((await q.c.request("POST", `/live-transfers/${q.leadId}`, {})).statusCode).toBe(201);
      await gw.run(200);
      const call = gw.gw.calls.activeCallOf(q.id)!;
      q.s.disconnect();
      // The lead hangs up while the gateway is down: no gateway hears of it.
      gw = await gw.restart({ whileDown: () => gw.phones.farHangup(call.partyLegId!) });
      const [row] = await gw.db.select({ status: calls.status, cause: calls.cause }).from(calls).where(eq(calls.id, call.id));
      expect(row).toEqual({ status: "ended", cause: "failed" });
      expect(await attemptOf(q.leadId)).toEqual({ state: "failed", outcome: "failed" });
      expect(gw.gw.calls.activeCallOf(q.id)).toBeUndefined();
      // The qualifier is not left On a Call by a call that is over: it is in after-call work, free to dispose.
      const [status] = await gw.db.select({ status: agentStatuses.status }).from(agentStatuses).where(eq(agentStatuses.userId, q.id));
      expect(status?.status).toBe("after_call_work");
      // Nobody is left on the PBX either: the qualifier's phone was hung up.
      await gw.run(200);
      expect((await gw.phones.legsOf(call.pbxCallId)).every((l) => l.state === "ended")).toBe(true);
    });
  });
});
