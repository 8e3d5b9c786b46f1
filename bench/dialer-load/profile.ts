// Reads a V8 CPU profile (.cpuprofile) of the gateway and says where its time went: self time by area of
// the code (PGlite's WebAssembly, node-postgres, drizzle, Fastify, zod, socket.io, the dialer engine, …)
// and the functions with the most self time. Used by gateway.ts for the measured window, and on its own:
//
//   npx tsx bench/dialer-load/profile.ts FILE.cpuprofile
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Writes a profile as DIR/<name>-<time>.cpuprofile, making DIR if it is not there (a run's profile was lost at the
 * end of a 25-minute bench to a missing folder); the file's path.
 */
export function writeProfile(dir: string, name: string, profile: CpuProfile): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Areas in order: the first whose test matches a frame's URL (or name) takes its self time. */
const AREAS: [string, (url: string, fn: string) => boolean][] = [
  ["idle", (_u, f) => f === "(idle)"],
  ["garbage collector", (_u, f) => f === "(garbage collector)"],
  ["program (native, unattributed)", (_u, f) => f === "(program)"],
  ["PGlite (WebAssembly Postgres)", (u) => u.startsWith("wasm://") || u.includes("@electric-sql/pglite")],
  ["node-postgres (pg, pg-protocol)", (u) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-\w+)\//.test(u)],
  ["drizzle-orm (query building, row mapping)", (u) => u.includes("node_modules/drizzle-orm/")],
  ["zod (+ fastify-type-provider-zod)", (u) => u.includes("node_modules/zod/") || u.includes("fastify-type-provider-zod")],
  ["Fastify (router, hooks, serialisation)", (u) => /node_modules\/(fastify|@fastify|find-my-way|avvio|fast-json-stringify|light-my-request|fast-querystring|fast-uri|secure-json-parse|toad-cache|abstract-logging|process-warning|rfdc|json-schema-ref-resolver)\//.test(u)],
  ["socket.io / engine.io / ws", (u) => /node_modules\/(socket\.io|socket\.io-adapter|socket\.io-parser|engine\.io|engine\.io-parser|ws)\//.test(u)],
  ["jose (JWT sign/verify)", (u) => u.includes("node_modules/jose/")],
  ["pino (logging)", (u) => /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//.test(u)],
  ["other node_modules", (u) => u.includes("node_modules/")],
  ["dialer engine: calling windows (server/dialer/windows)", (u) => u.includes("/server/dialer/windows/")],
  ["dialer engine (server/dialer)", (u) => u.includes("/server/dialer/")],
  ["calls (server/modules/calls)", (u) => u.includes("/server/modules/calls/")],
  ["statuses (server/modules/status)", (u) => u.includes("/server/modules/status/")],
  ["simulated PBX (server/pbx)", (u) => u.includes("/server/pbx/")],
  ["realtime (server/realtime)", (u) => u.includes("/server/realtime/")],
  ["auth + http (server/auth, server/http)", (u) => u.includes("/server/auth/") || u.includes("/server/http/")],
  ["other gateway code (server/, src/)", (u) => u.includes("/server/") || u.includes("/src/")],
  ["Node.js internals (node:*)", (u) => u.startsWith("node:") || u === ""],
  ["other", () => true],
];

export interface ProfileSummary {
  totalMs: number;
  busyMs: number;
  areas: { area: string; ms: number; shareOfBusy: number }[];
  top: { fn: string; where: string; area: string; ms: number; shareOfBusy: number }[];
}

const shortUrl = (u: string) => u.replace(/^file:\/\//, "").replace(/^.*?\/(node_modules|server|src)\//, "$1/");

export function summariseProfile(p: CpuProfile, topN = 25): ProfileSummary {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? p.timeDeltas[i] ?? 0) / 1000;
    selfMs.set(p.samples[i]!, (selfMs.get(p.samples[i]!) ?? 0) + dt);
  }
  const areas = new Map<string, number>();
  const fns = new Map<string, { fn: string; where: string; area: string; ms: number }>();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const area = AREAS.find(([, test]) => test(url, functionName))![0];
    areas.set(area, (areas.get(area) ?? 0) + ms);
    total += ms;
    const where = url ? `${shortUrl(url)}:${lineNumber + 1}` : "";
    const key = `${functionName}@${where}`;
    const f = fns.get(key) ?? { fn: functionName || "(anonymous)", where, area, ms: 0 };
    f.ms += ms;
    fns.set(key, f);
  }
  const idle = areas.get("idle") ?? 0;
  const busy = total - idle;
  return {
    totalMs: total,
    busyMs: busy,
    areas: [...areas.entries()]
      .filter(([a]) => a !== "idle")
      .map(([area, ms]) => ({ area, ms, shareOfBusy: ms / busy }))
      .sort((a, b) => b.ms - a.ms),
    top: [...fns.values()]
      .filter((f) => f.area !== "idle")
      .sort((a, b) => b.ms - a.ms)
      .slice(0, topN)
      .map((f) => ({ ...f, shareOfBusy: f.ms / busy })),
  };
}

export function printSummary(s: ProfileSummary, out: (line: string) => void = console.log) {
  out(`CPU profile of the gateway: ${(s.busyMs / 1000).toFixed(1)} s busy of ${(s.totalMs / 1000).toFixed(1)} s sampled`);
  out("  self time by area:");
  for (const a of s.areas)
    out(`    ${(a.shareOfBusy * 100).toFixed(1).padStart(5)} %  ${(a.ms / 1000).toFixed(2).padStart(7)} s  ${a.area}`);
  out("  functions with the most self time:");
  for (const f of s.top)
    out(`    ${(f.shareOfBusy * 100).toFixed(1).padStart(5)} %  ${f.fn.slice(0, 48).padEnd(48)} ${f.where}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npx tsx bench/dialer-load/profile.ts FILE.cpuprofile");
    process.exit(1);
  }
  printSummary(summariseProfile(JSON.parse(readFileSync(file, "utf8")) as CpuProfile));
}
