// Where the gateway's CPU went during the dry run and the import: a V8 CPU profile summarised by area of the code
// and by function. A copy of bench/dialer-load/profile.ts's summary with areas for what an import runs (csv-parse,
// the lead-lists plugin's reader and job, the leads module's intake, server/geo, zod); run alone on a file:
//
//   npx tsx bench/lead-import/profile.ts FILE.cpuprofile
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

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
  [
    "node-postgres (pg, pg-protocol)",
    (u) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-\w+)\//.test(u),
  ],
  ["drizzle-orm (query building, row mapping)", (u) => u.includes("node_modules/drizzle-orm/")],
  [
    "zod (+ fastify-type-provider-zod)",
    (u) => u.includes("node_modules/zod/") || u.includes("fastify-type-provider-zod"),
  ],
  ["csv-parse", (u) => u.includes("node_modules/csv-parse/")],
  [
    "Fastify (router, hooks, serialisation)",
    (u) =>
      /node_modules\/(fastify|@fastify|find-my-way|avvio|fast-json-stringify|light-my-request|fast-querystring|fast-uri|secure-json-parse|toad-cache|abstract-logging|process-warning|rfdc|json-schema-ref-resolver)\//.test(
        u,
      ),
  ],
  [
    "socket.io / engine.io / ws",
    (u) =>
      /node_modules\/(socket\.io|socket\.io-adapter|socket\.io-parser|engine\.io|engine\.io-parser|ws)\//.test(
        u,
      ),
  ],
  ["jose (JWT sign/verify)", (u) => u.includes("node_modules/jose/")],
  ["other node_modules", (u) => u.includes("node_modules/")],
  ["lead-lists: CSV reader (plugins/lead-lists/import)", (u) => u.includes("/plugins/lead-lists/import/")],
  ["lead-lists: job and routes (plugins/lead-lists/imports)", (u) => u.includes("/plugins/lead-lists/")],
  ["leads intake (server/modules/leads)", (u) => u.includes("/server/modules/leads/")],
  ["geo (server/geo)", (u) => u.includes("/server/geo/")],
  ["compliance, DNC (server/compliance)", (u) => u.includes("/server/compliance/")],
  ["dialer engine (server/dialer)", (u) => u.includes("/server/dialer/")],
  [
    "calls, statuses, PBX, realtime",
    (u) => /\/server\/(modules\/calls|modules\/status|pbx|realtime)\//.test(u),
  ],
  ["other gateway code (server/, src/, plugins/)", (u) => /\/(server|src|plugins)\//.test(u)],
  ["Node.js internals (node:*)", (u) => u.startsWith("node:") || u === ""],
  ["other", () => true],
];

/**
 * Steps of a batch by inclusive (total) time: the function's own time and its synchronous callees'. A batch's
 * awaits cut its stack, so building a query (drizzle's then → execute → _prepare) is counted under its builder.
 */
const STEPS: [label: string, fn: string, url: string][] = [
  [
    "drizzle: building INSERT statements (leads, list members, refusals)",
    "",
    "drizzle-orm/pg-core/query-builders/insert.js:182",
  ],
  ["drizzle: building SELECT statements", "", "drizzle-orm/pg-core/query-builders/select.js:796"],
  ["node-postgres: serialising and sending (Query.submit)", "submit", "pg/lib/query.js"],
  ["PGlite: running statements (execProtocolRawSync)", "execProtocolRawSync", "@electric-sql/pglite"],
  ["intake: LeadIntake check (zod, postal, zone)", "check", "server/modules/leads/intake.ts"],
  [
    "intake: columnsOf (storedClient: zod with .catch per missing field)",
    "columnsOf",
    "server/modules/leads/intake.ts",
  ],
  ["CSV: readRows (decode, cut, csv-parse)", "readRows", "plugins/lead-lists/import/rows.ts"],
  ["mapping: toIntake", "toIntake", "plugins/lead-lists/import/mapping.ts"],
];

export interface ProfileSummary {
  totalMs: number;
  busyMs: number;
  areas: { area: string; ms: number; shareOfBusy: number }[];
  top: { fn: string; where: string; area: string; ms: number; shareOfBusy: number }[];
  steps: { step: string; ms: number; shareOfBusy: number }[];
}

const shortUrl = (u: string) =>
  u.replace(/^file:\/\//, "").replace(/^.*?\/(node_modules|server|src|plugins)\//, "$1/");

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
  const busy = total - (areas.get("idle") ?? 0);
  // Inclusive time of the STEPS: each sample counts once for every step on its stack.
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stepMs = STEPS.map(() => 0);
  for (const [id, ms] of selfMs) {
    const hit = STEPS.map(() => false);
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      const where = `${url}:${lineNumber + 1}`;
      STEPS.forEach(([, fn, u], k) => {
        if ((fn === "" || functionName === fn) && (fn === "" ? where.includes(u) : url.includes(u)))
          hit[k] = true;
      });
    }
    hit.forEach((h, k) => h && (stepMs[k]! += ms));
  }
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
    steps: STEPS.map(([step], k) => ({ step, ms: stepMs[k]!, shareOfBusy: stepMs[k]! / busy })).filter(
      (x) => x.ms > 0,
    ),
  };
}

export function printSummary(
  s: ProfileSummary,
  out: (line: string) => void = console.log,
  areas = 14,
  top = 20,
) {
  out(
    `  ${(s.busyMs / 1000).toFixed(1)} s busy of ${(s.totalMs / 1000).toFixed(1)} s sampled; self time by area:`,
  );
  for (const a of s.areas.slice(0, areas))
    out(
      `    ${(a.shareOfBusy * 100).toFixed(1).padStart(5)} %  ${(a.ms / 1000).toFixed(2).padStart(7)} s  ${a.area}`,
    );
  out("  steps by inclusive time (their synchronous callees included):");
  for (const x of s.steps)
    out(
      `    ${(x.shareOfBusy * 100).toFixed(1).padStart(5)} %  ${(x.ms / 1000).toFixed(2).padStart(7)} s  ${x.step}`,
    );
  out("  functions with the most self time:");
  for (const f of s.top.slice(0, top))
    out(`    ${(f.shareOfBusy * 100).toFixed(1).padStart(5)} %  ${f.fn.slice(0, 40).padEnd(40)} ${f.where}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npx tsx bench/lead-import/profile.ts FILE.cpuprofile");
    process.exit(1);
  }
  printSummary(summariseProfile(JSON.parse(readFileSync(file, "utf8")) as CpuProfile));
}
