// Socket benchmark (reference/performance.md R1, R3): N socket.io clients on loopback connect to the real
// gateway (child process), say hello and send heartbeats; we report server heap and RSS per connection
// (goal ≤ 30 KiB RSS) and the time until every client has a broadcast, next to a bare socket.io server
// with the same clients measured in the same run. Bounded to 60 s. Not part of npm test.
//
//   npx tsx bench/gateway-sockets/run.ts [--clients 2000] [--rounds 20]
import { fork, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import { SOCKET_PATH } from "../../src/contract/socket";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLIENTS = arg("clients", 2000);
const ROUNDS = arg("rounds", 20);
const DEADLINE_MS = 60_000;
const here = path.dirname(fileURLToPath(import.meta.url));
const started = performance.now();

setTimeout(() => {
  console.error("gateway-sockets: 60 s budget exceeded, stopping");
  process.exit(2);
}, DEADLINE_MS).unref();

interface Mem {
  heapUsed: number;
  rss: number;
}
interface Result {
  mode: string;
  clients: number;
  /** Child start until it listens (the gateway: PGlite, migrations, demo seed, N sessions). */
  startMs: number;
  connectMs: number;
  heapPerConnKiB: number;
  rssPerConnKiB: number;
  heartbeatP50Ms: number;
  heartbeatP99Ms: number;
  broadcastLastP50Ms: number;
  broadcastLastMaxMs: number;
  broadcastFirstP50Ms: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

function child(mode: string, clients: number): { proc: ChildProcess; next<T>(type: string): Promise<T> } {
  const proc = fork(path.join(here, "server.ts"), ["--mode", mode, "--clients", String(clients)], {
    execArgv: ["--expose-gc", "--import", "tsx", ...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting = new Map<string, ((m: unknown) => void)[]>();
  proc.on("message", (m: { type: string }) => {
    const q = waiting.get(m.type);
    q?.shift()?.(m);
  });
  return {
    proc,
    next<T>(type: string) {
      return new Promise<T>((resolve) => {
        const q = waiting.get(type) ?? [];
        q.push(resolve as (m: unknown) => void);
        waiting.set(type, q);
      });
    },
  };
}

/**
 * One server, N clients. Connecting stops at `connectUntil` (ms since the start of the run) so the whole
 * run stays within 60 s on a loaded machine; the result says how many clients were connected.
 */
async function measure(mode: "bare" | "gateway", wanted: number, connectUntil: number): Promise<Result> {
  const forkedAt = performance.now();
  const c = child(mode, wanted);
  const ready = await c.next<{ port: number; credentials: { token: string; fingerprint: string }[]; before: Mem }>("ready");
  const startMs = performance.now() - forkedAt;
  const url = `http://127.0.0.1:${ready.port}`;
  const sockets: Socket[] = [];
  const received = new Map<number, number[]>();

  // Connect in waves, as a shift start does, each client waiting for the gateway's first status push.
  const t0 = performance.now();
  for (let i = 0; i < wanted && performance.now() - started < connectUntil; i += 200) {
    await Promise.all(
      ready.credentials.slice(i, i + 200).map(
        (cred) =>
          new Promise<void>((resolve, reject) => {
            const s = io(url, {
              path: SOCKET_PATH,
              transports: ["websocket"],
              forceNew: true,
              reconnection: false,
              auth: { token: cred.token },
              extraHeaders: { cookie: `dialer_fp=${cred.fingerprint}` },
            });
            s.once("status", () => resolve());
            s.once("connect_error", reject);
            s.on("bench", ({ seq }: { seq: number }) => {
              const at = performance.now();
              (received.get(seq) ?? received.set(seq, []).get(seq)!).push(at);
            });
            sockets.push(s);
          }),
      ),
    );
  }
  const connectMs = performance.now() - t0;
  const n = sockets.length;
  console.error(`${mode}: started in ${startMs.toFixed(0)} ms, ${n} clients connected in ${connectMs.toFixed(0)} ms`);
  await Promise.all(sockets.map((s, i) => s.timeout(10_000).emitWithAck("hello", { extension: mode === "gateway" ? String(50_000 + i) : "1000", hasWebRtc: false })));

  // Heartbeat rounds: every client at once, round-trip per client.
  const rtts: number[] = [];
  for (let r = 0; r < 3; r++) {
    await Promise.all(
      sockets.map(async (s) => {
        const t = performance.now();
        await s.timeout(10_000).emitWithAck("heartbeat", {});
        rtts.push(performance.now() - t);
      }),
    );
  }

  c.proc.send({ type: "mem" });
  const after = await c.next<Mem>("mem");

  // Broadcasts: time from the request until the first and the last client has it.
  const last: number[] = [];
  const first: number[] = [];
  for (let seq = 1; seq <= ROUNDS && (seq <= 3 || performance.now() - started < connectUntil + 4_000); seq++) {
    const sentAt = performance.now();
    c.proc.send({ type: "broadcast", seq });
    const deadline = sentAt + 5_000;
    while ((received.get(seq)?.length ?? 0) < n && performance.now() < deadline) await new Promise((r) => setImmediate(r));
    const times = received.get(seq) ?? [];
    if (times.length < n) throw new Error(`${mode}: broadcast ${seq} reached ${times.length}/${n}`);
    first.push(Math.min(...times) - sentAt);
    last.push(Math.max(...times) - sentAt);
  }

  for (const s of sockets) s.disconnect();
  c.proc.send({ type: "stop" });
  await new Promise((r) => c.proc.once("exit", r));
  return {
    mode,
    clients: n,
    startMs,
    connectMs,
    heapPerConnKiB: (after.heapUsed - ready.before.heapUsed) / n / 1024,
    rssPerConnKiB: (after.rss - ready.before.rss) / n / 1024,
    heartbeatP50Ms: pct(rtts, 50),
    heartbeatP99Ms: pct(rtts, 99),
    broadcastLastP50Ms: pct(last, 50),
    broadcastLastMaxMs: Math.max(...last),
    broadcastFirstP50Ms: pct(first, 50),
  };
}

// The gateway first (it is the slower to start and connect), then the bare server with as many clients.
const gateway = await measure("gateway", CLIENTS, 32_000);
const baseline = await measure("bare", gateway.clients, 52_000);

const rows: [string, keyof Result, number][] = [
  ["server start incl. N sessions (ms)", "startMs", 0],
  ["connect all (ms)", "connectMs", 0],
  ["heap per connection (KiB)", "heapPerConnKiB", 1],
  ["RSS per connection (KiB, goal ≤ 30)", "rssPerConnKiB", 1],
  ["heartbeat ack p50 (ms)", "heartbeatP50Ms", 2],
  ["heartbeat ack p99 (ms)", "heartbeatP99Ms", 2],
  ["broadcast, last client p50 (ms)", "broadcastLastP50Ms", 1],
  ["broadcast, last client max (ms)", "broadcastLastMaxMs", 1],
  ["broadcast, first client p50 (ms)", "broadcastFirstP50Ms", 2],
];
const fmt = (n: number, d: number) => n.toFixed(d);
console.log(
  `\ngateway-sockets: ${gateway.clients} of ${CLIENTS} clients connected within the time budget, ${ROUNDS} broadcasts, loopback, Node ${process.versions.node}\n`,
);
console.log(`${"metric".padEnd(38)} ${"bare socket.io".padStart(15)} ${"gateway".padStart(10)} ${"ratio".padStart(7)}`);
for (const [label, key, d] of rows) {
  const b = baseline[key] as number;
  const g = gateway[key] as number;
  console.log(`${label.padEnd(38)} ${fmt(b, d).padStart(15)} ${fmt(g, d).padStart(10)} ${(g / b).toFixed(2).padStart(7)}`);
}
console.log(`\nRSS goal (≤ 30 KiB per connection): ${gateway.rssPerConnKiB <= 30 ? "met" : "NOT met"}; total ${((performance.now() - started) / 1000).toFixed(1)} s`);

const out = path.resolve(here, "../results");
mkdirSync(out, { recursive: true });
const file = path.join(out, `gateway-sockets-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.versions.node, baseline, gateway }, null, 2));
console.log(`results: ${path.relative(process.cwd(), file)}`);
process.exit(0);
