// Issue 11, finding 9: every answer carries the security headers; HSTS only over HTTPS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../test/harness";

let gw: TestGateway;
const trustProxy = process.env.TRUST_PROXY;

beforeAll(async () => {
  // Behind a TLS-terminating proxy: the gateway learns the scheme from X-Forwarded-Proto.
  process.env.TRUST_PROXY = "true";
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw.close();
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
});

describe("security headers", () => {
  it("come with API answers, errors included: CSP, nosniff, no framing, no referrer", async () => {
    for (const res of [
      await gw.client().request("GET", "/tenant-features"),
      await gw.client().request("POST", "/login", { email: "nobody@demo.test", password: "x".repeat(12) }),
      await gw.client().request("GET", "/no-such-route"),
    ]) {
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    }
  });

  it("send HSTS only when the request came over HTTPS", async () => {
    const plain = await gw.client().request("GET", "/tenant-features");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const tls = await gw.client().request("GET", "/tenant-features", undefined, { "x-forwarded-proto": "https" });
    expect(tls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("leave the API docs page its own script hashes, without framing", async () => {
    const res = await gw.app.inject({ method: "GET", url: "/api/docs/static/index.html" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(csp).not.toContain("unsafe-eval");
  });
});

describe("connect-src with a real PBX's SIP endpoint", () => {
  it("allows the softphone's WebSocket to SIP_WS_URL's origin, and only that", async () => {
    const { cspDirectives } = await import("./securityHeaders");
    expect(cspDirectives("wss://pbx.example.com:8089/ws").connectSrc).toEqual(["'self'", "wss://pbx.example.com:8089"]);
    expect(cspDirectives(undefined).connectSrc).toEqual(["'self'"]);
    expect(cspDirectives("not a url").connectSrc).toEqual(["'self'"]);
  });
});
