// Call-path benchmark (reference/performance.md X3): from "the simulated lead answers on the PBX" to
// (a) the agent's leg bridged as the gateway sees it and (b) the agent's browser-side model showing the call
// answered, over N calls (default 1,000), next to a bare socket.io push floor measured in the same run.
// Goal: the software path (answer event → bridge → agent UI shows the call) ≤ 50 ms p99.
//
// Setup (what is real, what is not):
//  - The gateway runs in a child process (gateway.ts), built with buildGateway: Fastify, socket.io, the call
//    and status services, PGlite in memory, the real (system) clock. Its PBX is the embedded SimPbx with a
//    fixed seed and a bench profile in which the agent's phone answers in 20–60 ms and the lead (a person)
//    rings 80–200 ms and answers 150–600 ms later, so calls are short and the run is bounded.
//  - This process holds the agents: one socket.io client per agent, authenticated like the browser (token
//    + fingerprint cookie, websocket transport, hello with hasWebRtc), each with its own CallModel
//    (src/call/CallModel.ts). Every call push is handled as the browser's call service does it:
//    CallSnapshot.safeParse (src/contract/calls.ts) then CallModel.apply.
//  - Each agent loops: dial (an IPC request; the child calls CallService.dial, the dial route's work minus
//    HTTP, which is not on the measured path) → wait for the answer → talk 0.6–1.4 s → hang up over the
//    socket (`hangup`, as the softphone does) → wait for the `hangup` push → 0.2–0.6 s wrap-up → next. With
//    40 agents that is ≈ 20 answers/s (≈ 2,000 agents on a 100 s call-and-wrap cycle), with every agent's
//    dial, status changes and hangups loading the same gateway meanwhile.
//  - Timestamps: process.hrtime (CLOCK_MONOTONIC, shared by both processes on Linux), relative to this
//    process's start, passed to the child. A check at start sends IPC messages both ways and requires both
//    one-way times to be positive (the clocks agree to better than the IPC latency).
//      t0     the SimPbx publishes LegAnswered of the lead leg (a listener on its event bus, called in the
//             same synchronous flush right after the gateway's own; the event's `ts` is that instant on the
//             millisecond wall clock)
//      tPush  the call service has applied Bridged (row 'answered') and starts the `answer` push
//      tRecv  the agent's socket.io client hands the `answer` event to its handler
//      t1     the CallModel has applied the parsed snapshot (isConnected: answered and bridged)
//  - Floor, same run, same gateway, same sockets: after each answer the child schedules one bare push
//    (io.to(agent room).emit) of the same payload, to a random agent, 50–450 ms later; measured emit →
//    client handler. It is the least any server→browser update can cost here (the transport), so
//    path/floor says what the call path adds on top of it.
//  - --webrtc: the SIP edge is on and every agent also runs JsSIP in Node (werift media, the shims of
//    server/pbx/edge/testing/jssipNode.ts), registered with the credentials GET /webrtc/credentials gives,
//    answering the agent leg over real SIP (auto-answer, with a PCMU tone as its microphone). In this PBX
//    the agent leg is answered before the lead is dialled (telephony.md §1), so the SIP answer is not on
//    the lead-answer → UI path; it is reported as its own measure (agent leg offered → 200 OK applied)
//    and the X3 path is measured again with the media edge in the loop. Default 100 calls over 10 agents.
//    The SIP measure covers: the edge builds its werift peer and SDP offer, INVITE over the WebSocket,
//    JsSIP builds its peer and answer, 200 OK, the edge applies the answer and tells the PBX. Here the
//    agents' werift media runs on this process's event loop (a browser runs WebRTC media off the page's
//    thread), so the hop and client tails of this mode are pessimistic.
//  - Not measured: a browser's rendering (React commit after the model changes), AMD (an external budget,
//    X3), real network. Loopback only; absolute figures vary run to run on this shared 2-core VM, hence the
//    floor and the ratios (performance.md §0). --pin pins the gateway to core 0 and this process to core 1.
//
//   npm run bench:call-path [-- --calls 1000 --agents 40 --seed 1 --webrtc --pin --budget 150]
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import type { RTCSession } from "jssip/lib/RTCSession";
import type { UA } from "jssip/lib/UA";
import { CallSnapshot } from "../../src/contract/calls";
import { SOCKET_PATH } from "../../src/contract/socket";
import { CallModel } from "../../src/call/CallModel";
import { streamFor } from "../../server/pbx/sim/random";

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const WEBRTC = argv.includes("--webrtc");
const PIN = argv.includes("--pin");
const CALLS = num("calls", WEBRTC ? 100 : 1000);
const AGENTS = Math.max(1, Math.min(num("agents", WEBRTC ? 10 : 40), CALLS));
const SEED = num("seed", 1);
/** Whole run, seconds: no new dial after BUDGET − 25 s; the process stops at BUDGET + 15 s whatever happens. */
const BUDGET_S = num("budget", 150);
const GOAL_P99_MS = 50;
const here = path.dirname(fileURLToPath(import.meta.url));

