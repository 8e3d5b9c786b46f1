// Extra recordings on Asterisk, through the whole gateway: the advisor's start and stop become a bridge
// recording on the (fake) Asterisk; when it finishes, the driver copies the file over ARI into the gateway's
// store, and the row, the lead's history and the playback are the same as on the embedded PBX
// (recordings.server.test.ts). A recording the call's end cuts is kept whole too.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, freeLeads, startTestGateway, type TestGateway, WAV_HEADER_BYTES } from "../../server/sdk/testing";
import { callRecordings } from "./tables";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ listen: true, telephony: "asterisk" });
});
afterAll(() => gw.close());

const rowsOf = (callId: number) =>
  gw.db.select().from(callRecordings).where(eq(callRecordings.callId, callId)).orderBy(callRecordings.index);
/** 8 kHz, two 16-bit channels: 32 bytes a millisecond. */
const bytesOf = (ms: number) => WAV_HEADER_BYTES + ms * 32;

describe("extra recordings on Asterisk", () => {
  it("are copied from Asterisk into the store, play back whole, and one the hangup cuts is kept", async () => {
    const c = await gw.signIn("advisor.isius@demo.test");
    await gw.phones.register("1002");
    const [lead] = await freeLeads(gw.db, 1, 1, "10");
    expect((await c.request("GET", `/leads/by-phone/${lead!.phone}`)).statusCode).toBe(200); // claims the lead
    const res = await c.request("POST", `/leads/${lead!.id}/calls`, { phone: lead!.phone, direction: 0 });
    expect(res.statusCode, res.body).toBe(201);
    await gw.run(6_000);
    const { callId } = res.json() as { callId: number };

    expect((await c.request("POST", "/calls/1002/extra-recordings", { index: 1 })).statusCode).toBe(201);
    await gw.run(7_000);
    expect((await c.request("DELETE", "/calls/1002/extra-recordings/1")).statusCode).toBe(204);
    await gw.run(200);
    const [first] = await rowsOf(callId);
    expect(first).toMatchObject({ state: "complete", key: `1/${callId}-1.wav`, durationMs: 7_000, bytes: bytesOf(7_000) });
    const audio = await c.request("GET", `/recordings/${first!.id}/audio`);
    expect([audio.statusCode, audio.rawPayload.length, audio.rawPayload.toString("ascii", 0, 4)]).toEqual([200, bytesOf(7_000), "RIFF"]);

    expect((await c.request("POST", "/calls/1002/extra-recordings", { index: 2 })).statusCode).toBe(201);
    await gw.run(3_000);
    const [row] = await gw.db.select({ p: calls.pbxCallId }).from(calls).where(eq(calls.id, callId));
    await gw.phones.farHangup((await gw.phones.legsOf(row!.p!)).find((l) => l.role === "lead")!.legId);
    await gw.run(1_000);
    const second = (await rowsOf(callId))[1]!;
    expect(second).toMatchObject({ state: "complete", durationMs: 3_000 });
    const cut = await c.request("GET", `/recordings/${second.id}/audio`);
    expect([cut.statusCode, cut.rawPayload.length]).toEqual([200, bytesOf(3_000)]);
    expect(gw.fakeAri!.recordings().stored).toEqual([]); // nothing left on Asterisk's disk
  });
});
