// The browser's call flow against a fake gateway and socket: dial through the gateway, mirror the pushed
// snapshots, run the hangup flow once, and report origination failures.
import { callEnded } from "../core/coreEvents";
import axios from "axios";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AlertsModel } from "../alerts/AlertsModel";
import { createAlertService } from "../alerts/alertService";
import { defineClientEvent } from "../contract/clientEvent";
import { API_BASE } from "../contract/common";
import type { SocketAck } from "../contract/socket";
import { UpdateCallBody, type CallSnapshot } from "../contract/calls";
import { manualClock } from "../shared/clock";
import { defineCallState } from "../core/callState";
import { createEventBus } from "../core/events";
import { fakeGateway, type Reply, type SeenRequest } from "../test/fakeGateway";
import { CallModel } from "./CallModel";
import { createCallService } from "./callService";

const t = ((key: string) => key) as never;
const lead = {
  id: 7,
  marketing_id: "L7",
  first_name: "Pat",
  last_name: "Doe",
  phone: "5555550100",
  status: "New",
  language: "en",
  state: "ny",
  timezone: "America/New_York",
};

function setup(
  routes: Record<string, Reply | ((r: SeenRequest) => Reply)> = {},
  answer: (event: string) => SocketAck = () => ({ ok: true }),
) {
  const clock = manualClock();
  const gateway = fakeGateway({
    "GET /leads/by-phone/5555550100": { status: 200, data: { data: lead } },
    "POST /leads/7/calls": { status: 201, data: { callId: 31, data: { callId: 31 } } },
    "PUT /leads/7/calls/31": { status: 202, data: { duration: 42, data: { duration: 42 } } },
    "PUT /callback/originate-failure": { status: 204 },
    ...routes,
  });
  const bus = createEventBus();
  const emitted: { event: string; payload: unknown }[] = [];
  const alertsStore = AlertsModel.create({});
  const store = CallModel.create({});
  let key = 0;
  const logged: string[] = [];
  const calls = createCallService({
    http: axios.create({ baseURL: API_BASE, adapter: gateway.adapter }),
    bus,
    realtime: {
      emit: async (event, payload) => {
        emitted.push({ event, payload });
        return answer(event);
      },
    },
    alerts: createAlertService(alertsStore, clock),
    clock,
    t,
    store,
    extension: "1001",
    newKey: () => `key-${++key}`,
    log: (message) => void logged.push(message),
  });
  const ended: unknown[] = [];
  bus.on(callEnded.name, (p) => ended.push(callEnded.schema.parse(p)));
  return { clock, gateway, bus, store, calls, emitted, alertsStore, ended, logged };
}

const snap = (s: Partial<CallSnapshot>): CallSnapshot => ({
  callId: 31,
  leadId: 7,
  phone: "+15555550100",
  name: "Pat Doe",
  type: "manual",
  direction: 0,
  status: "dialing",
  bridged: false,
  onHold: false,
  startedAt: "2026-01-05T14:00:00.000Z",
  answeredAt: null,
  endedAt: null,
  cause: null,
  leadStatus: "New",
  inboundAlert: false,
  conference: null,
  ...s,
});
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("placing a call", () => {
  it("finds the lead by phone, asks the gateway to dial it with an Idempotency-Key, and shows it dialing", async () => {
    const { calls, gateway, store, clock } = setup();
    expect(await calls.dial({ phone: "5555550100" })).toBe(31);
    const post = gateway.requests.find((r) => r.method === "POST")!;
    expect(post.url).toBe("/leads/7/calls");
    expect(post.body).toEqual({
      phone: "5555550100",
      name: "Pat Doe",
      direction: 0,
      qualifier_extension: "1001",
      type: "manual",
    });
    expect(post.headers["idempotency-key"]).toBe("key-1");
    expect(store).toMatchObject({
      callId: 31,
      currentLeadId: 7,
      status: "dialing",
      type: "manual",
      active: true,
    });
    // Started at the page's clock (the gateway's time), not the PC's.
    expect(store.startedAt).toBe(new Date(clock.now()).toISOString());
  });

  it("creates a lead for a number the call centre does not know", async () => {
    const { calls, gateway } = setup({
      "GET /leads/by-phone/5555550177": { status: 404, data: { message: "No leads were found" } },
      "POST /leads": {
        status: 201,
        data: { data: { ...lead, id: 8, phone: "5555550177", first_name: "", last_name: "" } },
      },
      "POST /leads/8/calls": { status: 201, data: { callId: 32, data: { callId: 32 } } },
    });
    expect(await calls.dial({ phone: "5555550177" })).toBe(32);
    expect(gateway.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /leads/by-phone/5555550177",
      "POST /leads",
      "POST /leads/8/calls",
    ]);
  });

  it("passes the gateway's refusal on to the agent, in the agent's language", async () => {
    const { calls, store } = setup({
      "POST /leads/7/calls": { status: 409, data: { message: "Bria is closed or inactive" } },
    });
    // The specification's text is translated through its key (this test's t answers keys).
    await expect(calls.dial({ phone: "5555550100" })).rejects.toThrow("status.bria_closed");
    expect(store.active).toBe(false);
  });

  it("refuses a second dial while a call is up", async () => {
    const { calls, bus } = setup();
    bus.emit("answer", snap({ status: "answered", bridged: true }));
    await expect(calls.dial({ phone: "5555550100" })).rejects.toThrow("calls.already_on_a_call");
  });
});

