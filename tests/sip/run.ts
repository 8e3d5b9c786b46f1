// `npm run test:sip`: the real SIP tier (tests/sip/README.md). The product's softphone, in headless Chromium,
// against kamailio + rtpengine + baresip instead of the gateway's embedded SIP endpoint: the widget registers
// over WebSocket, calls baresip and answers baresip's call, with audio both ways through DTLS-SRTP ↔ RTP.
// Exit 0 passed, 1 failed, 2 skipped (the Debian packages are missing and cannot be installed here).
// Options: --static <dir> serves an SPA already built (else one is built into the run's temporary folder);
// --bypass-csp has Chromium ignore the page's Content-Security-Policy, to try the rest of the tier while the
// policy refuses the WebSocket to SIP_WS_URL (a run with it is reported as not a pass of the product).
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, openSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Browser } from "@playwright/test";
import { launchChromium } from "../chromium";
import { connectBaresip, type Baresip } from "./baresip";
import {
  callBox,
  openSoftphone,
  peerStats,
  QUALIFIER,
  recordSipFrames,
  signInQualifier,
  softphone,
  startGateway,
  type Frame,
  type PeerStats,
} from "./browser";
import { BARESIP_EXT, ensurePackages, hasContact, PORTS, startStack, type Stack } from "./stack";
import { wavLevel, type WavLevel } from "./wav";

/** Audio both ways over ≈3 s at 50 packets a second; the levels are far above a silent stream's. */
const TALK_MS = 3000;
const MIN_PACKETS = 100;
const MIN_BARESIP_RMS = 300;
const MIN_PAGE_LEVEL = 0.01;

const log = (line: string) => console.log(`[sip] ${line}`);
const ms = (n: number) => `${Math.round(n)} ms`;

const install = ensurePackages(log);
if (!install.ok) {
  console.log(`SIP tier: skipped (cannot install: ${install.reason})`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), "sip-tier-"));
const wsUrl = `ws://127.0.0.1:${PORTS.WS_PORT}`;
/** What to stop, in the order started; stopped newest first, also on ctrl-c. */
const cleanups: (() => unknown)[] = [];
const cleanup = async () => {
  for (const f of cleanups.splice(0).reverse()) await Promise.resolve(f()).catch(() => {});
};
// Output piped into a reader that quits early (| head) must not end the run before its cleanup.
process.stdout.on("error", () => {});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, () => void cleanup().then(() => process.exit(130)));

const report: string[] = [];
const figure = (line: string) => (report.push(line), log(line));

try {
  await run();
  await cleanup();
  console.log(["SIP tier: passed", ...report.map((l) => `  ${l}`)].join("\n"));
  process.exit(0);
} catch (err) {
  await cleanup();
  console.log(
    [
      "SIP tier: FAILED",
      ...report.map((l) => `  ${l}`),
      `  ${String(err instanceof Error ? err.stack : err)}`,
      `  logs: ${dir}`,
    ].join("\n"),
  );
  process.exit(1);
}

