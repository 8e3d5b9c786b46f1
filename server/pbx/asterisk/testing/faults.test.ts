import { afterEach, describe, expect, it } from "vitest";
import { connectClient } from "./client";
import { AUTH, kit, type Kit } from "./testkit";

let k: Kit;
afterEach(async () => {
  await k.close();
});

describe("fake ARI faults", () => {
  it("dropSocket: events while no socket is connected are lost; GET /channels reconciles", async () => {
    k = await kit();
    k.fake.dropSocket();
    await new Promise((r) => setTimeout(r, 20));
    expect(k.fake.connected()).toBe(false);
    const id = k.fake.inbound({ from: "1", did: "2" });
    await k.fake.settled();
    const again = await connectClient(k.fake, AUTH);
    expect((await again.request("get", "channels")).body).toEqual([expect.objectContaining({ id })]);
    expect(again.events).toEqual([]);
    again.close();
  });

  it("duplicateNext and reorderNext", async () => {
    k = await kit();
    k.fake.duplicateNext(1);
    k.fake.inbound({ from: "1", did: "2" });
    await k.ari.caughtUp();
    expect(k.types()).toEqual(["StasisStart", "StasisStart"]);
    k.fake.reorderNext();
    const id = k.fake.inbound({ from: "3", did: "4" });
    await k.ari.request("delete", `channels/${id}`);
    await k.ari.caughtUp();
    expect(k.types().slice(2, 4)).toEqual(["ChannelHangupRequest", "StasisStart"]);
  });

  it("StasisStart comes after the 200 by default, before it with stasisStartBeforeResponse", async () => {
    k = await kit({}, { stasisStartBeforeResponse: true });
    const before = k.fake.sent.length;
    const res = await k.ari.request("post", "channels/create", { endpoint: "PJSIP/1001", app: "dialer", channelId: "x" });
    expect(res.status).toBe(200);
    // The event was handed to the socket before the response was written.
    expect(k.fake.sent.length).toBe(before + 1);
  });

  it("every event the fake sent in a busy call passes validateEvent (settled() would reject)", async () => {
    k = await kit({ "PJSIP/1001": { ringMs: 100, answerMs: 600 }, "*": { ringMs: 100, answerMs: 600, hangupAfterMs: 4000 } });
    k.fake.registerContact("1001");
    await k.ari.request("post", "applications/dialer/subscription", { eventSource: "endpoint:PJSIP/1001,deviceState:Stasis:DND1001" });
    await k.ari.request("put", "deviceStates/Stasis:DND1001", { deviceState: "BUSY" });
    await k.ari.request("post", "channels/create", { endpoint: "PJSIP/1001", app: "dialer", channelId: "a" });
    await k.ari.request("post", "channels/lead", { endpoint: "PJSIP/+1@trunk", app: "dialer", appArgs: "lead" });
    await k.ari.request("post", "bridges/c1", { type: "mixing,dtmf_events" });
    await k.ari.request("post", "bridges/c1/addChannel", { channel: "a" });
    await k.ari.request("post", "channels/a/dial");
    await k.run(800);
    await k.ari.request("post", "bridges/c1/addChannel", { channel: "lead" });
    await k.ari.request("post", "bridges/c1/record", { name: "r1", format: "wav" });
    k.fake.farDtmf("lead", "12#");
    await k.ari.request("post", "channels/a/hold");
    await k.run(5000);
    await k.ari.request("delete", "bridges/c1");
    await k.ari.request("delete", "deviceStates/Stasis:DND1001");
    await k.run(100);
    await expect(k.fake.settled()).resolves.toBeUndefined();
    expect(new Set(k.types())).toEqual(new Set([
      "DeviceStateChanged", "StasisStart", "ChannelEnteredBridge", "Dial", "ChannelStateChange", "RecordingStarted",
      "ChannelDtmfReceived", "ChannelHold", "ChannelHangupRequest", "ChannelLeftBridge", "StasisEnd", "ChannelDestroyed",
      "RecordingFinished", "BridgeDestroyed",
    ]));
  });
});