describe("the gateway's snapshots and the hangup flow", () => {
  it("answer then hangup: the call settles once with the gateway and reports its duration", async () => {
    const { bus, store, gateway, ended } = setup();
    bus.emit("call", snap({}));
    bus.emit("answer", snap({ status: "answered", bridged: true, answeredAt: "2026-01-05T14:00:03.000Z" }));
    expect(store.isConnected).toBe(true);
    bus.emit(
      "hangup",
      snap({ status: "ended", bridged: true, endedAt: "2026-01-05T14:00:45.000Z", cause: "normal" }),
    );
    bus.emit(
      "hangup",
      snap({ status: "ended", bridged: true, endedAt: "2026-01-05T14:00:45.000Z", cause: "normal" }),
    );
    await flush();
    await flush();
    expect(store.status).toBe("ended");
    expect(gateway.requests.filter((r) => r.method === "PUT")).toHaveLength(1);
    // No plugin keeps anything about this call: the core's own fields only (none here).
    expect(gateway.requests.find((r) => r.method === "PUT")!.body).toEqual({});
    expect(ended).toEqual([{ callId: 31, leadId: 7, duration: 42, shortCall: false, bridged: true }]);
  });

  it("a settle answered 503 while the phones move to another gateway is sent again, and the call ends once settled", async () => {
    let tries = 0;
    const { bus, gateway, ended, clock } = setup({
      "PUT /leads/7/calls/31": () =>
        ++tries === 1
          ? { status: 503, data: { message: "calls.phones_moving" } }
          : { status: 202, data: { duration: 42, data: { duration: 42 } } },
    });
    bus.emit("answer", snap({ status: "answered", bridged: true, answeredAt: "2026-01-05T14:00:03.000Z" }));
    bus.emit(
      "hangup",
      snap({ status: "ended", bridged: true, endedAt: "2026-01-05T14:00:45.000Z", cause: "normal" }),
    );
    await flush();
    await flush();
    expect(ended).toEqual([]);
    await clock.advance(1_000);
    await flush();
    await flush();
    expect(gateway.requests.filter((r) => r.method === "PUT")).toHaveLength(2);
    expect(ended).toEqual([{ callId: 31, leadId: 7, duration: 42, shortCall: false, bridged: true }]);
  });

  it("a short inbound call is flagged shortCall; an unanswered inbound call just ends", async () => {
    const { bus, store, gateway, ended } = setup();
    bus.emit("incoming", snap({ direction: 1, type: "inbound", status: "incoming" }));
    expect(store.incoming).toBe(true);
    bus.emit("answer", snap({ direction: 1, type: "inbound", status: "answered", bridged: true }));
    bus.emit("hangup", snap({ direction: 1, type: "inbound", status: "ended", bridged: true }));
    await flush();
    await flush();
    expect(ended).toEqual([{ callId: 31, leadId: 7, duration: 42, shortCall: true, bridged: true }]);

    bus.emit("incoming", snap({ callId: 40, direction: 1, type: "inbound", status: "incoming" }));
    bus.emit("hangup", snap({ callId: 40, direction: 1, type: "inbound", status: "not_answered" }));
    await flush();
    expect(gateway.requests.filter((r) => r.url === "/leads/7/calls/40")).toHaveLength(0);
    expect(store.status).toBe("not_answered");
  });

  it("a late snapshot of an older call never replaces the newer one, and an ended call stays ended", () => {
    const { bus, store } = setup();
    bus.emit("call", snap({ callId: 50 }));
    bus.emit("answer", snap({ callId: 49, status: "answered", bridged: true }));
    expect(store.callId).toBe(50);
    bus.emit("hangup", snap({ callId: 50, status: "not_answered" }));
    bus.emit("call", snap({ callId: 50, status: "dialing" }));
    expect(store.status).toBe("not_answered");
  });
});

