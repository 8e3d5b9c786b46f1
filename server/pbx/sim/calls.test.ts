// The call model's behaviour, stated directly (the golden traces pin the exact event sequences).
import { describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import type { AgentLegOffer, CallEvent, OriginateRequest, PbxEvent } from "../driver";
import { SimPbxError } from "./types";
import { SimPbx, type SimPbxOptions } from "./pbx";
import { recordTrace, scriptedLine, type LineBehaviour } from "./testing";

const T0 = Date.UTC(2026, 0, 5, 15, 0, 0);
const MINUTE = 60_000;

async function setup(opts: { line?: (o: AgentLegOffer) => LineBehaviour } & Partial<SimPbxOptions> = {}) {
  const clock = manualClock(T0);
  const pbx = new SimPbx({ clock, seed: 7, ...opts });
  pbx.provision("1001", "webrtc");
  pbx.provision("1002", "webrtc");
  pbx.provision("2001", "external");
  await pbx.register("1001");
  await pbx.register("1002");
  const trace = recordTrace(pbx, T0);
  const offers: AgentLegOffer[] = [];
  if (opts.line) {
    const behave = opts.line;
    pbx.attachPhoneLine(scriptedLine(clock, trace, T0, (o) => (offers.push(o), behave(o))));
  }
  const calls = (callId: string) =>
    trace.events.filter((e): e is CallEvent => e.kind !== "ExtensionState" && e.callId === callId);
  const first = <K extends PbxEvent["kind"]>(
    callId: string,
    kind: K,
    pred: (e: Extract<CallEvent, { kind: K }>) => boolean = () => true,
  ) =>
    calls(callId).find(
      (e): e is Extract<CallEvent, { kind: K }> =>
        e.kind === kind && pred(e as Extract<CallEvent, { kind: K }>),
    );
  const legOf = (callId: string, role: string) => pbx.legsOf(callId).find((l) => l.role === role)!.legId;
  const plays = (legId: string) =>
    trace.entries.filter((e) => e.line === "play" && e.legId === legId).map((e) => e.sound);
  const dial = (to: string, extra: Partial<OriginateRequest> = {}) =>
    pbx.originate({ callId: "c1", agentExt: "1001", to, mode: "manual", amd: true, ...extra });
  return { clock, pbx, trace, offers, calls, first, legOf, plays, dial };
}

const answersAt = (ms: number) => () => ({ answerAfterMs: ms });

describe("originate", () => {
  it("rings the agent first (auto-answered offer with the lead's number and the vars), then dials the lead", async () => {
    const w = await setup({ line: answersAt(200) });
    await w.dial("+15145550100", { vars: { leadId: "9" } });
    expect(w.offers).toEqual([
      {
        callId: "c1",
        legId: w.legOf("c1", "agent"),
        ext: "1001",
        from: "+15145550100",
        autoAnswer: true,
        vars: { leadId: "9" },
      },
    ]);
    expect(w.pbx.legsOf("c1").map((l) => l.role)).toEqual(["agent"]);
    w.clock.advance(200);
    expect(w.pbx.legsOf("c1").map((l) => [l.role, l.state])).toEqual([
      ["agent", "answered"],
      ["lead", "dialing"],
    ]);
  });

  it("a manual dial is answered by a person after a short ring, who stays on the line until the agent hangs up", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    w.clock.advance(5000);
    const lead = w.legOf("c1", "lead");
    const ringing = w.first("c1", "LegRinging", (e) => e.legId === lead)!;
    const answered = w.first("c1", "LegAnswered", (e) => e.legId === lead)!;
    expect(answered.ts - ringing.ts).toBeGreaterThanOrEqual(1000);
    expect(answered.ts - ringing.ts).toBeLessThanOrEqual(2000);
    expect(w.first("c1", "Bridged")!.legIds).toEqual([w.legOf("c1", "agent"), lead]);
    expect(w.plays(w.legOf("c1", "agent"))).toEqual(["ringback", "human"]);
    expect(w.first("c1", "AmdResult")).toMatchObject({ legId: lead, result: "AMD-Human-voice" });
    w.clock.advance(10 * MINUTE);
    expect(w.first("c1", "CallEnded")).toBeUndefined();
    expect((await w.pbx.getExtensionStatus("1001")).inCall).toBe(true);
    await w.pbx.hangup(w.legOf("c1", "agent"));
    expect(
      w
        .calls("c1")
        .slice(-3)
        .map((e) => [e.kind, e.legId, "cause" in e ? e.cause : null]),
    ).toEqual([
      ["LegHungUp", w.legOf("c1", "agent"), "normal"],
      ["LegHungUp", lead, "normal"],
      ["CallEnded", undefined, "normal"],
    ]);
    expect((await w.pbx.getExtensionStatus("1001")).inCall).toBe(false);
  });

  it("numbers ending 01 reach a machine: AMD says so while connected, and the machine hangs up after about a minute", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550101", { mode: "auto" });
    w.clock.advance(5 * MINUTE);
    const answered = w.first("c1", "LegAnswered", (e) => e.legId === w.legOf("c1", "lead"))!;
    const amd = w.first("c1", "AmdResult")!;
    expect(amd.result).toBe("AMD-Machine-Vm-WA");
    expect(amd.ts - answered.ts).toBe(2500);
    expect(w.first("c1", "Bridged")!.seq).toBeLessThan(amd.seq);
    expect(w.plays(w.legOf("c1", "agent"))).toContain("machine");
    const gone = w.first("c1", "LegHungUp", (e) => e.legId === w.legOf("c1", "lead"))!;
    expect(gone.ts - answered.ts).toBeGreaterThanOrEqual(50_000);
    expect(gone.ts - answered.ts).toBeLessThanOrEqual(70_000);
    expect(w.offers).toHaveLength(1);
    expect(w.trace.entries.filter((e) => e.line === "end").map((e) => e.legId)).toEqual([
      w.legOf("c1", "agent"),
    ]);
    expect(w.calls("c1").at(-1)).toMatchObject({ kind: "CallEnded", cause: "normal" });
  });

  it("numbers ending 02 are busy: the agent hears the busy tone briefly, then the call ends 'busy'", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550102");
    w.clock.advance(MINUTE);
    expect(w.first("c1", "LegRinging", (e) => e.legId === w.legOf("c1", "lead"))).toBeUndefined();
    expect(w.first("c1", "LegHungUp", (e) => e.legId === w.legOf("c1", "lead"))).toMatchObject({
      cause: "busy",
      sipCode: 486,
    });
    expect(w.plays(w.legOf("c1", "agent"))).toEqual(["busy"]);
    const ended = w.first("c1", "CallEnded")!;
    expect(ended.cause).toBe("busy");
    expect(ended.ts - w.first("c1", "LegHungUp")!.ts).toBe(3000);
  });

  it("an extension's dial script decides its next dials in order, whatever the number and the mode", async () => {
    const w = await setup({ line: answersAt(150) });
    w.pbx.scriptDials("1001", ["busy", "failed", "no-answer"]);
    const dial = async (callId: string, mode: "auto" | "manual") => {
      // A number that answers as a person unless a script says otherwise.
      await w.pbx.originate({ callId, agentExt: "1001", to: "+15145550177", mode, ringTimeoutMs: 20_000 });
      w.clock.advance(MINUTE);
      return w.first(callId, "CallEnded")?.cause ?? "still up";
    };
    expect(await dial("a1", "auto")).toBe("busy");
    expect(await dial("m1", "manual")).toBe("failed");
    expect(await dial("a3", "auto")).toBe("no-answer");
    // The script is used up: the next dial is the number's own again.
    expect(await dial("a4", "auto")).toBe("still up");
    // An empty script clears one.
    w.pbx.scriptDials("1001", ["busy"]);
    w.pbx.scriptDials("1001", []);
    expect(await dial("a5", "auto")).toBe("still up");
  });

  it("numbers ending 03 ring out: no-answer when the request's ring timeout runs out", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550103", { ringTimeoutMs: 20_000 });
    w.clock.advance(MINUTE);
    const lead = w.legOf("c1", "lead");
    const created = w.first("c1", "LegCreated", (e) => e.legId === lead)!;
    const gone = w.first("c1", "LegHungUp", (e) => e.legId === lead)!;
    expect(gone.cause).toBe("no-answer");
    expect(gone.ts - created.ts).toBe(20_000);
    expect(w.first("c1", "CallEnded")!.cause).toBe("no-answer");
  });

  it("the voicemail box (*97) answers at once", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("*97", { amd: false });
    w.clock.advance(150);
    const lead = w.legOf("c1", "lead");
    expect(w.first("c1", "LegAnswered", (e) => e.legId === lead)!.ts).toBe(T0 + 150);
    expect(w.plays(w.legOf("c1", "agent"))).toEqual(["voicemail-box"]);
  });

  it("an unknown or unreachable agent extension ends the call 'unavailable' and the lead is never dialled", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.pbx.unregister("1002");
    await w.pbx.originate({ callId: "c1", agentExt: "1002", to: "+15145550100", mode: "manual" });
    await w.pbx.originate({ callId: "c2", agentExt: "9999", to: "+15145550100", mode: "manual" });
    await w.pbx.setPhoneOpen("2001", false);
    await w.pbx.originate({ callId: "c3", agentExt: "2001", to: "+15145550100", mode: "manual" });
    w.clock.advance(MINUTE);
    for (const c of ["c1", "c2", "c3"]) {
      expect(w.calls(c).map((e) => [e.kind, "cause" in e ? e.cause : null])).toEqual([
        ["LegCreated", null],
        ["LegHungUp", "unavailable"],
        ["CallEnded", "unavailable"],
      ]);
    }
    expect(w.offers).toEqual([]);
  });

  it("an open external phone answers after 1.5 s without the phone line", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100", { agentExt: "2001" });
    w.clock.advance(1499);
    expect(w.first("c1", "LegAnswered")).toBeUndefined();
    w.clock.advance(1);
    expect(w.first("c1", "LegAnswered")).toMatchObject({ legId: w.legOf("c1", "agent") });
    expect(w.offers).toEqual([]);
  });

  it("without a phone line the simulated softphone answers after 150 ms", async () => {
    const w = await setup();
    await w.dial("+15145550100");
    w.clock.advance(150);
    expect(w.first("c1", "LegAnswered")!.ts).toBe(T0 + 150);
  });

  it("is idempotent on the call id", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    const before = w.trace.events.length;
    await w.dial("+15145550177");
    expect(w.trace.events.length).toBe(before);
    expect(w.offers).toHaveLength(1);
  });

  it("a lead hanging up ends the agent leg on the phone line", async () => {
    const w = await setup({ line: answersAt(150), profile: { talkMs: { human: 30_000, machine: 60_000 } } });
    await w.dial("+15145550100");
    w.clock.advance(MINUTE);
    const agent = w.legOf("c1", "agent");
    expect(w.trace.entries.filter((e) => e.line === "end").map((e) => e.legId)).toEqual([agent]);
    expect(w.first("c1", "LegHungUp", (e) => e.legId === agent)!.cause).toBe("normal");
    expect(w.calls("c1").at(-1)!.kind).toBe("CallEnded");
  });

  it("hanging up the agent leg while the lead rings cancels the lead", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550103");
    w.clock.advance(5000);
    await w.pbx.hangup(w.legOf("c1", "agent"));
    expect(w.first("c1", "LegHungUp", (e) => e.legId === w.legOf("c1", "lead"))!.cause).toBe("canceled");
    expect(w.first("c1", "CallEnded")!.cause).toBe("normal");
  });

  it("number rules and timings come from the profile; exact rules win over suffixes", async () => {
    const w = await setup({
      line: answersAt(150),
      profile: {
        ringAfterMs: 100,
        answerAfterMs: { manual: 400, auto: 400 },
        numberRules: [
          { suffix: "55", outcome: "busy" },
          { exact: "+15145550155", outcome: "machine" },
        ],
      },
    });
    await w.dial("+15145550155");
    await w.pbx.originate({ callId: "c2", agentExt: "1002", to: "+15145550255", mode: "manual" });
    w.clock.advance(2000);
    expect(w.first("c1", "LegAnswered", (e) => e.legId === w.legOf("c1", "lead"))!.ts).toBe(
      T0 + 150 + 100 + 400,
    );
    expect(w.plays(w.legOf("c1", "agent"))).toEqual(["ringback", "machine"]);
    expect(w.first("c2", "LegHungUp", (e) => e.legId === w.legOf("c2", "lead"))!.cause).toBe("busy");
  });

  it("a listener that reacts at once still sees no event of a call after its CallEnded", async () => {
    const w = await setup({ line: answersAt(150) });
    w.pbx.onEvent((e) => {
      if (e.kind === "LegAnswered" && e.legId === "c1:L2") void w.pbx.hangupCall("c1");
    });
    await w.dial("+15145550100");
    w.clock.advance(MINUTE);
    expect(w.calls("c1").at(-1)!.kind).toBe("CallEnded");
    expect(w.calls("c1").filter((e) => e.kind === "CallEnded")).toHaveLength(1);
  });
});

