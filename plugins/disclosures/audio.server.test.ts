// A disclosure's recorded audio played into the call (audio-playback over the socket): the PBX plays the clip to
// the lead and the agent hears it in its mix; the call's snapshot says it plays until it is stopped, plays out,
// or the call ends; each clip played is kept with the call and shows in the lead's history.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallSnapshot } from "../../src/contract/calls";
import { LeadHistoryResponse } from "../../src/contract/leadHistory";
import { calls, freeLeads, leads, listeningSocket, SimPbx, startTestGateway, type TestGateway, users } from "../../server/sdk/testing";
import { disclosureClipName, DisclosuresFacet } from "./contract";
import { disclosureClips } from "./server";
import { disclosurePlaybacks } from "./tables";

let gw: TestGateway;
let sim: SimPbx;
beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
  sim = gw.gw.pbx as SimPbx;
});
afterAll(() => gw.close());

const AA_EN = disclosureClipName("aa", "en");

async function onACall(email: string, ext: string, tenantId: number) {
  const c = await gw.signIn(email);
  const { s, seen } = await listeningSocket(gw, c);
  await sim.register(ext);
  const [lead] = await freeLeads(gw.db, tenantId, 1, "10");
  await gw.db.update(leads).set({ state: "mn" }).where(eq(leads.id, lead!.id));
  expect((await c.request("GET", `/leads/by-phone/${lead!.phone}`)).statusCode).toBe(200);
  const res = await c.request("POST", `/leads/${lead!.id}/calls`, { phone: lead!.phone, direction: 0 });
  expect(res.statusCode, res.body).toBe(201);
  await gw.run(6_000);
  const { callId } = res.json() as { callId: number };
  const lastCall = () =>
    seen
      .filter((e) => e.event === "call" || e.event === "answer" || e.event === "hangup")
      .map((e) => CallSnapshot.parse(e.payload))
      .filter((p) => p.callId === callId)
      .at(-1);
  expect(lastCall()?.status).toBe("answered");
  const playback = (operation: "play" | "stop", file = AA_EN) =>
    s.timeout(5_000).emitWithAck("audio-playback", { extension: ext, operation, file });
  return { c, s, leadId: lead!.id, callId, lastCall, playback };
}

/** What the agent's leg on the call hears now, as the simulated PBX mixes it. */
async function agentHears(callId: number, ext: string) {
  const [row] = await gw.db.select({ pbx: calls.pbxCallId }).from(calls).where(eq(calls.id, callId));
  return sim
    .legsOf(row!.pbx!)
    .find((l) => l.ext === ext && l.state === "answered")
    ?.hears?.map((h) => h.sound);
}

const playedOn = (callId: number) =>
  gw.db.select().from(disclosurePlaybacks).where(eq(disclosurePlaybacks.callId, callId));

describe("the disclosure audio", () => {
  it("ships a clip for every wording in English and Spanish, each several seconds long", () => {
    const clips = disclosureClips();
    expect(clips.map((c) => c.name).sort()).toEqual(
      ["aa", "occ", "pio"].flatMap((w) => [`disclosures/${w}-en`, `disclosures/${w}-es`]).sort(),
    );
    for (const c of clips) expect(c.durationMs).toBeGreaterThan(5_000);
  });

  it("plays into the advisor's answered call, is heard over the lead, stops on Stop audio and is kept with the call", async () => {
    const a = await onACall("advisor.isius@demo.test", "1002", 1);
    expect(await a.playback("play")).toEqual({ ok: true, data: { playing: true } });
    await gw.run(500);
    expect(a.lastCall()?.playback).toBe(AA_EN);
    expect(await agentHears(a.callId, "1002")).toEqual(["human", "playback"]);

    await gw.run(3_000);
    expect(await a.playback("stop")).toMatchObject({ ok: true, data: { playing: false } });
    await gw.run(500);
    expect(a.lastCall()?.playback).toBeNull();
    expect(await agentHears(a.callId, "1002")).toEqual(["human"]);
    const [stopped] = await playedOn(a.callId);
    expect(stopped).toMatchObject({ media: AA_EN, end: "stopped" });
    expect(stopped!.endedAt.getTime() - stopped!.startedAt.getTime()).toBeGreaterThanOrEqual(3_000);

    // Played again to its end (8.8 s): the snapshot clears by itself and the second clip is kept as done.
    expect(await a.playback("play")).toMatchObject({ ok: true });
    await gw.run(10_000);
    expect(a.lastCall()?.playback).toBeNull();
    expect((await playedOn(a.callId)).map((p) => p.end)).toEqual(["stopped", "done"]);

    const at = new Date(gw.clock.now()).toISOString();
    const proof = {
      carrier: "gtl",
      wording: "aa",
      language: "en",
      steps: [{ step: 1, answer: null, at }],
      completed: false,
    };
    expect(
      (
        await a.c.request("POST", `/calls/${a.callId}/disclosures`, proof, {
          "idempotency-key": "audio-proof",
        })
      ).statusCode,
    ).toBe(201);
    const history = LeadHistoryResponse.parse(
      (await a.c.request("GET", `/leads/${a.leadId}/history`)).json(),
    );
    // The proof is the call's disclosures facet, in this plugin's own shape.
    const call = DisclosuresFacet.parse(
      history.data.calls.find((x) => x.id === a.callId)?.facets?.disclosures,
    );
    expect(call.disclosures).toEqual([
      {
        at,
        carrier: "gtl",
        company: "Guarantee Trust Life Insurance Company",
        wording: "aa",
        language: "en",
        steps: 1,
        completed: false,
      },
    ]);
    expect(call.playbacks.map((p) => [p.media, p.end])).toEqual([
      [AA_EN, "stopped"],
      [AA_EN, "done"],
    ]);
    expect(call.playbacks[1]!.seconds).toBeCloseTo(8.8, 0);

    // A clip still playing when the call ends is kept as ended.
    await a.playback("play");
    await gw.run(1_000);
    expect(await a.s.timeout(5_000).emitWithAck("hangup", { extension: "1002" })).toMatchObject({ ok: true });
    await gw.run(2_000);
    expect((await playedOn(a.callId)).map((p) => p.end)).toEqual(["stopped", "done", "ended"]);
    a.s.disconnect();
  });

  it("refuses a clip that is not registered or not offered to the call centre, and any clip without an answered call", async () => {
    const play = async (email: string, extension: string, file = AA_EN) => {
      const s = gw.socket(await gw.signIn(email));
      s.connect();
      await new Promise<void>((r) => s.once("connect", () => r()));
      const ack = await s
        .timeout(5_000)
        .emitWithAck("audio-playback", { extension, operation: "play", file });
      s.disconnect();
      return ack;
    };
    expect(await play("qualifier.isius@demo.test", "1001")).toMatchObject({
      ok: false,
      error: "unsupported",
    });
    expect(await play("qualifier.isius@demo.test", "1001", "disclosures/nothing-en")).toMatchObject({
      ok: false,
      error: "invalid_payload",
    });
    // Another agent's extension is never the caller's to play into.
    expect(await play("qualifier.isius@demo.test", "1002")).toMatchObject({ ok: false, error: "forbidden" });
    // SLICA has no disclosures: its agents are not offered the clips.
    const slica = await extOf("advisor.slica@demo.test");
    expect(await play("advisor.slica@demo.test", slica)).toMatchObject({
      ok: false,
      error: "invalid_payload",
    });
  });
});

async function extOf(email: string): Promise<string> {
  const [u] = await gw.db
    .select({ ext: users.extension })
    .from(users)
    .where(eq(users.id, await gw.idOf(email)));
  return u!.ext!;
}
