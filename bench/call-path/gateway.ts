// The gateway side of the call-path benchmark (bench/call-path/run.ts explains the setup), run as a child
// process so the agents' side (socket.io clients, zod, the MST CallModel, JsSIP) never shares its event loop.
// A real gateway (buildGateway, PGlite in memory, a real-time clock from a weekday afternoon) with a SimPbx whose lead answers after a
// short seeded delay, N bench agents with sessions and a lead each. It stamps, on the monotonic clock the
// parent shares (process.hrtime, CLOCK_MONOTONIC, the same in both processes):
//   t0     the PBX publishes LegAnswered of the lead leg (a listener on the SimPbx event bus);
//   tPush  the call service has applied Bridged (call row 'answered') and emits the `answer` push;
//   floor  a bare socket.io push of an answer-sized payload to a random agent's room, from the same io,
//          one per answered call at a random moment 50–450 ms after it, so it meets the same load;
//   SIP    (--webrtc) the agent leg's LegCreated (the edge INVITEs JsSIP) and its LegAnswered (200 OK).
// IPC with the parent: ready → {port, agents}; dial {agent, req} → dialed {req, callId | error};
// clock {t} → clock {t, child}; timings → timings {...}; stop.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { buildGateway } from "../../server/app";
import { SESSION_LIMITS } from "../../server/auth/sessions";
import { randomToken, sha256 } from "../../server/auth/tokens";
import { readConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { leads, sessions, tenants, users } from "../../server/db/schema";
import type { ServerEventName } from "../../src/contract/socket";
import { usersDirectory } from "../../server/pbx/directory";
import { CREDENTIAL_TTL_MS, SIP_REALM, sipPassword, sipUsername } from "../../server/pbx/edge/credentials";
import { SimPbx } from "../../server/pbx/sim/extensions";
import { BENCH_PROFILE } from "./profile";
import { streamFor } from "../../server/pbx/sim/random";
import { rooms } from "../../server/realtime/push";
import { systemClock } from "../../src/shared/clock";

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const AGENTS = Number(argOf("agents") ?? 40);
const SEED = Number(argOf("seed") ?? 1);
const WEBRTC = process.argv.includes("--webrtc");
const base = BigInt(argOf("base") ?? "0");
/** Milliseconds on the clock the parent shares (its start as zero). */
const now = () => Number(process.hrtime.bigint() - base) / 1e6;
const send = (m: unknown) => process.send!(m);


// Real time from a weekday afternoon in New York, so the compliance gate's calling window is open whenever
// the bench runs (only durations are measured, never the instant).
const clock = systemClock(Date.parse("2026-03-10T18:00:00Z"));
const database = await openDatabase({ dataDir: "memory" });
const pbx = new SimPbx({
  clock,
  directory: usersDirectory(database.db),
  softphoneFollowsSocket: !WEBRTC,
  seed: SEED,
  profile: BENCH_PROFILE,
});
const config = {
  ...readConfig({}),
  dataDir: "memory",
  databaseUrl: undefined,
  redisUrl: undefined,
  staticDir: "/nonexistent",
  logLevel: "warn",
  host: "127.0.0.1",
  port: 0,
  seedDemo: false,
  seedHistory: false,
  sipEdge: WEBRTC,
};
const builtAt = performance.now();
const { app, gw, realtime } = await buildGateway(config, { clock, database, pbx, logger: false });

// One tenant, N qualifiers with an extension (WebRTC softphone), a session and a lead each. Rows are
// written in bulk (what SessionService.create and the lead import write; neither is measured here).
await gw.db.insert(tenants).values({ id: 1, name: "BENCH", variant: "isius", country: "US" });
const createdAt = new Date(clock.now());
const agentRows: { id: number; extension: string | null }[] = [];
for (let i = 0; i < AGENTS; i += 500) {
  const slice = Array.from({ length: Math.min(500, AGENTS - i) }, (_, k) => ({
    tenantId: 1,
    email: `bench.agent.${i + k}@bench.test`,
    passwordHash: "x",
    firstName: "Bench",
    lastName: `Agent ${i + k}`,
    role: "qualifier",
    extension: String(50_000 + i + k),
    hasWebrtc: true,
    createdAt,
  }));
  agentRows.push(
    ...(await gw.db.insert(users).values(slice).returning({ id: users.id, extension: users.extension })),
  );
}
// Ten-digit New York numbers (valid exchanges for 80,000 agents) ending 55: the SimPbx's number rules (…01 machine, …02 busy, …03 no answer) never apply.
const leadRows = await gw.db
  .insert(leads)
  .values(
    agentRows.map((a, i) => ({
      tenantId: 1,
      marketingId: `bench-${i}`,
      firstName: "Lead",
      lastName: String(i),
      phone: `212${20_000 + i}55`,
      country: "US",
      ownerId: a.id,
    })),
  )
  .returning({ id: leads.id, phone: leads.phone });
const address = await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;
const agents: {
  userId: number;
  ext: string;
  token: string;
  fingerprint: string;
  leadId: number;
  phone: string;
  sip: { uri: string; username: string; password: string; wsUrl: string } | null;
}[] = [];
for (const [i, a] of agentRows.entries()) {
  const fingerprint = randomToken();
  const sid = randomUUID();
  const fph = sha256(fingerprint);
  await gw.db.insert(sessions).values({
    id: sid,
    userId: a.id,
    createdAt,
    lastSeenAt: createdAt,
    expiresAt: new Date(createdAt.getTime() + SESSION_LIMITS.absoluteMs),
    gen: 1,
    genAt: createdAt,
    fingerprintHash: fph,
    ip: "127.0.0.1",
  });
  const ext = a.extension!;
  const expiresAt = Math.floor((clock.now() + CREDENTIAL_TTL_MS) / 1000) * 1000;
  agents.push({
    userId: a.id,
    ext,
    token: await gw.tokens.sign({ sub: String(a.id), sid, gen: 1, fph }),
    fingerprint,
    leadId: leadRows[i]!.id,
    phone: leadRows[i]!.phone,
    // What GET /webrtc/credentials answers (server/modules/webrtc/routes.ts), for the JsSIP agents.
    sip: WEBRTC
      ? {
          uri: `sip:${ext}@${SIP_REALM}`,
          username: sipUsername(ext, expiresAt),
          password: sipPassword((v) => gw.tokens.mac(v), ext, 1, expiresAt),
          wsUrl: `${address.replace(/^http/, "ws")}${config.sipPath}`,
        }
      : null,
  });
}
const agentIndex = new Map(agentRows.map((a, i) => [a.id, i]));

// ---------------------------------------------------------------- stamps

interface CallStamps {
  callId: number;
  agent: number;
  t0: number;
  tPush?: number;
  agentOffered?: number;
  agentAnswered?: number;
}
const byCallId = new Map<number, CallStamps>();
/** Lead LegAnswered seen before the gateway's call id is known: keyed by the PBX's call id. */
const byPbxCall = new Map<
  string,
  { t0?: number; agentOffered?: number; agentAnswered?: number; agentLeg?: string }
>();
const floorSent: { seq: number; tEmit: number; userId: number }[] = [];
let lastAnswer: unknown = null;
let floorSeq = 0;
const rng = streamFor(SEED, "#bench-floor");

const pbxCall = (id: string) => byPbxCall.get(id) ?? byPbxCall.set(id, {}).get(id)!;
pbx.onEvent((e) => {
  if (e.kind === "LegCreated" && e.role === "agent")
    Object.assign(pbxCall(e.callId), { agentOffered: now(), agentLeg: e.legId });
  else if (e.kind === "LegAnswered") {
    const c = pbxCall(e.callId);
    if (e.legId === c.agentLeg) c.agentAnswered = now();
    else if (c.t0 === undefined) {
      c.t0 = now();
      scheduleFloor();
    }
  } else if (e.kind === "CallEnded") byPbxCall.delete(e.callId);
});

// The call service's push of `answer`, stamped as it starts (the gateway's own idea of "bridged").
const push = gw.push;
const toAgent = push.toAgent.bind(push);
push.toAgent = ((userId: number, event: ServerEventName, payload: never) => {
  if (event === "answer") {
    const t = now();
    const snap = payload as { callId: number };
    const active = gw.calls.current(userId);
    const c = active && active.id === snap.callId ? byPbxCall.get(active.pbxCallId) : undefined;
    if (c?.t0 !== undefined) {
      byCallId.set(snap.callId, {
        callId: snap.callId,
        agent: agentIndex.get(userId) ?? -1,
        t0: c.t0,
        tPush: t,
        agentOffered: c.agentOffered,
        agentAnswered: c.agentAnswered,
      });
    }
    lastAnswer = payload;
  }
  toAgent(userId, event, payload);
}) as typeof push.toAgent;

/** A bare push of the same size from the same io, to a random agent, some time after an answer. */
function scheduleFloor() {
  setTimeout(
    () => {
      if (!lastAnswer) return;
      const a = agentRows[Math.floor(rng() * agentRows.length)]!;
      const seq = ++floorSeq;
      const payload = { ...(lastAnswer as object), seq };
      const tEmit = now();
      (realtime.io.to(rooms.agent(a.id)).emit as (e: string, p: unknown) => boolean)("bench-floor", payload);
      floorSent.push({ seq, tEmit, userId: a.id });
    },
    50 + Math.floor(rng() * 400),
  );
}

// Event-loop health of the gateway while measuring (context for the tails). The histogram holds whole
// sampling intervals, so the lateness is each figure minus the resolution.
const LOOP_RESOLUTION_MS = 2;
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
const lateMs = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
let eluStart = performance.eventLoopUtilization();

console.error(
  `call-path gateway: ${AGENTS} agents, ${WEBRTC ? "SIP edge on (JsSIP agents)" : "simulated softphones"}, built and seeded in ${(performance.now() - builtAt).toFixed(0)} ms`,
);

type Msg =
  | { type: "dial"; agent: number; req: number }
  | { type: "clock"; t: number }
  | { type: "measure" }
  | { type: "timings" }
  | { type: "stop" };

process.on("disconnect", () => process.exit(0));
process.on("message", async (m: Msg) => {
  switch (m.type) {
    case "clock":
      send({ type: "clock", t: m.t, child: now() });
      return;
    case "measure":
      loop.reset();
      loop.enable();
      eluStart = performance.eventLoopUtilization();
      return;
    case "dial": {
      const a = agents[m.agent]!;
      try {
        const callId = await gw.calls.dial(
          { id: a.userId, tenantId: 1 },
          { leadId: a.leadId, phone: a.phone, type: "manual" },
        );
        send({ type: "dialed", req: m.req, callId });
      } catch (err) {
        send({ type: "dialed", req: m.req, error: err instanceof Error ? err.message : String(err) });
      }
      return;
    }
    case "timings": {
      loop.disable();
      const elu = performance.eventLoopUtilization(eluStart);
      send({
        type: "timings",
        calls: [...byCallId.values()],
        floor: floorSent,
        loop: {
          delayP50Ms: lateMs(loop.percentile(50)),
          delayP99Ms: lateMs(loop.percentile(99)),
          delayMaxMs: lateMs(loop.max),
          utilization: elu.utilization,
        },
      });
      return;
    }
    case "stop":
      await app.close();
      process.exit(0);
  }
});
send({ type: "ready", port, agents });
