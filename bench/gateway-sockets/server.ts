// The server side of the socket benchmark, run as a child process so its memory is measured alone:
// `--mode gateway` is the real gateway (PGlite in memory, demo seed, N bench agents with sessions);
// `--mode bare` is a bare socket.io server with the same options and the same two events, the baseline.
// It talks to the parent over IPC: ready {port, credentials}, mem → {heapUsed, rss}, broadcast → sent.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { SOCKET_PATH } from "../../src/contract/socket";
import { randomUUID } from "node:crypto";
import { SESSION_LIMITS } from "../../server/auth/sessions";
import { randomToken, sha256 } from "../../server/auth/tokens";
import { buildGateway } from "../../server/app";
import { readConfig } from "../../server/config";
import { sessions, tenants, users } from "../../server/db/schema";
import { RECOVERY_MS } from "../../server/realtime/server";

type Msg = { type: "mem" } | { type: "broadcast"; seq: number } | { type: "stop" };
const send = (m: unknown) => process.send!(m);
const mode = process.argv.includes("--mode") ? process.argv[process.argv.indexOf("--mode") + 1] : "bare";
const clients = Number(process.argv[process.argv.indexOf("--clients") + 1] ?? 2000);

/** After full collections and a pause, so freed pages are back with the system before RSS is read. */
async function memory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 3; i++) gc?.();
    await new Promise((r) => setTimeout(r, 300));
  }
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss };
}

async function bare() {
  const http = createServer();
  const io = new Server(http, {
    path: SOCKET_PATH,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: false },
  });
  io.on("connection", (socket) => {
    (socket.conn as unknown as { request: unknown }).request = null;
    socket.on("hello", (_p, ack) => ack?.({ ok: true }));
    socket.on("heartbeat", (_p, ack) => ack?.({ ok: true, data: { at: Date.now() } }));
    socket.emit("status", { status: "offline" });
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const port = (http.address() as AddressInfo).port;
  return {
    port,
    credentials: Array.from({ length: clients }, () => ({ token: "none", fingerprint: "none" })),
    broadcast: (seq: number) => io.emit("bench", { seq }),
    stop: async () => {
      io.close();
    },
  };
}

async function gateway() {
  // No demo seed (its lead book is not what is measured): one tenant and the bench agents.
  const config = { ...readConfig({}), dataDir: "memory", staticDir: "/nonexistent", logLevel: "warn", host: "127.0.0.1", port: 0, seedDemo: false };
  const t0 = performance.now();
  const { app, gw, realtime } = await buildGateway(config, { logger: false });
  const built = performance.now();
  await gw.db.insert(tenants).values({ id: 1, name: "BENCH", variant: "isius", country: "US" });
  // N agents of tenant 1 with external phones, and a session each (no password hashing: not what is measured).
  const now = new Date(gw.clock.now());
  const rows = Array.from({ length: clients }, (_, i) => ({
    tenantId: 1,
    email: `bench.agent.${i}@bench.test`,
    passwordHash: "x",
    firstName: "Bench",
    lastName: `Agent ${i}`,
    role: "qualifier",
    extension: String(50_000 + i),
    createdAt: now,
  }));
  const agents = [];
  for (let i = 0; i < rows.length; i += 500) agents.push(...(await gw.db.insert(users).values(rows.slice(i, i + 500)).returning()));
  // Sessions in bulk, the rows SessionService.create writes (one insert per user would dominate the start).
  const credentials: { token: string; fingerprint: string }[] = [];
  const sessionRows: (typeof sessions.$inferInsert)[] = [];
  for (const u of agents) {
    const fingerprint = randomToken();
    const id = randomUUID();
    const fph = sha256(fingerprint);
    sessionRows.push({ id, userId: u.id, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_LIMITS.absoluteMs), gen: 1, genAt: now, fingerprintHash: fph, ip: "127.0.0.1" });
    credentials.push({ token: await gw.tokens.sign({ sub: String(u.id), sid: id, gen: 1, fph }), fingerprint });
  }
  for (let i = 0; i < sessionRows.length; i += 500) await gw.db.insert(sessions).values(sessionRows.slice(i, i + 500));
  await app.listen({ port: 0, host: "127.0.0.1" });
  console.error(`gateway child: built in ${(built - t0).toFixed(0)} ms, ${clients} agents and sessions in ${(performance.now() - built).toFixed(0)} ms`);
  const port = (app.server.address() as AddressInfo).port;
  return {
    port,
    credentials,
    // The gateway's own io and tenant room: what a tenant-wide push costs.
    broadcast: (seq: number) => (realtime.io.to("tenant:1").emit as (e: string, p: unknown) => boolean)("bench", { seq }),
    stop: () => app.close(),
  };
}

// Never outlive the benchmark that started it.
process.on("disconnect", () => process.exit(0));
const server = mode === "gateway" ? await gateway() : await bare();
const before = await memory();
send({ type: "ready", port: server.port, credentials: server.credentials, before });
process.on("message", async (m: Msg) => {
  if (m.type === "mem") send({ type: "mem", ...(await memory()) });
  if (m.type === "broadcast") {
    server.broadcast(m.seq);
    send({ type: "sent", seq: m.seq });
  }
  if (m.type === "stop") {
    await server.stop();
    process.exit(0);
  }
});
