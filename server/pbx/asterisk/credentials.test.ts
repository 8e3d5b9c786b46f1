// With PBX=asterisk the softphone registers to Asterisk, which checks its digest itself: the credentials the
// gateway issues (GET /webrtc/credentials) are pushed into Asterisk's PJSIP auth object of the extension
// first, and a refused push is a 502, never credentials that cannot work.
import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { AriDriver } from "./driver";
import { scriptedWorld, startFakeAri, type FakeAri } from "./testing";

let gw: TestGateway | undefined;
let fake: FakeAri | undefined;
afterEach(async () => {
  await gw?.close();
  await fake?.close();
  gw = undefined;
  fake = undefined;
});

async function gatewayOnAsterisk(password = "secret") {
  const clock = manualClock(Date.parse("2026-01-05T15:00:00Z"));
  fake = await startFakeAri({ clock, world: scriptedWorld(clock, {}), user: "dialer", password: "secret", extensions: ["1001"] });
  const pbx = new AriDriver({ config: { url: fake.url, user: "dialer", password }, clock });
  gw = await startTestGateway({
    clock,
    pbx,
    config: { sipEdge: false, sipWsUrl: "wss://pbx.example.com:8089/ws", pbx: "asterisk" },
  });
  return gw;
}

describe("softphone credentials on Asterisk", () => {
  it("are written into the extension's PJSIP auth object before the softphone gets them", async () => {
    const g = await gatewayOnAsterisk();
    const c = await g.signIn("qualifier.isius@demo.test");
    const res = await c.request("GET", "/webrtc/credentials");
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: { username: string; password: string; ws_url: string } };
    expect(data.ws_url).toBe("wss://pbx.example.com:8089/ws");
    expect(fake!.model.sorcery.get("res_pjsip/auth/1001")).toEqual([
      { attribute: "auth_type", value: "digest" },
      { attribute: "username", value: data.username },
      { attribute: "password", value: data.password },
    ]);
  });

  it("answer 502 when Asterisk cannot take them, and the softphone gets no password", async () => {
    const g = await gatewayOnAsterisk();
    const c = await g.signIn("qualifier.isius@demo.test");
    await fake!.close(); // Asterisk is down
    fake = undefined;
    const res = await c.request("GET", "/webrtc/credentials");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: "The phone system did not accept the softphone's credentials." });
    expect(JSON.stringify(res.json())).not.toContain("password");
  });

  it("a gateway whose ARI password is refused does not start", async () => {
    await expect(gatewayOnAsterisk("wrong")).rejects.toThrow();
  });
});
