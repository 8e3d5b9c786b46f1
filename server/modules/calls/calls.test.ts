// The call lifecycle through the whole gateway, on each PBX driver and the manual clock: a dial rings the
// agent's phone, then the lead; the call row, the pushes and the agent's status follow the PBX; the
// hangup flow's update answers the duration; inbound calls reach an available agent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { CallSnapshot, CurrentCallResponse, OriginateFailurePush } from "../../../src/contract/calls";
import type { ServerEventName } from "../../../src/contract/socket";
import { calls, dispositions, leads } from "../../db/schema";
import { freeLeads, startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { TELEPHONIES } from "../../test/telephony";
import { callEventWrites } from "./eventWrites";

// Every test runs on the simulated PBX and on AriDriver against the fake Asterisk (issue 19): the same
// gateway behaviour is expected of both.
describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ listen: true, telephony });
  });
  afterAll(() => gw.close());

  /** Moves the clock in small steps, letting the gateway's async work (database, pushes) settle between. */
  const run = (ms: number, step?: number) => gw.run(ms, step);

  const idOf = (email: string) => gw.idOf(email);
  const statusOf = (c: TestClient) => gw.statusOf(c);
  const current = async (c: TestClient) =>
    CurrentCallResponse.parse((await c.request("GET", "/calls/current")).json()).data;

  /** A lead of the tenant nobody owns, whose number ends with `ending` (the simulated PBX scripts 01–03). */
  async function freeLead(tenantId: number, ending: string) {
    const [l] = await freeLeads(gw.db, tenantId, 1, ending);
    if (!l) throw new Error(`no free lead ending ${ending}`);
    return l;
  }

  /** Claims the lead for the agent (as the softphone's dial does) and asks the gateway to dial it. */
  async function dial(c: TestClient, phone: string, headers: Record<string, string> = {}) {
    const found = await c.request("GET", `/leads/by-phone/${phone}`);
    expect(found.statusCode).toBe(200);
    const leadId = (found.json() as { data: { id: number } }).data.id;
    const res = await c.request("POST", `/leads/${leadId}/calls`, { phone, direction: 0 }, headers);
    return { leadId, res };
  }

  function collect(c: TestClient) {
    const s = gw.socket(c);
    const seen: { event: ServerEventName; payload: unknown }[] = [];
    s.onAny((event: ServerEventName, payload: unknown) => seen.push({ event, payload }));
    s.connect();
    return {
      s,
      seen,
      of: (event: ServerEventName) => seen.filter((e) => e.event === event).map((e) => e.payload),
    };
  }
  const connected = (s: ReturnType<typeof gw.socket>) =>
    new Promise<void>((r) => (s.connected ? r() : s.once("connect", () => r())));

  describe("a manual dial answered by a person", () => {
    it("rings the agent first, then the lead; on-a-call, answered, and after-call-work at hangup with the duration", async () => {
      const c = await gw.signIn("qualifier.isius@demo.test");
      const { s, of } = collect(c);
      await connected(s);
      await gw.phones.register("1001");
      const lead = await freeLead(1, "10");
      const { leadId, res } = await dial(c, lead.phone);
      expect(res.statusCode).toBe(201);
      const { callId } = res.json() as { callId: number };
      expect(await statusOf(c)).toBe("on_a_call");
      expect((await current(c))?.status).toBe("dialing");

      await run(5_000);
      const live = await current(c);
      expect(live).toMatchObject({
        callId,
        leadId,
        status: "answered",
        bridged: true,
        type: "manual",
        direction: 0,
        phone: `+1${lead.phone}`,
      });
      expect(of("answer").map((p) => CallSnapshot.parse(p).callId)).toEqual([callId]);

      // Not over yet: the hangup flow's update waits for the end.
      expect(
        (await c.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 0 })).statusCode,
      ).toBe(409);
      await run(42_000, 500);
      expect((await s.emitWithAck("hangup", { extension: "1001" })) as unknown).toEqual({
        ok: true,
        data: { ended: true },
      });
      await run(500);
      expect(await statusOf(c)).toBe("after_call_work");
      const ended = of("hangup").map((p) => CallSnapshot.parse(p));
      expect(ended).toHaveLength(1);
      expect(ended[0]).toMatchObject({ callId, status: "ended", bridged: true });
      const put = await c.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 2 });
      expect(put.statusCode).toBe(202);
      const { duration } = put.json() as { duration: number };
      expect(duration).toBeGreaterThanOrEqual(42);
      expect(duration).toBeLessThan(48);
      // Settled again (a retry), the call keeps its first settle time; a call that is not the agent's is not found.
      const [first] = await gw.db.select({ at: calls.settledAt }).from(calls).where(eq(calls.id, callId));
      expect(first?.at).not.toBeNull();
      await run(1_000);
      expect((await c.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 2 })).json()).toMatchObject({ duration });
      expect((await gw.db.select({ at: calls.settledAt }).from(calls).where(eq(calls.id, callId)))[0]?.at).toEqual(first!.at);
      expect((await c.request("PUT", `/leads/${leadId}/calls/${callId + 1_000}`, { extra_recording_index: 0 })).statusCode).toBe(404);
      const [row] = await gw.db.select().from(calls).where(eq(calls.id, callId));
      expect(row).toMatchObject({
        status: "ended",
        duration,
        extraRecordingIndex: 2,
        direction: 0,
        type: "manual",
      });
      // The lead's campaign is kept with the call; the lead picked up before the bridge, never after it.
      const [placed] = await gw.db.select({ campaignId: leads.campaignId }).from(leads).where(eq(leads.id, leadId));
      expect(row!.campaignId).toBe(placed!.campaignId);
      expect(row!.partyAnsweredAt).not.toBeNull();
      expect(row!.partyAnsweredAt!.getTime()).toBeLessThanOrEqual(row!.answeredAt!.getTime());
      s.disconnect();
    });
  });

  describe("a call's end", () => {
    it("shows to a reader only once its row says so: a settle sent the moment the page sees the call ended is taken", async () => {
      const c = await gw.signIn("qualifier.isius@demo.test");
      const { s } = collect(c);
      await connected(s);
      await gw.phones.register("1001");
      const lead = await freeLead(1, "10");
      const { leadId, res } = await dial(c, lead.phone);
      const { callId } = res.json() as { callId: number };
      await run(5_000);
      expect((await current(c))?.status).toBe("answered");
      // What a page reading the call sees while the call's end is on its way to the database (a busy one).
      let seenMeanwhile: string | undefined;
      const ended = callEventWrites(gw.db).ended;
      const realExecute = ended.execute.bind(ended);
      const spy = vi.spyOn(ended, "execute").mockImplementation((async (values: never) => {
        seenMeanwhile = (await current(c))?.status;
        return realExecute(values);
      }) as never);
      try {
        expect(await s.emitWithAck("hangup", { extension: "1001" })).toEqual({ ok: true, data: { ended: true } });
        await run(500);
      } finally {
        spy.mockRestore();
      }
      expect(seenMeanwhile).toBe("answered");
      expect(await current(c)).toMatchObject({ callId, status: "ended" });
      const put = await c.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 0 });
      expect(put.statusCode).toBe(202);
      s.disconnect();
    });
  });

  describe("scripted numbers and refusals", () => {
    it("a number ending 01 reaches a machine: the agent is told AMD-Machine-Vm-WA while connected", async () => {
      const c = await gw.signIn("qualifier2.isius@demo.test");
      const { s, of } = collect(c);
      await connected(s);
      await gw.phones.register("1011");
      const lead = await freeLead(1, "01");
      const { res } = await dial(c, lead.phone);
      const { callId } = res.json() as { callId: number };
      await run(8_000);
      expect(of("voicemail-detection")).toContainEqual(
        expect.objectContaining({ callId, event: "AMD-Machine-Vm-WA" }),
      );
      await s.emitWithAck("hangup", { extension: "1011" });
      await run(500);
      s.disconnect();
    });

    it("a busy number ends not answered with the 'busy' origination failure: no disposition asked, the lead back on the callback stack", async () => {
      const c = await gw.signIn("qualifier3.isius@demo.test");
      const { s, of } = collect(c);
      await connected(s);
      await gw.phones.register("1012");
      const lead = await freeLead(1, "02");
      // A lead being worked (as a follow-up or a callback is): the failure puts it back on the callback stack.
      await gw.db.update(leads).set({ status: "In Process" }).where(eq(leads.id, lead.id));
      const { leadId, res } = await dial(c, lead.phone);
      const { callId } = res.json() as { callId: number };
      await run(10_000);
      expect((of("originate-failure") as z.infer<typeof OriginateFailurePush>[]).map((p) => p.message)).toEqual(
        ["busy"],
      );
      expect(CallSnapshot.parse(of("hangup")[0])).toMatchObject({
        callId,
        status: "not_answered",
        bridged: false,
        cause: "busy",
      });
      // Dialled by hand: after-call work, where the agent chooses what next.
      expect(await statusOf(c)).toBe("after_call_work");
      const put = await c.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 0 });
      expect(put.json()).toEqual({ duration: 0, data: { duration: 0 } });
      // It never reached the lead: no disposition is asked (a reloaded page finds no call to dispose), and the
      // lead is back on the callback stack without waiting for the page to report the failure.
      expect(await current(c)).toBeNull();
      const [row] = await gw.db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId));
      expect(row?.status).toBe("Callback");
      // The page's report (the specification's call) changes nothing more.
      expect((await c.request("PUT", "/callback/originate-failure", { lead_id: leadId, call_id: callId, message: "busy" })).statusCode).toBe(204);
      s.disconnect();
    });

    it("refuses a dial while the agent's softphone is not registered, or its external phone is closed", async () => {
      const c = await gw.signIn("qualifier.isius@demo.test");
      await gw.phones.unregister("1001");
      const lead = await freeLead(1, "20");
      const { res } = await dial(c, lead.phone);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: "Your phone is disconnected, please refresh the dialer and retry",
      });

      const ext = await gw.signIn("qualifier.slica@demo.test");
      await gw.phones.setPhoneOpen("2001", false);
      const caLead = await freeLead(2, "30");
      const closed = await dial(ext, caLead.phone);
      expect(closed.res.statusCode).toBe(409);
      expect(closed.res.json()).toMatchObject({ message: "Bria is closed or inactive" });
      // Opened, the external phone takes the call.
      await gw.phones.setPhoneOpen("2001", true);
      const open = await ext.request("POST", `/leads/${closed.leadId}/calls`, {
        phone: caLead.phone,
        direction: 0,
      });
      expect(open.statusCode).toBe(201);
      await run(6_000);
      expect((await current(ext))?.status).toBe("answered");
      expect(await statusOf(ext)).toBe("on_a_call");
      const { s } = collect(ext);
      await connected(s);
      await s.emitWithAck("hangup", { extension: "2001" });
      await run(500);
      expect(await statusOf(ext)).toBe("after_call_work");
      s.disconnect();
    });

    it("a page opened during a call on the desk phone finds the agent On a Call, offline only once the call is over and the page gone", async () => {
      const ext = await gw.signIn("qualifier.slica@demo.test");
      await gw.phones.setPhoneOpen("2001", true);
      const caLead = await freeLead(2, "40");
      expect((await dial(ext, caLead.phone)).res.statusCode).toBe(201);
      await run(6_000);
      expect((await current(ext))?.status).toBe("answered");
      // The browser crashed; the agent signs in again and the new page connects.
      const again = await gw.signIn("qualifier.slica@demo.test");
      const page = collect(again);
      await connected(page.s);
      await run(200);
      expect(await statusOf(again)).toBe("on_a_call");
      // The page is told its status once the gateway has accepted the socket, which is its own database work
      // after the handshake: wait for it rather than for a stretch of the clock.
      await vi.waitFor(
        () => expect(page.of("status")).toContainEqual(expect.objectContaining({ status: "on_a_call" })),
        { timeout: 5_000, interval: 20 },
      );
      // Gone again for longer than the disconnect grace while the lead still talks: still on the call.
      page.s.disconnect();
      await run(35_000, 1_000);
      expect(await statusOf(again)).toBe("on_a_call");
      // The agent hangs up on the phone; with no page, the next grace ends in offline.
      await gw.phones.hangUp("2001");
      await run(35_000, 1_000);
      expect(await statusOf(again)).toBe("offline");
      await again.request("POST", `/leads/${caLead.id}/dispositions`, {
        disposition: { disposition: "Not Interested", reason: "Too expensive" },
      }, { "Idempotency-Key": "desk-phone-reopen" });
    });

    it("one call at a time; a retried dial with the same Idempotency-Key places one call", async () => {
      const c = await gw.signIn("qualifier5.isius@demo.test");
      await gw.phones.register("1014");
      const lead = await freeLead(1, "40");
      const first = await dial(c, lead.phone, { "idempotency-key": "dial-1" });
      const again = await c.request(
        "POST",
        `/leads/${first.leadId}/calls`,
        { phone: lead.phone, direction: 0 },
        { "idempotency-key": "dial-1" },
      );
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.res.json());
      const other = await c.request(
        "POST",
        `/leads/${first.leadId}/calls`,
        { phone: lead.phone, direction: 0 },
        { "idempotency-key": "dial-2" },
      );
      expect(other.statusCode).toBe(409);
      expect(other.json()).toMatchObject({ message: "calls.already_on_a_call" });
      const rows = await gw.db.select().from(calls).where(eq(calls.leadId, first.leadId));
      expect(rows).toHaveLength(1);
      // Another agent's call is not theirs to settle.
      const stranger = await gw.signIn("qualifier2.isius@demo.test");
      const callId = (first.res.json() as { callId: number }).callId;
      expect(
        (await stranger.request("PUT", `/leads/${first.leadId}/calls/${callId}`, { extra_recording_index: 0 }))
          .statusCode,
      ).toBe(403);
      await gw.gw.calls.hangupFor(await idOf("qualifier5.isius@demo.test"));
      await run(500);
    });
  });

  describe("conference controls", () => {
    it("calls a second party while the lead waits, merges, kicks the party, and ends with the call", async () => {
      const c = await gw.signIn("qualifier4.isius@demo.test");
      const { s, of } = collect(c);
      await connected(s);
      const lead = await freeLead(1, "60");
      const { res } = await dial(c, lead.phone);
      expect(res.statusCode).toBe(201);
      await run(5_000);
      const conf = () => of("call").map((p) => CallSnapshot.parse(p).conference?.state ?? null);
      expect(await s.emitWithAck("initializeConference", { extension: "1013", phone: "2125550166" })).toEqual({ ok: true });
      await run(4_000);
      expect(conf()).toContain("initialized");
      expect(await s.emitWithAck("mergeConference", { extension: "1013" })).toEqual({ ok: true });
      await run(200);
      expect(conf().at(-1)).toBe("merged");
      expect(await s.emitWithAck("kickSecondParty", { extension: "1013" })).toEqual({ ok: true });
      await run(200);
      expect(conf().at(-1)).toBe("hangedup");
      expect((await current(c))?.status).toBe("answered");
      await s.emitWithAck("hangup", { extension: "1013" });
      await run(500);
      s.disconnect();
    });
  });

  describe("inbound calls", () => {
    it("reach an available agent, who answers on its phone; on-a-call, then after-call-work", async () => {
      const manager = await gw.signIn("manager.isius@demo.test");
      const c = await gw.signIn("advisor.isius@demo.test");
      const { s, of } = collect(c);
      await connected(s);
      await gw.phones.register("1002");
      expect((await c.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
      // The manager makes this advisor's extension the one that sees the Inbound Call Alert.
      const telephony = { inbound_did: "18005550100", inbound_alert_extension: "1002" };
      expect((await manager.request("PUT", "/settings/telephony", telephony)).statusCode).toBe(204);
      expect((await manager.request("GET", "/settings/telephony")).json()).toEqual({ inbound_did: "+18005550100", inbound_alert_extension: "1002" });
      await gw.phones.placeInbound("+15555550999", "+18005550100");
      await run(3_000);
      const incoming = of("incoming").map((p) => CallSnapshot.parse(p));
      expect(incoming).toHaveLength(1);
      expect(incoming[0]).toMatchObject({
        type: "inbound",
        direction: 1,
        status: "incoming",
        phone: "+15555550999",
        inboundAlert: true,
      });
      expect(of("answer")).toHaveLength(1);
      expect(await statusOf(c)).toBe("on_a_call");
      await s.emitWithAck("hangup", { extension: "1002" });
      await run(500);
      expect(await statusOf(c)).toBe("after_call_work");
      const { callId, leadId } = incoming[0]!;
      const put = await c.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 0 });
      expect(put.statusCode).toBe(202);
      s.disconnect();
    });
  });

  describe("inbound calls from a lead", () => {
    it("the agent who takes a lead's call settles and disposes it, though the lead is not theirs; others may not", async () => {
      const c = await gw.signIn("advisor.isius@demo.test");
      const other = await gw.signIn("qualifier5.isius@demo.test");
      const { s, of } = collect(c);
      await connected(s);
      await gw.phones.register("1002");
      expect((await c.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
      const lead = await freeLead(1, "70");
      await gw.phones.placeInbound(`+1${lead.phone}`, "+18005550100");
      await run(3_000);
      const [incoming] = of("incoming").map((p) => CallSnapshot.parse(p));
      expect(incoming).toMatchObject({ type: "inbound", leadId: lead.id });
      await s.emitWithAck("hangup", { extension: "1002" });
      await run(500);
      const { callId } = incoming!;
      expect((await other.request("PUT", `/leads/${lead.id}/calls/${callId}`, { extra_recording_index: 0 })).statusCode).toBe(403);
      expect((await c.request("PUT", `/leads/${lead.id}/calls/${callId}`, { extra_recording_index: 0 })).statusCode).toBe(202);
      const body = { disposition: { disposition: "Not Interested", reason: "Already has coverage", notes: "" }, call_id: callId };
      expect((await c.request("POST", `/leads/${lead.id}/dispositions`, body)).statusCode).toBe(201);
      // Disposed: the lead is its owner's again (nobody's here), not the agent's who took the call.
      expect((await c.request("GET", `/leads/${lead.id}`)).statusCode).toBe(403);
      s.disconnect();
    });
  });

  describe("dispositions", () => {
    it("saves once per Idempotency-Key, sets the lead's status, and needs a date-time for callbacks", async () => {
      const c = await gw.signIn("qualifier2.isius@demo.test");
      const lead = await freeLead(1, "50");
      const owned = (
        (await c.request("GET", `/leads/by-phone/${lead.phone}`)).json() as { data: { id: number } }
      ).data.id;
      const body = { disposition: { disposition: "Voicemail", notes: "left no message" } };
      const first = await c.request("POST", `/leads/${owned}/dispositions`, body, {
        "idempotency-key": "disp-1",
      });
      expect(first.statusCode).toBe(201);
      const again = await c.request("POST", `/leads/${owned}/dispositions`, body, {
        "idempotency-key": "disp-1",
      });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      const rows = await gw.db.select().from(dispositions).where(eq(dispositions.leadId, owned));
      expect(rows).toHaveLength(1);
      const [l] = await gw.db.select({ status: leads.status }).from(leads).where(eq(leads.id, owned));
      expect(l!.status).toBe("Voicemail");
      const reused = await c.request(
        "POST",
        `/leads/${owned}/dispositions`,
        { disposition: { disposition: "Dead", notes: "x" } },
        { "idempotency-key": "disp-1" },
      );
      expect(reused.statusCode).toBe(422);
      const callback = await c.request("POST", `/leads/${owned}/dispositions`, {
        disposition: { disposition: "Callback Scheduled", notes: "" },
      });
      expect(callback.statusCode).toBe(422);
      expect(callback.json()).toMatchObject({ errors: { "disposition.date_time": ["date_time required"] } });
    });

    it("refuses what the agent's lists do not offer, naming the field, and stores nothing", async () => {
      const c = await gw.signIn("qualifier.slica@demo.test");
      const lead = await freeLead(2, "5");
      const owned = ((await c.request("GET", `/leads/by-phone/${lead.phone}`)).json() as { data: { id: number } }).data.id;
      const save = (disposition: Record<string, unknown>) =>
        c.request("POST", `/leads/${owned}/dispositions`, { disposition: { notes: "", ...disposition } });
      const refusals = [
        [{ disposition: "Voicemail" }, "disposition.disposition", "disposition_unavailable"], // ISIUS only
        [{ disposition: "Pocket", date_time: "2026-03-11T15:00:00Z" }, "disposition.disposition", "disposition_unavailable"], // advisors only
        [{ disposition: "Not Interested" }, "disposition.reason", "reason_required"],
        [{ disposition: "Not Interested", reason: "Too expensive" }, "disposition.reason", "reason_unavailable"], // SLICA advisors'
        [{ disposition: "Not Interested", reason: "Other reason", reason_other: " " }, "disposition.reason_other", "reason_other_required"],
        [{ disposition: "Dead" }, "disposition.notes", "notes_required"],
      ] as const;
      for (const [disposition, field, key] of refusals) {
        const res = await save(disposition);
        expect(res.statusCode, JSON.stringify(disposition)).toBe(422);
        expect(res.json()).toEqual({ message: "The given data was invalid.", errors: { [field]: [key] } });
      }
      expect(await gw.db.select().from(dispositions).where(eq(dispositions.leadId, owned))).toHaveLength(0);
      expect((await save({ disposition: "Not Interested", reason: "Other reason", reason_other: "Moved abroad" })).statusCode).toBe(201);
    });

    it("an unknown number is not found; another agent's lead is not offered", async () => {
      const c = await gw.signIn("qualifier3.isius@demo.test");
      const none = await c.request("GET", "/leads/by-phone/5559990000");
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: "No leads were found" });
      const mine = await c.request("POST", "/leads", { phone: "(555) 999-0000", type: "manual" });
      expect(mine.statusCode).toBe(201);
      expect((mine.json() as { data: { phone: string } }).data.phone).toBe("5559990000");
      const other = await gw.signIn("qualifier4.isius@demo.test");
      expect((await other.request("GET", "/leads/by-phone/5559990000")).statusCode).toBe(404);
    });
  });
});
