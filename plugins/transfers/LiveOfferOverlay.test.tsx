// A live transfer offered to an advisor (agent-workspace §4 Live transfer and the live-transfer-waiting alert,
// §7 "confirm live transfer"): the gateway's pushes through renderPlugin(), a fake gateway for the accept, and a
// fake desktop notifier the test clicks.
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { confirmLiveTransfer, type LiveTransferOffer } from "../../src/contract/liveTransfers";
import { callKey, leadsKey, statusKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  fakeStatusControl,
  leadView,
  provide,
  renderPlugin,
  reply,
  type FakeReply,
} from "../../src/sdk/testing";
import { dispositionsApi, type DispositionsApi } from "../dispositions/api";
import { desktopNotifierKey, type DesktopNotifier } from "./api";
import plugin from "./index";

const NOW = Date.UTC(2026, 0, 5, 14, 0, 0); // renderPlugin's clock: 9:00 in New York

const offer = (over: Partial<LiveTransferOffer> = {}): LiveTransferOffer => ({
  transfer_id: 5,
  lead_id: 31,
  name: "Jordan Miles",
  state: "ny",
  city: "Albany",
  timezone: "America/New_York",
  insurance: ["life", "health"],
  health: false,
  language: "es",
  qualifier: { name: "Dana Reyes", extension: "2042" },
  notes: "Prefers Spanish; call back after 5 if needed",
  notify: false,
  expires_at: null,
  ...over,
});

async function mount(
  o: {
    roles?: string[];
    language?: "en" | "fr" | "es";
    /** The gateway's answer to an accept, by the offer's lead (lead 31's is taken by default; others 404). */
    accepts?: Record<number, FakeReply<typeof confirmLiveTransfer>>;
    withLead?: boolean;
    onCall?: boolean;
  } = {},
) {
  const notifications: { title: string; body: string; tag: string; onClick(): void; closed: boolean }[] = [];
  const notifier: DesktopNotifier = {
    show: vi.fn(async (n) => {
      const shown = { ...n, closed: false };
      notifications.push(shown);
      return { close: () => void (shown.closed = true) };
    }),
  };
  const status = fakeStatusControl("after_call_work");
  const leads = fakeLeads(o.withLead ? [leadView({ id: 12 })] : []);
  const call = fakeCallControl();
  if (o.onCall) call.push({ callId: 3, leadId: 12 });
  const accepts: Record<number, FakeReply<typeof confirmLiveTransfer>> = {
    31: { status: 201, data: { data: { lead_id: 31, call_id: 88 } } },
    ...o.accepts,
  };
  const gateway = fakeGateway([
    reply(confirmLiveTransfer, ({ params }) => accepts[params.leadId] ?? { status: 404 }),
  ]);
  const view = await renderPlugin(plugin, {
    gateway,
    language: o.language,
    agent: { roles: o.roles ?? ["advisor"], extension: "2051" },
    services: [
      provide(desktopNotifierKey, notifier),
      provide(statusKey, status.control),
      provide(leadsKey, leads.control),
      provide(callKey, call.control),
      provide(dispositionsApi, { preset: () => {} } as unknown as DispositionsApi),
    ],
  });
  const offered = (over: Partial<LiveTransferOffer> = {}) => view.push("confirm-live-transfer", offer(over));
  return { ...view, notifier, notifications, status, gateway, offered };
}

