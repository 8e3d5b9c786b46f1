// `npm run test:cluster`: the cluster tier (issue 38 part 3). Three gateway processes on one PostgreSQL database
// and one Redis, with PBX=asterisk on the fake Asterisk (a process of its own: the PBX outlives every gateway),
// behind Debian's HAProxy configured as deploy/haproxy/dialer.cfg. Agents act through the proxy only (HTTP and
// their sockets), so their requests land on any instance and reach the lease holder through the standbys; the
// agent whose holder dies mid-call also has its page open in Chromium, read every 200 ms as the agent reads it.
// Scenarios: the lease holder is killed (SIGKILL) mid-call; every instance is restarted in turn while agents dial.
// Options: --static <dir> serves an SPA already built (npm test's dist); else one is built into the run's folder.
// Exit 0 passed, 1 failed, 2 skipped (no PostgreSQL or Redis at DATABASE_URL / REDIS_URL, or no HAProxy).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PASSWORD } from "../../server/seed/accounts";
import { loadWorldLead } from "../../server/test/loadWorld";
import type { Browser } from "@playwright/test";
import { launchChromium } from "../chromium";
import { CALL_OWNER_UNAVAILABLE } from "../../server/pbx/callOwner";
import { NO_ANSWER, TierAgent } from "./agent";
import { AgentPage, type PageView } from "./page";
import {
  ensureHaproxy,
  servicesAnswer,
  startCluster,
  WORLD,
  type ClusterStack,
  type Instance,
} from "./stack";

