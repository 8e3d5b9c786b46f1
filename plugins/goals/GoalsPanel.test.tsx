// The goals panel as an agent sees it, mounted through renderPlugin() with a fake gateway and a manual clock.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import { readGoalStatistics, type GoalStatistics } from "./contract";
import goals from "./index";

// Progress per row: daily dials 25 (warning), daily transfers 100 (success), hourly dials 75 (primary),
// hourly transfers 0 (danger) → overall (25 + 100 + 75 + 0) / 4 = 50 (primary).
function statistics(overrides: Partial<GoalStatistics> = {}): GoalStatistics {
  return {
    dials: { hourly: { current: 45, target: 60 }, daily: { current: 100, target: 400 } },
    transfers: { hourly: { current: 0, target: 1 }, daily: { current: 6, target: 6 } },
    sales: { hourly: { current: 0, target: 1 }, daily: { current: 1, target: 2 } },
    new_leads: 3,
    "new-leads-threshold": 4,
    hours: 2,
    followUps: 1,
    pickups: 5,
    ...overrides,
  };
}
type Reply = FakeReply<typeof readGoalStatistics>;
const ok = (s = statistics()): Reply => ({ status: 200, data: s });

/** The bar of a goal, named after it ("Daily dials: 25%"). */
const barOf = (name: string) => new RegExp(`^${name} ?:`);

/** The cell of a goal: its count, its percentage and the colour of its bar. */
function row(name: string) {
  const bar = screen.getByRole("progressbar", { name: barOf(name) });
  const td = bar.closest("td")!;
  return {
    count: td.querySelector(".goals__count")!.textContent,
    percent: td.querySelector(".goals__percent")!.textContent,
    intent: [...bar.classList].find((c) => c.includes("intent-"))?.replace(/^.*intent-/, ""),
  };
}

