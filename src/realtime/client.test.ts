// @vitest-environment node
// The realtime client's side of a manager's tools (admin-and-sign-in §7): a socket reset makes the page
// connect again at once, as a reconnection; a page a repair reloaded connects as a reconnection too.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket } from "socket.io";
import { afterEach, describe, expect, it } from "vitest";
import { SOCKET_PATH } from "../contract/socket";
import { createEventBus } from "../core/events";
import { connectRealtime, type RealtimeClient } from "./client";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

async function gatewayAndPage() {
  const http = createServer();
  const io = new Server(http, { path: SOCKET_PATH });
  const handshakes: unknown[] = [];
  const sockets: Socket[] = [];
  io.on("connection", (socket) => {
    handshakes.push(socket.handshake.auth);
    sockets.push(socket);
    socket.on("hello", (_p: unknown, ack?: (r: unknown) => void) => ack?.({ ok: true }));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const reconnected: number[] = [];
  const client: RealtimeClient = connectRealtime({
    url,
    token: () => "token",
    bus: createEventBus(),
    hello: { extension: null, hasWebRtc: false },
    on: { dropped() {}, reconnecting() {}, reconnected: () => void reconnected.push(1), refused() {} },
  });
  await client.ready;
  stop = async () => {
    client.close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  };
  return { io, handshakes, sockets, client, reconnected };
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(test()).toBe(true);
};

describe("the realtime client and a manager's tools", () => {
  it("a socket-reset push closes the connection and the page connects again as a reconnection", async () => {
    const p = await gatewayAndPage();
    expect(p.handshakes).toEqual([{ token: "token", reconnect: false }]);
    p.sockets[0]!.emit("socket-reset", { by: 3 });
    await until(() => p.handshakes.length === 2 && p.client.connected);
    expect(p.handshakes[1]).toEqual({ token: "token", reconnect: true });
    expect(p.reconnected).toHaveLength(1);
  });

  it("a page a repair reloaded connects as a reconnection, once", async () => {
    const stored = new Map([["isi.repair", "1"]]);
    (globalThis as { sessionStorage?: unknown }).sessionStorage = {
      getItem: (k: string) => stored.get(k) ?? null,
      removeItem: (k: string) => void stored.delete(k),
      setItem: (k: string, v: string) => void stored.set(k, v),
    };
    const p = await gatewayAndPage();
    expect(p.handshakes).toEqual([{ token: "token", reconnect: true }]);
    expect(stored.has("isi.repair")).toBe(false);
  });
});
