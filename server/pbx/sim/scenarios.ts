// The scripted scenarios behind the golden traces (golden.test.ts): each runs on a manual clock with a fixed
// seed and returns what the PBX emitted and what it asked the agent's phone line to do.
import { manualClock, type ManualClock } from "../../../src/shared/clock";
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

/**
 * 1001 a registered WebRTC softphone, 1002 an unregistered one, 2001 an (open) desk phone; with `advisors`,
 * 1003 and 1004 registered WebRTC softphones of advisors (live transfers; not in the other worlds, whose
 * traces would otherwise shift by their ExtensionState events).
 */
async function world(
  line?: (offer: AgentLegOffer) => LineBehaviour,
  opts: { advisors?: boolean } = {},
): Promise<World> {
  const clock = manualClock(T0);
  const pbx = new SimPbx({ clock, seed: SEED });
  pbx.provision("1001", "webrtc");
  pbx.provision("1002", "webrtc");
  pbx.provision("2001", "external");
  await pbx.register("1001");
  if (opts.advisors)
    for (const ext of ["1003", "1004"]) {
      pbx.provision(ext, "webrtc");
      await pbx.register(ext);
    }
  const trace = recordTrace(pbx, T0);
  if (line) pbx.attachPhoneLine(scriptedLine(clock, trace, T0, line));
  const find = (callId: string, role: string) =>
    pbx.legsOf(callId).find((l) => l.role === role && l.state !== "ended")?.legId ?? "none";
  return { clock, pbx, trace, agentLeg: (c) => find(c, "agent"), leadLeg: (c) => find(c, "lead") };
}

const answers = (answerAfterMs: number) => () => ({ answerAfterMs });
/** The agent's softphone answers at once (auto-answer); an advisor's after `advisorMs`, or never (null). */
const advisorsAnswer =
  (advisorMs: Record<string, number | null>) =>
  (offer: AgentLegOffer): LineBehaviour => {
    const ms = advisorMs[offer.ext];
    if (ms === null) return "ignore";
    return { answerAfterMs: ms ?? 300 };
  };
/** What a live-transfer offer carries to the advisor's workspace. */
const TRANSFER_VARS = { vars: { callId: "7", leadId: "9", callType: "transfer" } };

/** Level 1 → 2 of an external transfer, as the gateway does it: the conference, the lead held, the party. */
async function consult(
  w: World,
  party: string,
  callId = "c1",
): Promise<{ confId: string; lead: string; party: string }> {
  const lead = w.leadLeg(callId);
  const confId = await w.pbx.conference.start(callId);
  await w.pbx.hold(lead, true);
  return { confId, lead, party: await w.pbx.conference.join(confId, party) };
}

