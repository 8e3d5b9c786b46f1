// The realtime socket against a gateway listening on 127.0.0.1:0, with socket.io-client as the browser.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { definePush } from "../../src/contract/push";
import {
  ExtensionAvailability,
  OverstayPush,
  SOCKET_MESSAGES,
  SocketAck,
  StatusPush,
} from "../../src/contract/socket";
import { TRANSFER_MESSAGES } from "../../src/contract/calls";
import { Overstay } from "../../src/contract/status";
import { sessions, users } from "../db/schema";
import { startTestGateway, type AgentClientSocket, type TestClient, type TestGateway } from "../test/harness";
import { REVALIDATE_MS } from "./dispatch";
import { rooms } from "./push";
import { DISCONNECT_GRACE_MS } from "./server";
import { ack, connected, disconnected, next, none, refused, send } from "./testing";

let gw: TestGateway;
const opened: AgentClientSocket[] = [];

beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
});
afterAll(() => gw.close());
afterEach(async () => {
  for (const s of opened.splice(0)) s.disconnect();
  await vi.waitFor(() => expect(gw.realtime.io.of("/").sockets.size).toBe(0));
  await gw.gw.background.idle();
});

const socketOf = (c: TestClient, opts?: Parameters<TestGateway["socket"]>[1]) => {
  const s = gw.socket(c, opts);
  opened.push(s);
  return s;
};
const idOf = async (email: string) =>
  (await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const post = (c: TestClient, status: string) => c.request("POST", "/agent-statuses", { status });
const statusOf = async (c: TestClient) =>
  (await c.request("GET", "/agents/me/status")).json().data.status as string;
/** Closes a socket from the client side and waits until the gateway has handled it. */
const closeTab = async (s: AgentClientSocket) => {
  const before = gw.realtime.io.of("/").sockets.size;
  s.disconnect();
  await vi.waitFor(() => expect(gw.realtime.io.of("/").sockets.size).toBeLessThan(before));
  await gw.gw.background.idle();
};
/** Moves the manual clock and lets the work its timers started finish. */
const advance = async (ms: number) => {
  gw.clock.advance(ms);
  await gw.gw.background.idle();
};

describe("handshake", () => {
  it("refuses a connection without a token, or with a token but without the fingerprint cookie", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const noToken = await refused(socketOf(gw.client()));
    expect(noToken.message).toBe("unauthenticated");
    expect(noToken.data).toEqual({ reason: "unauthenticated" });
    expect((await refused(socketOf(c, { cookie: null }))).message).toBe("unauthenticated");
    expect((await refused(socketOf(c, { cookie: "dialer_fp=forged" }))).message).toBe("unauthenticated");
    const bad = gw.client();
    bad.token = "not.a.jwt";
    bad.cookies = { ...c.cookies };
    expect((await refused(socketOf(bad))).message).toBe("unauthenticated");
  });

  it("accepts the token and cookie; the first connection of a page sets the agent offline with do-not-disturb on", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    await post(c, "ready");
    expect((await gw.gw.pbx.getExtensionStatus("1011")).dnd).toBe(false);
    const s = socketOf(c);
    const first = StatusPush.parse(await connected(s));
    expect(first).toMatchObject({ status: "offline", active: false, source: "system", duration: 0 });
    expect(await statusOf(c)).toBe("offline");
    expect((await gw.gw.pbx.getExtensionStatus("1011")).dnd).toBe(true);
  });

  it("a reconnection keeps the agent's status", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    await post(c, "ready");
    await closeTab(s);
    const again = socketOf(c, { reconnect: true });
    expect(await connected(again)).toMatchObject({ status: "ready", active: true });
    expect(await statusOf(c)).toBe("ready");
  });

  it("a revoked session cannot connect, nor come back", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const token = c.token;
    const cookies = { ...c.cookies };
    await c.request("POST", "/logout");
    const replay = gw.client();
    replay.token = token;
    replay.cookies = cookies;
    expect((await refused(socketOf(replay))).message).toBe("unauthenticated");
  });
});