const base = process.hrtime.bigint();
const now = () => Number(process.hrtime.bigint() - base) / 1e6;
const stopDialingAt = (BUDGET_S - 25) * 1000;
setTimeout(
  () => {
    console.error(`call-path: ${BUDGET_S + 15} s budget exceeded, stopping`);
    process.exit(2);
  },
  (BUDGET_S + 15) * 1000,
).unref();

// ---------------------------------------------------------------- the gateway child

interface AgentCreds {
  userId: number;
  ext: string;
  token: string;
  fingerprint: string;
  leadId: number;
  phone: string;
  sip: { uri: string; username: string; password: string; wsUrl: string } | null;
}
interface ChildCall {
  callId: number;
  agent: number;
  t0: number;
  tPush: number;
  agentOffered?: number;
  agentAnswered?: number;
}
interface ChildTimings {
  calls: ChildCall[];
  floor: { seq: number; tEmit: number; userId: number }[];
  loop: { delayP50Ms: number; delayP99Ms: number; delayMaxMs: number; utilization: number };
}

const childArgs = [
  path.join(here, "gateway.ts"),
  "--agents",
  String(AGENTS),
  "--seed",
  String(SEED),
  "--base",
  String(base),
];
if (WEBRTC) childArgs.push("--webrtc");
const nodeArgs = ["--import", "tsx", ...childArgs];
const child: ChildProcess = PIN
  ? spawn("taskset", ["-c", "0", process.execPath, ...nodeArgs], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    })
  : spawn(process.execPath, nodeArgs, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
if (PIN) execFileSync("taskset", ["-a", "-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
process.on("exit", () => child.kill("SIGKILL"));
const waiting = new Map<string, ((m: unknown) => void)[]>();
const dials = new Map<number, (m: { callId?: number; error?: string }) => void>();
child.on("message", (m: { type: string; req?: number }) => {
  if (m.type === "dialed") {
    dials.get(m.req!)?.(m as { callId?: number; error?: string });
    dials.delete(m.req!);
    return;
  }
  waiting.get(m.type)?.shift()?.(m);
});
child.on("exit", (code) => {
  if (!finished) {
    console.error(`call-path: the gateway child exited (${code}) before the end`);
    process.exit(1);
  }
});
let finished = false;
const next = <T>(type: string) =>
  new Promise<T>((resolve) => {
    const q = waiting.get(type) ?? [];
    q.push(resolve as (m: unknown) => void);
    waiting.set(type, q);
  });
let reqSeq = 0;
const dial = (agent: number) =>
  new Promise<{ callId?: number; error?: string }>((resolve) => {
    const req = ++reqSeq;
    dials.set(req, resolve);
    child.send({ type: "dial", agent, req });
  });

const startedChild = now();
const ready = await next<{ port: number; agents: AgentCreds[] }>("ready");
const url = `http://127.0.0.1:${ready.port}`;
console.error(`call-path: gateway ready in ${(now() - startedChild).toFixed(0)} ms`);

// The shared clock, checked: a message each way must take a positive time.
const clockChecks: { toChildMs: number; toParentMs: number }[] = [];
for (let i = 0; i < 20; i++) {
  const t = now();
  child.send({ type: "clock", t });
  const r = await next<{ t: number; child: number }>("clock");
  clockChecks.push({ toChildMs: r.child - r.t, toParentMs: now() - r.child });
}
const clockOk = clockChecks.every((c) => c.toChildMs > 0 && c.toParentMs > 0);
if (!clockOk)
  console.error("call-path: WARNING the two processes' monotonic clocks disagree", clockChecks.slice(0, 3));

// ---------------------------------------------------------------- the agents

interface Answered {
  callId: number;
  agent: number;
  tRecv: number;
  t1: number;
  connected: boolean;
}
const answered = new Map<number, Answered>();
const floorRecv = new Map<number, number>();
let parseFailures = 0;

interface Agent {
  i: number;
  creds: AgentCreds;
  socket: Socket;
  model: CallModel;
  /** Resolves with the call's outcome once the model shows it answered, or the call ended without. */
  waitAnswer: ((r: "answered" | "not_answered") => void) | null;
  waitHangup: (() => void) | null;
  phone: Phone | null;
}

function connectAgent(i: number, creds: AgentCreds): Promise<Agent> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      auth: { token: creds.token },
      extraHeaders: { cookie: `dialer_fp=${creds.fingerprint}` },
    });
    const agent: Agent = {
      i,
      creds,
      socket,
      model: CallModel.create({}),
      waitAnswer: null,
      waitHangup: null,
      phone: null,
    };
    // As the browser's call service (src/call/callService.ts): parse with the shared schema, then apply.
    const apply = (payload: unknown) => {
      const r = CallSnapshot.safeParse(payload);
      if (!r.success) {
        parseFailures++;
        return null;
      }
      agent.model.apply(r.data);
      return r.data;
    };
    socket.on("answer", (payload: unknown) => {
      const tRecv = now();
      const s = apply(payload);
      const t1 = now();
      if (!s) return;
      answered.set(s.callId, { callId: s.callId, agent: i, tRecv, t1, connected: agent.model.isConnected });
      agent.waitAnswer?.("answered");
      agent.waitAnswer = null;
    });
    socket.on("call", (payload: unknown) => void apply(payload));
    socket.on("incoming", (payload: unknown) => void apply(payload));
    socket.on("hangup", (payload: unknown) => {
      const s = apply(payload);
      if (!s) return;
      agent.waitAnswer?.("not_answered");
      agent.waitAnswer = null;
      agent.waitHangup?.();
      agent.waitHangup = null;
    });
    socket.on("bench-floor", ({ seq }: { seq: number }) => floorRecv.set(seq, now()));
    socket.once("status", () => resolve(agent));
    socket.once("connect_error", reject);
  });
}

