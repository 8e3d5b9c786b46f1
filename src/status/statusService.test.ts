import { observable, runInAction } from "mobx";
// The status change flow of booking-and-reference §4, driven through the service with a fake gateway,
// a fake socket and a manual clock.
import axios from "axios";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../contract/common";
import { AlertsModel } from "../alerts/AlertsModel";
import { createAlertService } from "../alerts/alertService";
import { manualClock } from "../shared/clock";
import { createEventBus } from "../core/events";
import { fakeGateway, type Reply } from "../test/fakeGateway";
import { fakeRealtime } from "../test/fakeRealtime";
import type { AgentStatus } from "../contract/status";
import { statusSnapshotReply } from "../test/fixtures";
import { StatusModel, selectorLock } from "./StatusModel";
import { createStatusService } from "./statusService";

/** Texts are their keys here: the assertions read which message the agent was shown. */
const t = ((key: string) => key) as never;

const snapshot = (status: AgentStatus = "offline") =>
  statusSnapshotReply(status, { auto_ready: { follow_up: 300, after_call_work: 120, meeting: 1800, coaching: 1800 } });

function setup(
  o: {
    role?: string;
    routes?: Record<string, Reply | ((r: { body: unknown }) => Reply)>;
    available?: boolean;
    permissions?: string[];
  } = {},
) {
  const clock = manualClock();
  const posted: unknown[] = [];
  const gateway = fakeGateway({
    "GET /agents/me/status": snapshot(),
    "POST /agent-statuses": (req) => {
      posted.push((req.body as { status: string }).status);
      return {
        status: 201,
        data: { data: { status: (req.body as { status: string }).status, duration: 0 } },
      };
    },
    "PUT /extensions/parameters/dnd": { status: 204 },
    ...o.routes,
  });
  const http = axios.create({ baseURL: API_BASE, adapter: gateway.adapter });
  const store = StatusModel.create({});
  const alertsStore = AlertsModel.create({});
  const alerts = createAlertService(alertsStore, clock);
  const realtime = fakeRealtime({ available: o.available ?? true });
  const bus = createEventBus();
  const recorded: string[] = [];
  let deactivated = false;
  const service = createStatusService({
    http,
    realtime: realtime.connect({
      token: () => "t",
      bus,
      hello: { extension: "1001", hasWebRtc: true },
      on: { dropped() {}, reconnecting() {}, reconnected() {}, refused() {} },
    }),
    alerts,
    clock,
    store,
    bus,
    t,
    agent: { role: o.role ?? "qualifier", extension: "1001", permissions: o.permissions ?? [] },
    setDeactivated: (on) => (deactivated = on),
  });
  service.onChange((status) => recorded.push(status));
  const messages = () => alertsStore.items.map((a) => a.message);
  return {
    service,
    store,
    clock,
    gateway,
    posted,
    messages,
    alertsStore,
    alerts,
    bus,
    recorded,
    realtime,
    deactivated: () => deactivated,
  };
}