describe("agent controls", () => {
  it("hold: the agent hears silence while held; DTMF is reported on the leg", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    w.clock.advance(5000);
    const agent = w.legOf("c1", "agent");
    await w.pbx.hold(agent, true);
    await w.pbx.hold(agent, true); // no change, no event
    await w.pbx.hold(agent, false);
    await w.pbx.sendDtmf(agent, "1*#");
    expect(w.calls("c1").filter((e) => e.kind === "Hold" || e.kind === "Dtmf")).toMatchObject([
      { kind: "Hold", legId: agent, on: true },
      { kind: "Hold", legId: agent, on: false },
      { kind: "Dtmf", legId: agent, digits: "1*#" },
    ]);
    expect(w.plays(agent)).toEqual(["ringback", "human", "silence", "human"]);
    await expect(w.pbx.sendDtmf(agent, "x")).rejects.toBeInstanceOf(SimPbxError);
    await expect(w.pbx.hangup("nope")).rejects.toBeInstanceOf(SimPbxError);
  });

  it("blind transfer: the agent's call is over at once; the lead reaches the target, and the call ends when they are done", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    w.clock.advance(5000);
    const agent = w.legOf("c1", "agent");
    await w.pbx.blindTransfer(agent, "+15145550188");
    expect(w.first("c1", "LegHungUp", (e) => e.legId === agent)).toMatchObject({
      cause: "normal",
      ts: T0 + 5000,
    });
    expect((await w.pbx.getExtensionStatus("1001")).inCall).toBe(false);
    w.clock.advance(5000);
    const target = w.legOf("c1", "transfer-target");
    expect(w.first("c1", "TransferResult")).toMatchObject({
      legId: target,
      target: "+15145550188",
      ok: true,
    });
    expect(w.first("c1", "Bridged", (e) => e.legIds.includes(target))!.legIds).toEqual([
      w.legOf("c1", "lead"),
      target,
    ]);
    expect(w.first("c1", "CallEnded")).toBeUndefined();
    w.clock.advance(2 * 60 * MINUTE);
    expect(w.calls("c1").at(-1)!.kind).toBe("CallEnded");
  });

  it("a transfer to a busy number fails and the transferred lead is released", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    w.clock.advance(5000);
    await w.pbx.blindTransfer(w.legOf("c1", "agent"), "+15145550102");
    w.clock.advance(5000);
    expect(w.first("c1", "TransferResult")).toMatchObject({ ok: false, cause: "busy" });
    expect(w.first("c1", "CallEnded")!.cause).toBe("busy");
  });
});

