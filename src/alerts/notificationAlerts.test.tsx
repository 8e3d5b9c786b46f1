// Managers' notifications in the alert stack: a push or a waiting one shows with its type; one that expires
// goes after its timeout on the injected clock; one that does not is the alert popup with Confirm; dismissible
// decides the close button; Confirm and close store the agent's answer.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import axios from "axios";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../contract/common";
import type { AgentNotification } from "../contract/notifications";
import { manualClock } from "../shared/clock";
import { createEventBus } from "../core/events";
import { createI18n, localesReady } from "../i18n/i18n";
import { addWorkspaceTexts } from "../i18n/workspaceTexts";
import { fakeGateway } from "../test/fakeGateway";
import { AlertStack, AlertToasts } from "./AlertStack";
import { AlertsModel } from "./AlertsModel";
import { createAlertService } from "./alertService";
import { createNotificationAlerts, notificationKey } from "./notificationAlerts";

const notification = (o: Partial<AgentNotification> = {}): AgentNotification => ({
  id: 7,
  message: "Team meeting at 3 pm in room B",
  type: "warning",
  dismissible: true,
  expires: true,
  timeout: 30,
  teamMembersOnly: true,
  sentAt: "2026-01-05T15:00:00.000Z",
  remainingMs: 30_000,
  ...o,
});

async function setup(waiting: AgentNotification[] = [], language = "en") {
  const clock = manualClock();
  const gateway = fakeGateway({
    "GET /agents/me/notifications": { status: 200, data: { data: waiting } },
    ...Object.fromEntries([7, 8, 9].map((id) => [`PUT /agents/me/notifications/${id}`, { status: 204 }])),
  });
  const http = axios.create({ baseURL: API_BASE, adapter: gateway.adapter });
  const store = AlertsModel.create({});
  const alerts = createAlertService(store, clock);
  const bus = createEventBus();
  const i18n = createI18n(language);
  addWorkspaceTexts(i18n);
  await localesReady(i18n);
  const logged: string[] = [];
  const notices = createNotificationAlerts({
    http,
    bus,
    alerts,
    store,
    t: i18n.t,
    log: (m) => logged.push(m),
  });
  const view = () =>
    render(
      <I18nextProvider i18n={i18n}>
        <AlertStack alerts={store} service={alerts} />
        <AlertToasts alerts={store} service={alerts} />
      </I18nextProvider>,
    );
  const answers = () => gateway.requests.filter((r) => r.method === "PUT").map((r) => [r.url, r.body]);
  const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
  return { clock, store, alerts, bus, notices, view, answers, settle, logged };
}