describe("status change flow", () => {
  it("Ready: checks the phone first, applies, starts the timer, turns DND off and clears the offline alert", async () => {
    const s = setup();
    await s.service.sync();
    expect(s.messages()).toContain("status.offline_alert");
    await s.service.request("ready");
    expect(s.realtime.emitted.map((e) => e.event)).toContain("checkExtensionAvailability");
    expect(s.posted).toEqual(["ready"]);
    expect(s.store.status).toBe("ready");
    // Orange until something dials for the agent; onChange heard the recorded Ready once.
    expect(s.store.intent).toBe("warning");
    expect(s.recorded).toEqual(["ready"]);
    const dnd = s.gateway.requests.find((r) => r.url === "/extensions/parameters/dnd")!;
    expect(dnd.body).toEqual({ active: false, extension: "1001" });
    expect(s.messages()).not.toContain("status.offline_alert");
    s.clock.advance(3000);
    expect(s.store.seconds).toBe(3);
  });

  it("an unavailable phone keeps the agent off Ready with the specification's message, and an active agent goes offline", async () => {
    const s = setup({ available: false });
    await s.service.request("ready");
    expect(s.posted).toEqual([]);
    expect(s.messages()).toContain("status.phone_disconnected");
    s.realtime.setAvailable(true);
    await s.service.request("ready");
    s.realtime.setAvailable(false, "external", "Bria is closed or inactive");
    await s.service.request("idle");
    expect(s.messages()).toContain("status.bria_closed");
    expect(s.posted).toEqual(["ready", "offline"]);
    expect(s.store.status).toBe("offline");
  });

  it("choosing the current status again does nothing, except ready, idle and offline", async () => {
    const s = setup();
    await s.service.request("break");
    await s.service.request("break");
    expect(s.posted).toEqual(["break"]);
    await s.service.request("offline");
    await s.service.request("offline");
    expect(s.posted).toEqual(["break", "offline", "offline"]);
  });

  it("a 403 shows the refusal and falls back to offline; any other failure too", async () => {
    const s = setup({
      routes: {
        "POST /agent-statuses": (req) => {
          const status = (req.body as { status: string }).status;
          return status === "break"
            ? { status: 403, data: { message: "advisor.noBreak" } }
            : { status: 201, data: { data: { status, duration: 0 } } };
        },
      },
    });
    await s.service.request("break");
    expect(s.messages()).toContain("advisor.noBreak");
    expect(s.store.status).toBe("offline");
    expect(s.store.since).toBeNull();
  });

  it("a timer starts from the duration the gateway returns, never for offline", async () => {
    const s = setup({
      routes: {
        "POST /agent-statuses": (req) => ({
          status: 201,
          data: { data: { status: (req.body as { status: string }).status, duration: 125 } },
        }),
      },
    });
    await s.service.request("break");
    expect(s.store.seconds).toBe(125);
    await s.service.request("offline");
    expect(s.store.since).toBeNull();
  });

  it("auto-ready: the notice comes 60 s before the threshold, Postpone adds the remaining time plus 60 s, then Ready", async () => {
    const s = setup({ role: "advisor", permissions: ["has_auto_ready"] });
    await s.service.sync();
    await s.service.request("after_call_work");
    s.clock.advance(59_000);
    expect(s.messages()).not.toContain("status.auto_ready");
    s.clock.advance(2_000); // 61 s: 59 s before the 120 s threshold
    expect(s.messages()).toContain("status.auto_ready");
    const notice = s.alertsStore.items.find((a) => a.message === "status.auto_ready")!;
    s.alerts.press(notice.id, "status.postpone"); // remaining 59 s + 60 s → switch at 61 + 119 = 180 s
    s.clock.advance(100_000); // 161 s
    expect(s.posted).toEqual(["after_call_work"]);
    s.clock.advance(20_000); // 181 s
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.posted).toEqual(["after_call_work", "ready"]);
  });

  it("Save & Stop: auto-ready waits in after-call work until the agent chooses a status itself", async () => {
    const s = setup({ role: "advisor", permissions: ["has_auto_ready"] });
    await s.service.sync();
    await s.service.request("after_call_work");
    s.clock.advance(70_000); // the notice is up: 50 s to the switch
    expect(s.messages()).toContain("status.auto_ready");
    await s.service.stayInAfterCallWork();
    expect(s.messages()).not.toContain("status.auto_ready");
    s.clock.advance(30 * 60_000);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.posted).toEqual(["after_call_work"]);
    expect(s.store.status).toBe("after_call_work");
    // The agent picks a status: from the next after-call work on, auto-ready counts again.
    await s.service.request("break");
    await s.service.request("after_call_work");
    s.clock.advance(121_000);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.posted).toEqual(["after_call_work", "break", "after_call_work", "ready"]);
  });

  it("Save & Stop holds when the gateway pushes the after-call work again after the change is recorded", async () => {
    let answer!: () => void;
    const s = setup({
      role: "advisor",
      permissions: ["has_auto_ready"],
      routes: {
        "POST /agent-statuses": async (req: { body: unknown }) => {
          const status = (req.body as { status: string }).status;
          s.posted.push(status);
          // The after-call work Save & Stop asks for is answered late: ticks run meanwhile.
          if (status === "after_call_work") await new Promise<void>((r) => (answer = r));
          return { status: 201, data: { data: { status, duration: 0 } } };
        },
      } as never,
    });
    await s.service.sync();
    await s.service.request("follow_up");
    const stopping = s.service.stayInAfterCallWork();
    s.clock.advance(1_000);
    answer();
    await stopping;
    // The gateway's own push of the after-call work comes after the answer (the hangup's, or this change's).
    s.bus.emit("status", { status: "after_call_work", since: "2026-01-05T15:00:00Z", duration: 0, active: true, source: "system" });
    // A threshold of 120 s is within the notice's 60 s after 60 s of after-call work.
    s.clock.advance(61_000);
    expect(s.messages()).not.toContain("status.auto_ready");
    s.clock.advance(30 * 60_000);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.posted).toEqual(["follow_up", "after_call_work"]);
    expect(s.store.status).toBe("after_call_work");
  });

  it("an overstay notice goes with the status it was about", async () => {
    const s = setup();
    await s.service.sync();
    await s.service.request("break");
    s.bus.emit("overstay", { id: 1, status: "break", role: "qualifier", message: "users.overstayed.qualifier.break", limit: 900, duration: 901 });
    expect(s.messages()).toContain("users.overstayed.qualifier.break");
    await s.service.request("after_call_work");
    expect(s.messages()).not.toContain("users.overstayed.qualifier.break");
    // Changed elsewhere (a push) too.
    s.bus.emit("overstay", { id: 2, status: "after_call_work", role: "qualifier", message: "users.overstayed.qualifier.break", limit: 60, duration: 61 });
    s.bus.emit("status", { status: "on_a_call", since: "2026-01-05T15:00:00Z", duration: 0, active: false, source: "system" });
    expect(s.messages()).not.toContain("users.overstayed.qualifier.break");
  });

  it("pushes: a status set elsewhere, an overstay notice, and a manager disabling calling", async () => {
    const s = setup();
    s.bus.emit("status", {
      status: "on_a_call",
      since: "2026-01-05T15:00:00Z",
      duration: 4,
      active: false,
      source: "system",
    });
    expect(s.store.status).toBe("on_a_call");
    expect(s.store.seconds).toBe(4);
    s.bus.emit("overstay", {
      id: 1,
      status: "on_a_call",
      role: "qualifier",
      message: "users.overstayed.qualifier.break",
      limit: 1800,
      duration: 1801,
    });
    expect(s.messages()).toContain("users.overstayed.qualifier.break");
    s.bus.emit("calling-status", {
      deactivated: true,
      message: "A manager disabled calling for your extension",
    });
    expect(s.messages()).toContain("status.calling_disabled");
    expect(s.deactivated()).toBe(true);
    expect(s.store.deactivated).toBe(true);
  });
});

