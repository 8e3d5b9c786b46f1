// The scripted scenarios behind the golden traces (golden.test.ts): each runs on a manual clock with a fixed
// seed and returns what the PBX emitted and what it asked the agent's phone line to do.
import { manualClock, type ManualClock } from "../../../src/core/clock";
import type { AgentLegOffer } from "../driver";
import { SimPbx } from "./pbx";
import { recordTrace, scriptedLine, type LineBehaviour, type Trace, type TraceEntry } from "./testing";

export const T0 = Date.UTC(2026, 0, 5, 14, 0, 0);
const SEED = 42;
const HOUR = 3_600_000;

interface World {
  clock: ManualClock;
  pbx: SimPbx;
  trace: Trace;
  /** The live agent leg of a call. */
  agentLeg(callId: string): string;
  leadLeg(callId: string): string;
}

/** 1001 a registered WebRTC softphone, 1002 an unregistered one, 2001 an (open) desk phone. */
async function world(line?: (offer: AgentLegOffer) => LineBehaviour): Promise<World> {
  const clock = manualClock(T0);
  const pbx = new SimPbx({ clock, seed: SEED });
  pbx.provision("1001", "webrtc");
  pbx.provision("1002", "webrtc");
  pbx.provision("2001", "external");
  await pbx.register("1001");
  const trace = recordTrace(pbx, T0);
  if (line) pbx.attachPhoneLine(scriptedLine(clock, trace, T0, line));
  const find = (callId: string, role: string) =>
    pbx.legsOf(callId).find((l) => l.role === role && l.state !== "ended")?.legId ?? "none";
  return { clock, pbx, trace, agentLeg: (c) => find(c, "agent"), leadLeg: (c) => find(c, "lead") };
}

const answers = (answerAfterMs: number) => () => ({ answerAfterMs });

async function manualCall(
  w: World,
  to: string,
  extra: { amd?: boolean; agentExt?: string } = {},
): Promise<void> {
  await w.pbx.originate({
    callId: "c1",
    agentExt: extra.agentExt ?? "1001",
    to,
    mode: "manual",
    amd: extra.amd ?? true,
    vars: { callId: "7", callType: "manual" },
  });
}

export const SCENARIOS: Record<string, () => Promise<TraceEntry[]>> = {
  async "manual-human"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(10_000);
    await w.pbx.hangup(w.agentLeg("c1"));
    w.clock.advance(1000);
    return w.trace.entries;
  },

  /** Auto dial, simulated softphone (no line): a machine answers, AMD says so, the machine hangs up. */
  async "auto-machine-01"() {
    const w = await world();
    await w.pbx.originate({ callId: "c1", agentExt: "1001", to: "+15145550101", mode: "auto", amd: true });
    w.clock.advance(2 * 60_000);
    return w.trace.entries;
  },

  async "manual-busy-02"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550102");
    w.clock.advance(10_000);
    return w.trace.entries;
  },

  async "manual-no-answer-03"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550103");
    w.clock.advance(40_000);
    return w.trace.entries;
  },

  async "voicemail-box"() {
    const w = await world(answers(300));
    await manualCall(w, "*97", { amd: false });
    w.clock.advance(5000);
    await w.pbx.hangup(w.agentLeg("c1"));
    return w.trace.entries;
  },

  async "unavailable-extension"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100", { agentExt: "1002" });
    w.clock.advance(5000);
    return w.trace.entries;
  },

  async "external-phone-closed"() {
    const w = await world();
    await w.pbx.setPhoneOpen("2001", false);
    await manualCall(w, "+15145550100", { agentExt: "2001" });
    w.clock.advance(5000);
    return w.trace.entries;
  },

  async "external-phone-open"() {
    const w = await world();
    await manualCall(w, "+15145550100", { agentExt: "2001" });
    w.clock.advance(10_000);
    await w.pbx.hangup(w.agentLeg("c1"));
    return w.trace.entries;
  },

  async "inbound-answered"() {
    const w = await world(answers(2000));
    const callId = w.pbx.placeInbound({ from: "+15145550142", did: "+18005550100" });
    w.clock.advance(500);
    await w.pbx.answerInbound(callId, "1001", { callId: "8", callType: "inbound" });
    w.clock.advance(60_000);
    await w.pbx.hangup(w.agentLeg(callId));
    return w.trace.entries;
  },

  async "inbound-rejected-then-given-up"() {
    const w = await world(() => ({ rejectAfterMs: 1500 }));
    const callId = w.pbx.placeInbound({ from: "+15145550142", did: "+18005550100" });
    w.clock.advance(500);
    await w.pbx.answerInbound(callId, "1001", { callId: "8", callType: "inbound" });
    w.clock.advance(70_000);
    return w.trace.entries;
  },

  async "hold-dtmf-blind-transfer"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const agent = w.agentLeg("c1");
    await w.pbx.hold(agent, true);
    w.clock.advance(2000);
    await w.pbx.hold(agent, false);
    await w.pbx.sendDtmf(agent, "12#");
    await w.pbx.blindTransfer(agent, "+15145550188");
    w.clock.advance(2 * HOUR);
    return w.trace.entries;
  },

  async "blind-transfer-to-busy"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    await w.pbx.blindTransfer(w.agentLeg("c1"), "+15145550102");
    w.clock.advance(10_000);
    return w.trace.entries;
  },

  async "conference-join-kick-destroy"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const lead = w.leadLeg("c1");
    const confId = await w.pbx.conference.start("c1");
    await w.pbx.hold(lead, true);
    const party = await w.pbx.conference.join(confId, "+15145550177");
    w.clock.advance(5000);
    await w.pbx.hold(lead, false);
    w.clock.advance(5000);
    await w.pbx.conference.kick(confId, party);
    await w.pbx.conference.join(confId, "+15145550103"); // rings out
    w.clock.advance(35_000);
    await w.pbx.conference.join(confId, "+15145550166");
    w.clock.advance(5000);
    await w.pbx.conference.destroy(confId);
    w.clock.advance(1000);
    return w.trace.entries;
  },

  async "conference-agent-leaves"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const confId = await w.pbx.conference.start("c1");
    await w.pbx.conference.join(confId, "+15145550177");
    w.clock.advance(5000);
    await w.pbx.conference.leave(confId, "1001");
    w.clock.advance(2 * HOUR);
    return w.trace.entries;
  },

  async recording() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const agent = w.agentLeg("c1");
    await w.pbx.startRecording({ callId: "c1" }, "call-7");
    const onAgent = await w.pbx.startRecording({ legId: agent }, "agent-7");
    w.clock.advance(3000);
    await w.pbx.stopRecording(onAgent);
    w.clock.advance(1000);
    await w.pbx.hangup(agent);
    return w.trace.entries;
  },
};
