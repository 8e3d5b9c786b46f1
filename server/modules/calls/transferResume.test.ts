// An outside transfer is not only in the memory of the gateway that drives the PBX (issue 38): the gateway that
// follows the call next (a restart here; the standby that takes the lease over runs the same resume) shows the
// agent the same transfer, its kind and the disposition it sets, lets it go on to the end, and still gives up on
// a party that rings past its time, counted from when it started ringing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallSnapshot, CurrentCallResponse, TRANSFER_OUTCOME_MESSAGES } from "../../../src/contract/calls";
import { calls } from "../../db/schema";
import { answeringLead, listeningSocket, startTestGateway, type TestGateway } from "../../test/harness";
import { TELEPHONIES } from "../../test/telephony";
import { EASTERN_AREA_CODES, TEST_TRANSFER_TARGETS } from "./testing";
import { TRANSFER_RING_TIMEOUT_MS } from "./transfers";

describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;

  const TARGETS = TEST_TRANSFER_TARGETS;

  beforeAll(async () => {
    // The fake Asterisk runs apart from the gateway anyway; SimPbx is made to.
    gw = await startTestGateway({ listen: true, pbxOutlivesGateway: true, telephony });
    const manager = await gw.signIn("manager.isius@demo.test");
    expect((await manager.request("PUT", "/settings/external-transfers", TARGETS)).statusCode).toBe(204);
  });
  afterAll(() => gw.close());

  const EASTERN = EASTERN_AREA_CODES;

  /** The agent's page: signed in, its socket open, with what its transfers panel shows. */
  async function page(email: string) {
    const c = await gw.signIn(email);
    const { s, seen } = await listeningSocket(gw, c);
    const current = async () =>
      CurrentCallResponse.parse((await c.request("GET", "/calls/current")).json()).data;
    const lastTransfer = () =>
      seen
        .filter((e) => e.event === "call")
        .map((e) => CallSnapshot.parse(e.payload))
        .at(-1)?.transfer;
    return { c, s, current, lastTransfer };
  }

  async function onACall(email: string) {
    const p = await page(email);
    const lead = await answeringLead(gw.db, 1, EASTERN);
    // The agent finds the lead by its number first, as the page's dial pad does: it then works the lead.
    expect((await p.c.request("GET", `/leads/by-phone/${lead.phone}`)).statusCode).toBe(200);
    const res = await p.c.request("POST", `/leads/${lead.id}/calls`, { phone: lead.phone, direction: 0 });
    expect(res.statusCode, res.body).toBe(201);
    await gw.run(5_000);
    expect((await p.current())?.bridged).toBe(true);
    return { ...p, leadId: lead.id, agentId: await gw.idOf(email) };
  }

  it("an external transfer whose party answered goes on after the restart: same kind, party and disposition; join and leave end it as Sent External", async () => {
    const a = await onACall("qualifier2.isius@demo.test");
    expect(
      await a.s.emitWithAck("external-transfer-start", { extension: "1011", phone: "3125550147" }),
    ).toEqual({ ok: true });
    await gw.run(4_000);
    const before = (await a.current())!.transfer;
    expect(before).toMatchObject({
      kind: "external",
      level: 2,
      name: "Medicare Desk",
      party: "+13125550147",
    });
    a.s.disconnect();

    gw = await gw.restart();
    const again = await page("qualifier2.isius@demo.test");
    // The page that reconnects reads the same transfer as before the restart.
    expect((await again.current())!.transfer).toEqual(before);
    expect(
      await again.s.emitWithAck("external-transfer-join", { extension: "1011", phone: "3125550147" }),
    ).toEqual({ ok: true });
    await gw.run(500);
    expect(again.lastTransfer()).toMatchObject({ level: 3 });
    expect(
      await again.s.emitWithAck("external-transfer-leave", { extension: "1011", phone: "3125550147" }),
    ).toEqual({ ok: true });
    await gw.run(1_000);
    const ended = (await again.current())!;
    expect(ended.status).toBe("ended");
    expect(ended.transfer).toMatchObject({
      outcome: "completed",
      disposition: { disposition: "Sent External", reason: "External Transfer", saved: false },
    });
    // The row keeps the last step too.
    const [row] = await gw.db
      .select({ transfer: calls.transfer })
      .from(calls)
      .where(eq(calls.id, ended.callId));
    expect(row!.transfer).toMatchObject({ kind: "external", outcome: "completed", ringingSince: null });
    again.s.disconnect();
  });

  it("a party still ringing when the gateway restarted is given up on when its 30 s run out, counted from the start", async () => {
    const a = await onACall("qualifier3.isius@demo.test");
    expect(
      await a.s.emitWithAck("external-transfer-start", { extension: "1012", phone: "3125550103" }),
    ).toEqual({ ok: true });
    await gw.run(10_000, 250);
    expect((await a.current())!.transfer).toMatchObject({
      kind: "external",
      level: 2,
      outcome: null,
      name: "Night Desk",
    });
    a.s.disconnect();

    gw = await gw.restart();
    const again = await page("qualifier3.isius@demo.test");
    expect((await again.current())!.transfer).toMatchObject({ kind: "external", level: 2, outcome: null });
    // 10 s rang before the restart: 20 s more and a little, not another 30.
    await gw.run(TRANSFER_RING_TIMEOUT_MS - 10_000 + 2_000, 250);
    const call = (await again.current())!;
    expect(call.transfer).toMatchObject({
      kind: "external",
      level: 1,
      outcome: "no_answer",
      message: TRANSFER_OUTCOME_MESSAGES.no_answer,
      disposition: null,
    });
    expect(call.status).toBe("answered");
    const active = gw.gw.calls.activeCallOf(a.agentId)!;
    expect(
      (await gw.phones.legsOf(active.pbxCallId)).find((l) => l.legId === active.partyLegId),
    ).toMatchObject({
      state: "answered",
      held: false,
    });
    await again.s.emitWithAck("hangup", { extension: "1012" });
    await gw.run(500);
    again.s.disconnect();
  });
});
