// Scenarios of the shared driver suite: each acts only through the PbxDriver interface and the world's
// controls (register a phone, an inbound caller), so it runs unchanged on SimPbx and on AriDriver + the fake
// Asterisk. Numbers follow the simulated profile's rules: …01 a machine, …02 busy, …03 never answers, …0204 a
// person AMD cannot classify, …0205 declines, others a person (manual dials).
import { expect } from "vitest";
import type { DriverWorld, WorldOptions } from "./worlds";

export interface Scenario {
  world?: WorldOptions;
  run(w: DriverWorld): Promise<void>;
}

const PERSON = "+15550000010";
const MACHINE = "+15550000101";
const BUSY = "+15550000102";
const NO_ANSWER = "+15550000103";
const NOT_SURE = "+15550000204";
const DECLINES = "+15550000205";

async function manualCall(w: DriverWorld, to = PERSON, extra: { amd?: boolean; agentExt?: string; mode?: "manual" | "auto"; ringTimeoutMs?: number } = {}) {
  await w.pbx.originate({
    callId: "c1",
    agentExt: extra.agentExt ?? "1001",
    to,
    mode: extra.mode ?? "manual",
    ...(extra.amd ? { amd: true } : {}),
    ...(extra.ringTimeoutMs ? { ringTimeoutMs: extra.ringTimeoutMs } : {}),
    vars: { callId: "c1", leadId: "9", callType: "manual" },
  });
  await w.settle();
}

