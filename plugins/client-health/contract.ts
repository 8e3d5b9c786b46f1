// Client health (issue 35): what an agent's page reports of itself every 10 seconds, how a report is judged,
// and the endpoints and push that carry it. Only these figures are collected: nothing of the call's content,
// the lead or the agent's machine beyond them.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { defineEndpoint } from "../../src/contract/endpoint";
import { idParam } from "../../src/contract/ids";
import { definePush } from "../../src/contract/push";

/** How often the agent's page reports. */
export const REPORT_INTERVAL_MS = 10_000;
/** How long the gateway keeps an agent's reports. */
export const HISTORY_MS = 60 * 60_000;

const isoInstant = z.string().datetime({ offset: true });

/** The active call's audio over the interval since the page's last report. */
export const CallAudio = z.strictObject({
  packet_loss_pct: z.number().min(0).max(100),
  jitter_ms: z.number().int().min(0).max(60_000),
  rtt_ms: z.number().int().min(0).max(60_000).nullable(),
  /** 0..1; null where the browser does not say. */
  mic_level: z.number().min(0).max(1).nullable(),
  /** Estimated mean opinion score, 1..4.5. */
  mos: z.number().min(1).max(5),
});
export type CallAudio = z.infer<typeof CallAudio>;

/** POST /client-health: one report of the agent's page. */
export const HealthReport = z.strictObject({
  /** Times the realtime socket came back since the page's previous report. */
  socket_reconnects: z.number().int().min(0).max(10_000),
  socket_connected: z.boolean(),
  /** The softphone's SIP registration; null where the agent has no WebRTC softphone. */
  sip: z.enum(["idle", "connecting", "connected", "registered", "reconnecting", "stopped"]).nullable(),
  microphone: z.enum(["unknown", "granted", "denied", "unavailable"]).nullable(),
  /** The tab: visible, hidden (another tab or minimised), or frozen (the browser stopped its timers). */
  page: z.enum(["visible", "hidden", "frozen"]),
  /** How late the page's 10-second timer fired, ms: a throttled tab's timers fire late. */
  timer_lateness_ms: z.number().int().min(0).max(3_600_000),
  call: CallAudio.nullable(),
});
export type HealthReport = z.infer<typeof HealthReport>;

export const HealthVerdict = z.enum(["good", "degraded", "bad"]);
export type HealthVerdict = z.infer<typeof HealthVerdict>;

/** Why a report is not good, as keys of the locales' `reasons`. */
export const HEALTH_REASONS = [
  "packet_loss",
  "jitter",
  "latency",
  "mos",
  "sip",
  "microphone",
  "socket",
  "throttled",
  "hidden_on_call",
] as const;
export type HealthReason = (typeof HEALTH_REASONS)[number];

/** A report as the gateway keeps it: who, when, what, and its verdict. */
export const HealthSample = z.object({
  agent_id: z.number().int(),
  at: isoInstant,
  report: HealthReport,
  verdict: HealthVerdict,
  reasons: z.array(z.enum(HEALTH_REASONS)),
});
export type HealthSample = z.infer<typeof HealthSample>;

/** Limits where a figure makes the report degraded, then bad (the customer hears it). */
export const HEALTH_LIMITS = {
  packetLossPct: [2, 5],
  jitterMs: [30, 60],
  rttMs: [300, 500],
  /** MOS under these. */
  mos: [3.6, 3.1],
  /** A timer this late: the browser is throttling the tab (degraded), or froze it (bad). */
  timerLatenessMs: [2_000, 10_000],
} as const;

/**
 * The verdict on a report: bad when the agent cannot take a call as it should (audio the customer hears broken,
 * the softphone unregistered, the microphone refused, the tab frozen), degraded when it is heading there.
 */
export function judge(r: HealthReport): { verdict: HealthVerdict; reasons: HealthReason[] } {
  const bad = new Set<HealthReason>();
  const degraded = new Set<HealthReason>();
  const grade = (reason: HealthReason, value: number | null, [warn, fail]: readonly [number, number], lowIsBad = false) => {
    if (value === null) return;
    const past = (limit: number) => (lowIsBad ? value < limit : value > limit);
    if (past(fail)) bad.add(reason);
    else if (past(warn)) degraded.add(reason);
  };
  if (r.call) {
    grade("packet_loss", r.call.packet_loss_pct, HEALTH_LIMITS.packetLossPct);
    grade("jitter", r.call.jitter_ms, HEALTH_LIMITS.jitterMs);
    grade("latency", r.call.rtt_ms, HEALTH_LIMITS.rttMs);
    grade("mos", r.call.mos, HEALTH_LIMITS.mos, true);
    if (r.page !== "visible") degraded.add("hidden_on_call");
  }
  grade("throttled", r.timer_lateness_ms, HEALTH_LIMITS.timerLatenessMs);
  if (r.page === "frozen") bad.add("throttled");
  if (r.sip !== null && r.sip !== "registered") (r.sip === "reconnecting" ? degraded : bad).add("sip");
  if (r.microphone === "denied" || r.microphone === "unavailable") bad.add("microphone");
  if (!r.socket_connected) bad.add("socket");
  else if (r.socket_reconnects > 0) degraded.add("socket");
  const reasons = HEALTH_REASONS.filter((x) => bad.has(x) || degraded.has(x));
  return { verdict: bad.size > 0 ? "bad" : degraded.size > 0 ? "degraded" : "good", reasons };
}

export const reportHealth = defineEndpoint({
  method: "POST",
  path: "/client-health",
  summary:
    "Not in the specification (issue 35): the caller's page reports its health (socket, softphone registration, microphone, tab state, the call's audio figures) every 10 s; kept an hour and pushed to the call centre's managers. 204.",
  tags: ["client-health"],
  body: HealthReport,
  responses: { 204: z.null(), 422: ErrorBody },
});

/** GET /client-health: each agent's latest report of the last hour, for the floor. */
export const FloorHealth = z.object({ data: z.array(HealthSample) });
export const readFloorHealth = defineEndpoint({
  method: "GET",
  path: "/client-health",
  summary:
    "Not in the specification (issue 35): managers: the latest client-health report of each agent of their call centre who reported in the last hour.",
  tags: ["client-health"],
  responses: { 200: FloorHealth },
});

/** GET /agents/:id/client-health: one agent's reports of the last hour, oldest first. */
export const AgentHealthHistory = z.object({ data: z.array(HealthSample) });
export const readAgentHealth = defineEndpoint({
  method: "GET",
  path: "/agents/:id/client-health",
  summary:
    "Not in the specification (issue 35): managers: an agent's client-health reports of the last hour, oldest first (an agent may read its own).",
  tags: ["client-health"],
  params: idParam,
  responses: { 200: AgentHealthHistory },
});

/** To the call centre's managers: an agent's page reported. */
export const healthReported = definePush("client-health", HealthSample);