describe("inbound", () => {
  it("announces the call, rings the chosen agent without auto-answer, and bridges the caller on answer", async () => {
    const w = await setup({ line: answersAt(2000) });
    const callId = w.pbx.placeInbound({ from: "+15145550142", did: "+18005550100" });
    const caller = w.legOf(callId, "inbound");
    expect(w.calls(callId)[0]).toMatchObject({
      kind: "InboundCall",
      legId: caller,
      from: "+15145550142",
      did: "+18005550100",
      targetExt: null,
    });
    await w.pbx.answerInbound(callId, "1001", { callType: "inbound" });
    expect(w.offers).toMatchObject([
      { callId, ext: "1001", from: "+15145550142", autoAnswer: false, vars: { callType: "inbound" } },
    ]);
    w.clock.advance(2000);
    expect(w.first(callId, "Bridged")!.legIds).toEqual([w.legOf(callId, "agent"), caller]);
    w.clock.advance(10 * MINUTE);
    expect(w.first(callId, "CallEnded")).toBeUndefined();
  });

  it("a rejected offer leaves the caller waiting for another agent; unanswered, the caller gives up after 60 s", async () => {
    const w = await setup({
      line: (o) => (o.ext === "1001" ? { rejectAfterMs: 1000 } : { answerAfterMs: 500 }),
    });
    const a = w.pbx.placeInbound({ from: "+15145550142", did: "+18005550100", callId: "in-a" });
    const b = w.pbx.placeInbound({ from: "+15145550143", did: "+18005550100", callId: "in-b" });
    await w.pbx.answerInbound(a, "1001");
    await w.pbx.answerInbound(b, "1001");
    w.clock.advance(5000);
    expect(w.first(a, "LegHungUp")).toMatchObject({ legId: w.legOf(a, "agent"), cause: "rejected" });
    await w.pbx.answerInbound(b, "1002");
    w.clock.advance(MINUTE);
    expect(
      w
        .calls(a)
        .slice(-2)
        .map((e) => [e.kind, "cause" in e ? e.cause : null, e.ts - T0]),
    ).toEqual([
      ["LegHungUp", "canceled", 60_000],
      ["CallEnded", "canceled", 60_000],
    ]);
    expect(w.first(b, "Bridged")).toBeDefined();
    expect(w.first(b, "CallEnded")).toBeUndefined();
  });

  it("without a phone line the simulated softphone answers an inbound offer", async () => {
    const w = await setup();
    const callId = w.pbx.placeInbound({ from: "+15145550142", did: "+18005550100" });
    await w.pbx.answerInbound(callId, "1001");
    w.clock.advance(150);
    expect(w.first(callId, "Bridged")).toBeDefined();
  });
});