describe("client events", () => {
  it("refuses malformed events with an error ack or an event-refused push, and keeps serving", async () => {
    const c = await gw.signIn("qualifier3.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    expect(await ack(s, "hello", { extension: 1012, hasWebRtc: false })).toMatchObject({
      ok: false,
      error: "invalid_payload",
    });
    expect(await ack(s, "hello", { extension: "1012", hasWebRtc: false, admin: true })).toMatchObject({
      ok: false,
      error: "invalid_payload",
    });
    expect(await ack(s, "hello", "1012")).toMatchObject({ ok: false, error: "invalid_payload" });
    expect(await ack(s, "hello", { extension: "1012", hasWebRtc: false }, "extra")).toMatchObject({
      ok: false,
      error: "invalid_payload",
    });
    expect(await ack(s, "no-such-event", {})).toMatchObject({ ok: false, error: "unknown_event" });
    expect(await ack(s, "__proto__", {})).toMatchObject({ ok: false, error: "unknown_event" });
    const refusal = next(s, "event-refused");
    send(s, "checkExtensionAvailability");
    expect(await refusal).toMatchObject({ event: "checkExtensionAvailability", error: "invalid_payload" });
    const numeric = next(s, "event-refused");
    send(s, 42, {});
    expect(await numeric).toMatchObject({ event: "42", error: "unknown_event" });
    // Not the caller's extension.
    expect(await ack(s, "checkExtensionAvailability", { extension: "1011" })).toMatchObject({
      ok: false,
      error: "forbidden",
    });
    expect(await ack(s, "hello", { extension: "1011", hasWebRtc: false })).toMatchObject({
      ok: false,
      error: "forbidden",
    });
    // Hangup with no call ends nothing; transfers are validated, then refused without a call or the right.
    expect(await ack(s, "hangup", { extension: "1012", channel: "x" })).toEqual({
      ok: true,
      data: { ended: false },
    });
    expect(await ack(s, "third-party-kick", { extension: "1012", phone: "2125550142" })).toMatchObject({
      ok: false,
      error: "unsupported",
      message: TRANSFER_MESSAGES.noCall,
    });
    expect(await ack(s, "external-transfer-dtmf", { extension: "1012", digit: "12" })).toMatchObject({
      ok: false,
      error: "invalid_payload",
    });
    const ok = SocketAck.parse(await ack(s, "heartbeat"));
    expect(ok).toEqual({ ok: true, data: { at: gw.clock.now() } });
    expect(await ack(s, "hello", { extension: "1012", hasWebRtc: false })).toEqual({ ok: true });
  });

  it("an oversized frame closes only that socket", async () => {
    const c = await gw.signIn("qualifier3.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    const gone = disconnected(s);
    send(s, "hello", { extension: "x".repeat(70 * 1024), hasWebRtc: false });
    expect(await gone).toBe("transport close");
    await gw.gw.background.idle();
    const again = socketOf(c, { reconnect: true });
    await connected(again);
    expect(await ack(again, "heartbeat")).toMatchObject({ ok: true });
  });

  it("limits the rate of events per socket", async () => {
    const c = await gw.signIn("qualifier3.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    const answers = await Promise.all(Array.from({ length: 60 }, () => ack(s, "heartbeat")));
    expect(answers.filter((a) => !a.ok && a.error === "rate_limited").length).toBeGreaterThan(0);
    gw.clock.advance(3_000); // the bucket refills on the gateway clock
    expect(await ack(s, "heartbeat")).toMatchObject({ ok: true });
  });

  it("goodbye (page unload) sets the agent offline at once", async () => {
    const c = await gw.signIn("qualifier3.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    await post(c, "ready");
    // The browser emits goodbye with an undefined payload, which arrives as null.
    expect(await ack(s, "goodbye", undefined)).toEqual({ ok: true });
    expect(await statusOf(c)).toBe("offline");
  });
});

describe("checkExtensionAvailability", () => {
  it("a WebRTC extension is unavailable until its softphone registers", async () => {
    const c = await gw.signIn("qualifier.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    const pushed = next(s, "extensionAvailability");
    const before = SocketAck.parse(await ack(s, "checkExtensionAvailability", { extension: "1001" }));
    expect(before).toEqual({
      ok: true,
      data: {
        extension: "1001",
        available: false,
        via: "webrtc",
        reason: "not_registered",
        message: SOCKET_MESSAGES.phoneDisconnected,
      },
    });
    expect(ExtensionAvailability.parse(await pushed).available).toBe(false);
    // hello without the softphone on does not register it; with it, the simulated PBX counts it registered.
    await ack(s, "hello", { extension: "1001", hasWebRtc: false });
    expect(
      (await ack(s, "checkExtensionAvailability", { extension: "1001" })) as { data: { available: boolean } },
    ).toMatchObject({ data: { available: false } });
    await ack(s, "hello", { extension: "1001", hasWebRtc: true });
    expect(await ack(s, "checkExtensionAvailability", { extension: "1001" })).toMatchObject({
      ok: true,
      data: { available: true, reason: null, message: null },
    });
    // The tab goes: the softphone with it.
    s.disconnect();
    await vi.waitFor(async () => expect((await gw.gw.pbx.getExtensionStatus("1001")).registered).toBe(false));
  });

  it("an external phone is available while open, 'Bria is closed or inactive' when closed", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const m = await gw.signIn("manager.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    expect(await ack(s, "checkExtensionAvailability", { extension: "1011" })).toMatchObject({
      data: { available: true, via: "external" },
    });
    expect((await m.request("PUT", "/sim-pbx/extensions/1011", { open: false })).statusCode).toBe(204);
    expect(await ack(s, "checkExtensionAvailability", { extension: "1011" })).toMatchObject({
      data: { available: false, reason: "closed", message: SOCKET_MESSAGES.briaClosed },
    });
    expect((await m.request("PUT", "/sim-pbx/extensions/1011", { open: true })).statusCode).toBe(204);
    expect(await ack(s, "checkExtensionAvailability", { extension: "1011" })).toMatchObject({
      data: { available: true },
    });
    expect((await m.request("PUT", "/sim-pbx/extensions/2001", { open: false })).statusCode).toBe(404);
  });

  it("showHostname answers the host of the agent's own softphone registration, never the gateway's", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    const pushed = next(s, "hostname");
    // An external phone (Bria), no SIP registration here: the host is unknown (the edge's own test shows a
    // registered softphone's host).
    expect(await ack(s, "showHostname", { extension: "1011" })).toEqual({
      ok: true,
      data: { extension: "1011", hostname: null },
    });
    expect((await pushed).hostname).toBeNull();
    expect((await ack(s, "showHostname", { extension: "1012" })).ok).toBe(false);
  });

  it("an extension an event names besides the agent's own must be of the agent's call centre", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    // 2001 is SLICA's qualifier: refused before anything acts; 1002 (ISIUS) passes the check (there is no
    // call to transfer, hence unsupported).
    expect(
      await ack(s, "internal-transfer", { from: "1011", to: "2001", phone: "2125550142" }),
    ).toMatchObject({
      ok: false,
      error: "forbidden",
    });
    expect(
      await ack(s, "internal-transfer", { from: "1011", to: "1002", phone: "2125550142" }),
    ).toMatchObject({
      ok: false,
      error: "unsupported",
    });
  });

  it("a number an event dials passes the compliance gate first (the external transfer)", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    expect(await ack(s, "external-transfer-start", { extension: "1011", phone: "+442079460018" })).toEqual({
      ok: false,
      error: "forbidden",
      message: "calls.refused.country",
    });
    expect(await ack(s, "external-transfer-start", { extension: "1011", phone: "5555550100" })).toMatchObject({
      ok: false,
      message: "calls.refused.no_zone",
    });
    // 2001 is no extension of ISIUS: as a number it is too short.
    expect(await ack(s, "external-transfer-start", { extension: "1011", phone: "2001" })).toMatchObject({
      ok: false,
      message: "calls.refused.invalid",
    });
    // A number the gate allows must still be one of the call centre's external transfer targets.
    expect(await ack(s, "external-transfer-start", { extension: "1011", phone: "2125550142" })).toMatchObject(
      {
        ok: false,
        error: "forbidden",
        message: TRANSFER_MESSAGES.notATarget,
      },
    );
  });
});

