// DNS rebinding, through a listening gateway: a page of another site whose name is made to resolve to 127.0.0.1
// reaches the gateway from the browser with that name in `Host`. Everything the HTTP server answers (Fastify's
// routes, socket.io's polling and WebSocket, the SIP endpoint's WebSocket) refuses such a request with 421;
// loopback names, and the names of ALLOWED_HOSTS, pass.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/contract/common";
import { startTestGateway, type TestGateway } from "../test/harness";

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A request to the gateway over TCP with this Host header (null: none, as HTTP/1.0 allows). */
function send(
  port: number,
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "GET",
      setHost: false,
      headers: { host, ...headers },
      agent: false,
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
      res.on("error", reject);
    });
    // A WebSocket the server took: say so and hang up.
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode!, body: "", headers: res.headers });
    });
    req.on("error", reject);
    req.end();
  });
}

/** A WebSocket upgrade request (what a browser's `new WebSocket(url, protocol)` sends). */
const upgrade = (port: number, path: string, host: string, protocol?: string) =>
  send(port, path, host, {
    connection: "Upgrade",
    upgrade: "websocket",
    "sec-websocket-version": "13",
    "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    ...(protocol ? { "sec-websocket-protocol": protocol } : {}),
  });

/** An HTTP/1.0 request without a Host header, written by hand (Node's client always sends one). */
function sendWithoutHost(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let raw = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (raw += chunk));
    socket.on("end", () => resolve(raw));
    socket.on("error", reject);
  });
}

const MAILBOX = "/api/v1/login/dev-mailbox?email=someone%40demo.test";
const SOCKET_POLL = "/socket.io/?EIO=4&transport=polling";
const SOCKET_WS = "/socket.io/?EIO=4&transport=websocket";

function expectMisdirected(a: Answer) {
  expect(a.status).toBe(421);
  expect(a.headers["content-type"]).toMatch(/^application\/json/);
  const { message } = ErrorBody.parse(JSON.parse(a.body));
  expect(message).toMatch(/host name/);
  expect(message).toMatch(/ALLOWED_HOSTS/);
  expect(a.body).not.toMatch(/rebind/);
}