const log = (line: string) => console.log(`[cluster] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The issue's bound: a standby drives the PBX within 5 s of the holder's death. */
const TAKEOVER_LIMIT_MS = 5_000;
/** The issue's load: agents dialling while every instance restarts in turn. */
const DIALLING_AGENTS = 50;
/**
 * Dials a person answers within: the simulated world's auto-dialled leads are people 35 % of the time, so 10 dials
 * all missed one in 74 tries, and the rolling restart tries about a hundred times (a tier failing on chance, not
 * on the gateway). 40 all miss one in 30 million; a gateway that never connects a person still fails here.
 */
const DIALS_FOR_A_PERSON = 40;

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
if (!DATABASE_URL || !REDIS_URL) skip("DATABASE_URL and REDIS_URL must name a PostgreSQL server and a Redis");
const unavailable = await servicesAnswer(DATABASE_URL!, REDIS_URL!);
if (unavailable) skip(unavailable);
const install = ensureHaproxy(log);
if (!install.ok) skip(`cannot install HAProxy: ${install.reason}`);

function skip(why: string): never {
  console.log(`Cluster tier: skipped (${why})`);
  process.exit(2);
}

const report: string[] = [];
const figure = (line: string) => (report.push(line), log(line));
const dir = mkdtempSync(join(tmpdir(), "cluster-tier-"));
let stack: ClusterStack | null = null;
let browser: Browser | null = null;
const agents: TierAgent[] = [];
process.stdout.on("error", () => {});

/** The whole tier's bound: a run that has not ended by then fails, and stops what it started. */
const TIER_LIMIT_MS = 15 * 60_000;
setTimeout(
  () => void fail(new Error(`the tier did not end within ${TIER_LIMIT_MS / 60_000} min`)),
  TIER_LIMIT_MS,
).unref();

// Declared before the scenarios' top-level awaits: a fail() during them would otherwise meet this binding
// uninitialised, throw, and be called again by the unhandled rejection it raised, for ever (a clean-clone CI's hang).
let failing = false;

// Whatever throws outside a scenario's own awaits (a socket's ack, a timer) fails the tier and still stops the
// processes it started and drops its database.
for (const event of ["uncaughtException", "unhandledRejection"] as const)
  process.on(event, (err: unknown) => void fail(err));
// Stopped from outside (.ci/run's bound, a Ctrl-C): the gateways, HAProxy and the fake Asterisk still go.
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => void fail(new Error(`stopped by ${signal}`)));

try {
  const staticDir = builtSpa();
  stack = await startCluster({ dir, databaseServer: DATABASE_URL!, redisUrl: REDIS_URL!, staticDir, log });
  browser = await launchChromium();
  await holderKilledMidCall(stack);
  await liveTransferAcrossInstances(stack);
  await inboundWhileHolderKilled(stack);
  await rollingRestartWhileDialling(stack);
  await cleanup();
  console.log(["Cluster tier: passed", ...report.map((l) => `  ${l}`)].join("\n"));
  process.exit(0);
} catch (err) {
  await fail(err);
}

async function fail(err: unknown): Promise<void> {
  // Reported once: a second error while the first one's cleanup runs adds nothing.
  if (failing) return;
  failing = true;
  const logs = stack?.logs() ?? "";
  // Bounded too: a process that will not stop must not keep the report from being printed.
  await Promise.race([cleanup(), sleep(90_000)]);
  console.log(
    [
      "Cluster tier: FAILED",
      ...report.map((l) => `  ${l}`),
      `  ${String(err instanceof Error ? err.stack : err)}`,
      "  --- the proxy's and the gateways' output (last 8,000 characters)",
      logs.slice(-8_000),
    ].join("\n"),
  );
  process.exit(1);
}

async function cleanup() {
  for (const a of agents.splice(0)) a.close();
  await browser?.close().catch(() => {});
  await stack?.close();
}

/** The SPA the gateways serve to the agent's page: `--static <dir>` when built there, else built now. */
function builtSpa(): string {
  const i = process.argv.indexOf("--static");
  const given = i > 0 ? process.argv[i + 1] : undefined;
  if (given && existsSync(join(given, "index.html"))) return given;
  const out = join(dir, "dist");
  log(`building the SPA into ${out}`);
  const build = spawnSync("npx", ["vite", "build", "--outDir", out, "--emptyOutDir", "--logLevel", "error"], {
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("vite build failed");
  return out;
}

function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(what);
}

async function agent(
  s: ClusterStack,
  email: string,
  ext: string,
  o: { password?: string; ready?: boolean } = {},
): Promise<TierAgent> {
  const a = new TierAgent(s.proxyUrl, email, ext);
  agents.push(a);
  await a.signIn(o.password ?? DEMO_PASSWORD);
  await a.connect();
  if (o.ready !== false) await ready(a);
  return a;
}

/** Resolves once `test` holds, polling; throws `what` after `ms`. */
async function until(what: string, ms: number, test: () => boolean | Promise<boolean>, every = 200) {
  for (const t = Date.now(); Date.now() - t < ms; await sleep(every)) if (await test()) return;
  throw new Error(`${what} (waited ${ms} ms)`);
}

function urlOf(i: Instance) {
  return `http://127.0.0.1:${i.port}`;
}

/** Kills the lease holder (SIGKILL) and resolves once another instance holds the lease: which, and how soon. */
async function killHolder(s: ClusterStack, why: string) {
  const holder = await s.holder();
  check(holder !== null, "no instance holds the telephony lease");
  log(`${holder.name} drives the PBX; killing it (SIGKILL) ${why}`);
  const killedAt = Date.now();
  await s.stop(holder, "SIGKILL");
  return {
    killed: holder,
    killedAt,
    /**
     * The next holder and the time it took, from the kill to when it took the lease (the row's acquired_at, on this
     * host's clock as the tier's), once there is one (null while none).
     */
    async next() {
      const n = await s.holder();
      if (!n || n === holder) return null;
      const [row] = await s.query("select acquired_at from telephony_leases");
      const at = row?.acquired_at instanceof Date ? row.acquired_at.getTime() : Date.now();
      return { next: n, ms: at - killedAt };
    },
  };
}

async function ready(a: TierAgent) {
  for (let attempt = 0; ; attempt++) {
    const r = await a.request("POST", "/agent-statuses", { status: "ready" });
    if (r.status === 201) return;
    // The call's after-call work may land just after its hangup push: Ready again shortly.
    if (attempt >= 10) throw new Error(`Ready of ${a.email} answered ${r.status}: ${JSON.stringify(r.body)}`);
    await sleep(300);
  }
}