describe("a live transfer on the call (agent-workspace §4 Live transfer)", () => {
  const live = (
    state: "looking_for_advisor" | "done" | "canceled",
    over: Partial<NonNullable<CallSnapshot["transfer"]>> = {},
  ): CallSnapshot["transfer"] => ({
    kind: "live",
    level: 1,
    party: state === "looking_for_advisor" ? null : "2051",
    name: state === "looking_for_advisor" ? null : "Ava Advisor",
    outcome: null,
    message: null,
    disposition: null,
    live: {
      transfer_id: 5,
      state,
      advisor: state === "looking_for_advisor" ? null : { id: 51, name: "Ava Advisor", extension: "2051" },
      joined: false,
      started_at: "2026-01-05T14:00:10.000Z",
    },
    ...over,
  });
  const answered = { status: "answered" as const, bridged: true };
  const ended = { status: "ended" as const, bridged: true, endedAt: "2026-01-05T14:03:00.000Z", cause: "normal" as const };
  const put = (gateway: ReturnType<typeof setup>["gateway"]) => gateway.requests.find((r) => r.method === "PUT")!.body;

  it("the flag is 0 while an advisor is sought and 1 once one accepted; it stays 1 after the handover", async () => {
    const { bus, store, gateway } = setup();
    bus.emit("answer", snap({ ...answered, transfer: live("looking_for_advisor") }));
    expect(store.liveTransfer).toBe(0);
    bus.emit("call", snap({ ...answered, transfer: live("done") }));
    expect(store.liveTransfer).toBe(1);
    const saved = { disposition: "Live_Transfer" as const, reason: null, saved: true };
    bus.emit("hangup", snap({ ...ended, transfer: live("done", { outcome: "completed", disposition: saved }) }));
    expect(store.liveTransfer).toBe(1);
    await flush();
    await flush();
    expect(put(gateway)).toEqual({ live_transfer: 1 });
  });

  it("sends 0 for a call whose live transfer found nobody or failed, and nothing for a call without one", async () => {
    const { bus, store, gateway } = setup();
    bus.emit("answer", snap({ ...answered, transfer: live("done") }));
    bus.emit("call", snap({ ...answered, transfer: live("canceled", { outcome: "party_hung_up" }) }));
    expect(store.liveTransfer).toBe(0);
    bus.emit("hangup", snap({ ...ended, transfer: live("canceled", { outcome: "party_hung_up" }) }));
    await flush();
    await flush();
    expect(put(gateway)).toEqual({ live_transfer: 0 });

    // The next call starts without the flag.
    bus.emit("answer", snap({ callId: 32, ...answered }));
    expect(store).toMatchObject({ liveTransfer: 0, hadLiveTransfer: false });
  });
});

