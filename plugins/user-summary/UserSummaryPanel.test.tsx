// The user summary's tabs, counts, refreshes and enforced follow-ups, as the agent sees them.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway } from "../../src/sdk/testing";
import { callEnded } from "../../src/sdk";
import { dispositionSaved } from "../dispositions/api";
import { followUp, lists, mount, relist, tab } from "./testing";

const overdueOne = () =>
  followUp({ id: 9, leadId: 39, name: "Kim Lo", overdue: true, startsAt: "2026-01-05T10:00:00.000Z" });

describe("user summary panel", () => {
  it("shows the four tabs with the follow-up counts; a qualifier with follow-ups starts on them", async () => {
    await mount();
    expect(screen.getByRole("heading", { name: "User summary" })).toBeInTheDocument();
    expect(tab("Overdue follow-ups 0")).toBeInTheDocument();
    expect(tab("Follow-ups 2")).toHaveAttribute("aria-selected", "true");
    expect(tab("Last dials")).toHaveAttribute("aria-selected", "false");
    expect(tab("My clients")).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("table", { name: "Follow-ups" })).toBeInTheDocument();
  });

  it("starts a newcomer qualifier (no follow-ups, no dials) on Follow-ups, not on an empty Last dials", async () => {
    await mount({ gateway: fakeGateway(lists({ upcoming: [], dials: [] })) });
    expect(tab("Follow-ups 0")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("No follow-ups.")).toBeInTheDocument();
  });

  it("starts a qualifier with dials but no follow-ups on Last dials", async () => {
    await mount({ gateway: fakeGateway(lists({ upcoming: [] })) });
    expect(tab("Last dials")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("table", { name: "Last dials" })).toBeInTheDocument();
  });

  it("starts an advisor on Follow-ups", async () => {
    await mount({ agent: { roles: ["advisor"] } });
    expect(tab(/^Follow-ups/)).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("table", { name: "Follow-ups" })).toBeInTheDocument();
  });

  it.each([["qualifier"], ["advisor"]] as const)(
    "selects Overdue follow-ups for a %s with overdue ones, and Follow-ups once they are done",
    async (role) => {
      const gateway = fakeGateway(lists({ overdue: [overdueOne()] }));
      const { advance } = await mount({ gateway, agent: { roles: [role] } });
      expect(tab(/^Overdue follow-ups/)).toHaveAttribute("aria-selected", "true");
      expect(within(tab(/^Overdue follow-ups/)).getByText("1")).toBeInTheDocument();
      expect(
        within(screen.getByRole("table", { name: "Overdue follow-ups" })).getByText("Kim Lo"),
      ).toBeInTheDocument();

      relist(gateway);
      await advance(60_000);
      await waitFor(() => expect(tab(/^Follow-ups/)).toHaveAttribute("aria-selected", "true"));
    },
  );

  it("keeps the tab the agent chose across refreshes", async () => {
    const gateway = fakeGateway(lists({ overdue: [overdueOne()] }));
    const { user, advance, reads } = await mount({ gateway });
    await user.click(tab("Last dials"));
    const before = reads();
    await advance(60_000);
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(tab("Last dials")).toHaveAttribute("aria-selected", "true");
  });

  it("reads the lists at sign-in, when the panel mounts, every 60 s, after a call is settled and a disposition saved", async () => {
    const { advance, emit, reads } = await mount();
    expect(reads()).toBe(2);
    await advance(59_999);
    expect(reads()).toBe(2);
    await advance(1);
    await waitFor(() => expect(reads()).toBe(3));
    await emit(callEnded, { callId: 7, leadId: 31, duration: 30, shortCall: false, bridged: true });
    await waitFor(() => expect(reads()).toBe(4));
    await emit(dispositionSaved, { leadId: 31, disposition: "Not Interested", rescheduled: false });
    await waitFor(() => expect(reads()).toBe(5));
  });

  it("reads the lists again at once when a manager moved follow-ups to or from the agent (follow-ups-changed)", async () => {
    const { push, reads } = await mount();
    expect(reads()).toBe(2);
    await push("follow-ups-changed", { reason: "redistributed" });
    await waitFor(() => expect(reads()).toBe(3));
  });

  it("with enforced follow-ups overdue: Ready is disabled and a persistent alert shows, both cleared when done", async () => {
    const gateway = fakeGateway(lists({ overdue: [overdueOne()], enforced: true }));
    const { status, notify, advance } = await mount({ gateway });
    expect(status.control.readyBlocked).toBe(
      "You have overdue follow-ups. Dial or reschedule them before you switch to Ready.",
    );
    expect(notify.shown).toEqual([
      {
        intent: "error",
        text: "You have overdue follow-ups. Dial or reschedule them before you switch to Ready.",
        key: "setters.overdueFollowUpsMessage",
        persistent: true,
      },
    ]);
    // Still overdue a minute later: the same alert, not a second one.
    await advance(60_000);
    await waitFor(() => expect(notify.show).toHaveBeenCalledTimes(1));
    expect(notify.shown).toHaveLength(1);

    relist(gateway, { enforced: true });
    await advance(60_000);
    await waitFor(() => expect(status.control.readyBlocked).toBeNull());
    expect(notify.dismissKey).toHaveBeenCalledWith("setters.overdueFollowUpsMessage");
    expect(notify.shown).toEqual([]);
  });

  it("without enforcement, overdue follow-ups neither disable Ready nor raise the alert", async () => {
    const { status, notify } = await mount({ gateway: fakeGateway(lists({ overdue: [overdueOne()] })) });
    expect(status.control.readyBlocked).toBeNull();
    expect(notify.shown).toEqual([]);
  });

  it("says the lists could not be loaded, and shows them after the next refresh", async () => {
    const gateway = fakeGateway(lists({ overdueAnswer: { status: 500, data: { message: "Server Error" } } }));
    const { advance } = await mount({ gateway, loaded: false });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your follow-ups and last dials could not be loaded.",
    );

    relist(gateway);
    await advance(60_000);
    expect(await screen.findByRole("table", { name: "Follow-ups" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it.each([
    ["fr", "Résumé de l'agent", "Suivis", "Derniers appels", "Mes clients"],
    ["es", "Resumen del agente", "Seguimientos", "Últimas llamadas", "Mis clientes"],
  ] as const)("speaks %s", async (language, title, followUps, lastDials, clients) => {
    await mount({ language });
    expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    expect(tab(`${followUps} 2`)).toHaveAttribute("aria-selected", "true");
    expect(tab(lastDials)).toHaveAttribute("aria-selected", "false");
    expect(tab(clients)).toBeInTheDocument();
  });
});
