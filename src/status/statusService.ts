// The status change flow of booking-and-reference §4, step by step, plus the timer, auto-ready and the
// pushes from the gateway (status set elsewhere, calling disabled, overstays).
import type { AxiosInstance } from "axios";
import type { TFunction } from "i18next";
import {
  AgentStatusSnapshotResponse,
  ChangeStatusResponse,
  isActiveStatus,
  type AgentStatus,
} from "../contract/status";
import { CallingStatusPush, OverstayPush, StatusPush } from "../contract/socket";
import type { AlertService } from "../alerts/alertService";
import type { Clock, ClockTimer } from "../shared/clock";
import type { EventBus } from "../core/events";
import type { StatusView } from "../core/services";
import { reaction } from "mobx";
import type { RealtimeClient } from "../realtime/client";
import type { StatusModel } from "./StatusModel";

export const TICK_MS = 1000;
/** The auto-ready notice shows this long before the switch, and Postpone adds it again. */
export const AUTO_READY_NOTICE_S = 60;
const AUTO_READY_STATUSES = ["follow_up", "after_call_work", "meeting", "coaching"] as const;

/** The core's status service: what plugins see (StatusView) plus what only the core does with it. */
export interface StatusApi extends StatusView {
  /** Reads the gateway's view again (after a reconnect, and now and then as a safety net). */
  sync(): Promise<void>;
  dispose(): void;
}

export interface StatusDeps {
  http: AxiosInstance;
  realtime: Pick<RealtimeClient, "checkExtension">;
  alerts: AlertService;
  clock: Clock;
  store: StatusModel;
  bus: EventBus;
  t: TFunction;
  agent: { role: string; extension: string | null; permissions: readonly string[] };
  /** The account's own deactivated flag, so the top bar follows a manager's toggle. */
  setDeactivated(on: boolean): void;
}