describe("one live socket per agent", () => {
  it("refuses a second socket with duplicate-tab, and accepts a new one as soon as the first closes", async () => {
    const c = await gw.signIn("qualifier4.isius@demo.test");
    const tab2 = await gw.signIn("qualifier4.isius@demo.test");
    const first = socketOf(c);
    await connected(first);
    const second = socketOf(tab2);
    const dup = next(second, "duplicate-tab");
    const gone = disconnected(second);
    second.connect();
    expect(await dup).toEqual({
      message: "The Dialer is already open in another tab. Please close this tab!",
    });
    expect(await gone).toBe("io server disconnect");
    // The first tab is untouched.
    expect(await ack(first, "heartbeat")).toMatchObject({ ok: true });
    first.disconnect();
    const third = socketOf(tab2);
    const t0 = performance.now();
    await connected(third);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

describe("pushes", () => {
  it("the agent's status changes reach its socket", async () => {
    const c = await gw.signIn("qualifier5.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    const pushed = next(s, "status");
    await post(c, "ready");
    expect(StatusPush.parse(await pushed)).toMatchObject({
      status: "ready",
      active: true,
      source: "agent",
      duration: 0,
    });
  });

  it("a manager disabling calling reaches the agent at once; managers see the agent go offline", async () => {
    const c = await gw.signIn("qualifier5.isius@demo.test");
    const m = await gw.signIn("manager.isius@demo.test");
    const id = await idOf("qualifier5.isius@demo.test");
    const s = socketOf(c);
    const ms = socketOf(m);
    await connected(s);
    await connected(ms);
    const ready = Promise.all([next(s, "status"), next(ms, "agent-status")]);
    await post(c, "ready");
    await ready;
    const calling = next(s, "calling-status");
    const status = next(s, "status");
    const feed = next(ms, "agent-status");
    expect(
      (await m.request("PATCH", `/agents/${id}/calling-statuses`, { deactivated: true })).statusCode,
    ).toBe(204);
    expect(await calling).toEqual({
      deactivated: true,
      message: "A manager disabled calling for your extension",
    });
    expect(await status).toMatchObject({ status: "offline", source: "manager" });
    expect(await feed).toMatchObject({ agent_id: id, status: "offline", deactivated: true });
    // The socket stays (the workspace shows 'deactivated'), but calling is closed to it.
    gw.clock.advance(REVALIDATE_MS);
    expect(await ack(s, "external-transfer-start", { extension: "1014", phone: "5145550000" })).toMatchObject(
      { ok: false, error: "forbidden", message: SOCKET_MESSAGES.callingDisabled },
    );
    const back = next(s, "calling-status");
    await m.request("PATCH", `/agents/${id}/calling-statuses`, { deactivated: false });
    expect(await back).toEqual({ deactivated: false, message: null });
  });

  it("an overstay reaches the agent at the limit and the managers' room after the grace (none for after-call work)", async () => {
    const c = await gw.signIn("qualifier5.isius@demo.test");
    const m = await gw.signIn("manager.isius@demo.test");
    const s = socketOf(c);
    const ms = socketOf(m);
    await connected(s);
    await connected(ms);
    const acw = next(s, "status");
    await post(c, "after_call_work");
    await acw;
    const notice = next(s, "overstay");
    const feed = next(ms, "overstay-feed");
    await advance(60_000);
    expect(OverstayPush.parse(await notice)).toMatchObject({
      status: "after_call_work",
      role: "qualifier",
      message: "users.overstayed.qualifier.after_call_work",
      limit: 60,
      duration: 60,
    });
    expect(Overstay.parse(await feed)).toMatchObject({ status: "after_call_work", extension: "1014" });
    // A meeting: agent at 1800 s, managers 45 s later.
    await post(c, "meeting");
    const meeting = next(s, "overstay");
    // Both workspaces keep making requests, as open ones do (tokens live 15 minutes, sessions 30 idle).
    for (let i = 0; i < 3; i++) {
      await advance(600_000);
      await c.request("GET", "/agents/me/status");
      await m.request("GET", "/agents/me/status");
    }
    expect(await meeting).toMatchObject({ status: "meeting", limit: 1800 });
    const late = next(ms, "overstay-feed");
    await none(ms, "overstay-feed", 100);
    await advance(45_000);
    expect(await late).toMatchObject({ status: "meeting", grace: 45 });
    await post(c, "offline");
  });
});

describe("session end", () => {
  it("logout ends the socket at once with session-ended", async () => {
    const c = await gw.signIn("advisor.slica@demo.test");
    const s = socketOf(c);
    await connected(s);
    const ended = next(s, "session-ended");
    const gone = disconnected(s);
    await c.request("POST", "/logout");
    expect(await ended).toEqual({ reason: "logout" });
    expect(await gone).toBe("io server disconnect");
  });

  it("a session revoked elsewhere (another instance, the database) is cut within 5 s, and cannot come back", async () => {
    const c = await gw.signIn("advisor.slica@demo.test");
    const s = socketOf(c);
    await connected(s);
    await post(c, "ready");
    const ended = next(s, "session-ended");
    const gone = disconnected(s);
    await gw.db
      .update(sessions)
      .set({ revokedAt: new Date(gw.clock.now()), revokedReason: "admin" })
      .where(eq(sessions.userId, await idOf("advisor.slica@demo.test")));
    await advance(REVALIDATE_MS);
    expect(await ended).toEqual({ reason: "revoked" });
    expect(await gone).toBe("io server disconnect");
    await gw.gw.background.idle();
    expect((await refused(socketOf(c, { reconnect: true }))).message).toBe("unauthenticated");
    const fresh = await gw.signIn("advisor.slica@demo.test");
    expect(await statusOf(fresh)).toBe("offline");
  });

  it("an account disabled while connected is cut within 5 s", async () => {
    const email = "qualifier.slica@demo.test";
    const c = await gw.signIn(email);
    const s = socketOf(c);
    await connected(s);
    const ended = next(s, "session-ended");
    await gw.db.update(users).set({ disabled: true }).where(eq(users.email, email));
    try {
      await advance(REVALIDATE_MS);
      expect(await ended).toEqual({ reason: "disabled" });
      expect((await refused(socketOf(c))).message).toBe("unauthenticated");
    } finally {
      await gw.db.update(users).set({ disabled: false }).where(eq(users.email, email));
    }
  });

  it("a session recovered after a short gap keeps its status; a revoked one cannot recover", async () => {
    const c = await gw.signIn("advisor.isius@demo.test");
    const s = socketOf(c, { reconnection: true });
    await connected(s);
    await post(c, "ready");
    // Drop the transport: the client reconnects and socket.io restores the session.
    const back = new Promise<void>((resolve) => s.io.once("reconnect", () => resolve()));
    s.io.engine.close();
    await back;
    await vi.waitFor(() => expect(s.connected).toBe(true));
    expect(s.recovered).toBe(true);
    await gw.gw.background.idle();
    expect(await statusOf(c)).toBe("ready");
    // Revoked in the database while the transport is down: the middleware runs again and refuses.
    const refusedAgain = new Promise<Error>((resolve) => s.once("connect_error", resolve));
    await gw.db
      .update(sessions)
      .set({ revokedAt: new Date(gw.clock.now()) })
      .where(eq(sessions.userId, await idOf("advisor.isius@demo.test")));
    s.io.engine.close();
    expect((await refusedAgain).message).toBe("unauthenticated");
    s.disconnect();
  });
});

describe("disconnect grace", () => {
  it("a socket gone for 30 s leaves its agent offline; one back in time keeps its status", async () => {
    const c = await gw.signIn("qualifier4.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    await post(c, "ready");
    await closeTab(s);
    await advance(DISCONNECT_GRACE_MS - 1_000);
    expect(await statusOf(c)).toBe("ready");
    const again = socketOf(c, { reconnect: true });
    await connected(again);
    await advance(5_000);
    expect(await statusOf(c)).toBe("ready");
    await closeTab(again);
    await advance(DISCONNECT_GRACE_MS);
    expect(await statusOf(c)).toBe("offline");
  });
});

describe("a plugin's own push", () => {
  const forecast = definePush("weather-forecast", z.object({ city: z.string() }));

  it("reaches the agent's sockets under the plugin's name, checked against the plugin's schema", async () => {
    const c = await gw.signIn("qualifier2.isius@demo.test");
    const s = socketOf(c);
    await connected(s);
    const got = new Promise<unknown>((resolve) =>
      (s as unknown as { once(e: string, f: (p: unknown) => void): void }).once("weather-forecast", resolve),
    );
    gw.gw.push.pluginPush(rooms.agent(await idOf("qualifier2.isius@demo.test")), forecast, { city: "Laval" });
    expect(await got).toEqual({ city: "Laval" });
    expect(() => gw.gw.push.pluginPush(rooms.agent(1), forecast, { city: 7 } as never)).toThrow(
      /weather-forecast/,
    );
    expect(() =>
      gw.gw.push.pluginPush(rooms.agent(1), definePush("session-ended", z.object({})), {}),
    ).toThrow(/core's push/);
  });
});
