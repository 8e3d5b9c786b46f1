// External, third-party and internal transfers through the whole gateway on each PBX driver and the manual
// clock: the three levels, the refusals, and the failures (the target never answers, the lead hangs up, the agent
// hangs up mid-transfer). The transfers plugin's Sunlife and Matcha transfers, on the same machinery, are tested
// with the plugin (plugins/transfers/partners.server.test.ts).
import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  CallSnapshot,
  TRANSFER_MESSAGES as M,
  TRANSFER_OUTCOME_MESSAGES,
  type TransferState,
} from "../../../src/contract/calls";
import type { ServerEventName } from "../../../src/contract/socket";
import { dispositions, leads, tenants } from "../../db/schema";
import { answeringLead, listeningSocket, startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { TELEPHONIES } from "../../test/telephony";
import { EASTERN_AREA_CODES, TEST_TRANSFER_TARGETS } from "./testing";
import { TRANSFER_RING_TIMEOUT_MS } from "./transfers";

// Every test runs on the simulated PBX and on AriDriver against the fake Asterisk (issue 19): the same
// gateway behaviour is expected of both.
describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;
  let manager: TestClient;

  const TARGETS = TEST_TRANSFER_TARGETS;

  beforeAll(async () => {
    gw = await startTestGateway({ listen: true, telephony });
    manager = await gw.signIn("manager.isius@demo.test");
    expect((await manager.request("PUT", "/settings/external-transfers", TARGETS)).statusCode).toBe(204);
  });
  afterAll(() => gw.close());

  const run = (ms: number, step?: number) => gw.run(ms, step);

  // Each test starts with every agent off the phone, whatever ran before: an internal transfer leaves its
  // colleague on the call, and a failed assertion leaves its own call up.
  const AGENTS = ["qualifier2", "qualifier3", "qualifier4", "qualifier5"].map((q) => `${q}.isius@demo.test`);
  afterEach(async () => {
    for (const email of AGENTS)
      if (await gw.gw.calls.hangupFor(await idOf(email))) await run(500);
  });

  const idOf = (email: string) => gw.idOf(email);
  const statusOf = (c: TestClient) => gw.statusOf(c);

  const EASTERN = EASTERN_AREA_CODES;

  /** A lead of the tenant nobody owns, with an Eastern number the simulated PBX answers with a person. */
  const freeLead = (tenantId: number) => answeringLead(gw.db, tenantId, EASTERN);

  /** Signs the agent in, opens its socket and places an answered call to a free lead ending `ending`. */
  async function onACall(email: string, ext: string, tenantId = 1) {
    const c = await gw.signIn(email);
    const { s, seen } = await listeningSocket(gw, c);
    const lead = await freeLead(tenantId);
    const found = await c.request("GET", `/leads/by-phone/${lead.phone}`);
    const leadId = (found.json() as { data: { id: number } }).data.id;
    const res = await c.request("POST", `/leads/${leadId}/calls`, { phone: lead.phone, direction: 0 });
    expect(res.statusCode, res.body).toBe(201);
    await run(5_000);
    const agentId = await idOf(email);
    expect(gw.gw.calls.activeCallOf(agentId)?.bridged).toBe(true);
    const snapshots = (event: ServerEventName = "call") => seen.filter((e) => e.event === event).map((e) => CallSnapshot.parse(e.payload));
    const transfer = (): TransferState | null | undefined => snapshots().at(-1)?.transfer;
    const emit = (event: string, payload: object) => s.emitWithAck(event as "hangup", { extension: ext, ...payload } as never);
    return { c, s, ext, leadId, lead, agentId, snapshots, transfer, emit };
  }

  describe("an external transfer in three levels", () => {
    it("start dials the target while the lead waits, join brings everyone together, leave keeps the lead with the party", async () => {
      const a = await onACall("qualifier2.isius@demo.test", "1011");
      expect(await a.emit("external-transfer-join", { phone: "3125550147" })).toEqual({ ok: false, error: "unsupported", message: M.notThisTransfer });
      expect(await a.emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: true });
      await run(4_000);
      expect(a.transfer()).toEqual({
        kind: "external",
        level: 2,
        party: "+13125550147",
        name: "Medicare Desk",
        outcome: null,
        message: null,
        disposition: { disposition: "Sent External", reason: "External Transfer", saved: false },
      });
      expect(a.snapshots().at(-1)?.conference?.state).toBe("initialized");
      const call = gw.gw.calls.activeCallOf(a.agentId)!;
      expect((await gw.phones.legsOf(call.pbxCallId)).find((l) => l.legId === call.partyLegId)?.held).toBe(true);
      // The party's menu hears the agent's digits; leave waits for level 3; another start waits for this one.
      expect(await a.emit("external-transfer-dtmf", { digit: "1" })).toEqual({ ok: true });
      expect(await a.emit("external-transfer-leave", { phone: "3125550147" })).toMatchObject({ ok: false, message: M.notAtLevel });
      expect(await a.emit("external-transfer-start", { phone: "3125550147" })).toMatchObject({ ok: false, message: M.busy });
      expect(await a.emit("external-transfer-join", { phone: "3125550147" })).toEqual({ ok: true });
      await run(200);
      expect(a.transfer()?.level).toBe(3);
      expect((await gw.phones.legsOf(call.pbxCallId)).find((l) => l.legId === call.partyLegId)?.held).toBe(false);

      expect(await a.emit("external-transfer-leave", { phone: "3125550147" })).toEqual({ ok: true });
      await run(500);
      const ended = a.snapshots("hangup").at(-1)!;
      expect(ended.status).toBe("ended");
      expect(ended.transfer).toMatchObject({ level: 1, outcome: "completed", message: TRANSFER_OUTCOME_MESSAGES.completed });
      expect(ended.transfer?.disposition).toEqual({ disposition: "Sent External", reason: "External Transfer", saved: false });
      expect(await statusOf(a.c)).toBe("after_call_work");
      // The lead and the party stay connected without the agent.
      const legs = (await gw.phones.legsOf(call.pbxCallId));
      expect(legs.filter((l) => l.state === "answered").map((l) => l.role).sort()).toEqual(["lead", "third-party"]);
      await gw.gw.pbx.hangupCall(call.pbxCallId);
      await run(200);
      a.s.disconnect();
    });

    it("kick takes it back to level 1 with the lead; destroy ends every leg; POST /transfer-hangups/{phone} ends the party's leg", async () => {
      const a = await onACall("qualifier3.isius@demo.test", "1012");
      expect(await a.emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: true });
      await run(4_000);
      expect(await a.emit("external-transfer-kick", { phone: "3125550199" })).toMatchObject({ ok: false, message: M.notThisTransfer });
      expect(await a.emit("external-transfer-kick", { phone: "3125550147" })).toEqual({ ok: true });
      await run(300);
      expect(a.transfer()).toMatchObject({ level: 1, outcome: "kicked", disposition: null });
      const call = gw.gw.calls.activeCallOf(a.agentId)!;
      expect(call.status).toBe("answered");
      expect((await gw.phones.legsOf(call.pbxCallId)).find((l) => l.legId === call.partyLegId)?.held).toBe(false);

      // The transfer-hangups route: the party's leg only.
      expect(await a.emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: true });
      await run(4_000);
      expect((await a.c.request("POST", "/transfer-hangups/3125550199")).statusCode).toBe(409);
      expect((await a.c.request("POST", "/transfer-hangups/not-a-phone")).statusCode).toBe(422);
      const hung = await a.c.request("POST", "/transfer-hangups/3125550147");
      expect(hung.statusCode).toBe(201);
      expect(hung.json()).toEqual({ data: { ended: true } });
      await run(300);
      expect(a.transfer()).toMatchObject({ level: 1, outcome: "kicked" });
      expect((await a.c.request("POST", "/transfer-hangups/3125550147")).json()).toMatchObject({ message: M.noTransferLeg });

      expect(await a.emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: true });
      await run(4_000);
      expect(await a.emit("external-transfer-destroy", { phone: "3125550147" })).toEqual({ ok: true });
      await run(500);
      expect(a.snapshots("hangup").at(-1)?.transfer).toMatchObject({ level: 1, outcome: "destroyed", disposition: null });
      expect((await gw.phones.legsOf(call.pbxCallId)).every((l) => l.state === "ended")).toBe(true);
      expect(await statusOf(a.c)).toBe("after_call_work");
      a.s.disconnect();
    });
  });

  describe("transfer failures", () => {
    it("a target that never answers takes the transfer back to level 1, the lead still with the agent", async () => {
      const a = await onACall("qualifier4.isius@demo.test", "1013");
      expect(await a.emit("external-transfer-start", { phone: "3125550103" })).toEqual({ ok: true });
      await run(TRANSFER_RING_TIMEOUT_MS + 2_000, 250);
      expect(a.transfer()).toMatchObject({
        level: 1,
        outcome: "no_answer",
        message: TRANSFER_OUTCOME_MESSAGES.no_answer,
        disposition: null,
      });
      const call = gw.gw.calls.activeCallOf(a.agentId)!;
      expect(call.status).toBe("answered");
      expect((await gw.phones.legsOf(call.pbxCallId)).find((l) => l.legId === call.partyLegId)).toMatchObject({ state: "answered", held: false });
      // A new transfer may start.
      expect(await a.emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: true });
      await run(4_000);
      expect(a.transfer()).toMatchObject({ level: 2, outcome: null });

      // The lead hangs up mid-transfer: the transfer is cancelled and the call ends for everyone.
      await gw.phones.farHangup(call.partyLegId!);
      await run(500);
      const ended = a.snapshots("hangup").at(-1)!;
      expect(ended.transfer).toMatchObject({ level: 1, outcome: "lead_hung_up", disposition: null });
      expect((await gw.phones.legsOf(call.pbxCallId)).every((l) => l.state === "ended")).toBe(true);
      expect(await statusOf(a.c)).toBe("after_call_work");
      a.s.disconnect();
    });

    it("the agent hanging up before the join ends the conference cleanly; after the join it leaves the lead with the party", async () => {
      const a = await onACall("qualifier5.isius@demo.test", "1014");
      expect(await a.emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: true });
      await run(4_000);
      expect(await a.emit("hangup", {})).toEqual({ ok: true, data: { ended: true } });
      await run(500);
      const first = gw.gw.calls.current(a.agentId)!;
      expect(a.snapshots("hangup").at(-1)?.transfer).toMatchObject({ outcome: "agent_hung_up", level: 1 });
      expect((await gw.phones.legsOf(first.pbxCallId)).every((l) => l.state === "ended")).toBe(true);

      // Everyone together, then the agent hangs up: it leaves; the lead and the party talk on.
      const lead = await freeLead(1);
      const leadId = ((await a.c.request("GET", `/leads/by-phone/${lead.phone}`)).json() as { data: { id: number } }).data.id;
      expect((await a.c.request("POST", `/leads/${leadId}/calls`, { phone: lead.phone, direction: 0 })).statusCode).toBe(201);
      await run(5_000);
      expect(await a.emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: true });
      await run(4_000);
      expect(await a.emit("external-transfer-join", { phone: "3125550147" })).toEqual({ ok: true });
      await run(200);
      expect(await a.emit("hangup", {})).toEqual({ ok: true, data: { ended: true } });
      await run(500);
      const second = gw.gw.calls.current(a.agentId)!;
      expect(second.id).not.toBe(first.id);
      expect(a.snapshots("hangup").at(-1)?.transfer).toMatchObject({ outcome: "completed", level: 1 });
      const legs = (await gw.phones.legsOf(second.pbxCallId));
      expect(legs.filter((l) => l.state === "answered").map((l) => l.role).sort()).toEqual(["lead", "third-party"]);
      await gw.gw.pbx.hangupCall(second.pbxCallId);
      await run(200);
      a.s.disconnect();
    });
  });

  describe("who may start an external transfer", () => {
    it("refuses without the call centre's flag, a listed target or a call", async () => {
      const c = await gw.signIn("qualifier2.isius@demo.test");
      const s = gw.socket(c);
      s.connect();
      await new Promise<void>((r) => (s.connected ? r() : s.once("connect", () => r())));
      const emit = (event: string, payload: object) => s.emitWithAck(event as "hangup", { extension: "1011", ...payload } as never);
      expect(await emit("external-transfer-start", { phone: "2125550142" })).toEqual({ ok: false, error: "forbidden", message: M.notATarget });
      expect(await emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: false, error: "unsupported", message: M.noCall });
      // The call centre turns external transfers off (its feature flag); they come back after, whatever fails.
      try {
        await gw.db.update(tenants).set({ features: { "external-transfers": false } }).where(eq(tenants.id, 1));
        expect(await emit("external-transfer-start", { phone: "3125550147" })).toEqual({ ok: false, error: "forbidden", message: M.externalOff });
      } finally {
        await gw.db.update(tenants).set({ features: {} }).where(eq(tenants.id, 1));
      }
      s.disconnect();
    });
  });

  describe("the third-party transfer (the softphone's conference)", () => {
    it("kick, and leave which sets the disposition to Transferred to 3rd Party", async () => {
      const a = await onACall("qualifier3.isius@demo.test", "1012");
      expect(await a.emit("initializeConference", { phone: "2125550166" })).toEqual({ ok: true });
      await run(4_000);
      expect(a.transfer()).toMatchObject({ kind: "third-party", level: 2, party: "+12125550166", disposition: null });
      expect(await a.emit("third-party-leave", { phone: "2125550166" })).toMatchObject({ ok: false, message: M.notAtLevel });
      expect(await a.emit("third-party-kick", { phone: "2125550167" })).toMatchObject({ ok: false, message: M.notThisTransfer });
      expect(await a.emit("third-party-kick", { phone: "2125550166" })).toEqual({ ok: true });
      await run(300);
      expect(a.transfer()).toMatchObject({ level: 1, outcome: "kicked" });

      expect(await a.emit("initializeConference", { phone: "2125550166" })).toEqual({ ok: true });
      await run(4_000);
      expect(await a.emit("mergeConference", {})).toEqual({ ok: true });
      await run(200);
      expect(a.transfer()?.level).toBe(3);
      expect(await a.emit("third-party-leave", { phone: "2125550166" })).toEqual({ ok: true });
      await run(500);
      expect(a.snapshots("hangup").at(-1)?.transfer).toMatchObject({
        level: 1,
        outcome: "completed",
        disposition: { disposition: "Transferred to 3rd Party", reason: null, saved: false },
      });
      expect(await statusOf(a.c)).toBe("after_call_work");
      await gw.gw.pbx.hangupCall(gw.gw.calls.current(a.agentId)!.pbxCallId);
      await run(200);
      a.s.disconnect();
    });

    it("third-party-destroy ends every leg", async () => {
      const a = await onACall("qualifier4.isius@demo.test", "1013");
      expect(await a.emit("initializeConference", { phone: "2125550166" })).toEqual({ ok: true });
      await run(4_000);
      expect(await a.emit("third-party-destroy", { phone: "2125550166" })).toEqual({ ok: true });
      await run(500);
      expect(a.snapshots("hangup").at(-1)?.transfer).toMatchObject({ level: 1, outcome: "destroyed" });
      a.s.disconnect();
    });
  });

  describe("internal transfer", () => {
    it("POST /leads/{id}/transfers hands the lead and its call to a colleague, once per Idempotency-Key, then not again for 30 s", async () => {
      const a = await onACall("qualifier5.isius@demo.test", "1014");
      const to = await idOf("qualifier4.isius@demo.test");
      const url = `/leads/${a.leadId}/transfers`;
      expect((await a.c.request("POST", url, { to: a.agentId })).json()).toMatchObject({ errors: { to: [M.internalSelf] } });
      const slica = await idOf("qualifier.slica@demo.test");
      const other = await a.c.request("POST", url, { to: slica });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({ errors: { to: [M.internalTarget] } });
      expect((await a.c.request("POST", url, { to, extra: 1 })).statusCode).toBe(422);

      const res = await a.c.request("POST", url, { to }, { "Idempotency-Key": "it-1" });
      expect(res.statusCode).toBe(201);
      const body = res.json() as { data: { disposition_id: number } };
      expect(body.data).toMatchObject({ lead_id: a.leadId, to, call_transferred: true });
      const again = await a.c.request("POST", url, { to }, { "Idempotency-Key": "it-1" });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(body);
      await run(500);
      const [lead] = await gw.db.select({ owner: leads.ownerId, status: leads.status }).from(leads).where(eq(leads.id, a.leadId));
      expect(lead).toEqual({ owner: to, status: "Internal Transfer" });
      const rows = await gw.db.select().from(dispositions).where(eq(dispositions.leadId, a.leadId)).orderBy(desc(dispositions.id));
      expect(rows.filter((r) => r.disposition === "Internal Transfer")).toHaveLength(1);
      expect(a.snapshots("hangup").at(-1)?.transfer).toMatchObject({
        kind: "internal",
        party: "1013",
        outcome: "completed",
        disposition: { disposition: "Internal Transfer", reason: null, saved: true },
      });
      expect(await statusOf(a.c)).toBe("after_call_work");
      expect((await a.c.request("GET", "/calls/current")).json()).toEqual({ data: null });

      // Within 30 s another one is refused, with when to try again.
      const own = await freeLead(1);
      await a.c.request("GET", `/leads/by-phone/${own.phone}`);
      const ownId = (await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.phone, own.phone)))[0]!.id;
      const soon = await a.c.request("POST", `/leads/${ownId}/transfers`, { to }, { "Idempotency-Key": "it-2" });
      expect(soon.statusCode).toBe(429);
      expect(soon.json()).toMatchObject({ message: M.internalTooSoon });
      expect(Number(soon.headers["retry-after"])).toBeGreaterThan(0);
      await run(30_000, 1_000);
      const later = await a.c.request("POST", `/leads/${ownId}/transfers`, { to }, { "Idempotency-Key": "it-3" });
      expect(later.statusCode).toBe(201);
      expect(later.json()).toMatchObject({ data: { call_transferred: false } });

      // Two at once, after the pause: the database lock lets exactly one through (on every instance alike).
      await run(30_000, 1_000);
      const ids: number[] = [];
      for (let i = 0; i < 2; i++) {
        const l = await freeLead(1);
        await a.c.request("GET", `/leads/by-phone/${l.phone}`);
        ids.push((await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.phone, l.phone)))[0]!.id);
      }
      const both = await Promise.all(
        ids.map((id, i) => a.c.request("POST", `/leads/${id}/transfers`, { to }, { "Idempotency-Key": `it-both-${i}` })),
      );
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 429]);
      a.s.disconnect();
    });

    it("the internal-transfer socket event transfers the call on the agent's line; sent again it is the same transfer", async () => {
      const a = await onACall("qualifier3.isius@demo.test", "1012");
      expect(await a.s.emitWithAck("internal-transfer", { from: "1012", to: "1011", phone: a.lead.phone, extension: "1012" } as never)).toMatchObject({
        ok: false,
        error: "invalid_payload",
      });
      const send = () => a.s.emitWithAck("internal-transfer", { from: "1012", to: "1011", phone: a.lead.phone });
      expect(await send()).toMatchObject({ ok: true, data: { lead_id: a.leadId, call_transferred: true } });
      await run(500);
      expect(await send()).toMatchObject({ ok: true });
      const [lead] = await gw.db.select({ owner: leads.ownerId }).from(leads).where(eq(leads.id, a.leadId));
      expect(lead?.owner).toBe(await idOf("qualifier2.isius@demo.test"));
      expect(await statusOf(a.c)).toBe("after_call_work");
      a.s.disconnect();
    });
  });
});
