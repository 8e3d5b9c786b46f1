import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { judge, type HealthReport } from "./contract";

const calm: HealthReport = {
  socket_reconnects: 0,
  socket_connected: true,
  sip: "registered",
  microphone: "granted",
  page: "visible",
  timer_lateness_ms: 5,
  call: { packet_loss_pct: 0, jitter_ms: 4, rtt_ms: 40, mic_level: 0.2, mos: 4.4 },
};

describe("the verdict on a report", () => {
  it("is good for a calm page on a clean call", () => {
    expect(judge(calm)).toEqual({ verdict: "good", reasons: [] });
  });

  it("is bad when the customer hears broken audio, degraded on the way there", () => {
    expect(judge({ ...calm, call: { ...calm.call!, packet_loss_pct: 8, mos: 2.9 } })).toEqual({ verdict: "bad", reasons: ["packet_loss", "mos"] });
    expect(judge({ ...calm, call: { ...calm.call!, jitter_ms: 40 } })).toEqual({ verdict: "degraded", reasons: ["jitter"] });
  });

  it("flags a throttled or frozen tab, a hidden tab on a call, an unregistered softphone, a refused microphone, a lost socket", () => {
    expect(judge({ ...calm, timer_lateness_ms: 4_000 }).verdict).toBe("degraded");
    expect(judge({ ...calm, page: "frozen", call: null })).toEqual({ verdict: "bad", reasons: ["throttled"] });
    expect(judge({ ...calm, page: "hidden" })).toEqual({ verdict: "degraded", reasons: ["hidden_on_call"] });
    expect(judge({ ...calm, page: "hidden", call: null }).verdict).toBe("good");
    expect(judge({ ...calm, sip: "stopped" })).toEqual({ verdict: "bad", reasons: ["sip"] });
    expect(judge({ ...calm, sip: "reconnecting" }).verdict).toBe("degraded");
    expect(judge({ ...calm, sip: null, microphone: null }).verdict).toBe("good");
    expect(judge({ ...calm, microphone: "denied" })).toEqual({ verdict: "bad", reasons: ["microphone"] });
    expect(judge({ ...calm, socket_connected: false }).verdict).toBe("bad");
    expect(judge({ ...calm, socket_reconnects: 2 }).verdict).toBe("degraded");
  });

  it("never judges a report better for more packet loss", () => {
    const rank = { good: 0, degraded: 1, bad: 2 };
    fc.assert(
      fc.property(fc.float({ min: 0, max: 100, noNaN: true }), fc.float({ min: 0, max: 100, noNaN: true }), (a, b) => {
        const [less, more] = a < b ? [a, b] : [b, a];
        const of = (loss: number) => rank[judge({ ...calm, call: { ...calm.call!, packet_loss_pct: loss } }).verdict];
        expect(of(more)).toBeGreaterThanOrEqual(of(less));
      }),
    );
  });
});