describe("a manager's notification in the alert stack", () => {
  it("a pushed notification that expires shows with its type and goes away after its timeout on the clock", async () => {
    const s = await setup();
    s.view();
    act(() => s.bus.emit("notification", notification({ type: "error", timeout: 5, remainingMs: 5_000 })));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Team meeting at 3 pm in room B");
    expect(alert.className).toContain("intent-danger");
    expect(s.store.items[0]).toMatchObject({
      type: "error",
      timeout: 5_000,
      dismissible: true,
      key: notificationKey(7),
    });
    expect(s.store.items[0]!.expires).toBe(true);
    // Expiring: no Confirm.
    expect(within(alert).queryByRole("button", { name: "Confirm" })).toBeNull();
    act(() => s.clock.advance(4_999));
    expect(screen.queryByRole("alert")).not.toBeNull();
    act(() => s.clock.advance(1));
    expect(screen.queryByRole("alert")).toBeNull();
    // Gone by itself: no answer is stored (it no longer waits once expired).
    expect(s.answers()).toEqual([]);
  });

  it("success and warning show in their colours", async () => {
    const s = await setup();
    s.view();
    act(() =>
      s.bus.emit(
        "notification",
        notification({ id: 7, type: "success", message: "Well done everyone today" }),
      ),
    );
    act(() =>
      s.bus.emit(
        "notification",
        notification({ id: 8, type: "warning", message: "Storm warning this afternoon" }),
      ),
    );
    const [ok, warn] = screen.getAllByRole("status");
    expect(ok!.className).toContain("intent-success");
    expect(warn!.className).toContain("intent-warning");
  });

  it("one that does not expire is the persistent alert popup: Confirm removes it and stores the answer", async () => {
    const s = await setup();
    s.view();
    act(() =>
      s.bus.emit(
        "notification",
        notification({ expires: false, timeout: null, remainingMs: null, dismissible: false }),
      ),
    );
    const popup = screen.getByRole("status");
    expect(s.store.items[0]!.expires).toBe(false);
    // Not dismissible: Confirm only, no close button.
    expect(within(popup).queryByRole("button", { name: "Dismiss" })).toBeNull();
    act(() => s.clock.advance(24 * 3600_000));
    expect(screen.getByRole("status")).toHaveTextContent("Team meeting at 3 pm in room B");
    fireEvent.click(within(popup).getByRole("button", { name: "Confirm" }));
    expect(screen.queryByRole("status")).toBeNull();
    await s.settle();
    expect(s.answers()).toEqual([["/agents/me/notifications/7", { answer: "confirmed" }]]);
  });

  it("dismissible: the close button removes it and stores 'dismissed'; not dismissible: no close button", async () => {
    const s = await setup();
    s.view();
    act(() =>
      s.bus.emit(
        "notification",
        notification({ id: 8, expires: false, timeout: null, remainingMs: null, dismissible: true }),
      ),
    );
    act(() =>
      s.bus.emit(
        "notification",
        notification({ id: 9, dismissible: false, message: "Cannot be closed, goes by itself" }),
      ),
    );
    const [persistent, toast] = screen.getAllByRole("status");
    expect(within(toast!).queryByRole("button", { name: "Dismiss" })).toBeNull();
    fireEvent.click(within(persistent!).getByRole("button", { name: "Dismiss" }));
    await s.settle();
    expect(s.answers()).toEqual([["/agents/me/notifications/8", { answer: "dismissed" }]]);
    expect(s.store.items.map((a) => a.key)).toEqual([notificationKey(9)]);
  });

  it("on opening the dialer, shows those still waiting with the time they have left, once each", async () => {
    const s = await setup([
      notification({ id: 7, expires: false, timeout: null, remainingMs: null }),
      notification({ id: 8, message: "Half of its time is gone", timeout: 60, remainingMs: 30_000 }),
      notification({ id: 9, message: "Expired on the way here", timeout: 1, remainingMs: 0 }),
    ]);
    await s.notices.sync();
    expect(s.store.items.map((a) => [a.key, a.timeout])).toEqual([
      [notificationKey(7), null],
      [notificationKey(8), 30_000],
    ]);
    // A push of one already shown, and a second sync (after a reconnection), change nothing.
    s.bus.emit("notification", notification({ id: 7, expires: false, timeout: null, remainingMs: null }));
    await s.notices.sync();
    expect(s.store.items).toHaveLength(2);
    s.clock.advance(30_000);
    expect(s.store.items.map((a) => a.key)).toEqual([notificationKey(7)]);
  });

  it("Confirm is worded in the agent's language", async () => {
    const fr = await setup([], "fr");
    fr.view();
    act(() =>
      fr.bus.emit("notification", notification({ expires: false, timeout: null, remainingMs: null })),
    );
    expect(screen.getByRole("button", { name: "Confirmer" })).toBeTruthy();
    const es = await setup([], "es");
    es.bus.emit("notification", notification({ expires: false, timeout: null, remainingMs: null }));
    expect(es.store.items[0]!.buttons.map((b) => b.label)).toEqual(["Confirmar"]);
  });

  it("a malformed push is ignored, and a failed read of the waiting ones is logged, not thrown", async () => {
    const s = await setup();
    s.bus.emit("notification", { id: "x" });
    expect(s.store.items).toHaveLength(0);
    const broken = createNotificationAlerts({
      http: axios.create({ baseURL: API_BASE, adapter: fakeGateway({}).adapter }),
      bus: createEventBus(),
      alerts: s.alerts,
      store: s.store,
      t: ((k: string) => k) as never,
      log: (m) => s.logged.push(m),
    });
    await broken.sync();
    expect(s.logged).toEqual(["could not read the waiting notifications"]);
  });
});