async function manualCall(
  w: World,
  to: string,
  extra: { amd?: boolean; agentExt?: string; callId?: string } = {},
): Promise<void> {
  await w.pbx.originate({
    callId: extra.callId ?? "c1",
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

  // ------------------------------------------------------------ external transfers (join a number)

  /**
   * Level 1 start, 2 join (the lead held: the agent hears the party alone), merged (the agent hears the mix
   * of the lead and the party), 3 leave: the lead and the party stay connected; the party hangs up and the
   * call, down to the lead, ends.
   */
  async "external-transfer-three-levels"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const c = await consult(w, "+15145550177");
    w.clock.advance(5000);
    await w.pbx.hold(c.lead, false); // merge
    w.clock.advance(3000);
    await w.pbx.conference.leave(c.confId, "1001");
    w.clock.advance(60_000);
    await w.pbx.hangup(c.party); // the party hangs up
    w.clock.advance(1000);
    return w.trace.entries;
  },

  /** The party kicked while consulting: the agent hears silence (the lead still held) until it resumes it. */
  async "external-transfer-kick-party"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const c = await consult(w, "+15145550177");
    w.clock.advance(5000);
    await w.pbx.conference.kick(c.confId, c.party);
    await w.pbx.hold(c.lead, false);
    w.clock.advance(5000);
    await w.pbx.hangup(w.agentLeg("c1"));
    return w.trace.entries;
  },

  /** Destroy once merged: every leg ends, the conference is destroyed, the call ends. */
  async "external-transfer-destroy"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const c = await consult(w, "+15145550177");
    w.clock.advance(5000);
    await w.pbx.hold(c.lead, false);
    w.clock.advance(2000);
    await w.pbx.conference.destroy(c.confId);
    w.clock.advance(1000);
    return w.trace.entries;
  },

  /**
   * A party that never answers: ringback for the agent, LegHungUp no-answer at the ring timeout; the agent
   * and the lead are still together (the gateway resumes the lead) and the conference has no party.
   */
  async "external-transfer-party-no-answer"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const c = await consult(w, "+15145550103");
    w.clock.advance(35_000);
    await w.pbx.hold(c.lead, false);
    w.clock.advance(5000);
    await w.pbx.hangup(w.agentLeg("c1"));
    return w.trace.entries;
  },

  /**
   * The lead hangs up during the consult. c1: the party still rings, so it is cancelled; the agent, alone,
   * is hung up and the call ends. c2: the party answered; the agent and the party stay connected (a call
   * ends when fewer than two legs remain), until the agent hangs up.
   */
  async "external-transfer-lead-hangs-up-during-consult"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const c1 = await consult(w, "+15145550177");
    w.clock.advance(800); // the party rings
    await w.pbx.hangup(c1.lead);
    w.clock.advance(1000);
    await manualCall(w, "+15145550100", { callId: "c2" });
    w.clock.advance(5000);
    const c2 = await consult(w, "+15145550177", "c2");
    w.clock.advance(5000); // the party answered
    await w.pbx.hangup(c2.lead);
    w.clock.advance(5000);
    await w.pbx.hangup(w.agentLeg("c2"));
    return w.trace.entries;
  },

  // ------------------------------------------------------------ live transfers (join an agent's extension)

  /**
   * The qualifier (1001) holds the lead and rings an advisor (1003) into the conference: ringback while it
   * rings; answered, it joins. Merged, both agents hear the lead. The qualifier leaves: the lead and the
   * advisor stay connected, the advisor is the call's agent, and its hangup ends the call.
   */
  async "live-transfer-advisor-joins-qualifier-leaves"() {
    const w = await world(advisorsAnswer({ "1003": 2000 }), { advisors: true });
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const lead = w.leadLeg("c1");
    const confId = await w.pbx.conference.start("c1");
    await w.pbx.hold(lead, true);
    const advisor = await w.pbx.conference.joinAgent(confId, "1003", TRANSFER_VARS);
    w.clock.advance(5000);
    await w.pbx.hold(lead, false); // merge
    w.clock.advance(5000);
    await w.pbx.conference.leave(confId, "1001");
    w.clock.advance(30_000);
    await w.pbx.hangup(advisor);
    w.clock.advance(1000);
    return w.trace.entries;
  },

  /**
   * The qualifier hangs up (rather than leave) while the advisor, on a desk phone, still rings: the lead is
   * handed over (Conference left), not dropped; the desk phone answers and the advisor has the lead.
   */
  async "live-transfer-qualifier-hangs-up-while-advisor-rings"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const confId = await w.pbx.conference.start("c1");
    const advisor = await w.pbx.conference.joinAgent(confId, "2001", TRANSFER_VARS);
    w.clock.advance(500);
    await w.pbx.hangup(w.agentLeg("c1"));
    w.clock.advance(5000);
    await w.pbx.hangup(advisor);
    return w.trace.entries;
  },

  /**
   * keepLead (a live transfer still looking for an advisor): the qualifier's softphone hangs up, the lead stays
   * alone and is held, the qualifier is rung back (a second leg of its own extension) and answers; the lead is
   * resumed. keepLead off again with the qualifier back changes nothing; its hangup then ends the call.
   */
  async "live-transfer-qualifier-hangs-up-while-seeking"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const lead = w.leadLeg("c1");
    await w.pbx.keepLead("c1", true);
    await w.pbx.hangup(w.agentLeg("c1"));
    w.clock.advance(100);
    await w.pbx.hold(lead, true);
    const confId = await w.pbx.conference.start("c1");
    const back = await w.pbx.conference.joinAgent(confId, "1001", { vars: { callId: "7", leadId: "9", callType: "ring-back" } });
    w.clock.advance(1000);
    await w.pbx.hold(lead, false);
    await w.pbx.keepLead("c1", false);
    w.clock.advance(5000);
    await w.pbx.hangup(back);
    return w.trace.entries;
  },

  /** keepLead turned off while the lead is alone (nobody came back, no advisor): the call ends at once. */
  async "live-transfer-kept-lead-released"() {
    const w = await world(answers(300));
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    await w.pbx.keepLead("c1", true);
    await w.pbx.hangup(w.agentLeg("c1"));
    w.clock.advance(30_000);
    await w.pbx.keepLead("c1", false);
    return w.trace.entries;
  },

  /** No phone line attached: SimPbx answers the advisor's WebRTC leg itself, as it does the agent's. */
  async "live-transfer-advisor-without-line"() {
    const w = await world(undefined, { advisors: true });
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const confId = await w.pbx.conference.start("c1");
    await w.pbx.conference.joinAgent(confId, "1003", TRANSFER_VARS);
    w.clock.advance(1000);
    await w.pbx.conference.leave(confId, "1001");
    w.clock.advance(1000);
    await w.pbx.hangup(w.leadLeg("c1"));
    return w.trace.entries;
  },

  /**
   * joinAgent racing: an unregistered advisor (1002) ends 'unavailable' at once; 1003 and 1004 requested
   * together both ring (the PBX does not arbitrate), a repeated request for 1003 rings nothing new; both
   * answer, the gateway kicks 1004; 1004 never answering would end 'no-answer' at the ring timeout.
   */
  async "live-transfer-two-advisors-race"() {
    const w = await world(advisorsAnswer({ "1003": 2000, "1004": 3000 }), { advisors: true });
    await manualCall(w, "+15145550100");
    w.clock.advance(5000);
    const confId = await w.pbx.conference.start("c1");
    await w.pbx.conference.joinAgent(confId, "1002", TRANSFER_VARS);
    const [a, b, again] = await Promise.all([
      w.pbx.conference.joinAgent(confId, "1003", TRANSFER_VARS),
      w.pbx.conference.joinAgent(confId, "1004", TRANSFER_VARS),
      w.pbx.conference.joinAgent(confId, "1003", TRANSFER_VARS),
    ]);
    if (again !== a || a === b) throw new Error(`joinAgent race: ${a} ${b} ${again}`);
    w.clock.advance(5000);
    await w.pbx.conference.kick(confId, b);
    await w.pbx.conference.leave(confId, "1001");
    w.clock.advance(5000);
    await w.pbx.hangup(w.leadLeg("c1"));
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
