// baresip's control socket (ctrl_tcp): JSON commands and events framed as netstrings ("<length>:<json>,").
// The runner dials and hangs up with it and reads the call's progress from baresip's events.
import { connect, type Socket } from "node:net";

export interface BaresipEvent {
  type: string;
  class?: string;
  peeruri?: string;
  param?: string;
}

export interface Baresip {
  command(command: string, params?: string): Promise<{ ok: boolean; data: string }>;
  /** Resolves with the first event of this type from now on (CALL_ESTABLISHED, CALL_CLOSED, …). */
  next(type: string, timeoutMs?: number): Promise<BaresipEvent>;
  close(): void;
}

/** `log` gets every message baresip sends (kept in the run's folder to read after a failure). */
export function connectBaresip(port: number, log?: (line: string) => void): Promise<Baresip> {
  return new Promise((resolve, reject) => {
    const sock: Socket = connect(port, "127.0.0.1");
    let buffer = Buffer.alloc(0);
    let token = 0;
    const replies = new Map<string, (r: { ok: boolean; data: string }) => void>();
    const waiters: { type: string; resolve: (e: BaresipEvent) => void }[] = [];

    const onMessage = (m: Record<string, unknown>) => {
      log?.(JSON.stringify(m));
      if (m.response) replies.get(String(m.token))?.({ ok: Boolean(m.ok), data: String(m.data ?? "") });
      if (!m.event) return;
      const event = m as unknown as BaresipEvent;
      const i = waiters.findIndex((w) => w.type === event.type);
      if (i >= 0) waiters.splice(i, 1)[0]!.resolve(event);
    };
    sock.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const colon = buffer.indexOf(":");
        if (colon < 0) return;
        const length = Number(buffer.subarray(0, colon).toString());
        if (buffer.length < colon + 1 + length + 1) return;
        const json = buffer.subarray(colon + 1, colon + 1 + length).toString();
        buffer = buffer.subarray(colon + 1 + length + 1);
        onMessage(JSON.parse(json) as Record<string, unknown>);
      }
    });
    sock.once("error", reject);
    sock.once("connect", () =>
      resolve({
        command(command, params) {
          const id = String(++token);
          const body = JSON.stringify({ command, params, token: id });
          sock.write(`${Buffer.byteLength(body)}:${body},`);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`baresip: no answer to ${command}`)), 5000);
            replies.set(id, (r) => (clearTimeout(timer), replies.delete(id), done(r)));
          });
        },
        next(type, timeoutMs = 15_000) {
          return new Promise((done, fail) => {
            const waiter = { type, resolve: (e: BaresipEvent) => (clearTimeout(timer), done(e)) };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              fail(new Error(`baresip: no ${type} within ${timeoutMs / 1000} s`));
            }, timeoutMs);
            waiters.push(waiter);
          });
        },
        close: () => sock.destroy(),
      }),
    );
  });
}
