// The throttle's counters on their own (in-process, PGlite or PostgreSQL): counting and deciding is one
// atomic step, so a burst of parallel attempts never gets more evaluations than the limit (issue 11, finding 2).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../src/shared/clock";
import { loginThrottle } from "../db/schema";
import { startTestGateway, type TestGateway } from "../test/harness";
import { LoginThrottle, THROTTLE } from "./throttle";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

// Each case gets its own addresses, so counters from earlier cases do not meet.
let n = 0;
const fresh = () => {
  n += 1;
  return { email: `someone${n}@example.test`, ip: `198.51.100.${n % 250}` };
};

describe("LoginThrottle.admit", () => {
  it("admits exactly ten of a parallel burst from one client; the rest wait out the 15-minute lock", async () => {
    const clock = manualClock(Date.parse("2026-01-05T15:00:00Z"));
    const throttle = new LoginThrottle(gw.db, clock);
    const subject = { ...fresh(), trustedDevice: "device-a" };
    const results = await Promise.all(Array.from({ length: 150 }, () => throttle.admit(subject)));
    expect(results.filter((r) => r.admitted)).toHaveLength(THROTTLE.clientLockAfter);
    for (const r of results.filter((x) => !x.admitted)) expect(r).toMatchObject({ retryAfter: 15 * 60 });
    clock.advance(15 * 60_000);
    expect((await throttle.admit(subject)).admitted).toBe(true);
  });

  it("never admits more than the limit, whatever the mix of parallel bursts and clock steps", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ burst: fc.integer({ min: 1, max: 25 }), stepMs: fc.integer({ min: 0, max: 20 * 60_000 }) }), { minLength: 1, maxLength: 5 }),
        async (rounds) => {
          const clock = manualClock(Date.parse("2026-01-05T15:00:00Z"));
          const throttle = new LoginThrottle(gw.db, clock);
          const subject = { ...fresh(), trustedDevice: "device-b" };
          let lockedSince: number | undefined;
          let admittedInCycle = 0;
          for (const { burst, stepMs } of rounds) {
            clock.advance(stepMs);
            if (lockedSince !== undefined && clock.now() >= lockedSince + THROTTLE.clientLockMs) {
              lockedSince = undefined;
              admittedInCycle = 0;
            }
            const results = await Promise.all(Array.from({ length: burst }, () => throttle.admit(subject)));
            const admitted = results.filter((r) => r.admitted).length;
            // A locked client gets nothing; otherwise exactly what is left of its ten.
            const expected = lockedSince !== undefined ? 0 : Math.min(burst, THROTTLE.clientLockAfter - admittedInCycle);
            expect(admitted).toBe(expected);
            admittedInCycle += admitted;
            if (admittedInCycle >= THROTTLE.clientLockAfter && lockedSince === undefined) lockedSince = clock.now();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("a success gives the attempt back: the client's run starts over", async () => {
    const clock = manualClock(Date.parse("2026-01-05T15:00:00Z"));
    const throttle = new LoginThrottle(gw.db, clock);
    const subject = { ...fresh(), trustedDevice: "device-c" };
    for (let i = 0; i < 9; i++) expect((await throttle.admit(subject)).admitted).toBe(true);
    await throttle.succeeded(subject);
    for (let i = 0; i < 10; i++) expect((await throttle.admit(subject)).admitted).toBe(true);
    expect((await throttle.admit(subject)).admitted).toBe(false);
  });

  it("paces a busy address progressively instead of locking it out, and spares the account's own browsers", async () => {
    const clock = manualClock(Date.parse("2026-01-05T15:00:00Z"));
    const throttle = new LoginThrottle(gw.db, clock);
    const { ip } = fresh();
    // A stranger sprays unknown addresses: the first twenty go through at once.
    for (let i = 0; i < THROTTLE.ipFreePerWindow; i++) expect((await throttle.admit({ email: `x${i}@spray.test`, ip })).admitted).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      expect((await throttle.admit({ email: `y${i}@spray.test`, ip })).admitted).toBe(true);
      const next = await throttle.admit({ email: `z${i}@spray.test`, ip });
      expect(next.admitted).toBe(false);
      waits.push(next.admitted ? 0 : next.retryAfter);
      clock.advance((next.admitted ? 0 : next.retryAfter) * 1000);
    }
    // Two seconds more per attempt past the free ones: short waits that grow, not a 15-minute lock.
    expect(waits).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    // A browser holding an account's device cookie is not paced by the stranger.
    expect((await throttle.admit({ email: "agent@callcentre.test", ip, trustedDevice: "agents-browser" })).admitted).toBe(true);
    // The pace never grows past a minute, and the window starts over after 15 minutes.
    for (let i = 0; i < 80; i++) {
      const r = await throttle.admit({ email: `w${i}@spray.test`, ip });
      if (!r.admitted) {
        expect(r.retryAfter).toBeLessThanOrEqual(THROTTLE.ipMaxDelayMs / 1000);
        clock.advance(r.retryAfter * 1000);
      }
    }
  });
});

describe("LoginThrottle.admitReset", () => {
  it("allows five reset requests per address and twenty per client address in 15 minutes, then says how long to wait", async () => {
    const clock = manualClock(Date.parse("2026-01-05T15:00:00Z"));
    const throttle = new LoginThrottle(gw.db, clock);
    const { email, ip } = fresh();
    const burst = await Promise.all(Array.from({ length: 12 }, () => throttle.admitReset(email, ip)));
    expect(burst.filter((w) => w === 0)).toHaveLength(THROTTLE.resetPerAccount);
    expect(burst.filter((w) => w > 0).every((w) => w === 15 * 60)).toBe(true);
    // The same client asking for other addresses: twenty in all (the refused ones above were given back).
    const others = await Promise.all(Array.from({ length: 30 }, (_, i) => throttle.admitReset(`other${i}-${email}`, ip)));
    expect(others.filter((w) => w === 0)).toHaveLength(THROTTLE.resetPerIp - THROTTLE.resetPerAccount);
    clock.advance(THROTTLE.resetWindowMs);
    expect(await throttle.admitReset(email, ip)).toBe(0);
  });
});

describe("LoginThrottle sweeping", () => {
  it("every hour drops counters whose window began two hours ago, but never a lock still running", async () => {
    const clock = manualClock(Date.parse("2026-02-02T15:00:00Z"));
    const throttle = new LoginThrottle(gw.db, clock);
    const old = { ...fresh(), trustedDevice: "device-old" };
    const locked = { ...fresh(), trustedDevice: "device-locked" };
    await throttle.admit(old);
    for (let i = 0; i < 9; i++) await throttle.admit(locked);
    clock.advance(30 * 60_000);
    throttle.start((e) => {
      throw e;
    }); // sweeps at 16:30, 17:30…
    clock.advance(2 * 60 * 60_000 - 10 * 60_000); // 17:20: the tenth attempt locks the client until 17:35
    await throttle.admit(locked);
    clock.advance(10 * 60_000); // 17:30: both windows began over two hours ago
    const keys = async () => (await gw.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key);
    await vi.waitFor(async () => expect((await keys()).some((k) => k.includes("device-old"))).toBe(false));
    throttle.stop();
    expect((await keys()).some((k) => k.includes("device-locked"))).toBe(true);
    expect((await throttle.admit(locked)).admitted).toBe(false);
  });
});