interface Current {
  callId: number;
  leadId: number;
  status: string;
  bridged: boolean;
  phone: string;
  direction: number;
  type: string;
}
async function current(a: TierAgent): Promise<{ status: number; call: Current | null }> {
  const r = await a.request("GET", "/calls/current");
  return {
    status: r.status,
    call: r.status === 200 ? ((r.body as { data: Current | null }).data ?? null) : null,
  };
}

/** Dials until a person answers: a machine, busy, or a lead that lets it ring 15 s is disposed, and the next dialled. */
async function answeredCall(a: TierAgent, pollMs = 250): Promise<Current> {
  for (let attempt = 0; attempt < DIALS_FOR_A_PERSON; attempt++) {
    const d = await a.request("POST", "/dials/auto", undefined, { idempotent: true });
    check(d.status === 201, `${a.email}: POST /dials/auto answered ${d.status}: ${JSON.stringify(d.body)}`);
    const { callId, leadId } = d.body as { callId: number; leadId: number };
    for (let t = Date.now(); Date.now() - t < 15_000;) {
      const { status, call } = await current(a);
      if (call?.callId === callId && call.status === "answered" && call.bridged) return call;
      // Over without a person (busy, a machine, no answer: the current call is then none).
      if (status === 200 && (call?.callId !== callId || call.status === "ended")) break;
      await sleep(pollMs);
    }
    await endAndDispose(a, { callId, leadId }, "Voicemail");
  }
  throw new Error(`${a.email}: no call answered by a person in ${DIALS_FOR_A_PERSON} dials`);
}

/** Hangs up from the page if the call is still on, then settles and disposes it, and goes Ready again. */
async function endAndDispose(
  a: TierAgent,
  call: { callId: number; leadId: number },
  disposition: "Voicemail" | "Not Interested",
) {
  const up = async () => {
    const now = await current(a);
    return now.status !== 200 || (now.call?.callId === call.callId && now.call.status !== "ended");
  };
  // Whether this agent pressed Hang up, and what the gateway last said of the call: told if the settle is refused.
  let pressed = false;
  let seen = "";
  if (await up()) {
    pressed = true;
    // Pressed again while the phones move to another instance, or when no ack came (the instance under the
    // socket stopped), as the agent would press Hang up again: unless the call ended meanwhile.
    let ack = await a.emit("hangup", { extension: a.ext });
    for (let i = 0; !ack.ok && [CALL_OWNER_UNAVAILABLE, NO_ANSWER].includes(ack.message ?? "") && i < 10; i++) {
      await sleep(1_000);
      if (!(await up())) break;
      ack = await a.emit("hangup", { extension: a.ext });
    }
    check(ack.ok || !(await up()), `${a.email}: hangup refused: ${JSON.stringify(ack)}`);
  }
  for (let t = Date.now(); ;) {
    // Only the gateway's answer counts: a 503 while the phones move to another instance says nothing of the call.
    const { status, call: c } = await current(a);
    seen = `GET /calls/current ${status}: ${JSON.stringify(c)}`;
    if (status === 200 && (c?.callId !== call.callId || c.status === "ended")) break;
    if (Date.now() - t > 15_000)
      throw new Error(`${a.email}: call ${call.callId} did not end after its hangup`);
    await sleep(200);
  }
  // A PUT: sent again while the phones move, as the same update.
  const put = await a.request(
    "PUT",
    `/leads/${call.leadId}/calls/${call.callId}`,
    { extra_recording_index: 0 },
    { retryUnavailable: true },
  );
  check(
    put.status === 202,
    `${a.email}: PUT settle of call ${call.callId} answered ${put.status}: ${JSON.stringify(put.body)} (after ${seen}; ${pressed ? "hung up" : "no hangup sent"})`,
  );
  const body =
    disposition === "Not Interested"
      ? { disposition: { disposition, reason: "Already has coverage", notes: "" }, call_id: call.callId }
      : { disposition: { disposition, notes: "" }, call_id: call.callId };
  const d = await a.request("POST", `/leads/${call.leadId}/dispositions`, body, { idempotent: true });
  check(
    d.status === 201,
    `${a.email}: disposition of call ${call.callId} answered ${d.status}: ${JSON.stringify(d.body)}`,
  );
  await ready(a);
}