// ---------------------------------------------------------------- JsSIP agents (--webrtc)

interface Phone {
  ua: UA;
  stop(): void;
}
async function startPhone(agent: Agent): Promise<Phone> {
  const { loadJsSIP, toneStream } = await import("../../server/pbx/edge/testing/jssipNode");
  const JsSIP = await loadJsSIP();
  const sip = agent.creds.sip!;
  const ua = new JsSIP.UA({
    sockets: [new JsSIP.WebSocketInterface(sip.wsUrl)],
    uri: sip.uri,
    authorization_user: sip.username,
    password: sip.password,
    register: true,
    register_expires: 600,
    session_timers: false,
  });
  ua.on(
    "newRTCSession",
    (e: { originator: string; session: RTCSession; request: { getHeader(n: string): string } }) => {
      if (e.originator !== "remote") return;
      // The softphone answers a call the agent asked for at once (X-Dialer-Auto-Answer: true).
      if (e.request.getHeader("X-Dialer-Auto-Answer") !== "true") return;
      const tone = toneStream();
      e.session.on("ended", () => tone.stop());
      e.session.on("failed", () => tone.stop());
      e.session.answer({ mediaStream: tone.stream as unknown as MediaStream });
    },
  );
  const registered = new Promise<void>((resolve, reject) => {
    ua.on("registered", () => resolve());
    ua.on("registrationFailed", (e: { cause?: string }) => reject(new Error(`REGISTER failed: ${e.cause}`)));
  });
  ua.start();
  await registered;
  return { ua, stop: () => ua.stop() };
}