describe("origination failures", () => {
  // Auto-dial stops because the gateway sets the status not_synced (a status push), not through an event here.
  it("show the persistent alert and return the lead to the callback stack", async () => {
    const { bus, alertsStore, gateway } = setup();
    bus.emit("originate-failure", { callId: 31, leadId: 7, message: "not_synced" });
    await flush();
    expect(alertsStore.items.map((a) => a.message)).toContain("notifications.originate_failure.not_synced");
    expect(gateway.requests.find((r) => r.url === "/callback/originate-failure")!.body).toEqual({
      lead_id: 7,
      call_id: 31,
      message: "not_synced",
    });
  });

  it("say the last failure only, until the agent is talking to someone again", async () => {
    const { bus, alertsStore } = setup();
    const failures = () => alertsStore.items.filter((a) => a.message.startsWith("notifications.originate_failure."));
    bus.emit("originate-failure", { callId: 31, leadId: 7, message: "not_answered" });
    bus.emit("originate-failure", { callId: 32, leadId: 8, message: "busy" });
    await flush();
    expect(failures().map((a) => a.message)).toEqual(["notifications.originate_failure.busy"]);
    // The next dial rings: still said.
    bus.emit("call", snap({ callId: 33 }));
    expect(failures()).toHaveLength(1);
    // Answered: old news.
    bus.emit("answer", snap({ callId: 33, status: "answered", bridged: true }));
    expect(failures()).toEqual([]);
  });
});

describe("call controls go to the gateway over the socket", () => {
  it("hangup and conference name the agent's extension", async () => {
    const { calls, emitted } = setup();
    await calls.hangup();
    await calls.conference("initializeConference", "5555550123");
    await calls.conference("mergeConference");
    expect(emitted).toEqual([
      { event: "hangup", payload: { extension: "1001" } },
      { event: "initializeConference", payload: { extension: "1001", phone: "5555550123" } },
      { event: "mergeConference", payload: { extension: "1001" } },
    ]);
  });

  it("a transfer control, and a plugin's own client event, name the agent's extension", async () => {
    const { calls, emitted } = setup();
    await calls.transfer("external-transfer-start", { phone: "5555550123" });
    // A plugin's event (the transfers plugin's sunlife-*, matcha-*) goes out under its wire name.
    const partnerJoin = defineClientEvent("partner-join", {});
    const partnerStart = defineClientEvent("partner-start", { phone: z.string() });
    await calls.send(partnerJoin, {});
    await calls.send(partnerStart, { phone: "5555550124" });
    expect(emitted).toEqual([
      { event: "external-transfer-start", payload: { extension: "1001", phone: "5555550123" } },
      { event: "partner-join", payload: { extension: "1001" } },
      { event: "partner-start", payload: { extension: "1001", phone: "5555550124" } },
    ]);
  });

  it("a plugin's client event resolves the ack's data, and throws a refusal, the core's keys translated", async () => {
    const start = defineClientEvent("partner-start", { phone: z.string() });
    const answers: Record<string, SocketAck> = {
      "1": { ok: true, data: { level: 2 } },
      "2": { ok: false, error: "forbidden", message: "calls.refused.country" },
      "3": { ok: false, error: "forbidden", message: "Not one of your partners." },
      "4": { ok: false, error: "server_error" },
    };
    let n = 0;
    const { calls } = setup({}, () => answers[String(++n)]!);
    await expect(calls.send(start, { phone: "1" })).resolves.toEqual({ level: 2 });
    // The test's translator answers the key: the core's keys go through it, anything else as it came.
    await expect(calls.send(start, { phone: "2" })).rejects.toThrow("calls.refused.country");
    await expect(calls.send(start, { phone: "3" })).rejects.toThrow("Not one of your partners.");
    await expect(calls.send(start, { phone: "4" })).rejects.toThrow("calls.control_failed");
  });
});

