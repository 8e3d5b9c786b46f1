// Live-transfer benchmark (issue 15, "advisor accepts → advisor bridged", goal p99 ≤ 100 ms on SimPbx): from
// the advisor's accept (POST /confirm-live-transfers/{leadId} sent) to the advisor's socket receiving the
// `answer` push (its leg is in the qualifier's call and hears the lead), over N transfers (default 200).
//
// Setup: the whole gateway in this process (the test harness's buildGateway, PGlite in memory, the demo seed,
// a real-time clock from 1 pm on a weekday in New York, so every US zone's calling window is open), SimPbx with the
// bench profile (bench/call-path/profile.ts): the advisor's desk phone answers 20–60 ms after it rings,
// which is inside the measure, as a softphone's auto-answer would be. Each round: the qualifier dials a lead
// and waits for the answer, the advisor goes Ready, the qualifier starts a live transfer, the advisor gets
// the offer and accepts (measured), the qualifier leaves (transfer-answers), the advisor hangs up.
//
// Reported next to it, same run: the phone's own answer delay (the PBX's LegCreated → LegAnswered of the
// advisor's leg), the software path (total − phone), and a floor (an authenticated GET of the advisor's
// status, request → answer, right after each accept): ratios to the floor are what compare across runs on
// this shared 2-core machine (performance.md §0). Gateway and clients share one event loop here, so the
// figures are pessimistic against a separate browser.
//
//   npx tsx bench/call-path/live-transfer.ts [--transfers 200]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, isNull, like, not, or } from "drizzle-orm";
import { leads, users } from "../../server/db/schema";
import { startTestGateway, type AgentClientSocket, type TestClient } from "../../server/test/harness";
import { systemClock } from "../../src/shared/clock";
import type { ServerEventName } from "../../src/contract/socket";
import { BENCH_PROFILE } from "./profile";

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const TRANSFERS = Number(argOf("transfers") ?? 200);
const GOAL_P99_MS = 100;
const here = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.now();

const gw = await startTestGateway({
  listen: true,
  clock: systemClock(Date.parse("2026-03-10T18:00:00Z")),
  config: { simProfile: BENCH_PROFILE as Record<string, unknown> },
});
// Desk phones: the simulated PBX answers them itself (no softphone in this process).
await gw.db.update(users).set({ hasWebrtc: false }).where(inArray(users.email, ["qualifier.isius@demo.test", "advisor.isius@demo.test"]));

async function connect(email: string) {
  const c = await gw.signIn(email);
  const s = gw.socket(c);
  const waiting = new Map<string, ((payload: unknown) => void)[]>();
  s.onAny((event: ServerEventName, payload: unknown) => {
    const list = waiting.get(event);
    const next = list?.shift();
    next?.(payload);
  });
  s.connect();
  await new Promise<void>((r) => (s.connected ? r() : s.once("connect", () => r())));
  const next = (event: ServerEventName, timeoutMs = 10_000) =>
    new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      const list = waiting.get(event) ?? [];
      list.push((p) => {
        clearTimeout(timer);
        resolve(p);
      });
      waiting.set(event, list);
    });
  return { c, s, next };
}

const ok = async (res: Promise<{ statusCode: number; body: string }>, code: number) => {
  const r = await res;
  if (r.statusCode !== code) throw new Error(`expected ${code}, got ${r.statusCode}: ${r.body}`);
  return r;
};

const qualifier = await connect("qualifier.isius@demo.test");
const advisor = await connect("advisor.isius@demo.test");

// The advisor's leg: when the PBX creates it and when the phone answers it.
const legs = new Map<string, { created: number; answered?: number }>();
gw.gw.pbx.onEvent((e) => {
  if (e.kind === "LegCreated" && e.role === "transfer-target") legs.set(e.legId, { created: now() });
  else if (e.kind === "LegAnswered" && legs.has(e.legId)) legs.get(e.legId)!.answered = now();
});