async function holderKilledMidCall(s: ClusterStack) {
  const a = await agent(s, "qualifier2.isius@demo.test", "1011");
  const call = await answeredCall(a);
  // The agent's page opens in Chromium on its call (a desk-phone agent: the call never depended on a page), once
  // the tier's own socket for the agent has closed: an agent has one page.
  a.close();
  const page = await AgentPage.signIn(browser!, s.proxyUrl, a.email, DEMO_PASSWORD);
  await page.until("On a Call");
  const first = await page.withLead();
  check(
    first.lead !== null && first.seconds !== null,
    `the page does not show the call: ${JSON.stringify(first)}`,
  );

  const kill = await killHolder(s, `on call ${call.callId}`);
  // The agent reloads the page as the holder dies: the reloaded page rebuilds its call from whichever instance
  // answers it (a standby answers from the holder's mirror of the call's view), before or while another instance
  // takes the PBX over.
  const reloadMs = await page.reload("On a Call");
  const reloaded = await page.withLead();
  check(
    !reloaded.signedOut && reloaded.lead === first.lead && (reloaded.seconds ?? -1) >= (first.seconds ?? 0),
    `the page reloaded after the kill showed ${JSON.stringify(reloaded)}, not the call with ${first.lead} going on; ${await page.evidence(join(dir, "page-reloaded.png"))}`,
  );
  let took: Awaited<ReturnType<typeof kill.next>> = await kill.next();
  figure(
    `the page reloaded just after the kill showed the call again in ${reloadMs} ms (the time on it ${reloaded.seconds} s, going on), ${took ? `after ${took.next.name} took the PBX over` : "before any instance took the PBX over"}`,
  );
  // Every 200 ms, the gateway's answer to the page's question (GET /calls/current, through the proxy) and what
  // the page shows: the same call answered, the same lead, the time on the call going on, never a sign-out.
  const seen: string[] = [];
  const views: PageView[] = [first, reloaded];
  while (Date.now() - kill.killedAt < 15_000) {
    const r = await current(a);
    if (r.status === 200) {
      check(
        r.call?.callId === call.callId && r.call.status === "answered",
        `after the kill the page was told ${JSON.stringify(r.call)}, not call ${call.callId} answered`,
      );
      seen.push("200");
    } else seen.push(String(r.status));
    const v = await page.view();
    const before = views.at(-1)!;
    if (v.signedOut || v.status !== "On a Call" || v.lead !== first.lead)
      throw new Error(
        `after the kill the page showed ${JSON.stringify(v)}, not "On a Call" with ${first.lead}; ${await page.evidence(join(dir, "page-after-kill.png"))}`,
      );
    // The timer never starts again (a call the page lost and found again would): it only goes on.
    check(
      v.seconds !== null && v.seconds >= (before.seconds ?? 0),
      `the time on the call went from ${before.seconds} s to ${v.seconds} s`,
    );
    views.push(v);
    took ??= await kill.next();
    if (took && Date.now() - kill.killedAt > took.ms + 2_000) break;
    await sleep(200);
  }
  check(took !== null, "no standby took the PBX over");
  figure(
    `holder killed mid-call: ${took.next.name} drove the PBX ${took.ms} ms later (limit ${TAKEOVER_LIMIT_MS} ms)`,
  );
  const gaps = seen.filter((x) => x !== "200");
  figure(
    `the agent's call, polled every 200 ms through the proxy: ${seen.length - gaps.length} × same call answered, ${gaps.length} × not answered meanwhile (${[...new Set(gaps)].join(", ") || "none"})`,
  );
  figure(
    `the agent's page in Chromium, read every 200 ms: ${views.length} × On a Call with ${first.lead}, the time on the call from ${first.seconds} s to ${views.at(-1)!.seconds} s without a restart`,
  );
  check(took.ms <= TAKEOVER_LIMIT_MS, `the takeover took ${took.ms} ms`);
  // The page closes; the tier's socket for the agent opens again to end the call and dispose it.
  await page.close();
  await reconnect(a);
  await endAndDispose(a, call, "Not Interested");
  check(a.unauthenticated === 0, `${a.email}'s session ended (${a.unauthenticated} × 401)`);
  figure(`the call ended and its disposition saved on ${took.next.name}; the session held`);
  await a.leave();
  await s.start(kill.killed);
}

