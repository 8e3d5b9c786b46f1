// AriDriver under the faults production-telephony.md lists (pitfalls 1 and 3): the events socket dropped
// mid-call (Asterisk keeps no queue: the driver reconnects and reconciles with GET /channels), events
// delivered twice or out of order, and StasisStart arriving before the HTTP answer. Each must leave the
// gateway with the same events a clean run gives, or (reordering) the same outcome.
import { afterEach, describe, expect, it } from "vitest";
import type { PbxEvent } from "../driver";
import { SCENARIOS } from "./scenarios";
import { normalise, openWorld, type DriverWorld } from "./worlds";

const open: DriverWorld[] = [];
afterEach(async () => {
  for (const w of open.splice(0)) await w.close();
});

async function world(name: "sim" | "asterisk") {
  const w = await openWorld(name);
  open.push(w);
  return w;
}

const kinds = (events: PbxEvent[]) => events.map((e) => `${e.kind}${"cause" in e ? `:${e.cause}` : ""}`);

describe("AriDriver faults", () => {
  it("the events socket drops mid-call and the lead hangs up meanwhile: after the reconnection the leg and the call end", async () => {
    const w = await world("asterisk");
    await w.pbx.originate({ callId: "c1", agentExt: "1001", to: "+15550000010", mode: "manual" });
    await w.run(5000);
    expect(kinds(w.events)).toContain("Bridged");
    w.fake!.dropSocket();
    await w.settle();
    w.fake!.farHangup(w.legOf("c1", "lead"), 16);
    await w.run(15_000); // the backoff's retries, on the clock
    expect(w.fake!.connected()).toBe(true);
    const tail = kinds(w.events).slice(-3);
    expect(tail).toEqual(["LegHungUp:normal", "LegHungUp:normal", "CallEnded:normal"]);
    expect(w.fake!.channels()).toEqual([]);
  });

  it("every event delivered twice changes nothing", async () => {
    const clean = await world("asterisk");
    await SCENARIOS["blind transfer to a number that answers"]!.run(clean);
    const doubled = await world("asterisk");
    doubled.fake!.duplicateNext(10_000);
    await SCENARIOS["blind transfer to a number that answers"]!.run(doubled);
    expect(normalise(doubled.events)).toEqual(normalise(clean.events));
  });

  it("StasisStart before the HTTP answer: the legs are still bridged and dialled", async () => {
    const sim = await world("sim");
    await SCENARIOS["person answers, agent hangs up"]!.run(sim);
    const early = await world("asterisk");
    early.fake!.faults.stasisStartBeforeResponse = true;
    await SCENARIOS["person answers, agent hangs up"]!.run(early);
    expect(normalise(early.events)).toEqual(normalise(sim.events));
  });
});

/** What a call came to: every leg's role and how it ended, the call's cause, whether lead and agent talked. */
function outcome(events: PbxEvent[]) {
  const roles = new Map(events.flatMap((e) => (e.kind === "LegCreated" ? [[e.legId, e.role] as const] : [])));
  return {
    legs: events.flatMap((e) => (e.kind === "LegHungUp" ? [`${roles.get(e.legId)}:${e.cause}`] : [])).sort(),
    ended: events.flatMap((e) => (e.kind === "CallEnded" ? [e.cause] : [])),
    bridged: events.some((e) => e.kind === "Bridged"),
    transferred: events.flatMap((e) => (e.kind === "TransferResult" ? [e.ok] : [])),
  };
}

describe("AriDriver with two events swapped, at every point of a call", () => {
  for (const title of ["person answers, agent hangs up", "blind transfer to a number that answers", "busy lead: busy tone, then the call ends busy"]) {
    it(`${title}: the same outcome, and nothing left on Asterisk`, async () => {
      const clean = await world("asterisk");
      await SCENARIOS[title]!.run(clean);
      const expected = outcome(clean.events);
      const count = clean.fake!.sent.length;
      for (let k = 0; k < count - 1; k++) {
        const w = await world("asterisk");
        w.fake!.reorderNext(k);
        await SCENARIOS[title]!.run(w);
        expect({ k, ...outcome(w.events) }).toEqual({ k, ...expected });
        expect(w.fake!.channels().map((c) => c.id)).toEqual([]);
        await w.close();
        open.splice(open.indexOf(w), 1);
      }
    });
  }
});