describe("selector lock", () => {
  it("is disabled while changing, with leads to dispose, for an advisor on break, without a connected softphone, when deactivated", () => {
    const m = StatusModel.create({ status: "ready" });
    expect(selectorLock(m, "qualifier")).toBeNull();
    m.setChanging(true);
    expect(selectorLock(m, "qualifier")).toBe("changing");
    m.setChanging(false);
    m.setAwaitingDispositions(1);
    expect(selectorLock(m, "qualifier")).toBe("dispositions");
    m.setAwaitingDispositions(0);
    m.apply("break", 0, 0);
    expect(selectorLock(m, "advisor")).toBe("break");
    expect(selectorLock(m, "qualifier")).toBeNull();
    m.markOverstayed();
    expect(selectorLock(m, "advisor")).toBeNull();
    const off = m.addGuard({ id: "softphone.connection", blocks: "all", reason: () => "Your softphone is not connected." });
    expect(selectorLock(m, "qualifier")).toBe("guard");
    expect(m.blockedBy("all")?.reason).toBe("Your softphone is not connected.");
    off();
    expect(selectorLock(m, "qualifier")).toBeNull();
    m.addGuard({ id: "softphone.connection", blocks: "all", reason: () => "x" });
    m.setDeactivated(true);
    expect(selectorLock(m, "qualifier")).toBe("deactivated");
  });

  it("colours: idle orange, ready green while auto-dialing else orange, everything else red", () => {
    const m = StatusModel.create({ status: "idle" });
    expect(m.intent).toBe("warning");
    m.apply("ready", 0, 0);
    expect(m.intent).toBe("warning");
    let dialing = false;
    m.addDialingIndicator("auto-dialing.loop", () => dialing);
    expect(m.intent).toBe("warning");
    dialing = true;
    // A plain variable is not observed: the indicator is read again whenever the intent is computed anew.
    m.apply("ready", 0, 0);
    expect(m.intent).toBe("success");
    m.apply("lunch_break", 0, 0);
    expect(m.intent).toBe("danger");
  });
});