/** The agent's socket again, once the page that held its place has gone (its presence may take a moment). */
async function reconnect(a: TierAgent) {
  for (let attempt = 0; ; attempt++) {
    try {
      await a.connect();
      return;
    } catch (e) {
      a.close();
      if (attempt >= 20) throw e;
      await sleep(500);
    }
  }
}

async function liveTransferAcrossInstances(s: ClusterStack) {
  const q = await agent(s, s.world.emails[0]!, s.world.extensions[0]!, { password: WORLD.password });
  const advisor = await agent(s, "advisor.isius@demo.test", "1002");
  const call = await answeredCall(q);
  const holder = await s.holder();
  // Started on one standby, accepted on the other: neither holds the offer, the lease holder does.
  const [first, second] = s.instances.filter((i) => i !== holder && i.process);
  check(first !== undefined && second !== undefined, "two standbys expected");
  const started = await q.request(
    "POST",
    `/live-transfers/${call.leadId}`,
    { notes: "Wants whole life", team: "advisors" },
    { via: urlOf(first) },
  );
  check(
    started.status === 201,
    `live transfer start on ${first.name} answered ${started.status}: ${JSON.stringify(started.body)}`,
  );
  await until("the advisor was not offered the lead", 10_000, () =>
    advisor.pushes.some(
      (p) =>
        p.event === "confirm-live-transfer" && (p.payload as { lead_id: number }).lead_id === call.leadId,
    ),
  );
  const accepted = await advisor.request("POST", `/confirm-live-transfers/${call.leadId}`, undefined, {
    via: urlOf(second),
  });
  check(
    accepted.status === 201,
    `the advisor's accept on ${second.name} answered ${accepted.status}: ${JSON.stringify(accepted.body)}`,
  );
  const { call_id: advisorCallId } = (accepted.body as { data: { call_id: number } }).data;
  let advisorCall: Current | null = null;
  await until("the advisor's phone was not rung into the call", 15_000, async () => {
    advisorCall = (await current(advisor)).call;
    return advisorCall?.callId === advisorCallId && advisorCall.status === "answered" && advisorCall.bridged;
  });
  const left = await q.request(
    "POST",
    `/transfer-answers/${call.leadId}`,
    { qualifierExtension: q.ext, phone: call.phone },
    { via: urlOf(second) },
  );
  check(left.status === 201, `the handover answered ${left.status}: ${JSON.stringify(left.body)}`);
  await until("the qualifier's call did not end after the handover", 10_000, async () => {
    const c = (await current(q)).call;
    return c?.callId !== call.callId || c.status === "ended";
  });
  const settled = await q.request("PUT", `/leads/${call.leadId}/calls/${call.callId}`, {
    extra_recording_index: 0,
    live_transfer: 1,
  });
  check(
    settled.status === 202,
    `the qualifier's settle answered ${settled.status}: ${JSON.stringify(settled.body)}`,
  );
  figure(
    `live transfer started on ${first.name}, offered by ${holder!.name}, accepted on ${second.name}: the advisor took the lead and its call`,
  );
  await endAndDispose(advisor, advisorCall!, "Not Interested");
  await q.leave();
  await advisor.leave();
}