export const SCENARIOS: Record<string, Scenario> = {
  "person answers, agent hangs up": {
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      await w.pbx.hangup(w.legOf("c1", "agent"));
      await w.run(500);
    },
  },
  "machine: AMD-Machine-Vm-WA while connected": {
    async run(w) {
      await manualCall(w, MACHINE, { amd: true });
      await w.run(8000);
      await w.pbx.hangupCall("c1");
      await w.run(500);
    },
  },
  "person with AMD: AMD-Human-voice": {
    async run(w) {
      await manualCall(w, PERSON, { amd: true });
      await w.run(8000);
      await w.pbx.hangupCall("c1");
      await w.run(500);
    },
  },
  "not sure: AMD-NotSure while connected": {
    async run(w) {
      await manualCall(w, NOT_SURE, { amd: true });
      await w.run(8000);
      await w.pbx.hangupCall("c1");
      await w.run(500);
    },
  },
  "the lead declines the call: rejected": {
    async run(w) {
      await manualCall(w, DECLINES);
      await w.run(5000);
    },
  },
  "busy lead: busy tone, then the call ends busy": {
    async run(w) {
      await manualCall(w, BUSY);
      await w.run(6000);
    },
  },
  "no answer within the ring timeout": {
    async run(w) {
      await manualCall(w, NO_ANSWER, { ringTimeoutMs: 5000 });
      await w.run(8000);
    },
  },
  "agent's softphone not registered: unavailable": {
    async run(w) {
      await manualCall(w, PERSON, { agentExt: "1002" });
      await w.run(500);
    },
  },
  "agent rejects the call": {
    world: { phone: () => ({ rejectAfterMs: 400 }) },
    async run(w) {
      await manualCall(w);
      await w.run(2000);
    },
  },
  "desk phone agent": {
    async run(w) {
      await manualCall(w, PERSON, { agentExt: "2001" });
      await w.run(6000);
      await w.pbx.hangupCall("c1");
      await w.run(200);
    },
  },
  "inbound answered by an agent": {
    async run(w) {
      const callId = await w.placeInbound("+15557654321", "8445550101");
      await w.run(300);
      await w.pbx.answerInbound(callId, "1001", { callType: "inbound" });
      await w.run(2000);
      await w.pbx.hangup(w.legOf(callId, "agent"));
      await w.run(300);
    },
  },
  "inbound: the agent rejects, the caller waits for another": {
    world: { phone: (ext) => (ext === "1001" ? { rejectAfterMs: 300 } : undefined), unregistered: [] },
    async run(w) {
      const callId = await w.placeInbound("+15557654321", "8445550101");
      await w.pbx.answerInbound(callId, "1001");
      await w.run(1000);
      await w.pbx.answerInbound(callId, "1002");
      await w.run(1000);
      await w.pbx.hangupCall(callId);
      await w.run(200);
    },
  },
  "hold, DTMF, resume": {
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const lead = w.legOf("c1", "lead");
      await w.pbx.hold(lead, true);
      await w.run(1000);
      await w.pbx.hold(lead, false);
      await w.pbx.sendDtmf(w.legOf("c1", "agent"), "12#");
      await w.run(500);
      await w.pbx.hangupCall("c1");
      await w.run(200);
    },
  },
  "blind transfer to a number that answers": {
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      await w.pbx.blindTransfer(w.legOf("c1", "agent"), "+15550000077");
      await w.run(5000);
      await w.pbx.hangupCall("c1");
      await w.run(200);
    },
  },
  "blind transfer to a busy number": {
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      await w.pbx.blindTransfer(w.legOf("c1", "agent"), BUSY);
      await w.run(3000);
    },
  },
  "three-way: a party joins, the agent leaves, the kick ends it": {
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const lead = w.legOf("c1", "lead");
      const confId = await w.pbx.conference.start("c1");
      await w.pbx.hold(lead, true);
      const party = await w.pbx.conference.join(confId, "+15550000088");
      await w.run(4000);
      await w.pbx.hold(lead, false);
      await w.pbx.conference.leave(confId, "1001");
      await w.run(500);
      await w.pbx.conference.kick(confId, party);
      await w.run(500);
    },
  },
  "warm transfer to an advisor: joinAgent, the qualifier leaves": {
    world: { unregistered: [] },
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const confId = await w.pbx.conference.start("c1");
      await w.pbx.hold(w.legOf("c1", "lead"), true);
      await w.pbx.conference.joinAgent(confId, "1002", { vars: { callType: "transfer" } });
      await w.run(1000);
      await w.pbx.hold(w.legOf("c1", "lead"), false);
      await w.pbx.conference.leave(confId, "1001");
      await w.run(500);
      await w.pbx.conference.destroy(confId);
      await w.run(200);
    },
  },
  "warm transfer cancelled after the advisor answered: the lead is resumed": {
    world: { unregistered: [] },
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const lead = w.legOf("c1", "lead");
      const confId = await w.pbx.conference.start("c1");
      await w.pbx.hold(lead, true);
      const advisor = await w.pbx.conference.joinAgent(confId, "1002", { vars: { callType: "transfer" } });
      await w.run(1000);
      await w.pbx.conference.kick(confId, advisor);
      await w.pbx.hold(lead, false);
      await w.run(1000);
      await w.pbx.hangup(w.legOf("c1", "agent"));
      await w.run(200);
    },
  },
  "warm transfer unanswered: the advisor's phone rings out": {
    world: { unregistered: [], phone: (ext) => (ext === "1002" ? "ignore" : undefined) },
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const confId = await w.pbx.conference.start("c1");
      await w.pbx.conference.joinAgent(confId, "1002", { ringTimeoutMs: 4000 });
      await w.run(6000);
      await w.pbx.hangupCall("c1");
      await w.run(200);
    },
  },
  "warm transfer cancelled while the advisor rings": {
    world: { unregistered: [], phone: (ext) => (ext === "1002" ? "ignore" : undefined) },
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const confId = await w.pbx.conference.start("c1");
      const advisor = await w.pbx.conference.joinAgent(confId, "1002");
      await w.run(3000);
      await w.pbx.conference.kick(confId, advisor);
      await w.run(500);
      await w.pbx.hangupCall("c1");
      await w.run(200);
    },
  },
  "the lead hangs up mid-consult: the ringing party is cancelled": {
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const confId = await w.pbx.conference.start("c1");
      await w.pbx.conference.join(confId, NO_ANSWER);
      await w.run(1000);
      await w.pbx.hangup(w.legOf("c1", "lead"));
      await w.run(500);
    },
  },
  "recording of the call": {
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const rec = await w.pbx.startRecording({ callId: "c1" }, "extra-1");
      await w.run(2000);
      await w.pbx.stopRecording(rec);
      await w.run(500);
      await w.pbx.hangupCall("c1");
      await w.run(200);
    },
  },
  "supervisor monitors, then whispers, then barges; the agent's hangup ends it all": {
    world: { unregistered: [] },
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const agent = w.legOf("c1", "agent");
      const sup = await w.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "monitor" });
      await w.run(1000);
      expect(await w.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "whisper" })).toBe(sup);
      await w.run(500);
      await w.pbx.supervise({ agentLegId: agent, ext: "1002", mode: "barge" });
      await w.run(500);
      await w.pbx.hangup(agent);
      await w.run(300);
    },
  },
  "supervisor hangs up: the call goes on": {
    world: { unregistered: [] },
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const sup = await w.pbx.supervise({ agentLegId: w.legOf("c1", "agent"), ext: "1002", mode: "monitor" });
      await w.run(1000);
      await w.pbx.hangup(sup);
      await w.run(1000);
      await w.pbx.hangupCall("c1");
      await w.run(200);
    },
  },
  "supervisor's phone not registered: unavailable, the call goes on": {
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      await w.pbx.supervise({ agentLegId: w.legOf("c1", "agent"), ext: "1002", mode: "monitor" });
      await w.run(500);
      await w.pbx.hangupCall("c1");
      await w.run(200);
    },
  },
  "supervisor of an advisor: the qualifier leaves, the supervision stays with the advisor": {
    world: { unregistered: [], extensions: { "1001": "webrtc", "1002": "webrtc", "1003": "webrtc", "2001": "external" } },
    async run(w) {
      await manualCall(w);
      await w.run(5000);
      const confId = await w.pbx.conference.start("c1");
      const advisor = await w.pbx.conference.joinAgent(confId, "1002");
      await w.run(1000);
      await w.pbx.supervise({ agentLegId: advisor, ext: "1003", mode: "monitor" });
      await w.run(500);
      await w.pbx.conference.leave(confId, "1001");
      await w.run(500);
      await w.pbx.hangup(advisor);
      await w.run(300);
    },
  },
};