const agents: Agent[] = [];
for (let i = 0; i < AGENTS; i += 50)
  agents.push(...(await Promise.all(ready.agents.slice(i, i + 50).map((c, k) => connectAgent(i + k, c)))));
await Promise.all(
  agents.map((a) =>
    a.socket.timeout(10_000).emitWithAck("hello", { extension: a.creds.ext, hasWebRtc: true }),
  ),
);
if (WEBRTC) for (const a of agents) a.phone = await startPhone(a);
console.error(
  `call-path: ${agents.length} agents connected${WEBRTC ? " and registered over SIP" : ""}; placing ${CALLS} calls`,
);

// ---------------------------------------------------------------- the calls

const rng = streamFor(SEED, "#bench-agents");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let placed = 0;
let notAnswered = 0;
let refused = 0;
const refusals = new Map<string, number>();
const runStart = now();
child.send({ type: "measure" });

async function agentLoop(a: Agent) {
  await sleep(rng() * 1000); // agents start spread over a second, not in lockstep
  while (placed < CALLS && now() < stopDialingAt) {
    placed++;
    const outcome = new Promise<"answered" | "not_answered" | "timeout">((resolve) => {
      a.waitAnswer = resolve;
      setTimeout(() => resolve("timeout"), 15_000);
    });
    const hungUp = new Promise<void>((resolve) => (a.waitHangup = resolve));
    const r = await dial(a.i);
    if (r.error !== undefined) {
      refused++;
      refusals.set(r.error, (refusals.get(r.error) ?? 0) + 1);
      a.waitAnswer = a.waitHangup = null;
      await sleep(500);
      continue;
    }
    const o = await outcome;
    a.waitAnswer = null;
    if (o !== "answered") {
      notAnswered++;
      if (o === "timeout")
        await a.socket
          .timeout(5_000)
          .emitWithAck("hangup", { extension: a.creds.ext })
          .catch(() => {});
      await Promise.race([hungUp, sleep(5_000)]);
      continue;
    }
    await sleep(600 + rng() * 800); // talking
    await a.socket
      .timeout(5_000)
      .emitWithAck("hangup", { extension: a.creds.ext })
      .catch(() => {});
    await Promise.race([hungUp, sleep(5_000)]);
    await sleep(200 + rng() * 400); // wrap-up
  }
}
await Promise.all(agents.map(agentLoop));
const runMs = now() - runStart;
await sleep(600); // the last floor pushes
child.send({ type: "timings" });
const timings = await next<ChildTimings>("timings");

finished = true;
for (const a of agents) {
  a.phone?.stop();
  a.socket.disconnect();
}
child.send({ type: "stop" });
await Promise.race([new Promise((r) => child.once("exit", r)), sleep(5_000)]);

// ---------------------------------------------------------------- the figures

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
interface Summary {
  n: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}
const summary = (xs: number[]): Summary => ({
  n: xs.length,
  p50: pct(xs, 50),
  p99: pct(xs, 99),
  max: xs.length ? Math.max(...xs) : NaN,
  mean: xs.reduce((s, x) => s + x, 0) / (xs.length || 1),
});

const joined = timings.calls.flatMap((c) => {
  const a = answered.get(c.callId);
  return a ? [{ ...c, ...a }] : [];
});
const samples: Record<string, number[]> = {
  ui: joined.map((c) => c.t1 - c.t0),
  gateway: joined.map((c) => c.tPush - c.t0),
  hop: joined.map((c) => c.tRecv - c.tPush),
  client: joined.map((c) => c.t1 - c.tRecv),
  floor: timings.floor.flatMap((f) => (floorRecv.has(f.seq) ? [floorRecv.get(f.seq)! - f.tEmit] : [])),
};
if (WEBRTC)
  samples.sipAnswer = joined.flatMap((c) =>
    c.agentOffered !== undefined && c.agentAnswered !== undefined ? [c.agentAnswered - c.agentOffered] : [],
  );
const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summary(v)])) as Record<
  string,
  Summary
>;
const floor = s.floor!;
const ratio = (m: Summary) => ({ p50: m.p50 / floor.p50, p99: m.p99 / floor.p99 });

