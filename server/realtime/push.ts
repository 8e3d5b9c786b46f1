// What the gateway's modules push to browsers, by room. Built before socket.io is attached (the modules
// are built first) and silent until then, so routes tested with inject() work without a socket server.
// With the Redis adapter every emit reaches the room's sockets on every gateway instance.
import type { Server } from "socket.io";
import type { z } from "zod";
import type { PushKey } from "../../src/contract/push";
import {
  ServerEvents,
  type ClientToServer,
  type ServerEventName,
  type ServerPayload,
  type ServerToClient,
} from "../../src/contract/socket";

export type RealtimeServer = Server<ClientToServer, ServerToClient, Record<string, never>, SocketData>;

/** What the gateway keeps on each socket (restored with the socket by connection state recovery). */
export interface SocketData {
  userId: number;
  tenantId: number;
  sessionId: string;
  role: string;
  extension: string | null;
  hasWebrtc: boolean;
  /** Clock time of the last session check (the handshake, a sweep, or an event's re-check). */
  checkedAt: number;
}

export const rooms = {
  tenant: (tenantId: number) => `tenant:${tenantId}`,
  agent: (userId: number) => `agent:${userId}`,
  managers: (tenantId: number) => `managers:${tenantId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};

export class Push {
  private io?: RealtimeServer;
  private watched?: (tenantId: number) => Promise<boolean>;
  private readonly agentWatchers: ((userId: number) => void)[] = [];

  /** `managersOnline` answers whether a manager of a call centre has a live socket on any instance. */
  attach(io: RealtimeServer, managersOnline: (tenantId: number) => Promise<boolean>): void {
    this.io = io;
    this.watched = managersOnline;
  }

  detach(): void {
    this.io = undefined;
    this.watched = undefined;
  }

  /**
   * Whether a push to the call centre's managers reaches anyone now, on any instance: work done only to push to
   * them (the floor's rows read from the database) can be skipped when not. Without socket.io, nobody.
   */
  async managersOnline(tenantId: number): Promise<boolean> {
    return this.watched ? this.watched(tenantId) : false;
  }

  toAgent<E extends ServerEventName>(userId: number, event: E, payload: ServerPayload<E>): void {
    this.emit(rooms.agent(userId), event, payload);
    for (const watch of this.agentWatchers) watch(userId);
  }

  /**
   * Tells `watch` of every push to an agent, before socket.io is attached too: the holder of the calls mirrors
   * the agent's call view then (modules/calls/views.ts), since every change of a call pushes its snapshot.
   */
  watchAgents(watch: (userId: number) => void): void {
    this.agentWatchers.push(watch);
  }

  toManagers<E extends ServerEventName>(tenantId: number, event: E, payload: ServerPayload<E>): void {
    this.emit(rooms.managers(tenantId), event, payload);
  }

  toTenant<E extends ServerEventName>(tenantId: number, event: E, payload: ServerPayload<E>): void {
    this.emit(rooms.tenant(tenantId), event, payload);
  }

  /**
   * A plugin's own push (its `definePush`) to a room: checked against the push's schema here, so a malformed
   * payload fails in the plugin's code, not in every browser. A plugin cannot send under a core event's name.
   */
  pluginPush<S extends z.ZodType>(room: string, push: PushKey<S>, payload: z.input<S>): void {
    if (Object.hasOwn(ServerEvents, push.name))
      throw new Error(`"${push.name}" is the core's push, not a plugin's`);
    const checked = push.schema.safeParse(payload);
    if (!checked.success) throw new Error(`push "${push.name}": ${checked.error.message}`);
    if (!this.io) return;
    (this.io.to(room).emit as (e: string, p: unknown) => boolean)(push.name, payload);
  }

  /** How many sockets the agent has open now, on every instance (0 before socket.io is attached). */
  async socketsOf(userId: number): Promise<number> {
    if (!this.io) return 0;
    return (await this.io.in(rooms.agent(userId)).fetchSockets()).length;
  }

  /**
   * A manager's reset (POST /agents/{id}/reset-sockets): tells the agent's sockets to connect again, and
   * closes the transports of those on this instance. Closing the transport, not a server-side disconnect:
   * the client reconnects at once and keeps its status, where a disconnect would end it as a signed-out
   * session. A socket on another instance closes its own transport on the push (src/realtime/client.ts).
   */
  async resetAgent(userId: number, by: number): Promise<number> {
    if (!this.io) return 0;
    const room = rooms.agent(userId);
    this.io.to(room).emit("socket-reset", { by });
    const sockets = await this.io.local.in(room).fetchSockets();
    for (const s of sockets) (s as unknown as { conn?: { close(): void } }).conn?.close();
    return sockets.length;
  }

  /** Tells the sockets of an ended session why, then closes them (on every instance). */
  endSession(sessionId: string, reason: string): void {
    if (!this.io) return;
    const room = rooms.session(sessionId);
    this.io.to(room).emit("session-ended", { reason });
    this.io.in(room).disconnectSockets(true);
  }

  private emit<E extends ServerEventName>(room: string, event: E, payload: ServerPayload<E>): void {
    if (!this.io) return;
    // socket.io's typed emit cannot follow a generic event name; the payload type is checked above.
    (this.io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  }
}
