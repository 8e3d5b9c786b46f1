// Ports of Asterisk testsuite tests (tests/rest_api/**/test-config.yaml) whose behaviour the fake covers,
// with the app renamed "dialer" and Local/ endpoints replaced by a scripted far end.
import { afterEach, describe, expect, it } from "vitest";
import { manualClock, type ManualClock } from "../../../../src/shared/clock";
import { runScenario, type Scenario, type ScenarioRequest } from "./scenario";
import { startFakeAri, type FakeAri } from "./server";
import { AUTH } from "./testkit";
import { scriptedWorld, type FarScript } from "./world";

let fake: FakeAri;
let clock: ManualClock;
afterEach(async () => {
  await fake.close();
});
async function run(s: Scenario, scripts: Record<string, FarScript> = { "*": { ringMs: 200, answerMs: 1000 } }) {
  clock = manualClock();
  fake = await startFakeAri({ clock, world: scriptedWorld(clock, scripts), ...AUTH });
  const result = await runScenario(fake, clock, s, AUTH);
  expect(result.failures).toEqual([]);
  return result;
}

describe("testsuite ports", () => {
  it("channels/create_dial_bridge/dial/nominal/basic", async () => {
    await run(
      {
        name: "dial nominal",
        requests: [{ method: "post", uri: "channels/create", params: { endpoint: "PJSIP/+1@trunk", app: "dialer", channelId: "channel1" }, expect: 200 }],
        events: [
          {
            match: { type: "StasisStart", application: "dialer", channel: { id: "channel1" } },
            requests: [
              { method: "get", uri: "channels/channel1", expect: 200 },
              { method: "post", uri: "channels/channel1/dial", expect: 204 },
            ],
          },
          { match: { type: "Dial", dialstatus: "ANSWER", application: "dialer", peer: { id: "channel1", state: "Up" } } },
          { match: { type: "ChannelHangupRequest", cause: 16, channel: { id: "channel1" } } },
          { match: { type: "StasisEnd", channel: { id: "channel1" } } },
          { match: { type: "ChannelDestroyed", channel: { id: "channel1" } } },
        ],
      },
      { "*": { ringMs: 200, answerMs: 1000, hangupAfterMs: 2000 } },
    );
  });

  it("channels/create_dial_bridge/create/off-nominal (412 before dial)", async () => {
    const uris = ["continue", "answer", "ring", "hold", "moh", "play"];
    await run({
      name: "create off-nominal",
      requests: [{ method: "post", uri: "channels/create", params: { endpoint: "PJSIP/+1@trunk", app: "dialer", channelId: "channel1" }, expect: 200 }],
      events: [
        {
          match: { type: "StasisStart", channel: { id: "channel1" } },
          requests: [
            ...uris.map((u): ScenarioRequest => ({ method: "post", uri: `channels/channel1/${u}`, params: u === "play" ? { media: "sound:silence/5" } : {}, expect: 412 })),
            { method: "post", uri: "channels/channel1/dtmf", params: { dtmf: "12345" }, expect: 412 },
            { method: "delete", uri: "channels/channel1", expect: 204 },
          ],
        },
        { match: { type: "ChannelHangupRequest", channel: { id: "channel1" } } },
        { match: { type: "StasisEnd", channel: { id: "channel1" } } },
        { match: { type: "ChannelDestroyed", channel: { id: "channel1" } } },
      ],
    });
  });

  it("channels/create_dial_bridge/bridge/bridge_then_dial", async () => {
    await run({
      name: "bridge then dial",
      requests: [{ method: "post", uri: "channels/create", params: { endpoint: "PJSIP/+1@trunk", app: "dialer", channelId: "channel1" } }],
      events: [
        {
          match: { type: "StasisStart", args: [], channel: { id: "channel1$" } },
          requests: [
            { method: "post", uri: "bridges/bridge1" },
            { method: "post", uri: "bridges/bridge1/addChannel", params: { channel: "channel1" } },
          ],
        },
        {
          match: { type: "ChannelEnteredBridge", channel: { id: "channel1$" } },
          requests: [{ method: "post", uri: "channels/create", params: { endpoint: "PJSIP/+2@trunk", app: "dialer", appArgs: "amd", channelId: "channel2" } }],
        },
        {
          match: { type: "StasisStart", args: ["amd"], channel: { id: "channel2$" } },
          requests: [{ method: "post", uri: "bridges/bridge1/addChannel", params: { channel: "channel2" } }],
        },
        {
          match: { type: "ChannelEnteredBridge", channel: { id: "channel2$" } },
          requests: [
            { method: "post", uri: "channels/channel1/dial" },
            { method: "post", uri: "channels/channel2/dial", params: { caller: "channel1" } },
          ],
        },
        {
          match: { type: "ChannelStateChange", channel: { id: "channel[12]", state: "Up" } },
          count: 2,
          requests: [
            { method: "delete", uri: "channels/channel1", expect: 204 },
            { method: "delete", uri: "bridges/bridge1", expect: 204 },
          ],
        },
        { match: { type: "BridgeDestroyed" }, count: 1 },
      ],
    });
  });

  it("channels/originate_duplicate_id and create_duplicate_id (409)", async () => {
    await run({
      name: "duplicate ids",
      requests: [
        { method: "post", uri: "channels/MyUniqueId", params: { endpoint: "PJSIP/+1@trunk", app: "dialer" }, expect: 200 },
        { method: "post", uri: "channels/MyUniqueId", params: { endpoint: "PJSIP/+1@trunk", app: "dialer" }, expect: 409 },
        { method: "post", uri: "channels/create", params: { endpoint: "PJSIP/+1@trunk", app: "dialer", channelId: "MyUniqueId" }, expect: 409 },
      ],
      events: [{ match: { type: "StasisStart", channel: { id: "MyUniqueId" } }, requests: [{ method: "delete", uri: "channels/MyUniqueId", expect: 204 }] }],
    });
  });

  it("bridges/happy (create, answer, add, remove, hang up)", async () => {
    await run({
      name: "bridges happy",
      setup: (f) => void f.inbound({ from: "1", did: "s" }),
      events: [
        {
          match: { type: "StasisStart", args: ["inbound", "s"] },
          requests: [
            { method: "post", uri: "bridges/happy", expect: 200 },
            { method: "post", uri: "bridges/happy/addChannel", params: { channel: "\\d" }, expect: 400 },
          ],
        },
        { match: { type: "ChannelEnteredBridge", bridge: { id: "happy" } }, count: 0 },
      ],
      runForMs: 200,
    });
  });

  it("device_state/change (subscribed app sees DeviceStateChanged; non-Stasis 409)", async () => {
    await run({
      name: "device state",
      requests: [
        { method: "post", uri: "applications/dialer/subscription", params: { eventSource: "deviceState:Stasis:Test1" }, expect: 200 },
        { method: "put", uri: "deviceStates/Stasis:Test1", params: { deviceState: "NOT_INUSE" }, expect: 204 },
        { method: "put", uri: "deviceStates/Stasis:Test1", params: { deviceState: "INUSE" }, expect: 204 },
        { method: "put", uri: "deviceStates/Test2", params: { deviceState: "INUSE" }, expect: 409 },
        { method: "delete", uri: "deviceStates/Stasis:Test1", expect: 204 },
      ],
      events: [
        { match: { type: "DeviceStateChanged", device_state: { name: "Stasis:Test1", state: "NOT_INUSE" } } },
        { match: { type: "DeviceStateChanged", device_state: { name: "Stasis:Test1", state: "INUSE" } } },
        { match: { type: "DeviceStateChanged", device_state: { name: "Stasis:Test1", state: "UNKNOWN" } } },
      ],
      runForMs: 200,
    });
  });

  it("recording/nominal on a bridge (RecordingStarted, stop, RecordingFinished, stored)", async () => {
    await run({
      name: "bridge record",
      setup: (f) => void f.inbound({ from: "1", did: "rec" }),
      events: [
        {
          match: { type: "StasisStart", args: ["inbound", "rec"] },
          requests: [{ method: "post", uri: "bridges/b1", params: { type: "mixing" } }],
        },
      ],
      runForMs: 100,
    });
    const id = fake.channels()[0].id;
    const ari = await (await import("./client")).connectClient(fake, AUTH);
    expect((await ari.request("post", `channels/${id}/answer`)).status).toBe(204);
    expect((await ari.request("post", "bridges/b1/addChannel", { channel: id })).status).toBe(204);
    expect((await ari.request("post", "bridges/b1/record", { name: "superfly", format: "wav" })).status).toBe(201);
    expect((await ari.request("post", "bridges/b1/record", { name: "superfly", format: "wav" })).status).toBe(409);
    clock.advance(3000);
    expect((await ari.request("post", "recordings/live/superfly/stop")).status).toBe(204);
    await ari.caughtUp();
    expect(ari.events.map((e) => e.type)).toEqual(["ChannelStateChange", "ChannelEnteredBridge", "RecordingStarted", "RecordingFinished"]);
    expect(ari.events.at(-1)).toMatchObject({ recording: { name: "superfly", state: "done", duration: 3 } });
    expect((await ari.request("get", "recordings/stored/superfly")).body).toEqual({ name: "superfly", format: "wav" });
    ari.close();
  });
});
