// The agent session wires the leads stack next to the call: a pushed call opens its lead, and leads that
// wait for a disposition keep the status selector disabled.
import axios from "axios";
import { describe, expect, it, vi } from "vitest";
import { API_BASE } from "../contract/common";
import { manualClock } from "../shared/clock";
import { createEventBus } from "../core/events";
import { sampleWire } from "../lead/leadFixture";
import { fakeGateway } from "../test/fakeGateway";
import { fakeRealtime } from "../test/fakeRealtime";
import { openAgentSession } from "./agentSession";

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("agent session: leads", () => {
  it("opens a pushed call's lead, awaiting its disposition, and tells the status about it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const gateway = fakeGateway({
      "GET /calls/current": { status: 200, data: { data: null } },
      "GET /leads/7": { status: 200, data: { data: sampleWire({ id: 7 }) } },
    });
    const realtime = fakeRealtime();
    const session = await openAgentSession({
      http: axios.create({ baseURL: API_BASE, adapter: gateway.adapter }),
      clock: manualClock(),
      bus: createEventBus(),
      t: ((k: string) => k) as never,
      agent: { role: "qualifier", extension: "2042", hasWebRtc: true, permissions: [] },
      token: () => "token-1",
      setDeactivated: () => {},
      onSessionEnded: () => {},
      onDuplicateTab: () => {},
      connect: realtime.connect,
    });
    realtime.push("incoming", {
      callId: 31,
      leadId: 7,
      phone: "+15555550100",
      name: "Pat Doe",
      type: "inbound",
      direction: 1,
      status: "incoming",
      bridged: false,
      onHold: false,
      startedAt: "2026-01-05T14:00:00.000Z",
      answeredAt: null,
      endedAt: null,
      cause: null,
      leadStatus: "New",
      inboundAlert: false,
      conference: null,
    });
    await flush();
    expect(session.leads.current?.id).toBe(7);
    expect(session.store.leads.awaitingDisposition).toBe(1);
    expect(session.store.status.awaitingDispositions).toBe(1);
    session.leads.disposed(7, "Voicemail");
    expect(session.store.status.awaitingDispositions).toBe(0);
    session.dispose();
    warn.mockRestore();
  });
});

describe("agent session: the gateway's refusals", () => {
  it("hears a second-tab refusal pushed as soon as the socket connects, before the first reads have answered", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const gateway = fakeGateway({ "GET /calls/current": { status: 200, data: { data: null } } });
    const realtime = fakeRealtime();
    const bus = createEventBus();
    const onDuplicateTab = vi.fn();
    const session = await openAgentSession({
      http: axios.create({ baseURL: API_BASE, adapter: gateway.adapter }),
      clock: manualClock(),
      bus,
      t: ((k: string) => k) as never,
      agent: { role: "qualifier", extension: "2042", hasWebRtc: true, permissions: [] },
      token: () => "token-1",
      setDeactivated: () => {},
      onSessionEnded: () => {},
      onDuplicateTab,
      // The gateway's refusal arrives on the socket the moment it connects.
      connect: (deps) => {
        const client = realtime.connect(deps);
        queueMicrotask(() =>
          realtime.push("duplicate-tab", {
            message: "The Dialer is already open in another tab. Please close this tab!",
          }),
        );
        return client;
      },
    });
    expect(onDuplicateTab).toHaveBeenCalledTimes(1);
    session.dispose();
    warn.mockRestore();
  });
});
