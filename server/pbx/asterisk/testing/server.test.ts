import { afterEach, describe, expect, it } from "vitest";
import { kit, type Kit } from "./testkit";

let k: Kit;
afterEach(async () => {
  await k.close();
});

const create = (id: string, endpoint = "PJSIP/1001", appArgs = "agent,call1") =>
  k.ari.request("post", "channels/create", { endpoint, app: "dialer", appArgs, channelId: id });

describe("fake ARI: auth and errors", () => {
  it("answers 401 without credentials and accepts api_key", async () => {
    k = await kit();
    expect((await fetch(`${k.fake.url}/channels`)).status).toBe(401);
    expect((await fetch(`${k.fake.url}/channels?api_key=dialer:secret`)).status).toBe(200);
    expect((await fetch(`${k.fake.url}/channels?api_key=dialer:wrong`)).status).toBe(401);
  });
  it("answers 404/405/400 from the facts", async () => {
    k = await kit();
    expect((await k.ari.request("get", "nothing")).status).toBe(404);
    expect((await k.ari.request("put", "channels")).status).toBe(405);
    expect(await k.ari.request("post", "channels")).toEqual({ status: 400, body: { message: "Endpoint must be specified" } });
  });
});

describe("fake ARI: agent leg (create, bridge, dial)", () => {
  it("create puts the channel in Stasis at once; dial rings and answers", async () => {
    k = await kit({ "PJSIP/1001": { ringMs: 200, answerMs: 1500 } });
    k.fake.registerContact("1001");
    const res = await create("agent-1");
    expect(res).toMatchObject({ status: 200, body: { id: "agent-1", state: "Down", name: /^PJSIP\/1001-0000000\d$/ } });
    await k.ari.caughtUp();
    expect(k.ari.events.at(-1)).toMatchObject({ type: "StasisStart", args: ["agent", "call1"], channel: { id: "agent-1" } });
    expect((await k.ari.request("post", "bridges/call1", { type: "mixing,dtmf_events" })).status).toBe(200);
    expect((await k.ari.request("post", "bridges/call1/addChannel", { channel: "agent-1" })).status).toBe(204);
    expect((await k.ari.request("post", "channels/agent-1/dial", { timeout: 30 })).status).toBe(204);
    await k.run(2000);
    expect(k.types()).toEqual(["StasisStart", "ChannelEnteredBridge", "Dial", "ChannelStateChange", "Dial", "ChannelStateChange", "Dial"]);
    expect(k.ari.events.filter((e) => e.type === "Dial").map((e) => e.dialstatus)).toEqual(["", "RINGING", "ANSWER"]);
    expect(k.fake.channels()[0].state).toBe("Up");
  });

  it("a busy far end: Dial BUSY, hangup request, StasisEnd, ChannelDestroyed 17", async () => {
    k = await kit({ "PJSIP/+15551230001@trunk": { ringMs: 100, failMs: 900, cause: 17 } });
    await create("lead-1", "PJSIP/+15551230001@trunk", "lead");
    await k.ari.request("post", "channels/lead-1/dial");
    await k.run(1000);
    expect(k.types().slice(-4)).toEqual(["Dial", "ChannelHangupRequest", "StasisEnd", "ChannelDestroyed"]);
    expect(k.ari.events.at(-1)).toMatchObject({ cause: 17, cause_txt: "User busy" });
    expect(k.ari.events.at(-4)).toMatchObject({ dialstatus: "BUSY" });
  });

  it("an extension with no contact fails at once with CHANUNAVAIL, cause 20, without asking the world", async () => {
    k = await kit({ "*": { answerMs: 10 } });
    await create("agent-2", "PJSIP/1002");
    await k.ari.request("post", "channels/agent-2/dial");
    await k.ari.caughtUp();
    expect(k.world.dialled).toHaveLength(0);
    expect(k.ari.events.find((e) => e.type === "Dial" && e.dialstatus === "CHANUNAVAIL")).toBeDefined();
    expect(k.ari.events.at(-1)).toMatchObject({ type: "ChannelDestroyed", cause: 20 });
  });

  it("DELETE of a ringing leg cancels it: Dial CANCEL, the world forgets it", async () => {
    k = await kit({ "PJSIP/1001": { ringMs: 100, answerMs: 5000 } });
    k.fake.registerContact("1001");
    await create("agent-3");
    await k.ari.request("post", "channels/agent-3/dial");
    await k.run(300);
    expect((await k.ari.request("delete", "channels/agent-3", { reason: "normal" })).status).toBe(204);
    await k.run(6000);
    expect(k.ari.events.filter((e) => e.type === "Dial").map((e) => e.dialstatus)).toEqual(["", "RINGING", "CANCEL"]);
    expect(k.ari.events.at(-1)).toMatchObject({ type: "ChannelDestroyed", cause: 16 });
  });
});

