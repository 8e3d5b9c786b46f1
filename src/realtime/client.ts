// The browser end of the realtime socket (agent-workspace §7): socket.io on the gateway's origin, the
// rotated token on every (re)connection, pushes parsed with the shared zod schemas onto the event bus, and
// the connection messages the specification names.
import { io, type Socket } from "socket.io-client";
import {
  ClientEvents,
  ExtensionAvailability,
  HandshakeRefusal,
  SOCKET_PATH,
  ServerEvents,
  SocketAck,
  type ClientEventName,
  type ClientToServer,
  type ServerEventName,
  type ServerToClient,
} from "../contract/socket";
import type { EventBus } from "../core/events";
import { takeRepairMark } from "../session/repair";
import type { z } from "zod";

export interface RealtimeDeps {
  token(): string | null;
  bus: EventBus;
  hello: { extension: string | null; hasWebRtc: boolean };
  /** Connection life, in the specification's words; the session decides how to show them. */
  on: {
    dropped(): void;
    reconnecting(): void;
    reconnected(): void;
    refused(): void;
  };
  /** Tests connect to a gateway on another origin. */
  url?: string;
}

export interface RealtimeClient {
  readonly connected: boolean;
  /** Settles once the gateway has taken this page's first connection (hello answered), or after 5 s. */
  readonly ready: Promise<void>;
  emit<E extends ClientEventName>(event: E, payload: z.input<(typeof ClientEvents)[E]>, timeoutMs?: number): Promise<SocketAck>;
  checkExtension(extension: string): Promise<z.infer<typeof ExtensionAvailability>>;
  /**
   * Forwards a push the core does not list (a plugin declared it in its manifest's `pushes`) onto the bus,
   * parsed with `schema`. Forwarding a name already forwarded does nothing, so a push reaches the bus once.
   */
  forward(name: string, schema: z.ZodType): void;
  close(): void;
}

export const ACK_TIMEOUT_MS = 5000;

export function connectRealtime(deps: RealtimeDeps): RealtimeClient {
  let wasConnected = false;
  // A page a manager's repair reloaded goes on from where it was: its first connection is a reconnection.
  const repaired = takeRepairMark();
  let closing = false;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
    setTimeout(resolve, ACK_TIMEOUT_MS);
  });
  const socket: Socket<ServerToClient, ClientToServer> = io(deps.url ?? "", {
    path: SOCKET_PATH,
    // A function, so each reconnection sends the newest rotated token.
    auth: (cb) => cb({ token: deps.token() ?? "", reconnect: wasConnected || repaired }),
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    withCredentials: true,
    // WebSocket first: polling without sticky sessions fails across a cluster of gateways.
    transports: ["websocket", "polling"],
  });

  socket.on("connect", () => {
    // The gateway sets a first connection offline; hello's answer says that is done.
    void emit("hello", deps.hello).then(markReady);
    if (wasConnected) deps.on.reconnected();
    wasConnected = true;
  });
  socket.on("disconnect", (reason) => {
    if (!closing && reason !== "io client disconnect") deps.on.dropped();
  });
  socket.io.on("reconnect_attempt", () => deps.on.reconnecting());
  // A manager's socket reset: close the transport (not the socket), so socket.io connects again at once.
  socket.on("socket-reset", () => socket.io.engine?.close());
  socket.on("connect_error", (err) => {
    const data = (err as Error & { data?: unknown }).data;
    if (HandshakeRefusal.safeParse(data).success) deps.on.refused();
  });
  const forwarded = new Set<string>();
  const forward = (name: string, schema: z.ZodType) => {
    if (forwarded.has(name)) return;
    forwarded.add(name);
    socket.on(name as never, ((payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) deps.bus.emit(name, parsed.data);
      else console.warn(`refused a malformed ${name} push`, parsed.error.issues);
    }) as never);
  };
  for (const name of Object.keys(ServerEvents) as ServerEventName[]) forward(name, ServerEvents[name]);

  const emit: RealtimeClient["emit"] = (event, payload, timeoutMs = ACK_TIMEOUT_MS) =>
    new Promise((resolve) => {
      (socket.timeout(timeoutMs) as unknown as { emit(e: string, p: unknown, cb: (err: unknown, reply: unknown) => void): void }).emit(
        event,
        payload,
        (err, reply) => {
          if (err) return resolve({ ok: false, error: "server_error", message: "no answer" });
          const parsed = SocketAck.safeParse(reply);
          resolve(parsed.success ? parsed.data : { ok: false, error: "server_error" });
        },
      );
    });

  return {
    get connected() {
      return socket.connected;
    },
    ready,
    emit,
    forward,
    async checkExtension(extension) {
      const ack = await emit("checkExtensionAvailability", { extension });
      const parsed = ack.ok ? ExtensionAvailability.safeParse(ack.data) : null;
      if (parsed?.success) return parsed.data;
      // No answer from the gateway is treated as a phone we cannot reach.
      return { extension, available: false, via: null, reason: "unknown", message: null };
    },
    close() {
      closing = true;
      if (socket.connected) socket.emit("goodbye", undefined);
      socket.close();
    },
  };
}
