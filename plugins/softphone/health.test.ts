import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callMediaFigures, estimateMos } from "./health";

const inbound = (received: number, lost: number, jitter = 0.004) => ({
  type: "inbound-rtp",
  kind: "audio",
  packetsReceived: received,
  packetsLost: lost,
  jitter,
});

describe("the call's audio figures", () => {
  it("measures packet loss over the interval since the last reading, with jitter, round trip and level", () => {
    const first = callMediaFigures(
      [inbound(500, 0), { type: "remote-inbound-rtp", kind: "audio", roundTripTime: 0.04 }, { type: "media-source", kind: "audio", audioLevel: 0.2 }],
      null,
    )!;
    expect(first.figures).toMatchObject({ packetLossPct: 0, jitterMs: 4, rttMs: 40, micLevel: 0.2 });
    expect(first.figures.mos).toBeGreaterThan(4.3);
    // The next 500 expected packets lost 50: 10 %, though the whole call lost only 50 of 1000.
    const next = callMediaFigures([inbound(950, 50, 0.03)], first.counters)!;
    expect(next.figures.packetLossPct).toBe(10);
    expect(next.figures.jitterMs).toBe(30);
    expect(next.figures.mos).toBeLessThan(3.5);
  });

  it("says nothing before the call has incoming audio", () => {
    expect(callMediaFigures([{ type: "media-source", kind: "audio", audioLevel: 0.1 }], null)).toBeNull();
  });

  it("never rates a call better for more loss, jitter or delay", () => {
    fc.assert(
      fc.property(
        fc.float({ min: 0, max: 50, noNaN: true }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.float({ min: 0, max: 10, noNaN: true }),
        (loss, jitter, rtt, more) => {
          const mos = estimateMos(loss, jitter, rtt);
          expect(mos).toBeGreaterThanOrEqual(1);
          expect(mos).toBeLessThanOrEqual(4.5);
          expect(estimateMos(loss + more, jitter, rtt)).toBeLessThanOrEqual(mos);
          expect(estimateMos(loss, jitter + Math.round(more), rtt)).toBeLessThanOrEqual(mos);
          expect(estimateMos(loss, jitter, rtt + Math.round(more * 10))).toBeLessThanOrEqual(mos);
        },
      ),
    );
  });
});
