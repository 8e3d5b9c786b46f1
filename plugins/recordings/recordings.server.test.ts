// Extra recordings on the gateway: an ISIUS advisor starts and stops recordings of its answered call; the PBX's
// phone line writes the file into the recording store; the row gets its length and size, the lead's history
// lists it, and the agent or a manager plays it back (byte ranges too). Another agent's extension, another
// agent's lead and SLICA are refused; a recording a crash cut is closed and kept as incomplete.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LeadHistoryResponse } from "../../src/contract/leadHistory";
import { type AgentPhoneLine, calls, freeLeads, type RecordingWriter, routeTable, SimPbx, startTestGateway, type TestClient, type TestGateway } from "../../server/sdk/testing";
import { RECORDING_MESSAGES, RecordingsFacet } from "./contract";
import { callRecordings } from "./tables";

let gw: TestGateway;
let sim: SimPbx;

/**
 * A phone line standing in for the SIP edge: it answers the agent's phone at once and records a tone for as
 * long as the gateway's clock says the recording ran (the edge writes the media it carries, 20 ms a frame).
 */
function recordingLine(): AgentPhoneLine {
  const running = new Map<string, { writer: RecordingWriter; since: number }>();
  return {
    ring(_offer, result) {
      // Not a 0 ms timer: a warm process steps the manual clock through 6 s before a real millisecond passes,
      // and the agent's answer came after the lead's ring time. An immediate runs within the harness's first step.
      setImmediate(() => result.answered());
    },
    end() {},
    play() {},
    record(_legId, recId, key) {
      running.set(recId, { writer: gw.gw.recordings.create(key), since: gw.clock.now() });
      return true;
    },
    stopRecord(recId) {
      const r = running.get(recId)!;
      running.delete(recId);
      const frames = Math.round((gw.clock.now() - r.since) / 20);
      const tone = Int16Array.from({ length: 160 }, (_, i) => Math.round(3000 * Math.sin(i / 3)));
      for (let i = 0; i < frames; i++) r.writer.write(tone, tone);
      return r.writer.close();
    },
  };
}

beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
  sim = gw.gw.pbx as SimPbx;
  sim.attachPhoneLine(recordingLine());
});
afterAll(() => gw.close());

async function advisorOnACall() {
  const c = await gw.signIn("advisor.isius@demo.test");
  await sim.register("1002");
  const [lead] = await freeLeads(gw.db, 1, 1, "10");
  expect((await c.request("GET", `/leads/by-phone/${lead!.phone}`)).statusCode).toBe(200);
  const res = await c.request("POST", `/leads/${lead!.id}/calls`, { phone: lead!.phone, direction: 0 });
  expect(res.statusCode, res.body).toBe(201);
  await gw.run(6_000);
  const { callId } = res.json() as { callId: number };
  const [row] = await gw.db.select({ status: calls.status }).from(calls).where(eq(calls.id, callId));
  expect(row?.status).toBe("answered");
  return { c, callId, leadId: lead!.id };
}

const rowsOf = (callId: number) =>
  gw.db.select().from(callRecordings).where(eq(callRecordings.callId, callId)).orderBy(callRecordings.index);

/** The call ends on the PBX (unless it already has), and the gateway and the phone line settle it. */
async function hangUp(callId: number) {
  const [row] = await gw.db
    .select({ p: calls.pbxCallId, endedAt: calls.endedAt })
    .from(calls)
    .where(eq(calls.id, callId));
  if (row?.endedAt) return;
  await sim.hangupCall(row!.p!);
  await gw.run(1_000);
}

/** The advisor records its call for `ms` as the n-th recording, stops, and the file is finished. */
async function record(c: TestClient, index: number, ms: number) {
  expect((await c.request("POST", "/calls/1002/extra-recordings", { index })).statusCode).toBe(201);
  await gw.run(ms);
  expect((await c.request("DELETE", `/calls/1002/extra-recordings/${index}`)).statusCode).toBe(204);
  await gw.run(200);
}

