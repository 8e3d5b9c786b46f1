// socket.io on the gateway's own HTTP server and port (ARCHITECTURE.md decision 10). Rooms per tenant,
// per agent, per session, and managers per tenant. One live socket per agent. A first connection of a page
// sets the agent offline with do-not-disturb on (agent-workspace §4); a reconnection keeps its status.
// A socket that goes away without coming back within DISCONNECT_GRACE_MS leaves its agent offline (once any
// live call of the agent has ended).
// With REDIS_URL, the Redis adapter carries emits between instances and presence is cluster-wide.
import type { Server as HttpServer } from "node:http";
import { randomUUID } from "node:crypto";
import { createAdapter } from "@socket.io/redis-adapter";
import { createClient, type RedisClientType } from "redis";
import { ne } from "drizzle-orm";
import { Server } from "socket.io";
import { holdsRoleAtLeast } from "../../src/contract/common";
import { SOCKET_MESSAGES, SOCKET_PATH } from "../../src/contract/socket";
import { isActiveStatus } from "../../src/contract/status";
import type { ClockTimer } from "../../src/shared/clock";
import { rolesOf } from "../auth/access";
import { agentStatuses } from "../db/schema";
import type { Gateway } from "../gateway";
import { durationOf } from "../modules/status/machine";
import { currentPeriodOf } from "../modules/status/store";
import { SimPbx } from "../pbx/sim/extensions";
import { dispatcher, REVALIDATE_MS, type AgentSocket } from "./dispatch";
import { handshakeAuthenticator } from "./handshake";
import { LocalPresence, RedisPresence, type Claimant, type Presence } from "./presence";
import { rooms, type RealtimeServer } from "./push";
import { isOnACall } from "../modules/calls/directory";

export const DISCONNECT_GRACE_MS = 30_000;
/** Recovery window for short gaps (socket.io's default); longer gaps re-sync over REST. */
export const RECOVERY_MS = 2 * 60_000;
/** Cluster only: how often an instance looks for agents whose socket vanished with another instance. */
export const ORPHAN_SCAN_MS = 30_000;

export interface RealtimeOptions {
  redisUrl?: string;
  /** Namespaces the Redis channels and keys (one cluster per prefix). */
  keyPrefix?: string;
}

export class Realtime {
  readonly instanceId = randomUUID();
  private readonly graceTimers = new Map<number, ClockTimer>();
  private sweepTimer?: ClockTimer;
  private orphanTimer?: ClockTimer;
  private closing = false;

  private constructor(
    private readonly gw: Gateway,
    readonly io: RealtimeServer,
    private readonly presence: Presence,
    private readonly redis: RedisClientType[],
  ) {}