async function run() {
  let staticDir = option("--static");
  if (!staticDir || !existsSync(join(staticDir, "index.html"))) {
    staticDir = join(dir, "dist");
    log(`building the SPA into ${staticDir}`);
    const args = ["vite", "build", "--outDir", staticDir, "--emptyOutDir", "--logLevel", "error"];
    const build = spawnSync("npx", args, { stdio: "inherit" });
    if (build.status !== 0) throw new Error("vite build failed");
  }

  const stack: Stack = await startStack(dir, log);
  cleanups.push(stack.stop);
  log(`kamailio, rtpengine and baresip (${BARESIP_EXT}) up in ${dir}`);
  const gateway = startGateway({
    port: PORTS.GATEWAY_PORT,
    staticDir,
    sipWsUrl: wsUrl,
    logFile: openSync(join(dir, "gateway.log"), "a"),
  });
  cleanups.push(gateway.stop);
  const baresip: Baresip = await connectBaresip(PORTS.BARESIP_CTRL_PORT, appendTo("baresip-events.log"));
  cleanups.push(baresip.close);
  await gateway.ready;

  const browser: Browser = await launchChromium();
  cleanups.push(() => browser.close());
  const bypassCSP = process.argv.includes("--bypass-csp");
  if (bypassCSP)
    figure("--bypass-csp: the page's Content-Security-Policy is ignored (not a pass of the product)");
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${PORTS.GATEWAY_PORT}`, bypassCSP });
  const page = await context.newPage();
  const frames = recordSipFrames(page, wsUrl, appendTo("page-sip.log"));
  // The page's own complaints (a Content-Security-Policy refusing the WebSocket, JsSIP errors) explain failures.
  const complaints: string[] = [];
  page.on("console", (m) => m.type() === "error" && complaints.push(m.text()));
  try {
    await scenario();
  } catch (err) {
    if (complaints.length) log(`the page's console errors:\n  ${complaints.slice(0, 10).join("\n  ")}`);
    if (complaints.some((c) => c.includes(wsUrl) && c.includes("Content Security Policy")))
      figure(
        `the gateway's Content-Security-Policy (connect-src) refuses the softphone's WebSocket to SIP_WS_URL ${wsUrl}`,
      );
    throw err;
  }

  async function scenario() {
    // 1. The widget registers extension 1001 at kamailio over WebSocket.
    await signInQualifier(page);
    figure(
      `register: ${ms(between(frames, { sent: true, what: "REGISTER" }, { sent: false, what: "200 REGISTER" }))} (REGISTER → 200 OK on ${wsUrl})`,
    );
    const location = stack.locations();
    if (!hasContact(location, QUALIFIER.extension, "ws"))
      throw new Error(
        `kamailio's location table has no WebSocket contact for ${QUALIFIER.extension}:\n${location}`,
      );
    figure(`kamailio's location table: ${QUALIFIER.extension} over WebSocket, ${BARESIP_EXT} over UDP`);

    // 2. The page calls baresip: the widget's Voicemail button (its own INVITE, *97), routed by kamailio to 2900.
    await openSoftphone(page);
    const answeredByBaresip = baresip.next("CALL_ESTABLISHED");
    const closedAtBaresip = baresip.next("CALL_CLOSED", 60_000);
    const before = audioFiles(stack);
    await softphone(page).getByRole("button", { name: "Voicemail", exact: true }).click();
    await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
    await answeredByBaresip;
    const invite = last(frames, { sent: true, what: "INVITE" });
    // (baresip's 180 and 200 leave together; kamailio's workers may pass them on in either order.)
    figure(
      `page → baresip: INVITE → 200 OK in ${ms(since(frames, invite, "200 INVITE"))}, first audio after ${ms(await firstAudio(invite.at))}`,
    );
    const out = await talk(page);
    figure(`page → baresip: ${packets(out)}, ${out.codec}; the page hears level ${out.level.toFixed(3)}`);
    await callBox(page).getByRole("button", { name: "Hang up" }).click();
    await closedAtBaresip;
    await expect(callBox(page)).toHaveCount(0);
    const heard = decodedByBaresip(stack, before);
    figure(`baresip decoded ${heard.seconds.toFixed(1)} s of the page's audio, RMS ${Math.round(heard.rms)}`);
    check(out, heard);

    // 3. baresip calls the page: the widget rings, the agent clicks Answer; baresip hangs up.
    const established = baresip.next("CALL_ESTABLISHED");
    const closed = baresip.next("CALL_CLOSED", 60_000);
    const before2 = audioFiles(stack);
    const dialledAt = performance.now();
    const dial = await baresip.command("dial", `sip:${QUALIFIER.extension}@127.0.0.1:${PORTS.SIP_PORT}`);
    if (!dial.ok) throw new Error(`baresip could not dial: ${dial.data}`);
    const answer = callBox(page).getByRole("button", { name: "Answer" });
    await answer.waitFor({ timeout: 15_000 });
    const rangAfter = last(frames, { sent: false, what: "INVITE" }).at - dialledAt;
    const clickedAt = performance.now();
    await answer.click();
    await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
    await established;
    figure(
      `baresip → page: INVITE at the page after ${ms(rangAfter)}, answered → established in ${ms(performance.now() - clickedAt)}, first audio after ${ms(await firstAudio(clickedAt))}`,
    );
    const back = await talk(page);
    figure(`baresip → page: ${packets(back)}, ${back.codec}; the page hears level ${back.level.toFixed(3)}`);
    const hangup = await baresip.command("hangup");
    if (!hangup.ok) throw new Error(`baresip could not hang up: ${hangup.data}`);
    await closed;
    // baresip's BYE reached the browser through kamailio: the widget's call is gone.
    await expect(callBox(page)).toHaveCount(0, { timeout: 10_000 });
    const heard2 = decodedByBaresip(stack, before2);
    figure(
      `baresip decoded ${heard2.seconds.toFixed(1)} s of the page's audio, RMS ${Math.round(heard2.rms)}`,
    );
    check(back, heard2);
  }

  /** Milliseconds from `from` until the page's newest peer connection has received audio. */
  async function firstAudio(from: number) {
    const until = performance.now() + 10_000;
    while (performance.now() < until) {
      if ((await peerStats(page)).packetsReceived > 0) return performance.now() - from;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error("no audio reached the page within 10 s");
  }
}

