// A supervisor on SimPbx (PbxCalls.supervise): the phone is offered like an agent's, answering by itself, and
// hears what the agent hears; the shared driver suite (server/pbx/suite) holds the events equal to Asterisk's.
import { describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import { SimPbx } from "./pbx";
import { recordTrace, scriptedLine, type Trace } from "./testing";

const T0 = Date.UTC(2026, 0, 5, 14, 0, 0);

async function supervisedCall() {
  const clock = manualClock(T0);
  const pbx = new SimPbx({ clock, directory: async () => "webrtc" });
  const trace: Trace = recordTrace(pbx, T0);
  pbx.attachPhoneLine(scriptedLine(clock, trace, T0, () => ({ answerAfterMs: 100 })));
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
  return { pbx, trace, run, leg, sup };
}

describe("SimPbx supervision", () => {
  it("rings the supervisor's phone as a call the person asked for, with the lead's number and the given vars", async () => {
    const { trace, sup } = await supervisedCall();
    expect(trace.entries).toContainEqual(
      expect.objectContaining({ line: "ring", legId: sup, ext: "3001", from: "+15550000010", autoAnswer: true, vars: { callType: "supervise" } }),
    );
  });

  it("the supervisor hears what the agent hears: the lead's voice, then nothing while the lead is held", async () => {
    const { pbx, run, leg } = await supervisedCall();
    const lead = leg("lead").legId;
    expect(leg("supervisor").hears).toEqual([{ sound: "human", legId: lead }]);
    await pbx.hold(lead, true);
    await run(100);
    expect(leg("supervisor").hears).toEqual([]);
    expect(leg("agent").hears).toEqual([]);
  });

  it("is not a member: the lead hanging up ends the call, the supervisor's leg before the call", async () => {
    const { pbx, trace, run, leg } = await supervisedCall();
    await pbx.hangup(leg("lead").legId);
    await run(100);
    const tail = trace.events.slice(-4).map((e) => `${e.kind}${"legId" in e && e.legId ? `:${pbx.legsOf("c1").find((l) => l.legId === e.legId)?.role}` : ""}`);
    expect(tail).toEqual(["LegHungUp:lead", "LegHungUp:agent", "LegHungUp:supervisor", "CallEnded"]);
  });
});
