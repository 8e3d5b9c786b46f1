// What the softphone can tell of its own health, for the client-health report a manager's wall shows: the
// registration, the microphone permission, and during a call the audio's quality from WebRTC's getStats():
// packet loss (of what the agent hears, over the interval since the last reading), jitter, round-trip time,
// the microphone's level and an estimated MOS. Nothing else of the call is read.

/** A call's audio quality over the last interval. */
export interface CallMediaFigures {
  /** Packets of the agent's incoming audio lost, percent of those expected since the last reading. */
  packetLossPct: number;
  jitterMs: number;
  /** Round-trip time to the media edge; null until the far end's report came. */
  rttMs: number | null;
  /** 0..1, the microphone's level as sent; null where the browser does not say. */
  micLevel: number | null;
  /** Estimated mean opinion score, 1 (bad) to 4.5 (G.711's best). */
  mos: number;
}

/** The counters a reading keeps, so the next one measures the interval in between. */
export interface StatsCounters {
  received: number;
  lost: number;
}

interface Stat {
  type?: string;
  kind?: string;
  mediaType?: string;
  packetsReceived?: number;
  packetsLost?: number;
  jitter?: number;
  roundTripTime?: number;
  currentRoundTripTime?: number;
  audioLevel?: number;
  state?: string;
  nominated?: boolean;
}

const isAudio = (s: Stat) => (s.kind ?? s.mediaType) === "audio";

/**
 * Estimated MOS from the E-model simplified (ITU-T G.107 as commonly reduced for VoIP): latency and jitter as an
 * effective delay, packet loss as an impairment, for G.711 (no codec impairment).
 */
export function estimateMos(packetLossPct: number, jitterMs: number, rttMs: number | null): number {
  const effectiveLatency = (rttMs ?? 0) / 2 + jitterMs * 2 + 10;
  let r = effectiveLatency < 160 ? 93.2 - effectiveLatency / 40 : 93.2 - (effectiveLatency - 120) / 10;
  r -= packetLossPct * 2.5;
  r = Math.max(0, Math.min(100, r));
  const mos = 1 + 0.035 * r + 0.000007 * r * (r - 60) * (100 - r);
  return Math.round(Math.max(1, Math.min(4.5, mos)) * 100) / 100;
}

/** The figures of one reading of getStats(), against the counters of the previous one (none: since the call began). */
export function callMediaFigures(
  report: Iterable<Stat>,
  previous: StatsCounters | null,
): { figures: CallMediaFigures; counters: StatsCounters } | null {
  let inbound: Stat | undefined;
  let remoteInbound: Stat | undefined;
  let source: Stat | undefined;
  let pair: Stat | undefined;
  for (const s of report) {
    if (s.type === "inbound-rtp" && isAudio(s)) inbound = s;
    else if (s.type === "remote-inbound-rtp" && isAudio(s)) remoteInbound = s;
    else if (s.type === "media-source" && isAudio(s)) source = s;
    else if (s.type === "candidate-pair" && s.state === "succeeded" && s.nominated !== false) pair = s;
  }
  if (!inbound) return null;
  const counters = { received: inbound.packetsReceived ?? 0, lost: Math.max(0, inbound.packetsLost ?? 0) };
  const received = counters.received - (previous?.received ?? 0);
  const lost = counters.lost - (previous?.lost ?? 0);
  const expected = received + lost;
  const packetLossPct = expected > 0 ? Math.round((Math.max(0, lost) / expected) * 1000) / 10 : 0;
  const jitterMs = Math.round((inbound.jitter ?? 0) * 1000);
  const rtt = remoteInbound?.roundTripTime ?? pair?.currentRoundTripTime;
  const rttMs = rtt === undefined ? null : Math.round(rtt * 1000);
  return {
    figures: {
      packetLossPct,
      jitterMs,
      rttMs,
      micLevel: source?.audioLevel ?? null,
      mos: estimateMos(packetLossPct, jitterMs, rttMs),
    },
    counters,
  };
}