const rows: [string, string][] = [
  ["ui", "lead answers → agent's CallModel shows it answered (X3)"],
  ["gateway", "lead answers → gateway bridged, `answer` push starts"],
  ["hop", "`answer` push → agent's socket handler"],
  ["client", "zod CallSnapshot parse + CallModel.apply"],
  ...(WEBRTC
    ? ([["sipAnswer", "agent leg offered → JsSIP 200 OK at the PBX (SIP)"]] as [string, string][])
    : []),
  ["floor", "floor: bare socket.io push, same size, same gateway"],
];
const f = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "n/a").padStart(8);
console.log(
  `\ncall-path${WEBRTC ? " --webrtc" : ""}: ${joined.length} answered calls measured of ${placed} placed (${notAnswered} not answered, ${refused} refused) by ${AGENTS} agents in ${(runMs / 1000).toFixed(1)} s (${((joined.length / runMs) * 1000).toFixed(1)} answers/s), seed ${SEED}, Node ${process.versions.node}${PIN ? ", pinned" : ""}\n`,
);
console.log(
  `${"measure (ms)".padEnd(58)} ${"p50".padStart(8)} ${"p99".padStart(8)} ${"max".padStart(8)} ${"n".padStart(6)}   ratio to floor p50 / p99`,
);
for (const [key, label] of rows) {
  const m = s[key]!;
  const r = key === "floor" ? "" : `   ${ratio(m).p50.toFixed(1)}× / ${ratio(m).p99.toFixed(1)}×`;
  console.log(`${label.padEnd(58)} ${f(m.p50)} ${f(m.p99)} ${f(m.max)} ${String(m.n).padStart(6)}${r}`);
}
const ui = s.ui!;
const notConnected = joined.filter((c) => !c.connected).length;
const met = ui.n > 0 && ui.p99 <= GOAL_P99_MS && notConnected === 0 && parseFailures === 0;
console.log(
  `\ngateway event loop while measuring: timer lateness p50 ${timings.loop.delayP50Ms.toFixed(2)} ms, p99 ${timings.loop.delayP99Ms.toFixed(2)} ms, max ${timings.loop.delayMaxMs.toFixed(1)} ms; utilisation ${(timings.loop.utilization * 100).toFixed(0)} %`,
);
console.log(
  `clock check (IPC one-way, both directions positive): ${clockOk ? "ok" : "FAILED"}; snapshots failing the schema: ${parseFailures}; answered but not shown connected: ${notConnected}`,
);
console.log(
  `verdict: X3 software path p99 ${ui.p99.toFixed(2)} ms vs goal ≤ ${GOAL_P99_MS} ms → ${met ? "MET" : "NOT MET"} (${(GOAL_P99_MS / ui.p99).toFixed(1)}× headroom; ${ratio(ui).p99.toFixed(1)}× the floor's p99)`,
);
if (refusals.size) console.log(`refused dials: ${JSON.stringify(Object.fromEntries(refusals))}`);

const out = path.resolve(here, "../results");
mkdirSync(out, { recursive: true });
const file = path.join(
  out,
  `call-path${WEBRTC ? "-webrtc" : ""}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
);
const round = (xs: number[]) => xs.map((x) => Math.round(x * 1000) / 1000);
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.versions.node,
      mode: WEBRTC ? "webrtc" : "sim-softphone",
      goal: { p99Ms: GOAL_P99_MS, met },
      config: { calls: CALLS, agents: AGENTS, seed: SEED, budgetS: BUDGET_S, pinned: PIN },
      counts: { placed, measured: joined.length, notAnswered, refused, parseFailures, notConnected, runMs },
      summary: s,
      ratioToFloor: Object.fromEntries(
        Object.keys(s)
          .filter((k) => k !== "floor")
          .map((k) => [k, ratio(s[k]!)]),
      ),
      gatewayLoop: timings.loop,
      clockCheck: {
        ok: clockOk,
        minToChildMs: Math.min(...clockChecks.map((c) => c.toChildMs)),
        minToParentMs: Math.min(...clockChecks.map((c) => c.toParentMs)),
      },
      samplesMs: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, round(v)])),
    },
    null,
    2,
  ),
);
console.log(`results: ${path.relative(process.cwd(), file)}`);
process.exit(0);