describe("the Host header, on a gateway that listens on loopback (DNS rebinding)", () => {
  let gw: TestGateway;
  let port: number;
  const lines: string[] = [];
  beforeAll(async () => {
    gw = await startTestGateway({
      listen: true,
      sipEdge: true,
      logLines: lines,
      logLevel: "warn",
      config: { allowedHosts: ["dialer.example.com", ".lan.example"] },
    });
    port = Number(new URL(gw.url!).port);
  });
  afterAll(() => gw?.close());

  it("refuses the development mailbox to another site's name made to resolve to 127.0.0.1 (421)", async () => {
    expectMisdirected(await send(port, MAILBOX, "rebind.example:8080"));
    expectMisdirected(await send(port, MAILBOX, `rebind.example:${port}`));
    expectMisdirected(await send(port, MAILBOX, "rebind.example"));
  });

  it("answers loopback names at any port: localhost, 127.0.0.1, [::1], and *.localhost", async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      "localhost",
      "LOCALHOST.:80",
      "app.localhost:5173",
    ]) {
      const a = await send(port, MAILBOX, host);
      expect(a.status, host).toBe(200);
    }
  });

  it("answers the names of ALLOWED_HOSTS (a leading dot: the domain and its subdomains), and no look-alike", async () => {
    for (const host of [
      "dialer.example.com",
      "dialer.example.com:443",
      "lan.example",
      "pbx.lan.example:8080",
    ])
      expect((await send(port, MAILBOX, host)).status, host).toBe(200);
    for (const host of [
      "evil-dialer.example.com",
      "dialer.example.com.rebind.example",
      "xlan.example",
      "[::2]",
      "10.0.0.5",
    ])
      expect((await send(port, MAILBOX, host)).status, host).toBe(421);
  });

  it("refuses every other route too: the SPA's, the API's, its documentation", async () => {
    for (const path of ["/", "/auth/login", "/api/docs/json", "/api/v1/me"])
      expectMisdirected(await send(port, path, "rebind.example"));
    expect((await send(port, "/api/docs/json", `localhost:${port}`)).status).toBe(200);
  });

  it("refuses socket.io's polling handshake, which socket.io answers before Fastify", async () => {
    expectMisdirected(await send(port, SOCKET_POLL, "rebind.example:8080"));
    expect((await send(port, SOCKET_POLL, `127.0.0.1:${port}`)).status).toBe(200);
  });

  it("refuses a WebSocket upgrade of socket.io and of the SIP endpoint with 421 on the socket", async () => {
    expectMisdirected(await upgrade(port, SOCKET_WS, "rebind.example:8080"));
    expectMisdirected(await upgrade(port, "/sip", "rebind.example:8080", "sip"));
    // The same upgrades with a loopback name are taken (101 Switching Protocols).
    expect((await upgrade(port, SOCKET_WS, `localhost:${port}`)).status).toBe(101);
    expect((await upgrade(port, "/sip", `localhost:${port}`, "sip")).status).toBe(101);
    // And the SIP endpoint still answers its own refusals once the host passes.
    expect((await upgrade(port, "/sip", `localhost:${port}`)).status).toBe(400);
  });

  it("refuses on a second server of Fastify's own too (HOST=localhost binds 127.0.0.1 and ::1 so)", async () => {
    // What Fastify does for the second address: another server whose requests go straight to its router.
    const second = http.createServer((req, res) => gw.app.routing(req, res));
    await new Promise<void>((resolve) => second.listen(0, "127.0.0.1", resolve));
    try {
      const secondPort = (second.address() as net.AddressInfo).port;
      expectMisdirected(await send(secondPort, MAILBOX, "rebind.example:8080"));
      expect((await send(secondPort, MAILBOX, `localhost:${secondPort}`)).status).toBe(200);
    } finally {
      second.closeAllConnections();
      await new Promise((resolve) => second.close(resolve));
    }
  });

  it("answers a request without any Host header (HTTP/1.0): browsers always send one", async () => {
    expect(await sendWithoutHost(port, "/api/docs/json")).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("logs a refusal at warn with the host name cut short, never the request's values", async () => {
    const long = `${"a".repeat(200)}.rebind.example`;
    expect((await send(port, MAILBOX, long)).status).toBe(421);
    const refusals = lines
      .filter((l) => /ALLOWED_HOSTS/.test(l))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(refusals.length).toBeGreaterThan(0);
    for (const r of refusals) expect(r.level).toBeLessThanOrEqual(40);
    expect(lines.join("\n")).not.toMatch(/someone|demo\.test|dev-mailbox/);
    const longOne = refusals.find((r) => String(r.host).startsWith("aaaa"));
    expect(longOne).toBeDefined();
    expect(String(longOne!.host).length).toBeLessThanOrEqual(64);
  });
});

describe("the Host header, on a gateway that listens on the network (HOST=0.0.0.0)", () => {
  let gw: TestGateway;
  let port: number;
  beforeAll(async () => {
    gw = await startTestGateway({ listen: true, config: { host: "0.0.0.0" } });
    port = Number(new URL(gw.url!).port);
  });
  afterAll(() => gw?.close());

  it("answers IP addresses (people reach a LAN gateway by its address), still refuses names", async () => {
    for (const host of [
      "10.0.0.11:8080",
      "192.168.1.20",
      "[fe80::1]:8080",
      "[2001:db8::7]",
      `localhost:${port}`,
    ])
      expect((await send(port, MAILBOX, host)).status, host).toBe(200);
    for (const host of ["rebind.example", "dialer.example.com:8080", "10.0.0.11.rebind.example"])
      expectMisdirected(await send(port, MAILBOX, host));
    expectMisdirected(await upgrade(port, SOCKET_WS, "rebind.example"));
  });
});
