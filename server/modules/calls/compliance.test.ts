// The compliance gate on the gateway's routes: a manual call (or any dial) is refused by Do Not Call, the
// country, and the calling window of the number's own zones and of the lead's; feature codes pass; the
// conference's new party is judged too; GET /calls/compliance tells the same verdict without dialling.
// The test clock starts Monday 2026-01-05 15:00Z: 10:00 in New York, 07:00 in Los Angeles.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CallSnapshot, TRANSFER_MESSAGES } from "../../../src/contract/calls";
import { ComplianceResponse, DIALING_SETTING_KEY } from "../../../src/contract/compliance";
import type { ServerEventName } from "../../../src/contract/socket";
import { calls, leads, users } from "../../db/schema";
import { addToDnc } from "../../dialer/dncList";
import { startTestGateway, type AgentClientSocket, type TestClient, type TestGateway } from "../../test/harness";
import { TELEPHONIES } from "../../test/telephony";
import { writeSetting } from "../settings/store";

// Every test runs on the simulated PBX and on AriDriver against the fake Asterisk (issue 19).
describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;
  let q: TestClient;
  let qId: number;
  let tenantId: number;

  beforeAll(async () => {
    gw = await startTestGateway({ listen: true, telephony });
    q = await gw.signIn("qualifier.isius@demo.test");
    const [me] = await gw.db.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.email, "qualifier.isius@demo.test"));
    qId = me!.id;
    tenantId = me!.tenantId;
    await gw.phones.register("1001");
  });
  afterAll(() => gw.close());

  const run = (ms: number, step?: number) => gw.run(ms, step);

  /** A lead the agent makes from a typed number (as the softphone does), optionally placed somewhere. */
  async function ownLead(
    c: TestClient,
    phone: string,
    place?: { state: string; timezone: string; country?: string },
    on: TestGateway = gw,
  ) {
    const res = await c.request("POST", "/leads", { phone, type: "manual" });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { data: { id: number } }).data.id;
    if (place) await on.db.update(leads).set({ country: "US", ...place }).where(eq(leads.id, id));
    return id;
  }

  const dial = (c: TestClient, leadId: number, phone: string) =>
    c.request("POST", `/leads/${leadId}/calls`, { phone, direction: 0 });

  const callsOf = async (leadId: number, on: TestGateway = gw) =>
    (await on.db.select({ id: calls.id }).from(calls).where(eq(calls.leadId, leadId))).length;

  async function hangUp() {
    await gw.gw.calls.hangupFor(qId);
    await run(500);
  }

  /**
   * Closes the agent's socket. On the simulated PBX a WebRTC agent's softphone follows its socket: once the
   * gateway has seen the socket go, the phone registers again as in beforeAll, for the next test's dials.
   */
  async function closeSocket(s: AgentClientSocket) {
    s.disconnect();
    if (telephony === "sim")
      await vi.waitFor(async () => expect((await gw.gw.pbx.getExtensionStatus("1001")).registered).toBe(false));
    await gw.phones.register("1001");
  }

  const verdict = async (c: TestClient, query: string) => {
    const res = await c.request("GET", `/calls/compliance?${query}`);
    expect(res.statusCode, query).toBe(200);
    return ComplianceResponse.parse(res.json()).data;
  };

  describe("the compliance gate on POST /leads/{id}/calls", () => {
    it("refuses a manual call to a Do Not Call lead (409 with the reason) and writes nothing", async () => {
      const leadId = await ownLead(q, "4105550155");
      await gw.db.update(leads).set({ status: "Do Not Call" }).where(eq(leads.id, leadId));
      const res = await dial(q, leadId, "4105550155");
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: "calls.refused.dnc_status",
        reason: "dnc_status",
        errors: { phone: ["calls.refused.dnc_status"] },
      });
      expect(await callsOf(leadId)).toBe(0);
      const [row] = await gw.db.select({ dials: leads.dials }).from(leads).where(eq(leads.id, leadId));
      expect(row!.dials).toBe(0);
    });

    it("refuses a number on the call centre's Do Not Call list, whichever lead it is dialled for", async () => {
      await addToDnc(gw.db, {
        tenantId,
        phones: ["4105550166"],
        leadId: null,
        agentId: null,
        at: new Date(gw.clock.now() - 60_000),
        source: "test",
      });
      const leadId = await ownLead(q, "4105550177");
      const res = await dial(q, leadId, "+1 (410) 555-0166");
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ reason: "dnc_listed", values: { phone: "+14105550166", since: "2026-01-05" } });
      expect(await callsOf(leadId)).toBe(0);
      // Another call centre's list is its own.
      const slica = await gw.signIn("qualifier.slica@demo.test");
      expect(await verdict(slica, "phone=4105550166")).toMatchObject({ callable: true, reason: "ok" });
    });

    it("refuses a number outside North America (409 country) until the dialing setting allows its country", async () => {
      const leadId = await ownLead(q, "2125550144");
      const refused = await dial(q, leadId, "+442079460018");
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: "calls.refused.country", reason: "country", values: { country: "GB" } });
      await writeSetting(gw.db, { tenantId, key: DIALING_SETTING_KEY, value: { allowedCountries: ["US", "CA", "GB"] }, at: new Date(gw.clock.now()), by: null });
      try {
        // 15:00 in London: inside 08:00–21:00.
        const res = await dial(q, leadId, "+442079460018");
        expect(res.statusCode, res.body).toBe(201);
      } finally {
        await hangUp();
        await writeSetting(gw.db, { tenantId, key: DIALING_SETTING_KEY, value: { allowedCountries: ["US", "CA"] }, at: new Date(gw.clock.now()), by: null });
      }
    });

    it("lets a feature code through (*97, the voicemail box), at any hour", async () => {
      // The softphone rings *97 itself over SIP (the call route's wire schema takes numbers only); every other
      // path that dials through the gateway asks the gate, which passes feature codes.
      expect(await verdict(q, "phone=*97")).toMatchObject({ callable: true, kind: "feature", phone: "*97", reason: "feature" });
      const s = gw.socket(q);
      s.connect();
      try {
        await new Promise<void>((r) => (s.connected ? r() : s.once("connect", () => r())));
        // A transfer to *97 is not refused by the gate; it is no external transfer target of the call centre.
        expect(await s.emitWithAck("external-transfer-start", { extension: "1001", phone: "*97" })).toMatchObject({
          ok: false,
          error: "forbidden",
          message: TRANSFER_MESSAGES.notATarget,
        });
      } finally {
        await closeSocket(s);
      }
    });

    it("answers 422 for text that is no number, and 409 for an area code without a zone (555)", async () => {
      const leadId = await ownLead(q, "2125550146");
      for (const phone of ["12345678", "555-0142", "2120550142"]) {
        const res = await dial(q, leadId, phone);
        expect(res.statusCode, phone).toBe(422);
        expect(res.json(), phone).toMatchObject({ message: "calls.refused.invalid", reason: "invalid", errors: { phone: ["calls.refused.invalid"] } });
      }
      const fictional = await dial(q, leadId, "5555550100");
      expect(fictional.statusCode).toBe(409);
      expect(fictional.json()).toMatchObject({ reason: "no_zone" });
      expect(await callsOf(leadId)).toBe(0);
    });
  });

  describe("GET /calls/compliance", () => {
    it("tells the verdict without dialling: extensions of the call centre pass, another's do not", async () => {
      expect(await verdict(q, "phone=*97")).toMatchObject({ callable: true, kind: "feature" });
      expect(await verdict(q, "phone=1002")).toMatchObject({ callable: true, kind: "internal", reason: "internal" });
      expect(await verdict(q, "phone=2001")).toMatchObject({ callable: false, kind: null, reason: "invalid" });
      expect(await verdict(q, "phone=2135550142")).toMatchObject({
        callable: false,
        kind: "external",
        phone: "+12135550142",
        reason: "window_closed",
        values: { zone: "America/Los_Angeles", time: "07:00", from: "08:00", to: "21:00" },
        text: "It is 07:00 in America/Los_Angeles; calls are allowed only 08:00–21:00 (TCPA).",
      });
    });

    it("checks the lead it names like a route's lead: another agent's is refused, another call centre's is not found", async () => {
      const colleague = await gw.signIn("qualifier3.isius@demo.test");
      const theirs = await ownLead(colleague, "2125550147");
      expect((await q.request("GET", `/calls/compliance?phone=2125550147&leadId=${theirs}`)).statusCode).toBe(403);
      const slica = await gw.signIn("qualifier.slica@demo.test");
      const foreign = await ownLead(slica, "4165550147");
      expect((await q.request("GET", `/calls/compliance?phone=4165550147&leadId=${foreign}`)).statusCode).toBe(404);
      const mine = await ownLead(q, "2125550148");
      await gw.db.update(leads).set({ status: "Do Not Call" }).where(and(eq(leads.id, mine), eq(leads.tenantId, tenantId)));
      expect(await verdict(q, `phone=2125550148&leadId=${mine}`)).toMatchObject({ callable: false, reason: "dnc_status" });
    });
  });

  describe("the conference's new party", () => {
    it("is judged by the gate: a refused number starts nothing, an allowed one joins", async () => {
      const s = gw.socket(q);
      const seen: { event: ServerEventName; payload: unknown }[] = [];
      s.onAny((event: ServerEventName, payload: unknown) => seen.push({ event, payload }));
      s.connect();
      try {
        await new Promise<void>((r) => (s.connected ? r() : s.once("connect", () => r())));
        await s.emitWithAck("hello", { extension: "1001", hasWebRtc: true });
        const leadId = await ownLead(q, "2125550149");
        expect((await dial(q, leadId, "2125550149")).statusCode).toBe(201);
        await run(5_000);
        const states = () =>
          seen.filter((e) => e.event === "call").map((e) => CallSnapshot.parse(e.payload).conference?.state ?? null);
        expect(await s.emitWithAck("initializeConference", { extension: "1001", phone: "+442079460018" })).toEqual({
          ok: false,
          error: "forbidden",
          message: "calls.refused.country",
        });
        expect(await s.emitWithAck("initializeConference", { extension: "1001", phone: "5555550100" })).toMatchObject({
          ok: false,
          message: "calls.refused.no_zone",
        });
        await run(500);
        expect(states()).not.toContain("initializing");
        expect(await s.emitWithAck("initializeConference", { extension: "1001", phone: "2125550166" })).toEqual({ ok: true });
        await run(4_000);
        expect(states()).toContain("initialized");
      } finally {
        // The next test dials with this agent: never leave it on the call, nor without its phone.
        await hangUp();
        await closeSocket(s);
      }
    });
  });

  describe("the calling window of the number, and of the lead (the clock moves to 22:00 in New York)", () => {
    // A gateway of its own: the other tests expect the morning's clock.
    let night: TestGateway;
    beforeAll(async () => {
      night = await startTestGateway({ listen: true, telephony });
    });
    afterAll(() => night.close());

    it("refuses a New York number at 22:00 there, though the lead's own zone (Los Angeles, 19:00) is open", async () => {
      night.clock.set(Date.parse("2026-01-06T03:00:00Z"));
      const q = await night.signIn("qualifier.isius@demo.test");
      const leadId = await ownLead(q, "2125550150", { state: "ca", timezone: "America/Los_Angeles" }, night);
      const res = await dial(q, leadId, "2125550150");
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: "calls.refused.window_closed",
        reason: "window_closed",
        values: { zone: "America/New_York", time: "22:00" },
      });
      // The other way round: a Los Angeles number (19:00, open) of a lead in New York (22:00): the lead's
      // window also applies to its own number, and it is closed.
      const nyLead = await ownLead(q, "2135550150", { state: "ny", timezone: "America/New_York" }, night);
      expect(await verdict(q, "phone=2135550150")).toMatchObject({ callable: true });
      const own = await dial(q, nyLead, "2135550150");
      expect(own.statusCode).toBe(409);
      expect(own.json()).toMatchObject({ reason: "window_closed", values: { zone: "America/New_York" } });
      expect(await callsOf(leadId, night)).toBe(0);
      expect(await callsOf(nyLead, night)).toBe(0);
    });
  });
});