describe("conferences and recordings", () => {
  it("start, join (Conference joined on answer), kick, destroy", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    w.clock.advance(5000);
    const confId = await w.pbx.conference.start("c1");
    expect(await w.pbx.conference.start("c1")).toBe(confId);
    const party = await w.pbx.conference.join(confId, "+15145550177");
    expect(w.first("c1", "Conference", (e) => e.action === "joined")).toBeUndefined();
    w.clock.advance(5000);
    expect(w.first("c1", "Conference", (e) => e.action === "joined")!.legId).toBe(party);
    await w.pbx.conference.kick(confId, party);
    expect(w.first("c1", "LegHungUp", (e) => e.legId === party)).toBeDefined();
    expect(w.first("c1", "CallEnded")).toBeUndefined();
    await w.pbx.conference.destroy(confId);
    expect(
      w
        .calls("c1")
        .slice(-4)
        .map((e) => (e.kind === "Conference" ? e.action : e.kind)),
    ).toEqual(["LegHungUp", "LegHungUp", "destroyed", "CallEnded"]);
  });

  it("the agent may leave: the others stay connected until they hang up", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    w.clock.advance(5000);
    const confId = await w.pbx.conference.start("c1");
    await w.pbx.conference.join(confId, "+15145550177");
    w.clock.advance(5000);
    await w.pbx.conference.leave(confId, "1001");
    expect(w.first("c1", "Conference", (e) => e.action === "left")!.legId).toBe(w.legOf("c1", "agent"));
    expect(
      w.pbx
        .legsOf("c1")
        .filter((l) => l.state === "answered")
        .map((l) => l.role),
    ).toEqual(["lead", "third-party"]);
    w.clock.advance(2 * 60 * MINUTE);
    expect(w.calls("c1").at(-1)!.kind).toBe("CallEnded");
  });

  it("a recording finishes when stopped, or with its leg or call", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    w.clock.advance(5000);
    const a = await w.pbx.startRecording({ callId: "c1" }, "whole");
    const b = await w.pbx.startRecording({ legId: w.legOf("c1", "agent") }, "agent");
    await w.pbx.stopRecording(b);
    await w.pbx.stopRecording(b);
    await w.pbx.hangupCall("c1");
    const recs = w.calls("c1").filter((e) => e.kind === "RecordingStarted" || e.kind === "RecordingFinished");
    expect(recs.map((e) => [e.kind, "recId" in e ? e.recId : null])).toEqual([
      ["RecordingStarted", a],
      ["RecordingStarted", b],
      ["RecordingFinished", b],
      ["RecordingFinished", a],
    ]);
    expect(recs.at(-1)).toMatchObject({ uri: null });
    await expect(w.pbx.startRecording({ callId: "c1" }, "late")).rejects.toBeInstanceOf(SimPbxError);
  });

  it("a clip plays into the answered call, in the agent's mix, until its end, a stop, a newer clip or the call's end", async () => {
    const w = await setup({ line: answersAt(150) });
    const clip = (name: string) => ({ name, file: `/clips/${name}.ulaw`, durationMs: 4000 });
    await w.dial("+15145550100");
    // Nobody to play to while the lead rings.
    await expect(w.pbx.playback("c1", clip("early"))).rejects.toBeInstanceOf(SimPbxError);
    w.clock.advance(5000);
    const mixOf = () => w.plays(w.legOf("c1", "agent")).at(-1);
    const first = await w.pbx.playback("c1", clip("a"));
    expect(mixOf()).toBe("human+playback");
    w.clock.advance(4000);
    expect(mixOf()).toBe("human");
    const second = await w.pbx.playback("c1", clip("b"));
    const third = await w.pbx.playback("c1", clip("c"));
    w.clock.advance(1000);
    await w.pbx.stopPlayback(third);
    await w.pbx.stopPlayback(third);
    const fourth = await w.pbx.playback("c1", clip("d"));
    await w.pbx.hangupCall("c1");
    const played = w.calls("c1").filter((e) => e.kind === "PlaybackStarted" || e.kind === "PlaybackFinished");
    expect(
      played.map((e) => [
        e.kind,
        "playbackId" in e ? e.playbackId : null,
        "reason" in e ? e.reason : e.media,
      ]),
    ).toEqual([
      ["PlaybackStarted", first, "a"],
      ["PlaybackFinished", first, "done"],
      ["PlaybackStarted", second, "b"],
      ["PlaybackFinished", second, "stopped"],
      ["PlaybackStarted", third, "c"],
      ["PlaybackFinished", third, "stopped"],
      ["PlaybackStarted", fourth, "d"],
      ["PlaybackFinished", fourth, "ended"],
    ]);
    await expect(w.pbx.playback("c1", clip("late"))).rejects.toBeInstanceOf(SimPbxError);
  });
});

describe("views", () => {
  it("legsOf and callOf show the call's legs for the SIP edge", async () => {
    const w = await setup({ line: answersAt(150) });
    await w.dial("+15145550100");
    w.clock.advance(5000);
    const agent = w.legOf("c1", "agent");
    expect(w.pbx.callOf(agent)).toMatchObject({ callId: "c1", direction: "outbound", state: "live" });
    expect(w.pbx.legsOf("c1")[0]).toMatchObject({
      legId: agent,
      role: "agent",
      ext: "1001",
      state: "answered",
      sound: "human",
    });
    expect(w.pbx.legsOf("unknown")).toEqual([]);
    expect(w.pbx.callOf("unknown")).toBeUndefined();
  });
});
