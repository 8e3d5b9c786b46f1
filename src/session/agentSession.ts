// The signed-in agent's live side: the realtime socket, the status (with its timer and auto-ready) and the
// alert stack. Created once per sign-in, before the plugins, which reach it through core service keys.
import type { AxiosInstance } from "axios";
import type { TFunction } from "i18next";
import { reaction } from "mobx";
import { types, type Instance } from "mobx-state-tree";
import { AlertsModel } from "../alerts/AlertsModel";
import { CallModel } from "../call/CallModel";
import { askBeforeLeavingMidCall } from "../call/leaveGuard";
import { createCallService, type CallService } from "../call/callService";
import { createAlertService, type AlertService } from "../alerts/alertService";
import { createNotificationAlerts } from "../alerts/notificationAlerts";
import type { Clock, ClockTimer } from "../shared/clock";
import type { EventBus } from "../core/events";
import { reconnected, socketDropped } from "../core/coreEvents";
import { createLeadsService, type LeadsService } from "../lead/leadsService";
import { LeadsStack } from "../lead/LeadsStack";
import { connectRealtime, type RealtimeClient, type RealtimeDeps } from "../realtime/client";
import { takeRepairNote, watchRepairs } from "./repair";
import { StatusModel } from "../status/StatusModel";
import { createStatusService, type StatusApi } from "../status/statusService";

/** The core slices of the workspace store that live as long as the sign-in. */
export const AgentStore = types.model("Agent", {
  status: types.optional(StatusModel, {}),
  alerts: types.optional(AlertsModel, {}),
  call: types.optional(CallModel, {}),
  leads: types.optional(LeadsStack, {}),
});
export type AgentStore = Instance<typeof AgentStore>;

/** A safety net next to the pushes: the gateway's view is read again this often (reliability.md H2). */
export const RESYNC_MS = 5 * 60_000;

export interface AgentSession {
  store: AgentStore;
  alerts: AlertService;
  status: StatusApi;
  calls: CallService;
  leads: LeadsService;
  realtime: RealtimeClient;
  dispose(): void;
}

export interface AgentSessionDeps {
  http: AxiosInstance;
  clock: Clock;
  bus: EventBus;
  t: TFunction;
  agent: { role: string; extension: string | null; hasWebRtc: boolean; permissions: readonly string[] };
  token(): string | null;
  setDeactivated(on: boolean): void;
  /** The gateway ended the session (revoked, refused the handshake): sign out on this browser. */
  onSessionEnded(): void;
  /** The gateway refused this tab: another tab of the agent holds the dialer. */
  onDuplicateTab(): void;
  connect?: (deps: RealtimeDeps) => RealtimeClient;
}

export async function openAgentSession(d: AgentSessionDeps): Promise<AgentSession> {
  const store = AgentStore.create({});
  const alerts = createAlertService(store.alerts, d.clock);
  const say = (key: string, type: "error" | "warning" | "success", persistent: boolean, slot: string) =>
    alerts.show(() => d.t(key), { type, timeout: persistent ? null : undefined, key: slot });

  // The socket's reconnect handler re-syncs the status, which is created just below.
  const statusRef: { current?: StatusApi; calls?: CallService; notices?: { sync(): Promise<void> } } = {};
  const realtime = (d.connect ?? connectRealtime)({
    token: d.token,
    bus: d.bus,
    hello: { extension: d.agent.extension, hasWebRtc: d.agent.hasWebRtc },
    on: {
      dropped: () => {
        say("connection.dropped", "error", true, "connection");
        d.bus.emit(socketDropped.name, {});
      },
      reconnecting: () => say("connection.reconnecting", "warning", true, "connection"),
      reconnected: () => {
        say("connection.reconnected", "success", false, "connection");
        // Status, timer and call come back from the gateway, not from what this tab remembers.
        void statusRef.current?.sync();
        void statusRef.calls?.sync();
        // Managers' notifications sent while the socket was away.
        void statusRef.notices?.sync();
        // Panels kept live by pushes read their state again (src/core/coreEvents.ts).
        d.bus.emit(reconnected.name, {});
      },
      refused: d.onSessionEnded,
    },
  });

  const status = createStatusService({
    http: d.http,
    realtime,
    alerts,
    clock: d.clock,
    store: store.status,
    bus: d.bus,
    t: d.t,
    agent: d.agent,
    setDeactivated: d.setDeactivated,
  });
  statusRef.current = status;
  const calls = createCallService({
    http: d.http,
    bus: d.bus,
    realtime,
    alerts,
    clock: d.clock,
    t: d.t,
    store: store.call,
    extension: d.agent.extension,
    log: (m, detail) => console.warn(m, detail ?? ""),
  });
  statusRef.calls = calls;
  // Created before the first sync, so the lead of a call already under way opens too.
  const leads = createLeadsService({
    http: d.http,
    clock: d.clock,
    t: d.t,
    store: store.leads,
    call: store.call,
    log: (m, detail) => console.warn(m, detail ?? ""),
  });
  // The status selector stays disabled while leads wait for their disposition (agent-workspace §4).
  const offAwaiting = reaction(
    () => store.leads.awaitingDisposition,
    (n) => store.status.setAwaitingDispositions(n),
    { fireImmediately: true },
  );
  // Managers' notifications: live pushes, and those still waiting when the dialer opens.
  const notices = createNotificationAlerts({
    http: d.http,
    bus: d.bus,
    alerts,
    store: store.alerts,
    t: d.t,
    log: (m, detail) => console.warn(m, detail ?? ""),
  });
  statusRef.notices = notices;
  // Heard before anything is awaited: the gateway refuses a second tab, or a session that ended, as soon as the
  // socket connects, before the first reads below have answered. Heard later, the refusal was lost and the page
  // stayed open on a socket the gateway had closed ("Connection dropped"; Ready did nothing).
  const offRefusals = [
    d.bus.on("session-ended", d.onSessionEnded),
    d.bus.on("duplicate-tab", d.onDuplicateTab),
  ];
  try {
    await realtime.ready;
    await Promise.all([status.sync(), calls.sync(), notices.sync()]);
  } catch (err) {
    for (const off of offRefusals) off();
    throw err;
  }

  const onOffline = () => say("connection.offline", "error", true, "network");
  const onOnline = () => say("connection.online", "success", false, "network");
  globalThis.addEventListener?.("offline", onOffline);
  globalThis.addEventListener?.("online", onOnline);
  const offBus = [
    ...offRefusals,
    // A manager's frontend repair, or an admin's change of the call centre's plugins: re-read from the gateway,
    // then reload (after the call, if one is live).
    watchRepairs({ bus: d.bus, call: store.call, resync: () => Promise.all([status.sync(), calls.sync(), notices.sync()]) }),
    askBeforeLeavingMidCall(store.call),
  ];
  // This page is that reload: the agent is told why panels came or went.
  if (takeRepairNote() === "tenant-features") say("workspace.features_changed", "warning", true, "tenant-features");
  let resync: ClockTimer | null = null;
  const scheduleResync = () => {
    resync = d.clock.setTimeout(() => {
      void status.sync().finally(scheduleResync);
    }, RESYNC_MS);
  };
  scheduleResync();

  return {
    store,
    alerts,
    status,
    calls,
    leads,
    realtime,
    dispose() {
      globalThis.removeEventListener?.("offline", onOffline);
      globalThis.removeEventListener?.("online", onOnline);
      offBus.forEach((f) => f());
      if (resync) d.clock.clearTimeout(resync);
      status.dispose();
      calls.dispose();
      notices.dispose();
      offAwaiting();
      leads.dispose();
      realtime.close();
    },
  };
}
