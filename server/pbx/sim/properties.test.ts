// Properties of any run (faults off): whatever the operations, every call ends with exactly one CallEnded
// as its last event, seq strictly increases, time never goes back, and every leg is created before it
// changes and hung up at most once, before its call ends.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import type { AgentPhoneLine, CallEvent, HangupCause, PbxEvent } from "../driver";
import { SimPbxError } from "./types";
import { SimPbx } from "./pbx";
import { hash32 } from "./random";

const NUMBERS = ["+15145550100", "+15145550101", "+15145550102", "+15145550103", "*97", "+15145550777"];
const EXTS = ["1001", "1002", "2001", "9999"];
const CAUSES: HangupCause[] = ["normal", "rejected", "canceled"];

const pick = fc.nat({ max: 1000 });
const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const op = fc.oneof(
  weighted(
    4,
    fc.record({
      k: fc.constant("dial" as const),
      mode: fc.constantFrom("auto" as const, "manual" as const),
      to: fc.constantFrom(...NUMBERS),
      ext: fc.constantFrom(...EXTS),
      amd: fc.boolean(),
    }),
  ),
  weighted(2, fc.record({ k: fc.constant("inbound" as const), from: fc.constantFrom(...NUMBERS) })),
  weighted(
    3,
    fc.record({ k: fc.constant("answerInbound" as const), call: pick, ext: fc.constantFrom(...EXTS) }),
  ),
  weighted(
    1,
    fc.record({
      k: fc.constant("hangup" as const),
      leg: pick,
      cause: fc.option(fc.constantFrom(...CAUSES), { nil: undefined }),
    }),
  ),
  weighted(1, fc.record({ k: fc.constant("hangupCall" as const), call: pick })),
  weighted(1, fc.record({ k: fc.constant("hold" as const), leg: pick, on: fc.boolean() })),
  weighted(1, fc.record({ k: fc.constant("dtmf" as const), leg: pick })),
  weighted(1, fc.record({ k: fc.constant("transfer" as const), leg: pick, to: fc.constantFrom(...NUMBERS) })),
  weighted(1, fc.record({ k: fc.constant("confStart" as const), call: pick })),
  weighted(
    1,
    fc.record({ k: fc.constant("confJoin" as const), call: pick, to: fc.constantFrom(...NUMBERS) }),
  ),
  weighted(
    1,
    fc.record({ k: fc.constant("confJoinAgent" as const), call: pick, ext: fc.constantFrom(...EXTS) }),
  ),
  weighted(1, fc.record({ k: fc.constant("confLeave" as const), call: pick, which: pick })),
  weighted(1, fc.record({ k: fc.constant("confKick" as const), leg: pick })),
  weighted(1, fc.record({ k: fc.constant("confDestroy" as const), call: pick })),
  weighted(1, fc.record({ k: fc.constant("record" as const), leg: pick, whole: fc.boolean() })),
  weighted(1, fc.record({ k: fc.constant("stopRecording" as const), rec: pick })),
  weighted(
    1,
    fc.record({ k: fc.constant("phone" as const), ext: fc.constantFrom("1001", "2001"), up: fc.boolean() }),
  ),
  weighted(
    6,
    fc.record({
      k: fc.constant("advance" as const),
      ms: fc.constantFrom(10, 150, 1000, 5000, 30_000, 120_000),
    }),
  ),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** A softphone that answers, rejects or ignores each offer, decided by the leg id. */
function randomLine(clock: ReturnType<typeof manualClock>): AgentPhoneLine {
  return {
    ring(offer, result) {
      const h = hash32(0, offer.legId) % 4;
      if (h === 3) return; // never answers: the PBX's agent ring timeout ends it
      clock.setTimeout(() => (h === 2 ? result.ended("rejected") : result.answered()), 100 + h * 700);
    },
    end() {},
    play() {},
  };
}

async function run(ops: Op[], seed: number, withLine: boolean): Promise<PbxEvent[]> {
  const clock = manualClock(Date.UTC(2026, 0, 5, 14, 0, 0));
  const pbx = new SimPbx({ clock, seed });
  pbx.provision("1001", "webrtc");
  pbx.provision("1002", "webrtc");
  pbx.provision("2001", "external");
  await pbx.register("1001");
  if (withLine) pbx.attachPhoneLine(randomLine(clock));
  const events: PbxEvent[] = [];
  pbx.onEvent((e) => events.push(e));
  const callIds: string[] = [];
  const legIds = () => events.flatMap((e) => (e.kind === "LegCreated" ? [e.legId] : []));
  // Mostly legs that are still up, so controls act on something; sometimes any leg, ended ones included.
  const someLeg = (i: number) =>
    at(
      i % 4 === 0
        ? legIds()
        : legIds().filter((l) => pbx.callOf(l)?.legs.some((x) => x.legId === l && x.state !== "ended")),
      i >> 2,
    );
  const recIds = () => events.flatMap((e) => (e.kind === "RecordingStarted" ? [e.recId] : []));
  const at = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);
  let n = 0;
  for (const o of ops) {
    try {
      switch (o.k) {
        case "dial": {
          const callId = `c${++n}`;
          callIds.push(callId);
          await pbx.originate({ callId, agentExt: o.ext, to: o.to, mode: o.mode, amd: o.amd });
          break;
        }
        case "inbound":
          callIds.push(pbx.placeInbound({ from: o.from, did: "+18005550100" }));
          break;
        case "answerInbound": {
          const c = at(
            callIds.filter((id) => id.startsWith("in-")),
            o.call,
          );
          if (c) await pbx.answerInbound(c, o.ext);
          break;
        }
        case "hangup": {
          const l = someLeg(o.leg);
          if (l) await pbx.hangup(l, o.cause);
          break;
        }
        case "hangupCall": {
          const c = at(callIds, o.call);
          if (c) await pbx.hangupCall(c);
          break;
        }
        case "hold": {
          const l = someLeg(o.leg);
          if (l) await pbx.hold(l, o.on);
          break;
        }
        case "dtmf": {
          const l = someLeg(o.leg);
          if (l) await pbx.sendDtmf(l, "5");
          break;
        }
        case "transfer": {
          const l = someLeg(o.leg);
          if (l) await pbx.blindTransfer(l, o.to);
          break;
        }
        case "confStart": {
          const c = at(callIds, o.call);
          if (c) await pbx.conference.start(c);
          break;
        }
        case "confJoin": {
          const c = at(callIds, o.call);
          if (c) await pbx.conference.join(await pbx.conference.start(c), o.to);
          break;
        }
        case "confJoinAgent": {
          const c = at(callIds, o.call);
          if (c) await pbx.conference.joinAgent(await pbx.conference.start(c), o.ext);
          break;
        }
        case "confLeave": {
          // Any agent leg of the call: the agent's own or an advisor's.
          const c = at(callIds, o.call);
          const agents = c ? pbx.legsOf(c).filter((l) => l.ext && l.state !== "ended") : [];
          const agent = at(agents, o.which);
          if (c && agent?.ext) await pbx.conference.leave(await pbx.conference.start(c), agent.ext);
          break;
        }
        case "confKick": {
          const l = someLeg(o.leg);
          const call = l ? pbx.callOf(l) : undefined;
          if (l && call?.confId) await pbx.conference.kick(call.confId, l);
          break;
        }
        case "confDestroy": {
          const c = at(callIds, o.call);
          if (c) await pbx.conference.destroy(await pbx.conference.start(c));
          break;
        }
        case "record": {
          const l = someLeg(o.leg);
          if (l) await pbx.startRecording(o.whole ? { callId: pbx.callOf(l)!.callId } : { legId: l }, "r");
          break;
        }
        case "stopRecording": {
          const r = at(recIds(), o.rec);
          if (r) await pbx.stopRecording(r);
          break;
        }
        case "phone":
          if (o.ext === "2001") await pbx.setPhoneOpen("2001", o.up);
          else if (o.up) await pbx.register("1001");
          else await pbx.unregister("1001");
          break;
        case "advance":
          clock.advance(o.ms);
          break;
      }
    } catch (err) {
      // Refusals of impossible requests are part of the contract; anything else is a bug.
      if (!(err instanceof SimPbxError)) throw err;
    }
  }
  clock.advance(6 * 3_600_000); // long enough for every party to hang up
  return events;
}

