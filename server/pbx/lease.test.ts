// The telephony lease against the real database (PGlite, and PostgreSQL with TEST_DB=postgres): one holder at a
// time, a standby that takes over once a stopped holder's lease has run out (not before), a hand-over at a clean
// stop, a holder paused past its lease that learns it lost the PBX, and, for random interleavings of beats, pauses,
// stops and time, never two instances that both believe they drive the PBX.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock, type ManualClock } from "../../src/shared/clock";
import { startTestGateway, type TestGateway } from "../test/harness";
import { TelephonyLease, type LeaseEvents } from "./lease";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const LEASE_MS = 3_000;
const RENEW_MS = 1_000;
let pbxKey = 0;

/** Leases of one fresh PBX key on a shared manual clock, with what each was told. */
function instances(n: number, clock: ManualClock) {
  const pbx = `test-${++pbxKey}`;
  return Array.from({ length: n }, () => {
    const told: string[] = [];
    const lease = new TelephonyLease(gw.db, clock, gw.app.log, { pbx, leaseMs: LEASE_MS, renewMs: RENEW_MS });
    const events: LeaseEvents = {
      gained: (term) => void told.push(`gained ${term}`),
      lost: () => void told.push("lost"),
    };
    return { lease, told, events };
  });
}

type Instance = ReturnType<typeof instances>[number];
/** The statement of a lease's heartbeat under way (private; a test waits for it). */
const beatOf = (i: Instance) => (i.lease as unknown as { beat: Promise<void> }).beat;

/** Moves the clock and lets each started lease's beat finish before the next timer fires. */
async function run(clock: ManualClock, ms: number, started: Instance[]) {
  for (let t = 0; t <= ms; t += 250) {
    clock.advance(Math.min(250, ms - t));
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    for (const i of started) await beatOf(i);
  }
}

/** One beat as the heartbeat runs it, without the timer: one statement, whatever the others do meanwhile. */
const beat = (i: Instance) => (i.lease as unknown as { once(e: LeaseEvents): Promise<void> }).once(i.events);

/** a holds the lease, b is a standby; both beat. */
async function holderAndStandby(clock: ManualClock): Promise<[Instance, Instance]> {
  const [a, b] = instances(2, clock) as [Instance, Instance];
  a.lease.start(a.events);
  await a.lease.whenHeld();
  b.lease.start(b.events);
  return [a, b];
}

describe("the telephony lease", () => {
  it("has one holder; a standby takes over only after a stopped holder's lease ran out", async () => {
    const clock = manualClock();
    const [a, b] = await holderAndStandby(clock);
    await run(clock, 5_000, [a, b]);
    expect(a.lease.held).toBe(true);
    expect(b.lease.held).toBe(false);
    expect(a.told).toEqual(["gained 1"]);
    expect((await b.lease.current())?.holder).toBe(a.lease.id);

    // a crashes: its row stays. b waits the lease out, then takes it with the next term.
    a.lease.abandon();
    await run(clock, LEASE_MS - RENEW_MS - 250, [b]);
    expect(b.lease.held).toBe(false);
    await run(clock, 2 * RENEW_MS, [b]);
    expect(b.lease.held).toBe(true);
    expect(b.told).toEqual(["gained 2"]);
    b.lease.abandon();
  });

  it("hands the lease over at a clean stop: the standby takes it at its next beat", async () => {
    const clock = manualClock();
    const [a, b] = await holderAndStandby(clock);
    await run(clock, 2_000, [b]);
    await a.lease.release();
    expect((await a.lease.current())!.expiresAt).toBeLessThan(clock.now());
    await run(clock, RENEW_MS, [b]);
    expect(b.lease.held).toBe(true);
    expect(b.told).toEqual(["gained 2"]);
    b.lease.abandon();
  });

  it("tells a holder paused past its lease that another instance took the PBX", async () => {
    const clock = manualClock();
    const [a, b] = instances(2, clock) as [Instance, Instance];
    await beat(a);
    expect(a.lease.held).toBe(true);
    // a's heartbeat does not run (a long pause) while time goes on; b takes the lease.
    clock.advance(LEASE_MS + 1);
    expect(a.lease.held).toBe(false);
    await beat(b);
    expect(b.told).toEqual(["gained 2"]);
    // a wakes and beats again: it is told it lost the PBX, and does not take it back.
    await beat(a);
    expect(a.told).toEqual(["gained 1", "lost"]);
    expect(a.lease.held).toBe(false);
    expect((await a.lease.current())?.holder).toBe(b.lease.id);
  });

  it("never lets two instances believe they drive the PBX, whatever the beats, pauses, stops and time", async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("beat" as const), who: fc.integer({ min: 0, max: 2 }) }),
      fc.record({ kind: fc.constant("time" as const), ms: fc.integer({ min: 0, max: 4_000 }) }),
      fc.record({ kind: fc.constant("stop" as const), who: fc.integer({ min: 0, max: 2 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const clock = manualClock();
        const three = instances(3, clock);
        for (const s of steps) {
          if (s.kind === "time") clock.advance(s.ms);
          else if (s.kind === "stop") await three[s.who]!.lease.release();
          else {
            // A beat as the heartbeat runs it: one statement, whatever the others do meanwhile.
            const l = three[s.who]!.lease as unknown as {
              once(e: LeaseEvents): Promise<void>;
              stopped: boolean;
            };
            l.stopped = false;
            await l.once(three[s.who]!.events);
          }
          expect(three.filter((i) => i.lease.held).length).toBeLessThanOrEqual(1);
          // Whoever believes it holds the lease is the row's holder.
          const holder = three.find((i) => i.lease.held);
          if (holder) expect((await holder.lease.current())?.holder).toBe(holder.lease.id);
        }
        for (const i of three) await i.lease.release();
      }),
      { numRuns: 40 },
    );
  });
});

describe("two lone gateways on one database", () => {
  it("the second waits for the first to stop before it drives the PBX, then takes it over", async () => {
    const first = await startTestGateway();
    let started = false;
    const second = startTestGateway({ peerOf: first }).then((g) => {
      started = true;
      return g;
    });
    // Long enough for a few of the second's beats: it keeps waiting while the first runs.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(started).toBe(false);
    const lease = new TelephonyLease(first.db, first.clock, first.app.log);
    const before = await lease.current();
    expect(before?.holderName).toMatch(/:\d+$/);
    await first.app.close();
    const next = await second;
    const after = await lease.current();
    expect(after!.holder).not.toBe(before!.holder);
    expect(after!.term).toBe(before!.term + 1);
    await next.close();
    await first.close().catch(() => {});
  });
});
