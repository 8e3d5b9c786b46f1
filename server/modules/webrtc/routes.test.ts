import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebRtcCredentialsResponse } from "../../../src/contract/calls";
import { ErrorBody } from "../../../src/contract/common";
import { CREDENTIAL_TTL_MS, parseSipUsername, sipPassword } from "../../pbx/edge/credentials";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { NO_SIP_ENDPOINT, NO_SOFTPHONE } from "./routes";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ sipEdge: true });
});
afterAll(() => gw?.close());

describe("GET /webrtc/credentials", () => {
  it("gives a WebRTC agent short-lived credentials for its own extension", async () => {
    const c = await gw.signIn("qualifier.isius@demo.test");
    const res = await c.request("GET", "/webrtc/credentials");
    expect(res.statusCode).toBe(200);
    const { data } = WebRtcCredentialsResponse.parse(res.json());
    expect(data).toMatchObject({ realm: "dialer", uri: "sip:1001@dialer", ws_url: "ws://localhost:80/sip" });
    const expiresAt = Date.parse(data.expires_at);
    expect(expiresAt).toBe(Math.floor((gw.clock.now() + CREDENTIAL_TTL_MS) / 1000) * 1000);
    expect(parseSipUsername(data.username)).toEqual({ ext: "1001", expiresAtMs: expiresAt });
    expect(data.password).toBe(sipPassword((v) => gw.gw.tokens.mac(v), "1001", 1, expiresAt));
    // Behind a TLS-terminating proxy the softphone must use wss://.
    const behindProxy = await c.request("GET", "/webrtc/credentials", undefined, {
      "x-forwarded-proto": "https",
      host: "dialer.example.com",
    });
    expect(behindProxy.json().data.ws_url).toBe("wss://dialer.example.com/sip");
  });

  it("advisors get theirs; each agent's password differs", async () => {
    const a = await (await gw.signIn("advisor.isius@demo.test")).request("GET", "/webrtc/credentials");
    const q = await (await gw.signIn("qualifier.isius@demo.test")).request("GET", "/webrtc/credentials");
    expect(a.json().data.uri).toBe("sip:1002@dialer");
    expect(a.json().data.password).not.toBe(q.json().data.password);
  });

  it("refuses an agent without a WebRTC softphone (404) and an account without an extension (404)", async () => {
    for (const email of ["qualifier.slica@demo.test", "admin@demo.test"]) {
      const res = await (await gw.signIn(email)).request("GET", "/webrtc/credentials");
      expect(res.statusCode, email).toBe(404);
      expect(ErrorBody.parse(res.json()).message).toBe(NO_SOFTPHONE);
    }
  });

  it("answers 401 without a session", async () => {
    expect((await gw.client().request("GET", "/webrtc/credentials")).statusCode).toBe(401);
  });
});

describe("GET /webrtc/credentials without a SIP endpoint", () => {
  it("answers 409 when neither the embedded edge nor SIP_WS_URL is configured", async () => {
    const plain = await startTestGateway();
    try {
      const res = await (
        await plain.signIn("qualifier.isius@demo.test")
      ).request("GET", "/webrtc/credentials");
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(NO_SIP_ENDPOINT);
    } finally {
      await plain.close();
    }
  });
});
