// A call survives the agent's phone dropping (issue 38), through the whole gateway on each PBX driver: the
// lead waits on hold, the agent's phone is rung back as soon as it registers again and the call goes on
// unbroken; an agent who does not come back within the limit leaves the lead a goodbye and a call to dispose;
// the agent's own hangup still ends the call at once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallSnapshot, CurrentCallResponse } from "../../../src/contract/calls";
import type { ServerEventName } from "../../../src/contract/socket";
import { calls, users } from "../../db/schema";
import { freeLeads, listeningSocket, startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { TELEPHONIES } from "../../test/telephony";

describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ listen: true, telephony });
  });
  afterAll(() => gw.close());

  const run = (ms: number, step?: number) => gw.run(ms, step);
  const current = async (c: TestClient) =>
    CurrentCallResponse.parse((await c.request("GET", "/calls/current")).json()).data;

  /** Signed in with its page listening and its softphone registered, on an answered manual call. */
  async function onAnsweredCall(email: string, ext: string, ending: string) {
    const c = await gw.signIn(email);
    const { s, seen } = await listeningSocket(gw, c);
    // A browser softphone (WebRTC): its page going away takes its phone with it.
    await gw.db.update(users).set({ hasWebrtc: true }).where(eq(users.extension, ext));
    await gw.phones.register(ext);
    const [lead] = await freeLeads(gw.db, 1, 1, ending);
    const found = await c.request("GET", `/leads/by-phone/${lead!.phone}`);
    const leadId = (found.json() as { data: { id: number } }).data.id;
    const res = await c.request("POST", `/leads/${leadId}/calls`, { phone: lead!.phone, direction: 0 });
    expect(res.statusCode).toBe(201);
    const { callId } = res.json() as { callId: number };
    await run(5_000);
    const answered = await current(c);
    expect(answered).toMatchObject({ callId, status: "answered", bridged: true, rejoin: null });
    const [row] = await gw.db.select({ pbxCallId: calls.pbxCallId }).from(calls).where(eq(calls.id, callId));
    const pushes = (event: ServerEventName) =>
      seen.filter((e) => e.event === event).map((e) => CallSnapshot.parse(e.payload));
    return { c, s, callId, leadId, pbxCallId: row!.pbxCallId!, answeredAt: answered!.answeredAt, pushes };
  }

  const leadLeg = async (pbxCallId: string) =>
    (await gw.phones.legsOf(pbxCallId)).find((l) => l.role === "lead")!;

  it("a dropped phone leaves the lead on hold; registered again, it is rung back and the call goes on unbroken", async () => {
    const { c, s, callId, pbxCallId, answeredAt, pushes } = await onAnsweredCall(
      "qualifier3.isius@demo.test",
      "1012",
      "10",
    );
    await run(10_000);
    await gw.phones.dropPhone("1012");
    await run(500);
    const away = await current(c);
    expect(away).toMatchObject({
      callId,
      status: "answered",
      answeredAt,
      rejoin: { ringing: false, missed: false },
    });
    expect(Date.parse(away!.rejoin!.until) - Date.parse(away!.rejoin!.since)).toBe(60_000);
    expect(await leadLeg(pbxCallId)).toMatchObject({ state: "answered", held: true });
    expect(await gw.statusOf(c)).toBe("on_a_call");
    const [row] = await gw.db.select({ away: calls.agentAwaySince }).from(calls).where(eq(calls.id, callId));
    expect(row!.away).not.toBeNull();

    // The reloaded page's softphone registers: its phone rings back into the same call and answers.
    await run(3_000);
    await gw.phones.register("1012");
    await run(2_000);
    const back = await current(c);
    expect(back).toMatchObject({ callId, status: "answered", bridged: true, answeredAt, rejoin: null });
    expect(await leadLeg(pbxCallId)).toMatchObject({ state: "answered", held: false });
    const agentLegs = (await gw.phones.legsOf(pbxCallId)).filter((l) => l.ext === "1012");
    expect(agentLegs.map((l) => l.state)).toEqual(["ended", "answered"]);
    const [after] = await gw.db
      .select({ away: calls.agentAwaySince })
      .from(calls)
      .where(eq(calls.id, callId));
    expect(after!.away).toBeNull();

    // Long past the limit, the call is still up; the agent's own hangup ends it as any call.
    await run(70_000, 1_000);
    expect((await current(c))?.status).toBe("answered");
    await gw.phones.hangUp("1012");
    await run(500);
    expect(await gw.statusOf(c)).toBe("after_call_work");
    const ended = pushes("hangup");
    expect(ended).toHaveLength(1);
    // The duration runs from the first answer: the drop did not break it.
    const put = await c.request("PUT", `/leads/${(await current(c))!.leadId}/calls/${callId}`, {
      extra_recording_index: 0,
    });
    expect(put.statusCode).toBe(202);
    expect((put.json() as { duration: number }).duration).toBeGreaterThanOrEqual(85);
    s.disconnect();
  });

  it("an agent not back within the limit: the lead hears the goodbye, the call ends and awaits its disposition", async () => {
    const { c, s, callId, pbxCallId, pushes } = await onAnsweredCall(
      "qualifier4.isius@demo.test",
      "1013",
      "10",
    );
    await gw.phones.dropPhone("1013");
    await run(59_000, 1_000);
    expect((await current(c))?.status).toBe("answered");
    await run(3_000, 500);
    // The goodbye plays to the lead (taken off hold), then the call ends.
    const saying = await current(c);
    expect(saying).toMatchObject({ status: "answered", rejoin: { missed: true } });
    // SimPbx plays it for the clip's length; the fake Asterisk has no such sound and ends its playback at once.
    if (telephony === "sim") expect(saying?.playback).toBe("calls/rejoin-goodbye-en");
    expect(await leadLeg(pbxCallId)).toMatchObject({ state: "answered", held: false });
    await run(10_000, 500);
    const ended = await current(c);
    expect(ended).toMatchObject({ callId, status: "ended", rejoin: { missed: true } });
    expect(pushes("hangup")).toHaveLength(1);
    expect(await gw.statusOf(c)).toBe("after_call_work");
    const [row] = await gw.db
      .select({ away: calls.agentAwaySince, status: calls.status })
      .from(calls)
      .where(eq(calls.id, callId));
    expect(row).toMatchObject({ status: "ended" });
    expect(row!.away).not.toBeNull();
    // Back after the limit: nothing rings, the ended call waits for its disposition.
    await gw.phones.register("1013");
    await run(2_000);
    expect((await gw.phones.legsOf(pbxCallId)).filter((l) => l.state !== "ended")).toEqual([]);
    s.disconnect();
  });

  it("the agent's own hangup ends the call at once, and a lead who hangs up while waiting ends it too", async () => {
    const first = await onAnsweredCall("qualifier5.isius@demo.test", "1014", "10");
    await gw.phones.hangUp("1014");
    await run(500);
    expect(await current(first.c)).toMatchObject({ status: "ended", rejoin: null });
    expect((await gw.phones.legsOf(first.pbxCallId)).every((l) => l.state === "ended")).toBe(true);
    const put = await first.c.request("PUT", `/leads/${first.leadId}/calls/${first.callId}`, {
      extra_recording_index: 0,
    });
    expect(put.statusCode).toBe(202);
    await first.c.request("POST", "/status", { status: "ready" });
    first.s.disconnect();

    const second = await onAnsweredCall("qualifier2.isius@demo.test", "1011", "10");
    await gw.phones.dropPhone("1011");
    await run(1_000);
    await gw.phones.farHangup((await leadLeg(second.pbxCallId)).legId);
    await run(500);
    expect(await current(second.c)).toMatchObject({ status: "ended", rejoin: { missed: false } });
    // The wait is over: registering again rings nothing.
    await gw.phones.register("1011");
    await run(70_000, 5_000);
    expect((await gw.phones.legsOf(second.pbxCallId)).filter((l) => l.state !== "ended")).toEqual([]);
    second.s.disconnect();
  });
});

