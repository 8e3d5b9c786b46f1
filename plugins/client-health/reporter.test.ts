import { describe, expect, it } from "vitest";
import { reconnected, socketDropped } from "../../src/sdk";
import { fakeGateway, manualClock, pluginContext, reply, type ManualClock } from "../../src/sdk/testing";
import type { SoftphoneApi, SoftphoneHealth } from "../softphone/api";
import { REPORT_INTERVAL_MS, reportHealth } from "./contract";
import type { PageState } from "./page";
import { createReporter } from "./reporter";

function page(initial: "visible" | "hidden" = "visible") {
  let visibility = initial;
  let freeze: (() => void) | null = null;
  const state: PageState = {
    visibility: () => visibility,
    onFreeze: (fn) => {
      freeze = fn;
      return () => (freeze = null);
    },
  };
  return { state, hide: () => (visibility = "hidden"), freeze: () => freeze?.() };
}

const phone = (health: Partial<SoftphoneHealth>) =>
  ({ enabled: true, health: async () => ({ enabled: true, registration: "registered", microphone: "granted", call: null, ...health }) }) as unknown as SoftphoneApi;

function setup(softphone?: SoftphoneApi) {
  const gateway = fakeGateway([reply(reportHealth, { status: 204, data: null })]);
  // A throttled tab: its timers fire, but `lag` ms after they were due.
  const base = manualClock();
  const throttle = { lag: 0 };
  const clock: ManualClock = { ...base, now: () => base.now() + throttle.lag };
  const t = pluginContext({ id: "client-health", gateway, clock });
  const p = page();
  const reporter = createReporter(t.ctx, p.state, softphone);
  const sent = () => gateway.requests.filter((r) => r.path === "/client-health").map((r) => r.body as Record<string, unknown>);
  return { ...t, p, reporter, sent, throttle };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the agent page's health report", () => {
  it("goes every 10 seconds with the softphone's registration, microphone and the call's audio", async () => {
    const s = setup(phone({ call: { packetLossPct: 3.14159, jitterMs: 12.4, rttMs: 80, micLevel: 0.25, mos: 4.1 } }));
    s.clock.advance(REPORT_INTERVAL_MS);
    await flush();
    await flush();
    expect(s.sent()).toEqual([
      {
        socket_reconnects: 0,
        socket_connected: true,
        sip: "registered",
        microphone: "granted",
        page: "visible",
        timer_lateness_ms: 0,
        call: { packet_loss_pct: 3.1, jitter_ms: 12, rtt_ms: 80, mic_level: 0.25, mos: 4.1 },
      },
    ]);
    s.clock.advance(REPORT_INTERVAL_MS);
    await flush();
    await flush();
    expect(s.sent()).toHaveLength(2);
    s.reporter.dispose();
  });

  it("counts the socket's reconnects since the last report, says when it is down, and a frozen tab", async () => {
    const s = setup();
    s.emit(socketDropped, {});
    let body = await s.reporter.report();
    expect(body).toMatchObject({ socket_connected: false, sip: null, microphone: null, call: null });
    s.emit(reconnected, {});
    s.emit(reconnected, {});
    s.p.freeze();
    body = await s.reporter.report();
    expect(body).toMatchObject({ socket_connected: true, socket_reconnects: 2, page: "frozen" });
    body = await s.reporter.report();
    expect(body).toMatchObject({ socket_reconnects: 0, page: "visible" });
    s.reporter.dispose();
  });

  it("says how late its timer fired: a throttled tab's timers fire late", async () => {
    const s = setup();
    s.throttle.lag = 25_000;
    s.clock.advance(REPORT_INTERVAL_MS);
    await flush();
    await flush();
    expect(s.sent()[0]).toMatchObject({ timer_lateness_ms: 25_000 });
    s.reporter.dispose();
  });
});