describe("extra recordings", () => {
  // Each test records a call of its own, on a lead of its own, and the call ends after it: a recording the call
  // still runs, or a recording another test left, never meets the next test (the crash tidy-up looks at them all).
  let a: Awaited<ReturnType<typeof advisorOnACall>>;
  beforeEach(async () => {
    a = await advisorOnACall();
  });
  afterEach(() => hangUp(a.callId));

  it("records the answered call into a file of the recorded length, once per index, listed in the lead's history", async () => {
    const start = await a.c.request("POST", "/calls/1002/extra-recordings", { index: 1 });
    expect(start.statusCode, start.body).toBe(201);
    const { data } = start.json() as { data: { id: number; index: number } };
    expect(data.index).toBe(1);
    // A retry of the same start answers the same recording.
    expect((await a.c.request("POST", "/calls/1002/extra-recordings", { index: 1 })).json()).toEqual({
      data,
    });
    await gw.run(7_000);
    expect((await a.c.request("DELETE", "/calls/1002/extra-recordings/1")).statusCode).toBe(204);
    await gw.run(200);
    const [rec] = await rowsOf(a.callId);
    expect(rec).toMatchObject({ index: 1, state: "complete", leadId: a.leadId, key: `1/${a.callId}-1.wav` });
    expect(rec!.durationMs).toBe(7_000);
    expect(rec!.bytes).toBe(44 + 350 * 640);
    // Stopping again changes nothing.
    expect((await a.c.request("DELETE", "/calls/1002/extra-recordings/1")).statusCode).toBe(204);

    const history = LeadHistoryResponse.parse(
      (await a.c.request("GET", `/leads/${a.leadId}/history`)).json(),
    );
    const facet = RecordingsFacet.parse(
      history.data.calls.find((c) => c.id === a.callId)?.facets?.recordings,
    );
    expect(facet.recordings).toEqual([
      { id: data.id, index: 1, at: rec!.startedAt.toISOString(), seconds: 7, state: "complete" },
    ]);
  });

  it("plays a recording back to the lead's agent and to a manager, whole or by byte range", async () => {
    await record(a.c, 1, 7_000);
    const [rec] = await rowsOf(a.callId);
    const whole = await a.c.request("GET", `/recordings/${rec!.id}/audio`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/wav");
    expect(whole.rawPayload.length).toBe(rec!.bytes);
    expect(whole.rawPayload.toString("ascii", 0, 4)).toBe("RIFF");
    const part = await a.c.request("GET", `/recordings/${rec!.id}/audio`, undefined, { range: "bytes=0-43" });
    expect([part.statusCode, part.headers["content-range"], part.rawPayload.length]).toEqual([
      206,
      `bytes 0-43/${rec!.bytes}`,
      44,
    ]);
    const manager = await gw.signIn("manager.isius@demo.test");
    expect((await manager.request("GET", `/recordings/${rec!.id}/audio`)).statusCode).toBe(200);
    // Another agent's lead, and another call centre's recording, are not theirs to hear.
    const qualifier = await gw.signIn("qualifier.isius@demo.test");
    expect((await qualifier.request("GET", `/recordings/${rec!.id}/audio`)).statusCode).toBe(403);
    const slica = await gw.signIn("advisor.slica@demo.test");
    expect((await slica.request("GET", `/recordings/${rec!.id}/audio`)).statusCode).toBe(404);
  });

  it("refuses another agent's extension, a call centre without the recording panel, and a start without an answered call", async () => {
    await record(a.c, 1, 7_000);
    expect((await a.c.request("POST", "/calls/1001/extra-recordings", { index: 2 })).json()).toEqual({
      message: RECORDING_MESSAGES.notYours,
    });
    expect((await a.c.request("POST", "/calls/1002/extra-recordings", { index: 0 })).statusCode).toBe(422);
    expect((await a.c.request("DELETE", "/calls/1002/extra-recordings/9")).statusCode).toBe(404);
    const slica = await gw.signIn("advisor.slica@demo.test");
    expect((await slica.request("POST", "/calls/2002/extra-recordings", { index: 1 })).statusCode).toBe(404);
    const qualifier: TestClient = await gw.signIn("qualifier.isius@demo.test");
    expect((await qualifier.request("POST", "/calls/1001/extra-recordings", { index: 1 })).statusCode).toBe(
      403,
    );
    const idle = await gw.signIn("advisor.isius@demo.test");
    // Still on the call: the second recording starts; after the call it cannot.
    expect((await idle.request("POST", "/calls/1002/extra-recordings", { index: 2 })).statusCode).toBe(201);
    expect((await idle.request("PUT", "/calls/recordings/1002", { recording: true })).statusCode).toBe(204);
    // The call ends while it records: the recording ends with it and is kept whole.
    await hangUp(a.callId);
    expect((await rowsOf(a.callId)).map((r) => r.state)).toEqual(["complete", "complete"]);
    expect((await idle.request("PUT", "/calls/recordings/1002", { recording: true })).statusCode).toBe(404);
    expect((await idle.request("PUT", "/calls/recordings/1002", { recording: false })).statusCode).toBe(204);
    const late = await idle.request("POST", "/calls/1002/extra-recordings", { index: 3 });
    expect([late.statusCode, late.json()]).toEqual([409, { message: RECORDING_MESSAGES.noCall }]);
  });

  it("keeps the index the browser settles the call with; a settle without it (recordings off) stores 0", async () => {
    await record(a.c, 1, 1_000);
    await record(a.c, 2, 1_000);
    await hangUp(a.callId);
    const indexOf = async () =>
      (await gw.db.select({ n: calls.extraRecordingIndex }).from(calls).where(eq(calls.id, a.callId)))[0]?.n;
    const settle = (body: object) => a.c.request("PUT", `/leads/${a.leadId}/calls/${a.callId}`, body);
    // The browser sends the settle's plugin fields only for the agent's enabled plugins: without this one, none.
    const bare = await settle({});
    expect(bare.statusCode, bare.body).toBe(202);
    expect(await indexOf()).toBe(0);
    const counted = await settle({ extra_recording_index: 2 });
    expect(counted.statusCode, counted.body).toBe(202);
    expect(await indexOf()).toBe(2);
  });

  it("closes and keeps, marked incomplete, a recording a crash cut (its call ended, its file never finished)", async () => {
    await hangUp(a.callId);
    const [call] = await gw.db.select().from(calls).where(eq(calls.id, a.callId));
    const key = `1/${a.callId}-7.wav`;
    const writer = gw.gw.recordings.create(key);
    const tone = Int16Array.from({ length: 160 }, () => 1200);
    for (let i = 0; i < 120; i++) writer.write(tone, tone); // 2.4 s written, then the process "dies": never closed
    await gw.db.insert(callRecordings).values({
      tenantId: 1,
      callId: a.callId,
      leadId: a.leadId,
      agentId: call!.agentId,
      index: 7,
      key,
      pbxRecordingId: "rec-from-a-dead-gateway",
      state: "recording",
      startedAt: new Date(gw.clock.now()),
    });
    // What a starting gateway does: the plugin's routes are built, and once started it tidies up.
    routeTable(gw.gw);
    await gw.run(500);
    const cut = (await rowsOf(a.callId)).find((r) => r.index === 7)!;
    expect(cut).toMatchObject({ state: "incomplete", durationMs: 2_400, bytes: 44 + 120 * 640 });
    const audio = await a.c.request("GET", `/recordings/${cut.id}/audio`);
    expect([audio.statusCode, audio.rawPayload.readUInt32LE(40)]).toEqual([200, 120 * 640]);
  });
});
