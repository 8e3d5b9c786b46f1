// The page's clock keeps the gateway's time: a PC whose clock is hours off still shows and waits on the
// gateway's, and answers' jitter does not make timers on screen twitch.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GATEWAY_CLOCK_TOLERANCE_MS, gatewayClock, manualClock } from "./clock";

describe("gatewayClock", () => {
  it("reads the browser's time until it learns the gateway's, then the gateway's", () => {
    const browser = manualClock(Date.parse("2026-11-25T12:00:00Z"));
    const clock = gatewayClock(browser);
    expect(clock.now()).toBe(browser.now());
    // The gateway (a pinned demo clock) is 13 hours behind; its answer took 200 ms.
    const sentAt = browser.now();
    browser.advance(200);
    clock.learn(Date.parse("2026-11-24T23:00:00.100Z"), sentAt, browser.now());
    // Stamped halfway through the round trip: the answer arrived 100 ms later.
    expect(new Date(clock.now()).toISOString()).toBe("2026-11-24T23:00:00.200Z");
    browser.advance(60_000);
    expect(new Date(clock.now()).toISOString()).toBe("2026-11-24T23:01:00.200Z");
  });

  it("runs timers on the browser's clock: a duration is a duration", () => {
    const browser = manualClock(0);
    const clock = gatewayClock(browser);
    clock.learn(5 * 3600_000, 0, 0);
    let fired = 0;
    clock.setTimeout(() => fired++, 1_000);
    browser.advance(999);
    expect(fired).toBe(0);
    browser.advance(1);
    expect(fired).toBe(1);
  });

  it("moves a learned offset only by more than the tolerance or the round trip", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e8, max: 1e8 }),
        fc.integer({ min: -5_000, max: 5_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        (first, drift, rtt) => {
          const clock = gatewayClock(manualClock(1e12));
          clock.learn(1e12 + first, 1e12, 1e12);
          clock.learn(1e12 + first + drift + rtt / 2, 1e12, 1e12 + rtt);
          const moved = clock.offset() !== first;
          expect(moved).toBe(Math.abs(drift) > Math.max(GATEWAY_CLOCK_TOLERANCE_MS, rtt));
          if (moved) expect(clock.offset()).toBe(first + drift);
        },
      ),
    );
  });

  it("ignores a stamp that is no time, and an answer received before it was sent", () => {
    const clock = gatewayClock(manualClock(1_000));
    clock.learn(Number.NaN, 0, 10);
    clock.learn(5_000, 10, 5);
    expect(clock.offset()).toBe(0);
  });
});
