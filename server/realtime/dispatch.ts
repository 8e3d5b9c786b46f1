// Every packet a client sends passes here before anything else (reliability.md C1, E5): the connection must
// have been accepted, the sender must stay under its rate, the event must exist (the core's, or one a plugin's
// gateway side registered: pluginEvents.ts), the session must still stand (re-checked when the last check is
// older than REVALIDATE_MS), and the payload must match its schema.
// A refusal is answered, by the ack when there is one, else by an `event-refused` push, and logged; no
// packet can throw out of here.
import { z } from "zod";
import { ClientEvents, type AckError, type ClientEventName, type SocketAck } from "../../src/contract/socket";
import type { Gateway } from "../gateway";
import { UNSTORABLE_MESSAGE, unstorablePath } from "../http/storable";
import { handlers, pluginEvent, type EventContext } from "./events";
import type { AgentSocket } from "./agentSocket";
import { LOCAL_EVENTS, sendEventToCallOwner } from "./forwarding";

export type { AgentSocket };

/**
 * A session verdict is reused this long. The periodic sweep checks every socket's session this often (one
 * query) and renews the verdicts, so events are re-checked one by one only when a sweep is late.
 */
export const REVALIDATE_MS = 4_000;
export const RATE = { perSecond: 20, burst: 40 } as const;

/** Token bucket on the gateway clock. */
export class RateLimiter {
  private tokens: number = RATE.burst;
  private at: number;

  constructor(private readonly now: () => number) {
    this.at = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(RATE.burst, this.tokens + ((t - this.at) / 1000) * RATE.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export interface Dispatcher {
  /** Resolves true once the connection is accepted (false when refused as a duplicate). */
  accepted: Promise<boolean>;
  ctx: EventContext;
  /** Ends the socket's session everywhere (sweeps and re-checks). */
  endSession(reason: string): void;
}

const summarise = (issues: z.core.$ZodIssue[]) =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "payload"}: ${i.message}`)
    .join("; ");

export function dispatcher(gw: Gateway, socket: AgentSocket, d: Dispatcher) {
  const limiter = new RateLimiter(() => gw.clock.now());

  const handle = async (packet: unknown[]) => {
    const [event, ...args] = packet;
    const ack = typeof args[args.length - 1] === "function" ? (args.pop() as (r: SocketAck) => void) : undefined;
    const name = typeof event === "string" ? event : String(event);
    const reply = (r: SocketAck) => {
      if (ack) ack(r);
      else if (!r.ok) socket.emit("event-refused", { event: name.slice(0, 64), error: r.error, message: r.message });
    };
    const refuse = (error: AckError, message?: string, level: "warn" | "info" | "debug" = "warn") => {
      gw.log[level]({ userId: socket.data.userId, event: name.slice(0, 64), error, detail: message }, "socket event refused");
      reply({ ok: false, error, message });
    };

    if (!(await d.accepted)) return;
    // Over the rate, each packet is answered but not logged (a flood must not flood the log too).
    if (!limiter.take()) return refuse("rate_limited", undefined, "debug");
    // The core's events, then those the plugins' gateway sides registered (pluginEvents.ts).
    const core = typeof event === "string" && Object.hasOwn(ClientEvents, event);
    const plugin = typeof event === "string" && !core ? gw.clientEvents.get(event) : undefined;
    if (!core && !plugin) return refuse("unknown_event");
    if (gw.clock.now() - socket.data.checkedAt >= REVALIDATE_MS) {
      const verdict = await gw.sessions.check(socket.data.sessionId);
      if (!verdict.ok) {
        refuse("unauthenticated", undefined, "info");
        return d.endSession(verdict.reason);
      }
      socket.data.checkedAt = gw.clock.now();
      socket.data.extension = verdict.user.extension;
      // hasWebrtc stays what the agent signed in with: a WebRTC toggle reaches the agent at the next sign-in.
    }
    if (args.length > 1) return refuse("invalid_payload", "one payload object expected");
    const unstorable = unstorablePath(args[0]);
    if (unstorable !== null) return refuse("invalid_payload", `${unstorable || "payload"}: ${UNSTORABLE_MESSAGE}`);
    const parsed = (plugin ? plugin.key.schema : ClientEvents[event as ClientEventName]).safeParse(args[0]);
    if (!parsed.success) return refuse("invalid_payload", summarise(parsed.error.issues));
    // What acts on the live calls runs where they are driven: here, as a command a stop waits for
    // (CallOwner.beginHere), or on the holder (forwarding.ts).
    const local = LOCAL_EVENTS.has(name);
    const done = local ? null : gw.callOwner.beginHere();
    if (!local && !done) {
      if (name === "goodbye") d.ctx.saidGoodbye();
      return reply(await sendEventToCallOwner(gw.callOwner, name, parsed.data, socket.data));
    }
    try {
      // Every plugin event's schema is `{ extension, ...fields }` (defineClientEvent).
      if (plugin) return reply(await pluginEvent(d.ctx, plugin, parsed.data as { extension: string } & Record<string, unknown>));
      const handler = handlers[event as ClientEventName] as (ctx: EventContext, payload: unknown) => Promise<SocketAck> | SocketAck;
      reply(await handler(d.ctx, parsed.data));
    } finally {
      done?.();
    }
  };

  // socket.use sees every incoming packet; the gateway answers them all here and registers no listeners.
  socket.use((packet) => {
    handle(packet).catch((err: unknown) => {
      gw.log.error({ err, userId: socket.data.userId }, "socket event failed");
      const ack = packet[packet.length - 1];
      if (typeof ack === "function") (ack as (r: SocketAck) => void)({ ok: false, error: "server_error" });
    });
  });
}