describe("goals panel", () => {
  it("shows a qualifier the four goals with their percentages and colours, and the overall average", async () => {
    await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok())]) });

    expect(await screen.findByRole("progressbar", { name: barOf("Daily dials") })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "My Goals" })).toBeInTheDocument();
    expect(row("Daily dials")).toEqual({ count: "100 / 400", percent: "25%", intent: "warning" });
    expect(row("Daily transfers")).toEqual({ count: "6 / 6", percent: "100%", intent: "success" });
    expect(row("Hourly dials")).toEqual({ count: "45 / 60", percent: "75%", intent: "primary" });
    expect(row("Hourly transfers")).toEqual({ count: "0 / 1", percent: "0%", intent: "danger" });
    expect(screen.getByRole("progressbar", { name: "Daily dials: 25%" })).toHaveAttribute("aria-valuenow", "25");

    const overall = screen.getByLabelText("Overall progress 50%");
    expect(overall).toHaveTextContent("50%");
    expect(overall).toHaveClass("bp6-intent-primary");
    expect(screen.getByText("Overall daily progress")).toBeInTheDocument();
  });

  it("lays the goals out as one compact table: each kind a line, today and this hour side by side (issue 33)", async () => {
    // One goal a line was taller than the panel's default box: hourly transfers, new leads and sales were cut.
    await renderPlugin(goals, {
      gateway: fakeGateway([reply(readGoalStatistics, ok())]),
      agent: { roles: ["advisor"] },
      flags: { "new-leads-goal-count": true },
    });
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Today", "This hour"]);
    expect(within(table).getAllByRole("rowheader").map((h) => h.textContent)).toEqual([
      "Dials",
      "Transfers",
      "Sales",
      "New leads",
    ]);
    const line = (name: string) =>
      within(within(table).getByRole("rowheader", { name }).closest("tr")!)
        .getAllByRole("progressbar")
        .map((b) => b.getAttribute("aria-label"));
    expect(line("Dials")).toEqual(["Daily dials: 25%", "Hourly dials: 75%"]);
    expect(line("Transfers")).toEqual(["Daily transfers: 100%", "Hourly transfers: 0%"]);
    expect(line("Sales")).toEqual(["Daily sales: 50%", "Hourly sales: 0%"]);
    expect(line("New leads")).toEqual(["New leads: 75%"]);
  });

  it("keeps sales from a qualifier and shows them to an advisor", async () => {
    const qualifier = await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok())]) });
    await screen.findByRole("progressbar", { name: barOf("Daily dials") });
    expect(screen.queryByRole("progressbar", { name: barOf("Daily sales") })).not.toBeInTheDocument();
    expect(screen.queryByRole("progressbar", { name: barOf("Hourly sales") })).not.toBeInTheDocument();
    qualifier.unmount();

    await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok())]), agent: { roles: ["advisor"] } });
    await screen.findByRole("progressbar", { name: barOf("Daily sales") });
    expect(row("Daily sales")).toEqual({ count: "1 / 2", percent: "50%", intent: "primary" });
    expect(row("Hourly sales")).toEqual({ count: "0 / 1", percent: "0%", intent: "danger" });
    // The overall figure stays the average of dials and transfers only.
    expect(screen.getByLabelText("Overall progress 50%")).toBeInTheDocument();
  });

  it("shows new leads against the threshold only when the new-leads-goal-count flag is on", async () => {
    const off = await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok())]) });
    await screen.findByRole("progressbar", { name: barOf("Daily dials") });
    expect(screen.queryByRole("progressbar", { name: barOf("New leads") })).not.toBeInTheDocument();
    off.unmount();

    await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok())]), flags: { "new-leads-goal-count": true } });
    await screen.findByRole("progressbar", { name: barOf("New leads") });
    expect(row("New leads")).toEqual({ count: "3 / 4", percent: "75%", intent: "primary" });
  });

  it("counts new leads against a threshold of 1 when the gateway sends 0", async () => {
    await renderPlugin(goals, {
      gateway: fakeGateway([reply(readGoalStatistics, ok(statistics({ new_leads: 2, "new-leads-threshold": 0 })))]),
      flags: { "new-leads-goal-count": true },
    });
    await screen.findByRole("progressbar", { name: barOf("New leads") });
    expect(row("New leads")).toEqual({ count: "2 / 1", percent: "100%", intent: "success" });
  });

  it("stops new leads at 100 % once the threshold is reached, and says the count over the threshold", async () => {
    // Issue 13, fault 11: six new leads over the default threshold of 1 read "New leads 600%".
    await renderPlugin(goals, {
      gateway: fakeGateway([reply(readGoalStatistics, ok(statistics({ new_leads: 6, "new-leads-threshold": 1 })))]),
      flags: { "new-leads-goal-count": true },
    });
    await screen.findByRole("progressbar", { name: barOf("New leads") });
    expect(row("New leads")).toEqual({ count: "6 / 1", percent: "100%", intent: "success" });
    const bar = screen.getByRole("progressbar", { name: "New leads: 100%" });
    expect(bar).toHaveAttribute("aria-valuenow", "100");
    expect(screen.queryByText(/600/)).not.toBeInTheDocument();
  });

  it("shows the overall average with its two decimals, as the agent's language writes them", async () => {
    // 33 + 33 + 33 + 34 = 133, / 4 = 33.25 (agent-workspace §2: rounded to 2 decimals).
    const thirds = statistics({
      dials: { hourly: { current: 1, target: 3 }, daily: { current: 1, target: 3 } },
      transfers: { hourly: { current: 34, target: 100 }, daily: { current: 1, target: 3 } },
    });
    const en = await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok(thirds))]) });
    expect(await screen.findByLabelText("Overall progress 33.25%")).toHaveTextContent("33.25%");
    expect(screen.getByLabelText("Overall progress 33.25%")).toHaveClass("bp6-intent-warning");
    expect(row("Hourly transfers")).toEqual({ count: "34 / 100", percent: "34%", intent: "warning" });
    en.unmount();

    await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok(thirds))]), language: "fr" });
    expect(await screen.findByLabelText("Progression globale 33,25 %")).toHaveTextContent("33,25 %");
    expect(row("Transferts de l'heure")).toEqual({ count: "34 / 100", percent: "34 %", intent: "warning" });
  });

  it("says it is loading until the statistics arrive", async () => {
    let answer!: (r: Reply) => void;
    const gateway = fakeGateway([reply(readGoalStatistics, () => new Promise<Reply>((resolve) => (answer = resolve)))]);
    await renderPlugin(goals, { gateway });
    expect(await screen.findByRole("progressbar", { name: "Loading your goals" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();

    answer(ok());
    expect(await screen.findByRole("progressbar", { name: barOf("Daily dials") })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar", { name: "Loading your goals" })).not.toBeInTheDocument();
  });

  it("says the goals could not be loaded, and shows them once the next refresh works", async () => {
    const gateway = fakeGateway([reply(readGoalStatistics, { status: 500, data: { message: "Server Error" } })]);
    const { advance } = await renderPlugin(goals, { gateway });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your goals could not be loaded. They will be retried shortly.");

    gateway.reply(readGoalStatistics, ok());
    await advance(30_000);
    expect(await screen.findByRole("progressbar", { name: barOf("Daily dials") })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps the last numbers on screen when a refresh fails", async () => {
    const gateway = fakeGateway([reply(readGoalStatistics, ok())]);
    const { advance } = await renderPlugin(goals, { gateway });
    await screen.findByRole("progressbar", { name: barOf("Daily dials") });

    gateway.reply(readGoalStatistics, { status: 503, data: { message: "Unavailable" } });
    await advance(30_000);
    await expect.poll(() => gateway.requests.length).toBe(2);
    expect(row("Daily dials")).toEqual({ count: "100 / 400", percent: "25%", intent: "warning" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("refreshes every refreshSeconds of the variant's config while on screen, and stops when closed", async () => {
    const gateway = fakeGateway([reply(readGoalStatistics, ok())]);
    const { advance, unmount } = await renderPlugin(goals, { gateway, config: { refreshSeconds: 10 } });
    await screen.findByRole("progressbar", { name: barOf("Daily dials") });
    expect(gateway.requests).toHaveLength(1);

    gateway.reply(readGoalStatistics, ok(statistics({ dials: { hourly: { current: 60, target: 60 }, daily: { current: 400, target: 400 } } })));
    await advance(9_999);
    expect(gateway.requests).toHaveLength(1);
    await advance(1);
    expect(await screen.findByText("400 / 400")).toBeInTheDocument();
    expect(row("Daily dials")).toEqual({ count: "400 / 400", percent: "100%", intent: "success" });
    expect(gateway.requests).toHaveLength(2);

    unmount();
    await advance(60_000);
    expect(gateway.requests).toHaveLength(2);
  });

  it.each([
    ["fr", "Mes objectifs", "Appels du jour", "Progression globale 50 %"],
    ["es", "Mis metas", "Llamadas del día", "Progreso general 50 %"],
  ] as const)("speaks %s", async (language, title, dailyDials, overall) => {
    await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok())]), language, agent: { roles: ["advisor"] } });
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: barOf(dailyDials) })).toBeInTheDocument();
    expect(screen.getByLabelText(overall)).toBeInTheDocument();
    expect(screen.queryByText(/Daily|Hourly|Overall/)).not.toBeInTheDocument();
  });

  it("follows the language switch", async () => {
    const { changeLanguage } = await renderPlugin(goals, { gateway: fakeGateway([reply(readGoalStatistics, ok())]) });
    await screen.findByRole("progressbar", { name: barOf("Daily dials") });
    await changeLanguage("fr");
    expect(await screen.findByRole("progressbar", { name: barOf("Appels du jour") })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Mes objectifs" })).toBeInTheDocument();
  });
});