describe("plugin hooks on the status", () => {
  it("a ready guard keeps Ready away with its reason and lets every other status through", () => {
    const m = StatusModel.create({ status: "idle" });
    const overdue = observable.box(true);
    m.addGuard({ id: "user-summary.overdue", blocks: "ready", reason: () => (overdue.get() ? "Overdue follow-ups" : null) });
    expect(m.readyBlocked).toBe("Overdue follow-ups");
    expect(m.blockedBy("all")).toBeNull();
    expect(selectorLock(m, "qualifier")).toBeNull();
    runInAction(() => overdue.set(false));
    expect(m.readyBlocked).toBeNull();
  });

  it("a guard added again under the same id replaces the first, and the first one's removal leaves it", () => {
    const m = StatusModel.create({ status: "idle" });
    const offFirst = m.addGuard({ id: "p.g", blocks: "ready", reason: () => "first" });
    m.addGuard({ id: "p.g", blocks: "ready", reason: () => "second" });
    offFirst();
    expect(m.readyBlocked).toBe("second");
  });
});

describe("StatusView hooks through the service", () => {
  it("request('ready') under a ready guard says the guard's reason and sends nothing", async () => {
    const s = setup();
    await s.service.sync();
    s.service.addGuard({ id: "user-summary.overdue", blocks: "ready", reason: () => "Call your overdue follow-ups first" });
    await s.service.request("ready");
    expect(s.posted).toEqual([]);
    expect(s.messages()).toContain("Call your overdue follow-ups first");
    expect(s.service.readyBlocked).toBe("Call your overdue follow-ups first");
    await s.service.request("break");
    expect(s.posted).toEqual(["break"]);
  });

  it("deactivated follows the calling-status push once, for every plugin", async () => {
    const s = setup();
    await s.service.sync();
    expect(s.service.deactivated).toBe(false);
    s.bus.emit("calling-status", { deactivated: true, message: "A manager disabled calling for your extension" });
    expect(s.service.deactivated).toBe(true);
  });
});

describe("status alerts are for agents who take calls (issue 13)", () => {
  it("a manager, who has no status selector, never gets the offline or inactive banner", async () => {
    const s = setup({ role: "manager" });
    await s.service.sync();
    expect(s.messages()).not.toContain("status.offline_alert");
    s.bus.emit("status", { status: "offline", since: "2026-01-05T14:00:00Z", duration: 0, active: false, source: "system" });
    expect(s.messages()).toEqual([]);
  });

  it("a qualifier on a call is not told it is inactive; in After Call Work it is", async () => {
    const s = setup();
    await s.service.sync();
    s.bus.emit("status", { status: "on_a_call", since: "2026-01-05T14:00:00Z", duration: 0, active: false, source: "system" });
    expect(s.messages()).not.toContain("setters.inactive");
    s.bus.emit("status", { status: "after_call_work", since: "2026-01-05T14:01:00Z", duration: 0, active: false, source: "system" });
    expect(s.messages()).toContain("setters.inactive");
  });
});
