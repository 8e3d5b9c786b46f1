// A gateway that starts while Asterisk has calls up (a restart, a deployment) follows them from GET /channels
// (PbxDriver.liveCalls): outbound calls by our leg ids, inbound calls by the caller's channel that our dialplan
// sent into Stasis. Nothing that is still a call is hung up; a call left with only agents is.
import { afterEach, describe, expect, it } from "vitest";
import { openWorld, type DriverWorld } from "../suite/worlds";
import type { PbxEvent } from "../driver";
import { AriDriver } from "./driver";

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const w of open.splice(0).reverse()) await w.close();
});

async function world() {
  const w = await openWorld("asterisk", { unregistered: [] });
  open.push(w);
  return w;
}

/** The next gateway's driver on the same Asterisk. */
async function restarted(w: DriverWorld) {
  const next = new AriDriver({ config: { url: w.fake!.url, user: "dialer", password: "secret" }, clock: w.clock, directory: async () => "webrtc" });
  open.push(next);
  await next.connect();
  return next;
}

const shape = (calls: Awaited<ReturnType<AriDriver["liveCalls"]>>) =>
  calls.map((c) => ({ direction: c.direction, legs: c.legs.map((l) => `${l.role}:${l.state}`) }));

describe("AriDriver adopting Asterisk's calls at start", () => {
  it("an inbound call an agent answered is followed with its caller, and nobody is hung up", async () => {
    const w = await world();
    const callId = await w.placeInbound("+15557654321", "8445550101");
    await w.pbx.answerInbound(callId, "1001");
    await w.run(1000);
    const before = w.fake!.channels().length;
    const next = await restarted(w);
    const calls = await next.liveCalls();
    await w.settle();
    expect(calls.map((c) => c.callId)).toEqual([callId]);
    expect(shape(calls)).toEqual([{ direction: "inbound", legs: ["inbound:answered", "agent:answered"] }]);
    expect(w.fake!.channels()).toHaveLength(before);
  });

  it("an inbound caller still waiting for an agent is followed as ringing", async () => {
    const w = await world();
    const callId = await w.placeInbound("+15557654321", "8445550101");
    await w.run(300);
    const calls = await (await restarted(w)).liveCalls();
    expect(calls.map((c) => c.callId)).toEqual([callId]);
    expect(shape(calls)).toEqual([{ direction: "inbound", legs: ["inbound:ringing"] }]);
  });

  it("an outbound call whose lead hung up while no gateway listened is ended: the agent's channel goes", async () => {
    const w = await world();
    await w.pbx.originate({ callId: "c1", agentExt: "1001", to: "+15550000010", mode: "manual" });
    await w.run(5000);
    await w.pbx.close(); // the gateway stops
    w.fake!.farHangup(w.legOf("c1", "lead"));
    await w.fake!.settled();
    const next = await restarted(w);
    expect(await next.liveCalls()).toEqual([]);
    await next.idle();
    expect(w.fake!.channels()).toEqual([]);
  });

  it("a clip still playing into the call is followed on: its end reaches the next gateway; a finished one is not", async () => {
    const w = await world();
    await w.pbx.originate({ callId: "c1", agentExt: "1001", to: "+15550000010", mode: "manual" });
    await w.run(5000);
    const media = { name: "disclosures/aa-en", file: "", durationMs: 1000 };
    const playing = await w.pbx.playback("c1", media);
    const ended = await w.pbx.playback("c1", media); // the first is stopped by the second
    await w.run(200);
    const next = await restarted(w);
    const events: PbxEvent[] = [];
    next.onEvent((e) => events.push(e));
    await next.liveCalls();
    expect(await next.followPlayback("c1", playing, media.name)).toBe(false);
    expect(await next.followPlayback("c1", ended, media.name)).toBe(true);
    await w.run(1000);
    await next.idle();
    expect(events.filter((e) => e.kind === "PlaybackFinished")).toMatchObject([
      { callId: "c1", playbackId: ended, reason: "done" },
    ]);
    expect(await next.followPlayback("c1", ended, media.name)).toBe(false);
    // A clip the next gateway starts gets an id of its own, never one of the last driver's.
    const again = await next.playback("c1", media);
    expect([playing, ended]).not.toContain(again);
  });

  it("a lead held during a consult is followed as held, and taken off hold into the call's bridge", async () => {
    const w = await world();
    await w.pbx.originate({ callId: "c1", agentExt: "1001", to: "+15550000010", mode: "manual" });
    await w.run(5000);
    const lead = w.legOf("c1", "lead");
    await w.pbx.hold(lead, true);
    await w.run(200);
    const next = await restarted(w);
    const calls = await next.liveCalls();
    expect(calls[0]!.legs.find((l) => l.legId === lead)).toMatchObject({ state: "answered", held: true });
    await next.hold(lead, false);
    await next.idle();
    expect(w.fake!.bridges().find((b) => b.id === "c1:bridge")?.channels).toContain(lead);
  });
});