describe("fake ARI: conflicts", () => {
  it("409 for a duplicate channel id, 422 addChannel before StasisStart, 409 non-Stasis device state", async () => {
    k = await kit();
    await create("dup");
    expect(await create("dup")).toEqual({ status: 409, body: { message: "Channel with given unique ID already exists" } });
    // A dialplan originate is not in Stasis: adding it to a bridge is 422 (as a channel before its StasisStart).
    await k.ari.request("post", "channels/lead-9", { endpoint: "PJSIP/+1555@trunk", context: "dialer-amd", extension: "s", priority: 1 });
    await k.ari.request("post", "bridges/b1");
    expect(await k.ari.request("post", "bridges/b1/addChannel", { channel: "lead-9" })).toEqual({ status: 422, body: { message: "Channel not in Stasis application" } });
    expect((await k.ari.request("post", "bridges/b1/addChannel", { channel: "nope" })).status).toBe(400);
    expect((await k.ari.request("post", "bridges/b2/addChannel", { channel: "dup" })).status).toBe(404);
    expect((await k.ari.request("post", "bridges/b1/removeChannel", { channel: "dup" })).status).toBe(422);
    expect(await k.ari.request("put", "deviceStates/DND1001", { deviceState: "BUSY" })).toEqual({ status: 409, body: { message: "Uncontrolled device specified" } });
    expect((await k.ari.request("put", "deviceStates/Stasis:DND1001", { deviceState: "BUSY" })).status).toBe(204);
    expect((await k.ari.request("get", "deviceStates/Stasis:DND1001")).body).toEqual({ name: "Stasis:DND1001", state: "BUSY" });
    expect((await k.ari.request("post", "bridges/b1")).status).toBe(409);
  });

  it("record on a bridged channel: 201, then RecordingFailed (22.10.1); 409 when not in Stasis", async () => {
    k = await kit();
    const inb = k.fake.inbound({ from: "+15550001111", did: "+15559990000" });
    await k.ari.request("post", `channels/${inb}/answer`);
    await k.ari.request("post", "bridges/b1");
    await k.ari.request("post", "bridges/b1/addChannel", { channel: inb });
    const res = await k.ari.request("post", `channels/${inb}/record`, { name: "x", format: "wav" });
    expect(res).toMatchObject({ status: 201, body: { state: "queued" } });
    await k.ari.caughtUp();
    expect(k.ari.events.at(-1)).toMatchObject({ type: "RecordingFailed", recording: { cause: "Cannot record channel while in bridge" } });
    await k.ari.request("post", "channels/lead-x", { endpoint: "PJSIP/+1@trunk", extension: "s", context: "dialer-amd" });
    expect(await k.ari.request("post", "channels/lead-x/record", { name: "y", format: "wav" })).toEqual({ status: 409, body: { message: "Channel not in Stasis application" } });
  });

  it("412 for controls on a Down channel", async () => {
    k = await kit();
    await create("down");
    for (const uri of ["answer", "hold", "moh", "continue", "ring"]) {
      expect((await k.ari.request("post", `channels/down/${uri}`)).status).toBe(412);
    }
    expect((await k.ari.request("post", "channels/down/dtmf", { dtmf: "1" })).status).toBe(412);
  });
});