export function createStatusService(d: StatusDeps): StatusApi {
  const { http, alerts, clock, store, t } = d;
  let ticker: ClockTimer | null = null;
  let autoReady: Record<string, number> | null = null;
  /** Seconds in the status at which auto-ready switches; moved by Postpone. */
  let autoReadyAt: number | null = null;
  let noticeShown = false;
  /** Save & Stop: auto-ready waits until the agent leaves after-call work itself. */
  let stayInAfterCallWork = false;

  // Status alerts are for the agents who take calls (qualifiers and advisors); a manager or an admin has no
  // status selector and could not clear them.
  const takesCalls = d.agent.role === "qualifier" || d.agent.role === "advisor";
  const showStatusAlerts = () => {
    if (!takesCalls) return;
    if (store.status === "offline") {
      alerts.show(() => t("status.offline_alert"), {
        type: "error",
        timeout: null,
        key: "offline",
        dismissible: false,
      });
    } else alerts.dismissKey("offline");
    // An inactive setter (qualifier) is reminded until it is active again; on a call it is busy, not inactive.
    if (d.agent.role === "qualifier" && !store.active && store.status !== "offline" && store.status !== "on_a_call") {
      alerts.show(() => t("setters.inactive"), { type: "warning", timeout: null, key: "setters.inactive" });
    } else alerts.dismissKey("setters.inactive");
  };

  /**
   * A new status: auto-ready counts afresh, and a notice about the old status (an overstay) goes with it. Save
   * & Stop's hold lasts through the after-call work it asked for (recorded here, or pushed by the gateway a
   * moment later) and ends with any other status.
   */
  const startStatusPeriod = (status: AgentStatus) => {
    if (status !== "after_call_work") stayInAfterCallWork = false;
    autoReadyAt = null;
    noticeShown = false;
    alerts.dismissKey("auto-ready");
    alerts.dismissKey("overstay");
  };

  const setDnd = async () => {
    if (!d.agent.extension) return;
    // Do-not-disturb is the opposite of active (only 'dnd' is an extension parameter).
    await http
      .put("/extensions/parameters/dnd", { active: !store.active, extension: d.agent.extension })
      .catch(() => {});
  };

  const apply = async (target: AgentStatus): Promise<void> => {
    const current = store.status;
    if (target === current && !["ready", "idle", "offline"].includes(target)) return;
    store.clearTimer();
    // Changing before the status shows: whoever reacts to the new status sees it is not recorded yet.
    store.setChanging(true);
    store.apply(target, null, clock.now());
    startStatusPeriod(target);
    // Whoever dials for the agent watches `current` and `changing`: it stops at once on any other status and
    // starts only once the gateway has recorded Ready (a dial sent before would put the agent on a call
    // that the pending change then refuses, leaving the selector offline over a live call).
    store.setChanging(true);
    let fallBack = false;
    try {
      const res = await http.post("/agent-statuses", { status: target }, { validateStatus: () => true });
      if (res.status === 201) {
        const { data } = ChangeStatusResponse.parse(res.data);
        store.apply(data.status, target === "offline" ? null : data.duration, clock.now());
      } else if (res.status === 403) {
        const key = typeof res.data?.message === "string" ? res.data.message : "status.notAllowed";
        alerts.show(t(key, { defaultValue: t("api.changeStatus.failed") }), { type: "error" });
        store.clearTimer();
        fallBack = target !== "offline";
      } else {
        alerts.show(t("api.changeStatus.failed"), { type: "error" });
        fallBack = target !== "offline";
      }
    } catch {
      alerts.show(t("api.changeStatus.failed"), { type: "error" });
      fallBack = target !== "offline";
    } finally {
      store.setChanging(false);
    }
    if (fallBack) return apply("offline");
    await setDnd();
    showStatusAlerts();
  };

  const request = async (target: AgentStatus) => {
    if (store.changing || store.checking) return;
    // A plugin's guard keeps Ready (or every change) away; the selector shows the same reason.
    const blocked = store.blockedBy(target === "ready" ? "ready" : "all");
    if (blocked && target !== "offline") {
      alerts.show(blocked.reason, { type: "warning", key: `guard:${blocked.id}` });
      return;
    }
    if (target === "ready" || target === "idle") {
      // Check the phone first; the agent is inactive and offline meanwhile.
      store.setChecking(true);
      const wasActive = store.active;
      const availability = d.agent.extension
        ? await d.realtime.checkExtension(d.agent.extension)
        : { available: false, via: null, message: null };
      store.setChecking(false);
      if (!availability.available) {
        const text =
          availability.via === "external" || availability.message === "Bria is closed or inactive"
            ? t("status.bria_closed")
            : t("status.phone_disconnected");
        alerts.show(text, { type: "error" });
        if (wasActive) await apply("offline");
        return;
      }
    }
    await apply(target);
  };

  const sync = async () => {
    try {
      const { data } = await http.get("/agents/me/status");
      const snap = AgentStatusSnapshotResponse.parse(data).data;
      store.setSelectable(snap.selectable);
      store.setDeactivated(snap.deactivated);
      d.setDeactivated(snap.deactivated);
      store.setCumulativeBreaks(snap.allowance.cumulative_breaks);
      if (snap.status !== store.status || store.since === null) {
        store.apply(snap.status, snap.status === "offline" ? null : snap.duration, clock.now());
      }
      if (snap.overstay?.agent_notified_at) store.markOverstayed();
      autoReady = d.agent.permissions.includes("has_auto_ready") ? snap.auto_ready : null;
      showStatusAlerts();
    } catch {
      // The next reconnect or periodic sync tries again.
    }
  };

  const checkAutoReady = () => {
    if (
      stayInAfterCallWork ||
      !autoReady ||
      !(AUTO_READY_STATUSES as readonly string[]).includes(store.status) ||
      store.since === null
    )
      return;
    const threshold = autoReady[store.status];
    if (!threshold) return;
    autoReadyAt ??= threshold;
    const secs = store.seconds;
    if (secs >= autoReadyAt) {
      startStatusPeriod("ready");
      void request("ready");
    } else if (autoReadyAt - secs <= AUTO_READY_NOTICE_S && !noticeShown) {
      noticeShown = true;
      alerts.show(() => t("status.auto_ready"), {
        type: "warning",
        timeout: null,
        key: "auto-ready",
        buttons: [
          {
            label: t("status.postpone"),
            action: () => {
              // Postpone: the remaining time plus another 60 seconds.
              const remaining = Math.max(0, autoReadyAt! - store.seconds);
              autoReadyAt = store.seconds + remaining + AUTO_READY_NOTICE_S;
              noticeShown = false;
            },
          },
        ],
      });
    }
  };

  const tick = () => {
    store.tick(clock.now());
    checkAutoReady();
    ticker = clock.setTimeout(tick, TICK_MS);
  };
  tick();

  const off = [
    d.bus.on("status", (p) => {
      const push = StatusPush.parse(p);
      if (push.status !== store.status || push.source !== "agent") {
        store.apply(push.status, push.status === "offline" ? null : push.duration, clock.now());
        startStatusPeriod(push.status);
        showStatusAlerts();
      }
    }),
    d.bus.on("calling-status", (p) => {
      const push = CallingStatusPush.parse(p);
      store.setDeactivated(push.deactivated);
      d.setDeactivated(push.deactivated);
      if (push.deactivated) {
        alerts.show(() => t("status.calling_disabled"), { type: "error", timeout: null, key: "calling" });
      } else alerts.dismissKey("calling");
      void sync();
    }),
    d.bus.on("overstay", (p) => {
      const push = OverstayPush.parse(p);
      if (push.status === store.status) store.markOverstayed();
      alerts.show(() => t(push.message, { defaultValue: t("status.overstayed_generic") }), {
        type: "warning",
        timeout: null,
        key: "overstay",
      });
    }),
  ];

  return {
    request,
    async stayInAfterCallWork() {
      // Set first: auto-ready's next tick may come while the change is on its way.
      stayInAfterCallWork = true;
      alerts.dismissKey("auto-ready");
      await request("after_call_work");
      // Set again once it is recorded (a new status period clears it); a refused change keeps no hold.
      stayInAfterCallWork = store.status === "after_call_work";
    },
    sync,
    get current() {
      return store.status;
    },
    get changing() {
      return store.changing || store.checking;
    },
    get deactivated() {
      return store.deactivated;
    },
    get readyBlocked() {
      return store.readyBlocked;
    },
    onChange(handler) {
      // The recorded status only: nothing while a change is on its way, and only when it differs from the
      // last one heard (the phone check before Ready passes through the status it started from).
      let last = store.status;
      const stop = reaction(
        () => (store.changing || store.checking ? null : store.status),
        (status) => {
          if (status === null || status === last) return;
          last = status;
          handler(status);
        },
      );
      off.push(stop);
      return stop;
    },
    addGuard: (guard) => store.addGuard(guard),
    addDialingIndicator: (id, active) => store.addDialingIndicator(id, active),
    dispose() {
      if (ticker) clock.clearTimeout(ticker);
      off.forEach((f) => f());
    },
  };
}

export { isActiveStatus };