describe("what the enabled plugins keep about the call goes with its settle (defineCallState)", () => {
  const recordings = defineCallState("recordings.call", {
    initial: { extraRecordingIndex: 0 },
    settle: (s) => ({ extra_recording_index: s.extraRecordingIndex }),
  });
  const answered = (callId = 31) => snap({ callId, status: "answered", bridged: true });
  const ended = (callId = 31) =>
    snap({ callId, status: "ended", bridged: true, endedAt: "2026-01-05T14:01:00.000Z", cause: "normal" });
  const settles = (gateway: ReturnType<typeof setup>["gateway"]) =>
    gateway.requests.filter((r) => r.method === "PUT").map((r) => [r.url, r.body]);
  const second = { "PUT /leads/7/calls/32": { status: 202, data: { duration: 9, data: { duration: 9 } } } };

  it("sends a plugin's fields with the call's settle, and the next call starts from the initial state", async () => {
    const { bus, calls, gateway } = setup(second);
    calls.setCallStates([{ pluginId: "recordings", def: recordings }]);
    bus.emit("answer", answered());
    expect(calls.state(recordings)).toEqual({ extraRecordingIndex: 0 });
    calls.setState(recordings, { extraRecordingIndex: 2 });
    bus.emit("hangup", ended());
    await flush();
    await flush();

    bus.emit("answer", answered(32));
    expect(calls.state(recordings)).toEqual({ extraRecordingIndex: 0 });
    bus.emit("hangup", ended(32));
    await flush();
    await flush();
    expect(settles(gateway)).toEqual([
      ["/leads/7/calls/31", { extra_recording_index: 2 }],
      ["/leads/7/calls/32", { extra_recording_index: 0 }],
    ]);
  });

  it("sends no plugin field where no enabled plugin gives one (extra recordings off); the gateway reads 0", async () => {
    const { bus, calls, gateway, logged } = setup();
    bus.emit("answer", answered());
    // A state that no enabled plugin declared in its manifest is kept, but goes with no settle (and says so).
    calls.setState(recordings, { extraRecordingIndex: 1 });
    expect(calls.state(recordings)).toEqual({ extraRecordingIndex: 1 });
    bus.emit("hangup", ended());
    await flush();
    await flush();
    expect(settles(gateway)).toEqual([["/leads/7/calls/31", {}]]);
    expect(UpdateCallBody.parse({})).toEqual({ extra_recording_index: 0 });
    expect(logged).toEqual([expect.stringContaining("recordings.call is in no enabled plugin's callState")]);
  });

  it("leaves out fields the contract does not take, or a contribution that fails, and still settles the call", async () => {
    const { bus, calls, gateway, logged, ended: heard } = setup();
    calls.setCallStates([
      {
        pluginId: "unknown",
        def: defineCallState("unknown.call", { initial: 0, settle: () => ({ mood: 1 }) as never }),
      },
      {
        pluginId: "broken",
        def: defineCallState("broken.call", {
          initial: 0,
          settle: () => {
            throw new Error("no");
          },
        }),
      },
      {
        pluginId: "negative",
        def: defineCallState("negative.call", { initial: -1, settle: (n) => ({ extra_recording_index: n }) }),
      },
      { pluginId: "recordings", def: recordings },
    ]);
    bus.emit("answer", answered());
    calls.setState(recordings, { extraRecordingIndex: 3 });
    bus.emit("hangup", snap({ ...ended(), transfer: null }));
    await flush();
    await flush();
    expect(settles(gateway)).toEqual([["/leads/7/calls/31", { extra_recording_index: 3 }]]);
    expect(heard).toHaveLength(1);
    expect(logged).toEqual([
      expect.stringMatching(/^unknown: the settle's fields of unknown.call do not parse/),
      expect.stringMatching(/^broken: its call state broken.call failed/),
      expect.stringMatching(/^negative: the settle's fields of negative.call do not parse/),
    ]);
  });

  it("keeps the core's own fields over a plugin's", async () => {
    const { bus, calls, gateway, logged, store } = setup();
    const meddling = defineCallState("meddling.call", {
      initial: 0,
      settle: () => ({ live_transfer: 1 as const }),
    });
    calls.setCallStates([{ pluginId: "meddling", def: meddling }]);
    bus.emit("answer", snap({ ...answered(), transfer: null }));
    store.setLiveTransfer(0);
    bus.emit("hangup", ended());
    await flush();
    await flush();
    expect(settles(gateway)).toEqual([["/leads/7/calls/31", { live_transfer: 0 }]]);
    expect(logged).toEqual([]);
  });
});