describe("fake ARI: dialplan originate with AMD", () => {
  it("sends nothing to the app unless subscribed; with a subscription, AMD vars then StasisStart [amd, STATUS, CAUSE]", async () => {
    k = await kit({ "*": { ringMs: 500, answerMs: 3000, amd: { status: "MACHINE", cause: "LONGGREETING-2000-1500", afterMs: 2500 } } });
    await k.ari.request("post", "channels/quiet", { endpoint: "PJSIP/+1@trunk", context: "dialer-amd", extension: "s", priority: 1, timeout: 30 });
    await k.ari.request("post", "channels/lead-1", { endpoint: "PJSIP/+2@trunk", context: "dialer-amd", extension: "s", priority: 1, timeout: 30 });
    await k.ari.request("post", "applications/dialer/subscription", { eventSource: "channel:lead-1" });
    await k.run(6000);
    // The unsubscribed originate shows up only once it enters Stasis(dialer,amd,…) itself.
    const quiet = k.ari.events.filter((e) => ((e.channel ?? e.peer) as { id: string }).id === "quiet");
    expect(quiet.map((e) => e.type)).toEqual(["StasisStart"]);
    const vars = k.ari.events.filter((e) => e.type === "ChannelVarset").map((e) => [e.variable, e.value]);
    expect(vars).toEqual([["AMDSTATUS", "MACHINE"], ["AMDCAUSE", "LONGGREETING-2000-1500"]]);
    const lead = k.ari.events.filter((e) => ((e.channel ?? e.peer) as { id: string }).id === "lead-1");
    expect(lead.map((e) => e.type)).toEqual([
      "ChannelStateChange", "Dial", "ChannelStateChange", "Dial", "ChannelDialplan", "ChannelVarset", "ChannelVarset", "ChannelDialplan", "StasisStart",
    ]);
    expect(lead.at(-1)).toMatchObject({ args: ["amd", "MACHINE", "LONGGREETING-2000-1500"] });
  });

  it("an originate that times out after Ringing ends with cause 0 (asterisk#963)", async () => {
    k = await kit({ "*": { ringMs: 500, never: true } });
    await k.ari.request("post", "channels/lead-2", { endpoint: "PJSIP/+3@trunk", app: "dialer", appArgs: "lead", timeout: 15 });
    await k.run(16_000);
    expect(k.ari.events.at(-1)).toMatchObject({ type: "ChannelDestroyed", cause: 0, cause_txt: "Unknown" });
    expect(k.ari.events.some((e) => e.type === "ChannelStateChange")).toBe(true);
  });

  it("app and context together: app wins in 22.10.1; neither is 400", async () => {
    k = await kit();
    expect((await k.ari.request("post", "channels", { endpoint: "PJSIP/+1@trunk", app: "dialer", context: "dialer-amd", extension: "s" })).status).toBe(200);
    expect(await k.ari.request("post", "channels", { endpoint: "PJSIP/+1@trunk" })).toEqual({ status: 400, body: { message: "Application or extension must be specified" } });
  });
});

describe("fake ARI: inbound, recording, playback, snoop, endpoints", () => {
  it("inbound enters Stasis with [inbound, did]; bridge record and play; stored file is a WAV", async () => {
    k = await kit();
    const id = k.fake.inbound({ from: "+15550001111", did: "+15559990000" });
    await k.ari.request("post", `channels/${id}/answer`);
    await k.ari.request("post", "bridges/call9", { type: "mixing" });
    await k.ari.request("post", "bridges/call9/addChannel", { channel: id });
    expect((await k.ari.request("post", "bridges/call9/record", { name: "calls/call9", format: "wav" })).status).toBe(201);
    expect((await k.ari.request("post", "bridges/call9/play/pb1", { media: "sound:hello" })).status).toBe(201);
    await k.run(5000);
    expect((await k.ari.request("post", "recordings/live/calls%2Fcall9/stop")).status).toBe(204);
    await k.run(100);
    expect(k.ari.events[0]).toMatchObject({ type: "StasisStart", args: ["inbound", "+15559990000"], channel: { caller: { number: "+15550001111" } } });
    expect(k.types()).toEqual(expect.arrayContaining(["RecordingStarted", "PlaybackStarted", "PlaybackFinished", "RecordingFinished"]));
    const file = await fetch(`${k.fake.url}/recordings/stored/calls%2Fcall9/file?api_key=dialer:secret`);
    const wav = Buffer.from(await file.arrayBuffer());
    expect(wav.subarray(0, 4).toString()).toBe("RIFF");
    expect(wav.length).toBe(44 + 8000 * 2 * 5);
  });

  it("snoop makes a Snoop/ channel in Stasis; endpoint events only for subscribers", async () => {
    k = await kit();
    const id = k.fake.inbound({ from: "1", did: "2" });
    await k.ari.request("post", `channels/${id}/answer`);
    const s = await k.ari.request("post", `channels/${id}/snoop/spy-1`, { app: "dialer", spy: "both", whisper: "out", appArgs: "supervise" });
    expect(s).toMatchObject({ status: 200, body: { id: "spy-1", name: /^Snoop\// } });
    k.fake.registerContact("1001");
    await k.ari.request("post", "applications/dialer/subscription", { eventSource: "endpoint:PJSIP/1001" });
    k.fake.unregisterContact("1001");
    await k.ari.caughtUp();
    expect(k.ari.events.find((e) => e.type === "StasisStart" && (e.channel as { id: string }).id === "spy-1")).toMatchObject({ args: ["supervise"] });
    // The registration before the subscription went to nobody.
    expect(k.types().slice(-3)).toEqual(["StasisStart", "ContactStatusChange", "EndpointStateChange"]);
    expect(k.ari.events.filter((e) => e.type === "EndpointStateChange")).toEqual([expect.objectContaining({ endpoint: expect.objectContaining({ state: "offline" }) })]);
    expect((await k.ari.request("get", "endpoints/PJSIP/1001")).body).toMatchObject({ state: "offline" });
  });
});