async function freeLead() {
  const [l] = await gw.db
    .select({ id: leads.id, phone: leads.phone })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, 1),
        isNull(leads.ownerId),
        not(or(like(leads.phone, "%01"), like(leads.phone, "%02"), like(leads.phone, "%03"))!),
        not(eq(leads.status, "Do Not Call")),
      ),
    )
    .limit(1);
  if (!l) throw new Error("no free lead left");
  await gw.db.update(leads).set({ state: "ny", insurance: { type: ["life"] } }).where(eq(leads.id, l.id));
  return l;
}

const total: number[] = [];
const phone: number[] = [];
const software: number[] = [];
const floor: number[] = [];
const started = now();

async function round(q: TestClient, a: TestClient, qs: AgentClientSocket, as: AgentClientSocket) {
  const lead = await freeLead();
  await ok(q.request("GET", `/leads/by-phone/${lead.phone}`), 200);
  const answered = qualifier.next("answer");
  await ok(q.request("POST", `/leads/${lead.id}/calls`, { phone: lead.phone, direction: 0 }), 201);
  await answered;
  await ok(a.request("POST", "/agent-statuses", { status: "ready" }), 201);
  const offered = advisor.next("confirm-live-transfer");
  await ok(q.request("POST", `/live-transfers/${lead.id}`, { notes: "bench" }), 201);
  await offered;

  const bridged = advisor.next("answer");
  const before = new Set(legs.keys());
  const t0 = now();
  await ok(a.request("POST", `/confirm-live-transfers/${lead.id}`), 201);
  await bridged;
  const t1 = now();
  const f0 = now();
  await ok(a.request("GET", "/agents/me/status"), 200);
  floor.push(now() - f0);
  const leg = [...legs.entries()].find(([id]) => !before.has(id))?.[1];
  total.push(t1 - t0);
  if (leg?.answered !== undefined) {
    phone.push(leg.answered - leg.created);
    software.push(t1 - t0 - (leg.answered - leg.created));
  }

  // The qualifier leaves, the advisor ends the call; both settle before the next round.
  const left = qualifier.next("hangup");
  await ok(q.request("POST", `/transfer-answers/${lead.id}`, { qualifierExtension: "1001", phone: lead.phone }), 201);
  await left;
  const over = advisor.next("hangup");
  await as.emitWithAck("hangup", { extension: "1002" });
  await over;
  void qs;
}

for (let i = 0; i < TRANSFERS; i++) {
  await round(qualifier.c, advisor.c, qualifier.s, advisor.s);
  if ((i + 1) % 50 === 0) console.error(`${i + 1} transfers`);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const summary = (xs: number[]) => ({
  n: xs.length,
  p50: +pct(xs, 50).toFixed(2),
  p95: +pct(xs, 95).toFixed(2),
  p99: +pct(xs, 99).toFixed(2),
  max: +Math.max(...xs).toFixed(2),
});
const result = {
  bench: "call-path live transfer: advisor accepts → advisor bridged",
  transfers: TRANSFERS,
  seconds: +((now() - started) / 1000).toFixed(1),
  goal_p99_ms: GOAL_P99_MS,
  accept_to_bridged_ms: summary(total),
  phone_answer_ms: summary(phone),
  software_ms: summary(software),
  floor_status_get_ms: summary(floor),
  ratio_p99_to_floor_p99: +(pct(total, 99) / pct(floor, 99)).toFixed(2),
  met: pct(total, 99) <= GOAL_P99_MS,
};
console.log(JSON.stringify(result, null, 2));
const out = path.resolve(here, "../results");
mkdirSync(out, { recursive: true });
const file = path.join(out, `call-path-live-transfer-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, JSON.stringify(result, null, 2));
console.log(`results: ${path.relative(process.cwd(), file)}`);
qualifier.s.disconnect();
advisor.s.disconnect();
await gw.close();
process.exit(0);