  static async attach(gw: Gateway, httpServer: HttpServer, opts: RealtimeOptions = {}): Promise<Realtime> {
    const io: RealtimeServer = new Server(httpServer, {
      path: SOCKET_PATH,
      serveClient: false,
      maxHttpBufferSize: 64 * 1024,
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: false },
    });
    let presence: Presence = new LocalPresence();
    const clients: RedisClientType[] = [];
    if (opts.redisUrl) {
      const prefix = opts.keyPrefix ?? "dialer";
      const pub = createClient({ url: opts.redisUrl }) as RedisClientType;
      const sub = pub.duplicate();
      for (const c of [pub, sub]) c.on("error", (err: unknown) => gw.log.error({ err }, "redis"));
      await Promise.all([pub.connect(), sub.connect()]);
      clients.push(pub, sub);
      io.adapter(createAdapter(pub, sub, { key: `${prefix}#socket.io` }));
      presence = new RedisPresence(pub, prefix, (err) => gw.log.error({ err }, "presence refresh failed"));
    }
    const rt = new Realtime(gw, io, presence, clients);
    io.use(handshakeAuthenticator(gw));
    io.on("connection", (socket) => rt.onConnection(socket));
    gw.push.attach(io, (tenantId) => presence.managersOnline(tenantId));
    gw.sessions.onRevoked((e) => {
      if (e.sessionId) gw.push.endSession(e.sessionId, e.reason);
    });
    return rt;
  }

  get clustered(): boolean {
    return this.redis.length > 0;
  }

  /** Starts the periodic work; agents left active by a previous process get the disconnect grace. */
  start(): void {
    const sweep = () => {
      this.gw.background.run("session sweep", async () => {
        try {
          await this.sweepSessions();
        } finally {
          if (!this.closing) this.sweepTimer = this.gw.clock.setTimeout(sweep, REVALIDATE_MS);
        }
      });
    };
    this.sweepTimer = this.gw.clock.setTimeout(sweep, REVALIDATE_MS);
    const orphans = () => {
      this.gw.background.run("orphan scan", async () => {
        try {
          await this.graceForOrphans();
        } finally {
          if (!this.closing && this.clustered) this.orphanTimer = this.gw.clock.setTimeout(orphans, ORPHAN_SCAN_MS);
        }
      });
    };
    orphans();
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const t of [this.sweepTimer, this.orphanTimer, ...this.graceTimers.values()]) if (t) this.gw.clock.clearTimeout(t);
    this.graceTimers.clear();
    this.gw.push.detach();
    // Closing the transports (not a server-side disconnect) lets clients reconnect to the next instance.
    this.io.engine.close();
    await this.presence.close();
    await Promise.resolve(this.io.of("/").adapter.close());
    await Promise.allSettled(this.redis.map((c) => c.quit()));
  }

  private onConnection(socket: AgentSocket) {
    const gw = this.gw;
    // socket.io's memory advice: once the handshake is built, the raw HTTP request is not needed.
    (socket.conn as unknown as { request: unknown }).request = null;
    const { userId, tenantId, sessionId, role } = socket.data;
    // Whose claim it is: this instance's socket, of this session (a page's reconnection takes its own claim over).
    const holder = `${this.instanceId}:${socket.id}:${sessionId}`;
    // A manager's socket (in its call centre's managers room) also counts it as watching the floor.
    const claimant: Claimant = holdsRoleAtLeast(rolesOf(role), "manager") ? { userId, managerOf: tenantId } : { userId };
    let accepted = false;
    let failed = false;
    let goodbye = false;
    const endSession = (reason: string) => gw.push.endSession(sessionId, reason);

    const acceptance = (async () => {
      if (!(await this.claimOrTakeOver(claimant, holder, sessionId))) {
        gw.log.info({ userId }, "second socket refused: the dialer is open in another tab");
        socket.emit("duplicate-tab", { message: SOCKET_MESSAGES.duplicateTab });
        socket.disconnect(true);
        return false;
      }
      accepted = true;
      this.cancelGrace(userId);
      const own = [rooms.tenant(tenantId), rooms.agent(userId), rooms.session(sessionId)];
      if (claimant.managerOf !== undefined) own.push(rooms.managers(tenantId));
      await socket.join(own);
      const reconnect = socket.recovered || (socket.handshake.auth as { reconnect?: unknown }).reconnect === true;
      // A page opened during a live call (a desk phone talks on after the browser crashed) finds the agent on
      // that call, not offline: the call's end moves it on as usual.
      const keep = reconnect || (await isOnACall(gw, userId));
      // A change is pushed to the agent's room, which this socket has joined; otherwise tell it where it is.
      const fresh = keep ? undefined : await gw.statuses.setOffline(userId, "system", { reason: "connected" });
      if (fresh?.ok && fresh.changed) return true;
      const now = gw.clock.now();
      const current = fresh?.ok
        ? { status: fresh.status, since: fresh.since, offsetSeconds: 0, source: fresh.source }
        : await currentPeriodOf(gw.db, userId, now);
      socket.emit("status", {
        status: current.status,
        since: new Date(current.since).toISOString(),
        duration: durationOf(current, now),
        active: isActiveStatus(current.status),
        source: current.source,
      });
      return true;
    })().catch((err: unknown) => {
      gw.log.error({ err, userId }, "socket connection setup failed");
      failed = true;
      // Closing the transport (not a server-side disconnect) makes the client try again.
      socket.conn.close();
      return false;
    });

    dispatcher(gw, socket, {
      accepted: acceptance,
      endSession,
      ctx: { gw, socket, saidGoodbye: () => (goodbye = true) },
    });

    socket.on("disconnect", (reason) => {
      gw.background.run("socket disconnect", async () => {
        await acceptance;
        // Only the socket holding the agent's claim gives it up (a refused duplicate holds nothing).
        if (!accepted || this.closing) return;
        await this.presence.release(claimant, holder);
        if (failed) return;
        const { extension, hasWebrtc } = socket.data;
        if (gw.pbx instanceof SimPbx && gw.pbx.softphoneFollowsSocket && extension && hasWebrtc) await gw.pbx.unregister(extension);
        if (goodbye) return;
        // Ended by the gateway (session revoked, logout): the agent cannot come back on this session.
        if (reason === "server namespace disconnect") {
          await gw.statuses.setOffline(userId, "system", { reason: "session_ended" });
          return;
        }
        this.startGrace(userId);
      });
    });
  }

  /**
   * The agent's claim for this socket. It gives way to the agent's own page, which would otherwise be refused as a
   * second tab: a socket of the same session (the page reconnecting, here or from an instance that died and whose
   * claim has not lapsed yet), or a socket of this instance that has already closed and whose disconnect is being
   * handled (a manager's socket reset, a transport that dropped). Another session's live socket keeps it.
   */
  private async claimOrTakeOver(claimant: Claimant, holder: string, sessionId: string | number): Promise<boolean> {
    if (await this.presence.claim(claimant, holder)) return true;
    const current = await this.presence.holderOf(claimant.userId);
    if (current === undefined) return this.presence.claim(claimant, holder);
    const [instance, socketId, session] = current.split(":");
    const samePage = session === String(sessionId);
    const closedHere = instance === this.instanceId && !this.io.of("/").sockets.get(socketId ?? "")?.connected;
    if (!samePage && !closedHere) return false;
    await this.presence.release(claimant, current);
    return this.presence.claim(claimant, holder);
  }

  private startGrace(userId: number) {
    this.cancelGrace(userId);
    this.graceTimers.set(
      userId,
      this.gw.clock.setTimeout(() => {
        this.graceTimers.delete(userId);
        this.gw.background.run("disconnect grace", async () => {
          if (await this.presence.isLive(userId)) return;
          // The conversation goes on without the page (an external phone): look again once it may be over.
          if (await isOnACall(this.gw, userId)) return this.startGrace(userId);
          await this.gw.statuses.setOffline(userId, "system", { reason: "disconnected" });
        });
      }, DISCONNECT_GRACE_MS),
    );
  }

  private cancelGrace(userId: number) {
    const t = this.graceTimers.get(userId);
    if (t) this.gw.clock.clearTimeout(t);
    this.graceTimers.delete(userId);
  }

  /** Cuts the sockets of sessions that ended without this instance hearing of it (one query). */
  private async sweepSessions() {
    const local = [...this.io.of("/").sockets.values()];
    if (local.length === 0) return;
    const checkedAt = this.gw.clock.now();
    const ended = await this.gw.sessions.endedAmong([...new Set(local.map((s) => s.data.sessionId))]);
    for (const [sessionId, reason] of ended) this.gw.push.endSession(sessionId, reason);
    for (const s of local) if (!ended.has(s.data.sessionId)) s.data.checkedAt = Math.max(s.data.checkedAt, checkedAt);
  }

  /** Agents not offline whose socket is nowhere get the disconnect grace (restarts, a vanished instance). */
  private async graceForOrphans() {
    const rows = await this.gw.db.select({ userId: agentStatuses.userId }).from(agentStatuses).where(ne(agentStatuses.status, "offline"));
    for (const { userId } of rows) {
      if (this.graceTimers.has(userId)) continue;
      if (!(await this.presence.isLive(userId))) this.startGrace(userId);
    }
  }
}