/** Lets the call run ≈3 s and reads the page's stats. */
async function talk(page: Parameters<typeof peerStats>[0]): Promise<PeerStats> {
  await new Promise((r) => setTimeout(r, TALK_MS));
  return peerStats(page);
}

function check(stats: PeerStats, heard: WavLevel) {
  const problems = [
    stats.packetsSent <= MIN_PACKETS && `the page sent ${stats.packetsSent} packets (want > ${MIN_PACKETS})`,
    stats.packetsReceived <= MIN_PACKETS &&
      `the page received ${stats.packetsReceived} packets (want > ${MIN_PACKETS})`,
    stats.level <= MIN_PAGE_LEVEL && `the page heard level ${stats.level} (want > ${MIN_PAGE_LEVEL})`,
    heard.rms <= MIN_BARESIP_RMS && `baresip decoded RMS ${heard.rms} (want > ${MIN_BARESIP_RMS})`,
  ].filter(Boolean);
  if (problems.length) throw new Error(problems.join("; "));
}

function packets(s: PeerStats) {
  return `${s.packetsSent} packets sent, ${s.packetsReceived} received in ${TALK_MS / 1000} s`;
}

/** baresip's sndfile module writes dump-<call>-dec.wav (what it decoded) per call: the new one. */
function audioFiles(stack: Stack) {
  return new Set(readdirSync(stack.audioDir));
}
function decodedByBaresip(stack: Stack, before: Set<string>): WavLevel {
  const fresh = readdirSync(stack.audioDir)
    .filter((f) => f.endsWith("-dec.wav") && !before.has(f))
    .sort((a, b) => statSync(join(stack.audioDir, b)).mtimeMs - statSync(join(stack.audioDir, a)).mtimeMs);
  if (!fresh[0]) throw new Error(`baresip wrote no decoded audio in ${stack.audioDir}`);
  return wavLevel(join(stack.audioDir, fresh[0]));
}

function last(frames: Frame[], match: { sent: boolean; what: string }): Frame {
  const f = frames.findLast((x) => x.sent === match.sent && x.what === match.what);
  if (!f) throw new Error(`the page ${match.sent ? "sent" : "received"} no ${match.what}`);
  return f;
}
/** From a request to the first answer of that call with this status ("180 INVITE"). */
function since(frames: Frame[], request: Frame, what: string) {
  const f = frames.find((x) => x.at >= request.at && x.callId === request.callId && x.what === what);
  if (!f) throw new Error(`no ${what} to the page's ${request.what}`);
  return f.at - request.at;
}
function between(frames: Frame[], a: { sent: boolean; what: string }, b: { sent: boolean; what: string }) {
  const first = frames.find((x) => x.sent === a.sent && x.what === a.what);
  if (!first) throw new Error(`the page ${a.sent ? "sent" : "received"} no ${a.what}`);
  return since(frames, first, b.what);
}

function appendTo(file: string) {
  return (line: string) => appendFileSync(join(dir, file), `${line}\n`);
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
