// The agent's page reports its health every 10 s (issue 35): socket drops and reconnects, the softphone's
// registration and microphone, the tab's state and how late its timer fired (a throttled tab's timers fire
// late, a frozen one's not at all), and during a call the audio's quality. Telemetry: a report that fails is
// not retried, the next one follows.
import { callEndpoint, reconnected, socketDropped, type PluginContext } from "../../src/sdk";
import type { SoftphoneApi, SoftphoneHealth } from "../softphone/api";
import { REPORT_INTERVAL_MS, reportHealth, type HealthReport } from "./contract";
import type { PageState } from "./page";

export interface Reporter {
  /** Builds and sends one report now (tests; the timer calls it). */
  report(): Promise<HealthReport>;
  dispose(): void;
}

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

function callAudio(h: SoftphoneHealth): HealthReport["call"] {
  if (!h.call) return null;
  return {
    packet_loss_pct: Math.min(100, round(h.call.packetLossPct)),
    jitter_ms: Math.round(h.call.jitterMs),
    rtt_ms: h.call.rttMs === null ? null : Math.round(h.call.rttMs),
    mic_level: h.call.micLevel === null ? null : Math.min(1, Math.max(0, round(h.call.micLevel, 3))),
    mos: Math.min(4.5, Math.max(1, h.call.mos)),
  };
}

export function createReporter(ctx: PluginContext, page: PageState, softphone: SoftphoneApi | undefined): Reporter {
  let reconnects = 0;
  let connected = true;
  let frozen = false;
  let due = ctx.clock.now() + REPORT_INTERVAL_MS;
  let timer: ReturnType<typeof ctx.clock.setTimeout> | null = null;
  let stopped = false;

  const unsubscribe = [
    ctx.events.on(reconnected, () => {
      reconnects++;
      connected = true;
    }),
    ctx.events.on(socketDropped, () => void (connected = false)),
    page.onFreeze(() => void (frozen = true)),
  ];

  async function report(): Promise<HealthReport> {
    const lateness = Math.max(0, ctx.clock.now() - due);
    const phone = softphone?.enabled ? await softphone.health().catch(() => null) : null;
    const body: HealthReport = {
      socket_reconnects: reconnects,
      socket_connected: connected,
      sip: phone ? phone.registration : null,
      microphone: phone ? phone.microphone : null,
      page: frozen ? "frozen" : page.visibility(),
      timer_lateness_ms: Math.min(3_600_000, Math.round(lateness)),
      call: phone ? callAudio(phone) : null,
    };
    reconnects = 0;
    frozen = false;
    await callEndpoint(ctx, reportHealth, { body });
    return body;
  }

  function schedule() {
    if (stopped) return;
    due = ctx.clock.now() + REPORT_INTERVAL_MS;
    timer = ctx.clock.setTimeout(() => {
      void report().finally(schedule);
    }, REPORT_INTERVAL_MS);
  }
  schedule();

  return {
    report,
    dispose() {
      stopped = true;
      if (timer) ctx.clock.clearTimeout(timer);
      for (const off of unsubscribe) off();
    },
  };
}
