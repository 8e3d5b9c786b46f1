// Live and external transfers on the conference, stated directly (the golden traces pin the sequences):
// a second agent leg (joinAgent), who "the agent" is once the qualifier left, what each agent leg hears.
import { describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import type { AgentLegOffer, AgentPhoneLine, LegMix } from "../driver";
import { SimPbx } from "./pbx";
import { recordTrace, scriptedLine } from "./testing";
import { SimPbxError } from "./types";

const T0 = Date.UTC(2026, 0, 5, 15, 0, 0);

/** 1001 the qualifier, 1003 an advisor (WebRTC, registered), 1002 registered nowhere, 2001 a desk phone. */
async function setup(opts: { line?: boolean; lineWithoutMix?: boolean } = { line: true }) {
  const clock = manualClock(T0);
  const pbx = new SimPbx({
    clock,
    seed: 7,
    directory: async (ext) => (ext === "1005" ? "webrtc" : null),
  });
  for (const ext of ["1001", "1002", "1003"]) pbx.provision(ext, "webrtc");
  pbx.provision("2001", "external");
  await pbx.register("1001");
  await pbx.register("1003");
  const trace = recordTrace(pbx, T0);
  const offers: AgentLegOffer[] = [];
  const heard = new Map<string, LegMix>();
  const played: Array<[string, string]> = [];
  if (opts.line || opts.lineWithoutMix) {
    const line = scriptedLine(clock, trace, T0, (o) => {
      offers.push(o);
      return o.ext === "1002" ? "ignore" : { answerAfterMs: o.ext === "1001" ? 100 : 1000 };
    });
    const spy: AgentPhoneLine = opts.lineWithoutMix
      ? { ring: line.ring, end: line.end, play: (l, s) => played.push([l, s]) }
      : {
          ...line,
          hear(legId, mix) {
            heard.set(legId, mix);
            line.hear!(legId, mix);
          },
        };
    pbx.attachPhoneLine(spy);
  }
  await pbx.originate({ callId: "c1", agentExt: "1001", to: "+15145550100", mode: "manual" });
  clock.advance(5000); // the lead answered
  const leg = (role: string) => pbx.legsOf("c1").find((l) => l.role === role && l.state !== "ended")?.legId;
  const view = (legId: string) => pbx.legsOf("c1").find((l) => l.legId === legId)!;
  const sounds = (legId: string) => (view(legId).hears ?? []).map((s) => `${s.sound}@${s.legId ?? "pbx"}`);
  const confId = await pbx.conference.start("c1");
  return {
    clock,
    pbx,
    trace,
    offers,
    heard,
    played,
    leg,
    view,
    sounds,
    confId,
    qualifier: leg("agent")!,
    lead: leg("lead")!,
  };
}

describe("conference.joinAgent", () => {
  it("rings the advisor's softphone with the lead's number and the vars; answered, it joins and hears the lead", async () => {
    const w = await setup();
    const advisor = await w.pbx.conference.joinAgent(w.confId, "1003", {
      vars: { leadId: "9", callType: "transfer" },
    });
    expect(w.offers.at(-1)).toEqual({
      callId: "c1",
      legId: advisor,
      ext: "1003",
      from: "+15145550100",
      autoAnswer: false,
      vars: { leadId: "9", callType: "transfer" },
    });
    expect(w.view(advisor)).toMatchObject({ role: "transfer-target", ext: "1003", state: "ringing" });
    w.clock.advance(1000);
    const kinds = w.trace.events.filter((e) => "legId" in e && e.legId === advisor).map((e) => e.kind);
    expect(kinds).toEqual(["LegCreated", "LegRinging", "LegAnswered", "Conference"]);
    expect(w.sounds(advisor)).toEqual([`human@${w.lead}`]);
    expect(w.sounds(w.qualifier)).toEqual([`human@${w.lead}`]); // agents are never sources
  });

  it("is idempotent per extension; refuses unknown and ended conferences; an unreachable phone ends 'unavailable'", async () => {
    const w = await setup();
    const a = await w.pbx.conference.joinAgent(w.confId, "1003");
    expect(await w.pbx.conference.joinAgent(w.confId, "1003")).toBe(a);
    expect(await w.pbx.conference.joinAgent(w.confId, "1001")).toBe(w.qualifier);
    const off = await w.pbx.conference.joinAgent(w.confId, "9999"); // unknown to the directory
    expect(w.view(off)).toMatchObject({ state: "ended", cause: "unavailable" });
    const provisioned = await w.pbx.conference.joinAgent(w.confId, "1005"); // known, never registered
    expect(w.view(provisioned)).toMatchObject({ state: "ended", cause: "unavailable" });
    await expect(w.pbx.conference.joinAgent("conf-nope", "1003")).rejects.toBeInstanceOf(SimPbxError);
    await w.pbx.conference.destroy(w.confId);
    await expect(w.pbx.conference.joinAgent(w.confId, "1003")).rejects.toBeInstanceOf(SimPbxError);
  });

  it("an advisor who does not answer ends 'no-answer' at the ring timeout asked for; the call goes on", async () => {
    const w = await setup();
    await w.pbx.register("1002");
    const advisor = await w.pbx.conference.joinAgent(w.confId, "1002", { ringTimeoutMs: 8000 });
    w.clock.advance(7999);
    expect(w.view(advisor).state).toBe("ringing");
    w.clock.advance(1);
    expect(w.view(advisor)).toMatchObject({ state: "ended", cause: "no-answer" });
    expect(w.pbx.callOf(w.qualifier)?.state).toBe("live");
  });

  it("after the qualifier leaves, the advisor is the call's agent: a blind transfer moves the lead, its hangup ends the call", async () => {
    const w = await setup();
    const advisor = await w.pbx.conference.joinAgent(w.confId, "1003");
    w.clock.advance(1000);
    await w.pbx.conference.leave(w.confId, "1001");
    expect(w.pbx.callOf(advisor)?.state).toBe("live");
    expect(w.sounds(advisor)).toEqual([`human@${w.lead}`]);
    await w.pbx.blindTransfer(advisor, "+15145550188");
    expect(w.view(advisor)).toMatchObject({ state: "ended", cause: "normal" });
    expect(w.pbx.legsOf("c1").find((l) => l.role === "transfer-target" && !l.ext)?.state).not.toBe("ended");

    const v = await setup();
    const adv = await v.pbx.conference.joinAgent(v.confId, "1003");
    v.clock.advance(1000);
    await v.pbx.conference.leave(v.confId, "1001");
    await v.pbx.hangup(adv);
    expect(v.pbx.callOf(adv)?.state).toBe("ended");
  });

  it("the advisor may leave too (the qualifier and the lead go on); the qualifier's hangup then ends the call", async () => {
    const w = await setup();
    const advisor = await w.pbx.conference.joinAgent(w.confId, "1003");
    w.clock.advance(1000);
    await w.pbx.conference.leave(w.confId, "1003");
    expect(w.view(advisor).state).toBe("ended");
    expect(w.pbx.callOf(advisor)?.state).toBe("live");
    await w.pbx.hangup(w.qualifier);
    expect(w.pbx.callOf(advisor)?.state).toBe("ended");
  });

  it("the lead hanging up leaves two agents alone: the call ends; a ringing advisor is cancelled", async () => {
    const w = await setup();
    const advisor = await w.pbx.conference.joinAgent(w.confId, "1003");
    w.clock.advance(1000);
    await w.pbx.hangup(w.lead);
    expect(w.view(advisor)).toMatchObject({ state: "ended", cause: "normal" });
    expect(w.pbx.callOf(advisor)?.cause).toBe("normal");

    const v = await setup();
    const ringing = await v.pbx.conference.joinAgent(v.confId, "1003");
    await v.pbx.hangup(v.lead);
    expect(v.view(ringing)).toMatchObject({ state: "ended", cause: "canceled" });
    expect(v.pbx.callOf(ringing)?.state).toBe("ended");
  });
});

describe("what each agent leg hears", () => {
  it("the mix of every answered, un-held party; silence while held; ringback while parties only ring", async () => {
    const w = await setup();
    expect(w.sounds(w.qualifier)).toEqual([`human@${w.lead}`]);
    await w.pbx.hold(w.lead, true);
    expect(w.sounds(w.qualifier)).toEqual([]);
    const party = await w.pbx.conference.join(w.confId, "+15145550177");
    w.clock.advance(800);
    expect(w.sounds(w.qualifier)).toEqual(["ringback@pbx"]);
    w.clock.advance(3000);
    expect(w.sounds(w.qualifier)).toEqual([`third-party@${party}`]);
    await w.pbx.hold(w.lead, false);
    expect(w.sounds(w.qualifier)).toEqual([`human@${w.lead}`, `third-party@${party}`]);
    expect(w.heard.get(w.qualifier)).toEqual([
      { sound: "human", legId: w.lead },
      { sound: "third-party", legId: party },
    ]);
    expect(w.view(w.qualifier).sound).toBe("third-party"); // the main sound of the mix
    await w.pbx.hold(w.qualifier, true);
    expect(w.sounds(w.qualifier)).toEqual([]);
    const advisor = await w.pbx.conference.joinAgent(w.confId, "1003");
    w.clock.advance(1000);
    expect(w.sounds(advisor)).toEqual([`human@${w.lead}`, `third-party@${party}`]);
  });

  it("a line without hear() is told the mix's main sound through play()", async () => {
    const w = await setup({ lineWithoutMix: true });
    const party = await w.pbx.conference.join(w.confId, "+15145550177");
    w.clock.advance(4000);
    expect(w.sounds(w.qualifier)).toEqual([`human@${w.lead}`, `third-party@${party}`]);
    expect(w.played.filter(([l]) => l === w.qualifier).map(([, s]) => s)).toEqual([
      "ringback",
      "human",
      "third-party",
    ]);
  });
});
