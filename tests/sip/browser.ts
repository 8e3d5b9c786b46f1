// The SIP tier's browser side: the product's gateway pointing softphones at kamailio (SIP_WS_URL), and the
// WebRTC qualifier signed in in headless Chromium, whose real softphone widget registers to kamailio, calls
// baresip and answers baresip's call. What the page says on the WebSocket is timed from its frames; its audio
// is counted from its RTCPeerConnection's stats.
import { spawn, type ChildProcess } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { recordPeerConnections, signIn } from "../e2e/helpers";
import { stopGroup, waitFor } from "./stack";

export const QUALIFIER = { email: "qualifier.isius@demo.test", extension: "1001" };

export function startGateway(opts: { port: number; staticDir: string; sipWsUrl: string; logFile: number }) {
  const child: ChildProcess = spawn("npx", ["tsx", "server/index.ts"], {
    detached: true,
    stdio: ["ignore", opts.logFile, opts.logFile],
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory",
      STATIC_DIR: opts.staticDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
      // Softphones register at kamailio; the gateway's own SIP endpoint stays off (its simulated PBX then
      // counts a WebRTC agent as registered while the agent's socket is up).
      SIP_WS_URL: opts.sipWsUrl,
      SIP_EDGE: "false",
      // A Tuesday afternoon in New York, as in the end-to-end tests.
      CLOCK_START: "2026-03-10T18:00:00Z",
    },
  });
  const ready = waitFor(
    "the gateway",
    async () => (await fetch(`http://127.0.0.1:${opts.port}/api/docs/json`).catch(() => null))?.ok === true,
    90_000,
  );
  const stop = () => stopGroup(child);
  return { ready, stop };
}


/** A SIP message the page sent or received on its WebSocket to kamailio, with when. */
export interface Frame {
  at: number;
  sent: boolean;
  /** "REGISTER", "INVITE", … for a request; "200 REGISTER", "180 INVITE", … for a response. */
  what: string;
  callId: string;
}

/** `log` gets every message whole (kept in the run's folder to read after a failure). */
export function recordSipFrames(page: Page, wsUrl: string, log?: (line: string) => void): Frame[] {
  const frames: Frame[] = [];
  const parse = (payload: string | Buffer, sent: boolean) => {
    const text = payload.toString();
    log?.(`${sent ? "page →" : "page ←"} ${new Date().toISOString()}\n${text}`);
    const first = text.slice(0, text.indexOf("\r\n"));
    const cseq = /^CSeq:\s*\d+\s+(\S+)/im.exec(text)?.[1] ?? "";
    const callId = /^(?:Call-ID|i):\s*(\S+)/im.exec(text)?.[1] ?? "";
    const status = /^SIP\/2\.0 (\d{3})/.exec(first)?.[1];
    frames.push({
      at: performance.now(),
      sent,
      what: status ? `${status} ${cseq}` : first.split(" ")[0]!,
      callId,
    });
  };
  page.on("websocket", (ws) => {
    if (!ws.url().startsWith(wsUrl)) return;
    ws.on("framesent", (f) => parse(f.payload, true));
    ws.on("framereceived", (f) => parse(f.payload, false));
  });
  return frames;
}

export interface PeerStats {
  packetsSent: number;
  packetsReceived: number;
  /** The RMS level of what the page decoded, 0–1 (√(totalAudioEnergy / totalSamplesDuration)). */
  level: number;
  codec: string;
}

/** The audio stats of the page's newest RTCPeerConnection (see recordPeerConnections). */
export const peerStats = (page: Page): Promise<PeerStats> =>
  page.evaluate(async () => {
    const pcs = (globalThis as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const pc = pcs[pcs.length - 1];
    const s = { packetsSent: 0, packetsReceived: 0, level: 0, codec: "" };
    if (!pc) return s;
    const reports = await pc.getStats();
    reports.forEach((r: Record<string, unknown>) => {
      if (r.kind !== "audio") return;
      if (r.type === "outbound-rtp") s.packetsSent += Number(r.packetsSent ?? 0);
      if (r.type === "inbound-rtp") {
        s.packetsReceived += Number(r.packetsReceived ?? 0);
        const energy = Number(r.totalAudioEnergy ?? 0);
        const duration = Number(r.totalSamplesDuration ?? 0);
        if (duration > 0) s.level = Math.sqrt(energy / duration);
        const codec = reports.get(String(r.codecId)) as { mimeType?: string } | undefined;
        s.codec = codec?.mimeType ?? "";
      }
    });
    return s;
  });

export const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
export const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });

/** Signs the qualifier in and waits for the widget to say Connected (microphone, credentials, registered). */
export async function signInQualifier(page: Page) {
  await recordPeerConnections(page);
  await signIn(page, QUALIFIER.email);
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
}

/** Unfolds the widget (its dial pad holds the Voicemail button). */
export async function openSoftphone(page: Page) {
  const toggle = softphone(page).getByRole("button", { name: "Softphone", exact: true });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}