describe.each(TELEPHONIES)("on %s, the gateway restarts while the lead waits", (telephony) => {
  let gw: TestGateway;
  beforeAll(async () => {
    // The fake Asterisk runs apart from the gateway anyway; SimPbx is made to.
    gw = await startTestGateway({ listen: true, pbxOutlivesGateway: true, telephony });
  });
  afterAll(() => gw.close());

  it("the next gateway follows the waiting lead again, rings the phone once it registers, and the call goes on", async () => {
    await gw.db.update(users).set({ hasWebrtc: true }).where(eq(users.extension, "1012"));
    const c = await gw.signIn("qualifier3.isius@demo.test");
    await gw.phones.register("1012");
    const [lead] = await freeLeads(gw.db, 1, 1, "10");
    const leadId = (
      (await c.request("GET", `/leads/by-phone/${lead!.phone}`)).json() as { data: { id: number } }
    ).data.id;
    const { callId } = (
      await c.request("POST", `/leads/${leadId}/calls`, { phone: lead!.phone, direction: 0 })
    ).json() as { callId: number };
    await gw.run(5_000);
    await gw.phones.dropPhone("1012");
    await gw.run(10_000, 1_000);
    const [row] = await gw.db
      .select({ pbxCallId: calls.pbxCallId, away: calls.agentAwaySince })
      .from(calls)
      .where(eq(calls.id, callId));
    expect(row!.away).not.toBeNull();

    gw = await gw.restart();
    const again = await gw.signIn("qualifier3.isius@demo.test");
    const current = async () =>
      CurrentCallResponse.parse((await again.request("GET", "/calls/current")).json()).data;
    const waiting = await current();
    expect(waiting).toMatchObject({
      callId,
      status: "answered",
      rejoin: { since: row!.away!.toISOString(), missed: false },
    });
    expect(Date.parse(waiting!.rejoin!.until)).toBe(row!.away!.getTime() + 60_000);

    await gw.phones.register("1012");
    await gw.run(2_000);
    expect(await current()).toMatchObject({ callId, status: "answered", bridged: true, rejoin: null });
    const legs = await gw.phones.legsOf(row!.pbxCallId!);
    expect(legs.find((l) => l.role === "lead")).toMatchObject({ state: "answered", held: false });
    await gw.phones.hangUp("1012");
    await gw.run(500);
    expect(await current()).toMatchObject({ status: "ended" });
  });
});
