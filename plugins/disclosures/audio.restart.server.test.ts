// A disclosure clip's proof does not depend on the gateway that started it (issue 38): the gateway that follows the
// call next (a restart here; the standby that takes the lease over runs the same resume) follows a clip still
// playing on (the agent's call says it plays, its end is kept as proof), and keeps as proof a clip that finished
// while no gateway followed the call, with the time it played.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallSnapshot, CurrentCallResponse } from "../../src/contract/calls";
import {
  calls,
  freeLeads,
  leads,
  listeningSocket,
  SimPbx,
  startTestGateway,
  type TestGateway,
} from "../../server/sdk/testing";
import { disclosureClipName } from "./contract";
import { disclosureClips } from "./server";
import { disclosurePlaybacks } from "./tables";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ listen: true, pbxOutlivesGateway: true });
});
afterAll(() => gw.close());

const AA_EN = disclosureClipName("aa", "en");
const CLIP_MS = disclosureClips().find((c) => c.name === AA_EN)!.durationMs;

async function page(email: string) {
  const c = await gw.signIn(email);
  const { s, seen } = await listeningSocket(gw, c);
  const current = async () =>
    CurrentCallResponse.parse((await c.request("GET", "/calls/current")).json()).data;
  const lastPush = () =>
    seen
      .filter((e) => e.event === "call" || e.event === "hangup")
      .map((e) => CallSnapshot.parse(e.payload))
      .at(-1);
  return { c, s, current, lastPush };
}

/** The advisor on an answered call with a Minnesota lead (its disclosures are offered), playing the clip. */
async function playingOnACall() {
  const p = await page("advisor.isius@demo.test");
  await (gw.gw.pbx as SimPbx).register("1002");
  const [lead] = await freeLeads(gw.db, 1, 1, "10");
  await gw.db.update(leads).set({ state: "mn" }).where(eq(leads.id, lead!.id));
  expect((await p.c.request("GET", `/leads/by-phone/${lead!.phone}`)).statusCode).toBe(200);
  const res = await p.c.request("POST", `/leads/${lead!.id}/calls`, { phone: lead!.phone, direction: 0 });
  expect(res.statusCode, res.body).toBe(201);
  await gw.run(6_000);
  const { callId } = res.json() as { callId: number };
  expect(
    await p.s
      .timeout(5_000)
      .emitWithAck("audio-playback", { extension: "1002", operation: "play", file: AA_EN }),
  ).toEqual({
    ok: true,
    data: { playing: true },
  });
  await gw.run(2_000);
  const startedAt = gw.clock.now() - 2_000;
  p.s.disconnect();
  return { callId, startedAt };
}

const playedOn = (callId: number) =>
  gw.db.select().from(disclosurePlaybacks).where(eq(disclosurePlaybacks.callId, callId));

describe("a disclosure clip across a gateway restart", () => {
  it("still playing: the next gateway says it plays, and keeps it as played to its end when it does", async () => {
    const { callId, startedAt } = await playingOnACall();
    gw = await gw.restart();
    const again = await page("advisor.isius@demo.test");
    expect((await again.current())?.playback).toBe(AA_EN);
    await gw.run(CLIP_MS);
    expect(again.lastPush()?.playback).toBeNull();
    const [played] = await playedOn(callId);
    expect(played).toMatchObject({ media: AA_EN, end: "done" });
    expect(Math.abs(played!.startedAt.getTime() - startedAt)).toBeLessThan(500);
    expect(
      (await gw.db.select({ playback: calls.playback }).from(calls).where(eq(calls.id, callId)))[0]!.playback,
    ).toBeNull();
    await again.s.timeout(5_000).emitWithAck("hangup", { extension: "1002" });
    await gw.run(1_000);
    again.s.disconnect();
  });

  it("finished while no gateway followed the call: kept as played to its end, for its length", async () => {
    const { callId, startedAt } = await playingOnACall();
    // The clip plays out at the PBX while the gateway is down: its end reaches no gateway.
    gw = await gw.restart({ whileDown: async () => gw.clock.advance(CLIP_MS) });
    await gw.run(500);
    const [played] = await playedOn(callId);
    expect(played).toMatchObject({ media: AA_EN, end: "done" });
    expect(played!.endedAt.getTime() - played!.startedAt.getTime()).toBe(CLIP_MS);
    expect(Math.abs(played!.startedAt.getTime() - startedAt)).toBeLessThan(500);
    const again = await page("advisor.isius@demo.test");
    expect((await again.current())?.playback).toBeNull();
    await again.s.timeout(5_000).emitWithAck("hangup", { extension: "1002" });
    await gw.run(1_000);
    again.s.disconnect();
  });
});