function checkInvariants(events: PbxEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    expect(events[i]!.seq).toBeGreaterThan(events[i - 1]!.seq);
    expect(events[i]!.ts).toBeGreaterThanOrEqual(events[i - 1]!.ts);
  }
  const byCall = new Map<string, CallEvent[]>();
  for (const e of events)
    if (e.kind !== "ExtensionState") byCall.set(e.callId, [...(byCall.get(e.callId) ?? []), e]);
  for (const [callId, evs] of byCall) {
    expect(
      evs.filter((e) => e.kind === "CallEnded"),
      callId,
    ).toHaveLength(1);
    expect(evs.at(-1)!.kind, callId).toBe("CallEnded");
    const created = new Set<string>();
    const hungUp = new Set<string>();
    for (const e of evs) {
      if (e.kind === "LegCreated") created.add(e.legId);
      else if (
        e.kind === "LegRinging" ||
        e.kind === "LegAnswered" ||
        e.kind === "LegHungUp" ||
        e.kind === "Hold" ||
        e.kind === "Dtmf"
      ) {
        expect(created.has(e.legId), `${e.kind} before LegCreated of ${e.legId}`).toBe(true);
        expect(hungUp.has(e.legId), `${e.kind} after LegHungUp of ${e.legId}`).toBe(false);
        if (e.kind === "LegHungUp") hungUp.add(e.legId);
      }
    }
    expect(
      [...created].filter((l) => !hungUp.has(l)),
      `legs of ${callId} still up at CallEnded`,
    ).toEqual([]);
  }
}

describe("SimPbx properties", () => {
  it("any sequence of operations: one CallEnded per call, last; seq increasing; legs consistent", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 10, maxLength: 80, size: "max" }),
        fc.integer(),
        fc.boolean(),
        async (ops, seed, withLine) => {
          checkInvariants(await run(ops, seed, withLine));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("any sequence of operations replays identically", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 10, maxLength: 40, size: "max" }),
        fc.integer(),
        async (ops, seed) => {
          expect(await run(ops, seed, true)).toEqual(await run(ops, seed, true));
        },
      ),
      { numRuns: 50 },
    );
  });
});
