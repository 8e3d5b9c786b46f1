// Helpers for socket tests: connect, wait for an event, emit with an ack, all bounded in real time.
import type { Socket as RawClientSocket } from "socket.io-client";
import type { ServerEventName, ServerToClient, SocketAck } from "../../src/contract/socket";
import type { AgentClientSocket } from "../test/harness";

const WAIT_MS = 4_000;

/** Connects and resolves once the gateway accepted the connection (its first `status` push). */
export function connected(s: AgentClientSocket): Promise<Parameters<ServerToClient["status"]>[0]> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("no status push after connect")), WAIT_MS);
    s.once("status", (p) => {
      clearTimeout(t);
      resolve(p);
    });
    s.once("connect_error", (err) => {
      clearTimeout(t);
      reject(err);
    });
    s.connect();
  });
}

/** Connects and resolves with the handshake refusal. */
export function refused(s: AgentClientSocket): Promise<Error & { data?: unknown }> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("neither connected nor refused")), WAIT_MS);
    s.once("connect", () => {
      clearTimeout(t);
      reject(new Error("connected"));
    });
    s.once("connect_error", (err) => {
      clearTimeout(t);
      resolve(err);
    });
    s.connect();
  });
}

export function next<E extends ServerEventName>(s: AgentClientSocket, event: E, ms = WAIT_MS): Promise<Parameters<ServerToClient[E]>[0]> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    (s.once as (e: string, l: (p: unknown) => void) => void)(event, (p) => {
      clearTimeout(t);
      resolve(p as Parameters<ServerToClient[E]>[0]);
    });
  });
}

/** Resolves with nothing if the event does not come within `ms` (and fails if it does). */
export function none(s: AgentClientSocket, event: ServerEventName, ms = 300): Promise<void> {
  return new Promise((resolve, reject) => {
    const l = (p: unknown) => reject(new Error(`unexpected ${event}: ${JSON.stringify(p)}`));
    (s.once as (e: string, l: (p: unknown) => void) => void)(event, l);
    setTimeout(() => {
      (s.off as (e: string, l: (p: unknown) => void) => void)(event, l);
      resolve();
    }, ms);
  });
}

export function disconnected(s: AgentClientSocket, ms = WAIT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    s.once("disconnect", (reason) => {
      clearTimeout(t);
      resolve(reason);
    });
  });
}

/** Emits any event (also malformed ones) with an ack. */
export function ack(s: AgentClientSocket, event: string, ...args: unknown[]): Promise<SocketAck> {
  return (s as unknown as RawClientSocket).timeout(WAIT_MS).emitWithAck(event, ...args) as Promise<SocketAck>;
}

/** Emits without an ack. */
export function send(s: AgentClientSocket, event: string | number, ...args: unknown[]): void {
  (s as unknown as RawClientSocket).emit(event as string, ...args);
}
