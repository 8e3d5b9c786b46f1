// A supervisor on SimPbx (PbxCalls.supervise): the phone is offered like an agent's, answering by itself, and
// hears what the agent hears plus the agent's live voice; the agent hears the supervisor in whisper and barge,
// the lead in barge only. The shared driver suite (server/pbx/suite) holds the events equal to Asterisk's.
import { describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import type { AgentPhoneLine, LegMix } from "../driver";
import { SimPbx } from "./pbx";
import { recordTrace, scriptedLine, type Trace } from "./testing";

const T0 = Date.UTC(2026, 0, 5, 14, 0, 0);

async function supervisedCall() {
  const clock = manualClock(T0);
  const pbx = new SimPbx({ clock, directory: async () => "webrtc" });
  const trace: Trace = recordTrace(pbx, T0);
  const base = scriptedLine(clock, trace, T0, () => ({ answerAfterMs: 100 }));
  // What the line was told each party hears (partyHears), and the parties it was told had ended.
  const parties = new Map<string, LegMix>();
  const partiesEnded: string[] = [];
  const line: AgentPhoneLine = {
    ...base,
    partyHears: (legId, mix) => parties.set(legId, mix),
    end(legId) {
      if (parties.has(legId)) partiesEnded.push(legId);
      base.end(legId);
    },
  };
  pbx.attachPhoneLine(line);
  await pbx.register("1001");
  await pbx.register("3001");
  await pbx.originate({ callId: "c1", agentExt: "1001", to: "+15550000010", mode: "manual" });
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 50) {
      clock.advance(50);
      await new Promise((r) => setImmediate(r));
    }
  };
  await run(5000);
  const leg = (role: string) => pbx.legsOf("c1").find((l) => l.role === role)!;
  const sup = await pbx.supervise({ agentLegId: leg("agent").legId, ext: "3001", mode: "monitor", vars: { callType: "supervise" } });
  await run(500);
  /** What each leg hears now: the agent and the supervisor as the PBX has it, the lead as the line was told. */
  const mixes = () => ({
    agent: leg("agent").hears,
    supervisor: leg("supervisor").hears,
    lead: parties.get(leg("lead").legId) ?? [],
  });
  return { pbx, trace, run, leg, sup, mixes, parties, partiesEnded };
}

const voice = (legId: string) => ({ sound: "voice", legId });

describe("SimPbx supervision", () => {
  it("rings the supervisor's phone as a call the person asked for, with the lead's number and the given vars", async () => {
    const { trace, sup } = await supervisedCall();
    expect(trace.entries).toContainEqual(
      expect.objectContaining({ line: "ring", legId: sup, ext: "3001", from: "+15550000010", autoAnswer: true, vars: { callType: "supervise" } }),
    );
  });

  it("in monitor the supervisor hears the lead and the agent's voice; nobody hears the supervisor", async () => {
    const { pbx, run, leg, sup, mixes } = await supervisedCall();
    const lead = leg("lead").legId;
    const agent = leg("agent").legId;
    expect(mixes()).toEqual({
      agent: [{ sound: "human", legId: lead }],
      supervisor: [{ sound: "human", legId: lead }, voice(agent)],
      lead: [voice(agent)],
    });
    // The lead held (music on hold): the agent hears nothing, the supervisor still hears the agent.
    await pbx.hold(lead, true);
    await run(100);
    expect(mixes()).toEqual({ agent: [], supervisor: [voice(agent)], lead: [] });
    expect(JSON.stringify(mixes())).not.toContain(sup);
  });

  it("whisper: the agent hears the supervisor, the lead does not; barge: the lead does too; each change reaches the line", async () => {
    const { pbx, trace, run, leg, sup, mixes } = await supervisedCall();
    const lead = leg("lead").legId;
    const agent = leg("agent").legId;
    const agentPlays = () => trace.entries.filter((e) => e.line === "play" && e.legId === agent).map((e) => e.sound);

    expect(await pbx.supervise({ agentLegId: agent, ext: "3001", mode: "whisper" })).toBe(sup);
    await run(100);
    expect(mixes()).toEqual({
      agent: [{ sound: "human", legId: lead }, voice(sup)],
      // Never its own voice.
      supervisor: [{ sound: "human", legId: lead }, voice(agent)],
      lead: [voice(agent)],
    });
    expect(agentPlays().at(-1)).toBe("human+voice");

    await pbx.supervise({ agentLegId: agent, ext: "3001", mode: "barge" });
    await run(100);
    expect(mixes()).toEqual({
      agent: [{ sound: "human", legId: lead }, voice(sup)],
      supervisor: [{ sound: "human", legId: lead }, voice(agent)],
      lead: [voice(agent), voice(sup)],
    });

    // Back to monitor: the supervisor's voice leaves both mixes.
    await pbx.supervise({ agentLegId: agent, ext: "3001", mode: "monitor" });
    await run(100);
    expect(mixes()).toMatchObject({ agent: [{ sound: "human", legId: lead }], lead: [voice(agent)] });
    expect(agentPlays().at(-1)).toBe("human");
  });

  it("the supervisor hanging up takes its voice out of every mix; the lead's end lets its ear go", async () => {
    const { pbx, run, leg, sup, mixes, partiesEnded } = await supervisedCall();
    const lead = leg("lead").legId;
    const agent = leg("agent").legId;
    await pbx.supervise({ agentLegId: agent, ext: "3001", mode: "barge" });
    await run(100);
    expect(mixes().lead).toEqual([voice(agent), voice(sup)]);
    await pbx.hangup(sup);
    await run(100);
    expect(leg("agent").hears).toEqual([{ sound: "human", legId: lead }]);
    expect(mixes().lead).toEqual([voice(agent)]);
    await pbx.hangup(lead);
    await run(100);
    expect(partiesEnded).toEqual([lead]);
  });

  it("is not a member: the lead hanging up ends the call, the supervisor's leg before the call", async () => {
    const { pbx, trace, run, leg } = await supervisedCall();
    await pbx.hangup(leg("lead").legId);
    await run(100);
    const tail = trace.events.slice(-4).map((e) => `${e.kind}${"legId" in e && e.legId ? `:${pbx.legsOf("c1").find((l) => l.legId === e.legId)?.role}` : ""}`);
    expect(tail).toEqual(["LegHungUp:lead", "LegHungUp:agent", "LegHungUp:supervisor", "CallEnded"]);
  });
});
