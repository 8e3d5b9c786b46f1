// A caller waiting for an agent when the gateway that routed it stops (a restart, or a standby taking the PBX
// over): the PBX keeps the caller, and the gateway that follows the PBX next routes it again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CallSnapshot } from "../../../src/contract/calls";
import { listeningSocket, startTestGateway, type TestGateway } from "../../test/harness";
import { TELEPHONIES } from "../../test/telephony";

describe.each(TELEPHONIES)("on %s", (telephony) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ listen: true, telephony, pbxOutlivesGateway: true });
  });
  afterAll(() => gw.close());

  it("a caller nobody could take yet is routed by the next gateway to the first agent who becomes Ready", async () => {
    // Nobody is Ready: the caller waits, offered again every 2 s.
    const pbxCallId = await gw.phones.placeInbound("+15555550998", "+18005550100");
    await gw.run(3_000);
    expect((await gw.phones.legsOf(pbxCallId)).map((l) => [l.role, l.state])).toEqual([
      ["inbound", "ringing"],
    ]);

    gw = await gw.restart();
    const c = await gw.signIn("advisor.isius@demo.test");
    const { s, of } = await listeningSocket(gw, c);
    await gw.phones.register("1002");
    expect((await c.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    await gw.run(5_000);
    const incoming = of("incoming").map((p) => CallSnapshot.parse(p));
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({ type: "inbound", direction: 1, phone: "+15555550998" });
    expect(of("answer")).toHaveLength(1);
    expect(await gw.statusOf(c)).toBe("on_a_call");
    await s.emitWithAck("hangup", { extension: "1002" });
    await gw.run(500);
    expect(await gw.statusOf(c)).toBe("after_call_work");
    s.disconnect();
  });
});