async function inboundWhileHolderKilled(s: ClusterStack) {
  const taker = await agent(s, "qualifier3.isius@demo.test", "1012", { ready: false });
  // A lead of the world calls the call centre's number while nobody is free: the caller waits at the PBX.
  const channel = await s.inbound(`+1${loadWorldLead(WORLD.leads - 1).phone}`, "+18005550100");
  log(`a lead calls the call centre's number while nobody is free: it waits on channel ${channel}`);
  await sleep(1_000);
  const kill = await killHolder(s, "while the caller waits");
  let took: Awaited<ReturnType<typeof kill.next>> = null;
  await until("no standby took the PBX over", 10_000, async () => (took = await kill.next()) !== null, 100);
  figure(`holder killed with a caller waiting: ${took!.next.name} drove the PBX ${took!.ms} ms later`);
  await ready(taker);
  let call: Current | null = null;
  try {
    await until("the waiting caller was not routed to the agent who became Ready", 20_000, async () => {
      call = (await current(taker)).call;
      return call?.direction === 1 && call.status === "answered";
    });
  } catch (e) {
    const rows = await s.query(
      "select c.id, u.email, c.status, c.cause, c.pbx_call_id from calls c join users u on u.id = c.agent_id where c.direction = 1 order by c.id",
    );
    const statuses = await s.query(
      "select u.email, a.status from agent_statuses a join users u on u.id = a.user_id where a.status not in ('offline')",
    );
    throw new Error(
      `${String(e)}; inbound calls: ${JSON.stringify(rows)}; statuses: ${JSON.stringify(statuses)}`,
      { cause: e },
    );
  }
  figure(`the waiting caller was routed by ${took!.next.name} to ${taker.email} once Ready, and answered`);
  await endAndDispose(taker, call!, "Not Interested");
  await taker.leave();
  await s.start(kill.killed);
}

async function rollingRestartWhileDialling(s: ClusterStack) {
  const team: TierAgent[] = [];
  const people = [
    ["qualifier4.isius@demo.test", "1013", DEMO_PASSWORD],
    ...Array.from({ length: DIALLING_AGENTS - 1 }, (_, k) => [
      s.world.emails[k + 1]!,
      s.world.extensions[k + 1]!,
      WORLD.password,
    ]),
  ];
  // Signed in ten at a time, as a floor's shift start is spread over a few minutes.
  for (let i = 0; i < people.length; i += 10)
    team.push(
      ...(await Promise.all(
        people.slice(i, i + 10).map(([email, ext, password]) => agent(s, email!, ext!, { password })),
      )),
    );
  log(`${team.length} agents signed in through the proxy, Ready`);
  let running = true;
  const placed = new Map<number, string>();
  const disposed = new Set<number>();
  const failures: string[] = [];
  const dialling = team.map(async (a, k) => {
    await sleep(k * 100);
    while (running) {
      try {
        const call = await answeredCall(a, 1_000);
        placed.set(call.callId, a.email);
        await sleep(2_000 + Math.random() * 2_000);
        await endAndDispose(a, call, "Not Interested");
        disposed.add(call.callId);
      } catch (e) {
        failures.push(`${a.email}: ${String(e instanceof Error ? e.message : e)}`);
        running = false;
      }
    }
  });
  await sleep(5_000);
  for (const i of s.instances) {
    log(`restarting ${i.name} (SIGTERM, then started again)`);
    await s.stop(i, "SIGTERM");
    await s.start(i);
    await sleep(5_000);
  }
  running = false;
  await Promise.all(dialling);
  check(failures.length === 0, `while restarting: ${failures.slice(0, 5).join("; ")}`);
  const lost = [...placed.keys()].filter((id) => !disposed.has(id));
  figure(
    `rolling restart of ${s.instances.length} instances under ${team.length} agents dialling: ${placed.size} calls answered, ${disposed.size} ended and disposed, ${lost.length} lost`,
  );
  check(lost.length === 0, `calls not disposed: ${lost.join(", ")}`);
  const ended = team.filter((a) => a.unauthenticated > 0);
  check(ended.length === 0, `sessions ended: ${ended.map((a) => a.email).join(", ")}`);
  figure(
    `no session ended; the agents' sockets reconnected ${team.reduce((n, a) => n + a.disconnects, 0)} times in all`,
  );
}