describe("a live transfer offered to an advisor", { timeout: 20_000 }, () => {
  it("shows what the advisor needs to decide: the lead, where and what time it is there, and the qualifier's notes", async () => {
    const m = await mount();
    await m.offered({ expires_at: new Date(NOW + 30_000).toISOString(), health: true });
    const dialog = await screen.findByRole("dialog", { name: "Live transfer offered" });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining("Jordan Miles"));
    const fact = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(fact("Where")).toHaveTextContent("NY, Albany");
    expect(fact("Local time")).toHaveTextContent(/9:00\sAM EST/);
    expect(fact("Insurance")).toHaveTextContent("life, health");
    expect(fact("Language")).toHaveTextContent("Spanish");
    expect(fact("Qualifier")).toHaveTextContent("Dana Reyes (ext 2042)");
    expect(fact("Notes")).toHaveTextContent("Prefers Spanish; call back after 5 if needed");
    expect(
      within(dialog).getByText("Health insurance: you hold a licence for this state."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("timer")).toHaveTextContent("Passes to the next advisor in 30 seconds");
    await m.advance(12_000);
    expect(within(dialog).getByRole("timer")).toHaveTextContent("Passes to the next advisor in 18 seconds");
    expect(within(dialog).getByRole("button", { name: "Accept" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Pass" })).toBeEnabled();
    expect(m.notifier.show).not.toHaveBeenCalled();
  });

  it("in the advisor's language", async () => {
    const m = await mount({ language: "fr" });
    await m.offered();
    const dialog = await screen.findByRole("dialog", { name: "Transfert en direct proposé" });
    expect(within(dialog).getByText("Langue").nextElementSibling).toHaveTextContent("Espagnol");
    expect(within(dialog).getByRole("button", { name: "Accepter" })).toBeInTheDocument();
  });

  it("Accept asks the gateway for the lead and closes: the call arrives by itself", async () => {
    const m = await mount();
    await m.offered();
    await m.user.click(await screen.findByRole("button", { name: "Accept" }));
    expect(m.gateway.requests.map((r) => `${r.method} ${r.url}`)).toContain(
      "POST /confirm-live-transfers/31",
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(m.notify.shown).toContainEqual({
      intent: "success",
      text: "You took the live transfer of Jordan Miles: the call is on its way.",
    });
  });

  it("says so and closes when another advisor took it first, or when it ended", async () => {
    const m = await mount({
      accepts: {
        31: {
          status: 409,
          data: { message: "Another advisor already took this live transfer." },
        },
        32: { status: 409, data: { message: "live_transfers.canceled" } },
      },
    });
    await m.offered();
    await m.user.click(await screen.findByRole("button", { name: "Accept" }));
    // The offer goes, and the reason stays on screen until the advisor has read it (no fading toast).
    expect(m.notify.shown).toContainEqual({
      intent: "error",
      text: "Another advisor already took this live transfer.",
      key: "live-transfer-refused",
      persistent: true,
    });
    expect(screen.queryByRole("dialog")).toBeNull();

    await m.offered({ transfer_id: 6, lead_id: 32 });
    await m.user.click(await screen.findByRole("button", { name: "Accept" }));
    expect(m.notify.shown).toContainEqual({
      intent: "error",
      text: "The live transfer was cancelled.",
      key: "live-transfer-refused",
      persistent: true,
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the offer when the gateway could not be reached, so the advisor can try again", async () => {
    const m = await mount({
      accepts: { 31: { status: 503, data: { message: "" } } },
    });
    await m.offered();
    await m.user.click(await screen.findByRole("button", { name: "Accept" }));
    expect(m.notify.shown).toContainEqual({
      intent: "error",
      text: "The live transfer could not be accepted. Please try again.",
      key: "live-transfer-refused",
      persistent: true,
    });
    expect(screen.getByRole("dialog", { name: "Live transfer offered" })).toBeInTheDocument();
  });

  it("Pass closes it here and asks the gateway nothing", async () => {
    const m = await mount();
    await m.offered();
    await m.user.click(await screen.findByRole("button", { name: "Pass" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(m.gateway.requests).toEqual([]);
  });

  it("closes when the gateway withdraws it, saying why; another transfer's withdrawal changes nothing", async () => {
    const m = await mount();
    await m.offered();
    await screen.findByRole("dialog", { name: "Live transfer offered" });
    await m.push("live-transfer-withdrawn", { transfer_id: 9, lead_id: 40, reason: "taken" });
    expect(screen.getByRole("dialog", { name: "Live transfer offered" })).toBeInTheDocument();
    expect(m.notify.shown).toEqual([]);
    await m.push("live-transfer-withdrawn", { transfer_id: 5, lead_id: 31, reason: "taken" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(m.notify.shown).toEqual([
      { intent: "warning", text: "Another advisor took the live transfer of Jordan Miles." },
    ]);

    for (const [reason, text] of [
      ["canceled", "The live transfer of Jordan Miles was cancelled."],
      ["passed", "The live transfer of Jordan Miles went to another advisor."],
      ["lead_hung_up", "Jordan Miles hung up: the live transfer was cancelled."],
    ] as const) {
      await m.offered();
      await m.push("live-transfer-withdrawn", { transfer_id: 5, lead_id: 31, reason });
      expect(m.notify.shown.at(-1)).toEqual({ intent: "warning", text });
    }
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("goes by itself a little after it passed on, should the withdrawal never come", async () => {
    const m = await mount();
    await m.offered({ expires_at: new Date(NOW + 15_000).toISOString() });
    await screen.findByRole("dialog", { name: "Live transfer offered" });
    await m.advance(15_000);
    expect(screen.getByRole("timer")).toHaveTextContent("Passes to the next advisor in 0 seconds");
    await m.advance(5_000);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows nothing to a qualifier", async () => {
    const m = await mount({ roles: ["qualifier"] });
    await m.offered({ notify: true });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(m.notifier.show).not.toHaveBeenCalled();
  });
});

describe("the desktop notification of an advisor who is not Ready", { timeout: 20_000 }, () => {
  it("is raised with the offer; clicking it asks for Ready when no lead is open, and it closes with the offer", async () => {
    const m = await mount();
    await m.offered({ notify: true });
    expect(m.notifier.show).toHaveBeenCalledTimes(1);
    const [shown] = m.notifications;
    expect(shown).toMatchObject({
      title: "Live transfer waiting",
      body: "Jordan Miles (NY, Albany), from Dana Reyes",
      tag: "live-transfer-5",
    });
    await act(async () => shown!.onClick());
    expect(m.status.control.request).toHaveBeenCalledWith("ready");

    // The same offer again (a reconnection) raises no second notification; its end closes the one shown.
    await m.offered({ notify: true });
    expect(m.notifier.show).toHaveBeenCalledTimes(1);
    await m.user.click(await screen.findByRole("button", { name: "Pass" }));
    expect(shown!.closed).toBe(true);
  });

  it("does not ask for Ready when a lead is open", async () => {
    const m = await mount({ withLead: true });
    await m.offered({ notify: true });
    await act(async () => m.notifications[0]!.onClick());
    expect(m.status.control.request).not.toHaveBeenCalled();
  });

  it("does not ask for Ready during a call", async () => {
    const m = await mount({ onCall: true });
    await m.offered({ notify: true });
    await act(async () => m.notifications[0]!.onClick());
    expect(m.status.control.request).not.toHaveBeenCalled();
  });
});
