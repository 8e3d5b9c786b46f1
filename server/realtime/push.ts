// What the gateway's modules push to browsers, by room. Built before socket.io is attached (the modules
// are built first) and silent until then, so routes tested with inject() work without a socket server.
// With the Redis adapter every emit reaches the room's sockets on every gateway instance.
import type { Server } from "socket.io";
import type { ClientToServer, ServerEventName, ServerPayload, ServerToClient } from "../../src/contract/socket";

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

  attach(io: RealtimeServer): void {
    this.io = io;
  }

  detach(): void {
    this.io = undefined;
  }

  toAgent<E extends ServerEventName>(userId: number, event: E, payload: ServerPayload<E>): void {
    this.emit(rooms.agent(userId), event, payload);
  }

  toManagers<E extends ServerEventName>(tenantId: number, event: E, payload: ServerPayload<E>): void {
    this.emit(rooms.managers(tenantId), event, payload);
  }

  toTenant<E extends ServerEventName>(tenantId: number, event: E, payload: ServerPayload<E>): void {
    this.emit(rooms.tenant(tenantId), event, payload);
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
