// The goals panel as an agent sees it, mounted through renderPlugin() with a fake gateway and a manual clock.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, type Reply } from "../../src/sdk/testing";
import type { GoalStatistics } from "./contract";
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
const ok = (s = statistics()): Reply => ({ status: 200, data: s });
const URL = "GET /agents/42/statistics";

/** The row of a goal: its count, its percentage and the colour of its bar. */
function row(name: string) {
  const tr = screen.getByRole("rowheader", { name }).closest("tr")!;
  const bar = within(tr).getByRole("progressbar");
  return {
    count: tr.querySelector(".goals__count")!.textContent,
    percent: tr.querySelector(".goals__percent")!.textContent,
    intent: [...bar.classList].find((c) => c.includes("intent-"))?.replace(/^.*intent-/, ""),
  };
}

describe("goals panel", () => {
  it("shows a qualifier the four goals with their percentages and colours, and the overall average", async () => {
    await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok() }) });

    expect(await screen.findByRole("rowheader", { name: "Daily dials" })).toBeInTheDocument();
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

  it("keeps sales from a qualifier and shows them to an advisor", async () => {
    const qualifier = await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok() }) });
    await screen.findByRole("rowheader", { name: "Daily dials" });
    expect(screen.queryByRole("rowheader", { name: "Daily sales" })).not.toBeInTheDocument();
    expect(screen.queryByRole("rowheader", { name: "Hourly sales" })).not.toBeInTheDocument();
    qualifier.unmount();

    await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok() }), agent: { roles: ["advisor"] } });
    await screen.findByRole("rowheader", { name: "Daily sales" });
    expect(row("Daily sales")).toEqual({ count: "1 / 2", percent: "50%", intent: "primary" });
    expect(row("Hourly sales")).toEqual({ count: "0 / 1", percent: "0%", intent: "danger" });
    // The overall figure stays the average of dials and transfers only.
    expect(screen.getByLabelText("Overall progress 50%")).toBeInTheDocument();
  });

  it("shows new leads against the threshold only when the new-leads-goal-count flag is on", async () => {
    const off = await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok() }) });
    await screen.findByRole("rowheader", { name: "Daily dials" });
    expect(screen.queryByRole("rowheader", { name: "New leads" })).not.toBeInTheDocument();
    off.unmount();

    await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok() }), flags: { "new-leads-goal-count": true } });
    await screen.findByRole("rowheader", { name: "New leads" });
    expect(row("New leads")).toEqual({ count: "3 / 4", percent: "75%", intent: "primary" });
  });

  it("counts new leads against a threshold of 1 when the gateway sends 0", async () => {
    await renderPlugin(goals, {
      gateway: fakeGateway({ [URL]: ok(statistics({ new_leads: 2, "new-leads-threshold": 0 })) }),
      flags: { "new-leads-goal-count": true },
    });
    await screen.findByRole("rowheader", { name: "New leads" });
    expect(row("New leads")).toEqual({ count: "2 / 1", percent: "100%", intent: "success" });
  });

  it("stops new leads at 100 % once the threshold is reached, and says the count over the threshold", async () => {
    // Issue 13, fault 11: six new leads over the default threshold of 1 read "New leads 600%".
    await renderPlugin(goals, {
      gateway: fakeGateway({ [URL]: ok(statistics({ new_leads: 6, "new-leads-threshold": 1 })) }),
      flags: { "new-leads-goal-count": true },
    });
    await screen.findByRole("rowheader", { name: "New leads" });
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
    const en = await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok(thirds) }) });
    expect(await screen.findByLabelText("Overall progress 33.25%")).toHaveTextContent("33.25%");
    expect(screen.getByLabelText("Overall progress 33.25%")).toHaveClass("bp6-intent-warning");
    expect(row("Hourly transfers")).toEqual({ count: "34 / 100", percent: "34%", intent: "warning" });
    en.unmount();

    await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok(thirds) }), language: "fr" });
    expect(await screen.findByLabelText("Progression globale 33,25 %")).toHaveTextContent("33,25 %");
    expect(row("Transferts de l'heure")).toEqual({ count: "34 / 100", percent: "34 %", intent: "warning" });
  });

  it("says it is loading until the statistics arrive", async () => {
    let answer!: (r: Reply) => void;
    const gateway = fakeGateway({ [URL]: () => new Promise<Reply>((resolve) => (answer = resolve)) });
    await renderPlugin(goals, { gateway });
    expect(await screen.findByRole("progressbar", { name: "Loading your goals" })).toBeInTheDocument();
    expect(screen.queryByRole("rowheader")).not.toBeInTheDocument();

    answer(ok());
    expect(await screen.findByRole("rowheader", { name: "Daily dials" })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar", { name: "Loading your goals" })).not.toBeInTheDocument();
  });

  it("says the goals could not be loaded, and shows them once the next refresh works", async () => {
    const gateway = fakeGateway({ [URL]: { status: 500, data: { message: "Server Error" } } });
    const { advance } = await renderPlugin(goals, { gateway });
    expect(await screen.findByRole("alert")).toHaveTextContent("Your goals could not be loaded. They will be retried shortly.");

    gateway.routes[URL] = ok();
    await advance(30_000);
    expect(await screen.findByRole("rowheader", { name: "Daily dials" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps the last numbers on screen when a refresh fails", async () => {
    const gateway = fakeGateway({ [URL]: ok() });
    const { advance } = await renderPlugin(goals, { gateway });
    await screen.findByRole("rowheader", { name: "Daily dials" });

    gateway.routes[URL] = { status: 503, data: { message: "Unavailable" } };
    await advance(30_000);
    await expect.poll(() => gateway.requests.length).toBe(2);
    expect(row("Daily dials")).toEqual({ count: "100 / 400", percent: "25%", intent: "warning" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("refreshes every refreshSeconds of the variant's config while on screen, and stops when closed", async () => {
    const gateway = fakeGateway({ [URL]: ok() });
    const { advance, unmount } = await renderPlugin(goals, { gateway, config: { refreshSeconds: 10 } });
    await screen.findByRole("rowheader", { name: "Daily dials" });
    expect(gateway.requests).toHaveLength(1);

    gateway.routes[URL] = ok(statistics({ dials: { hourly: { current: 60, target: 60 }, daily: { current: 400, target: 400 } } }));
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
    await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok() }), language, agent: { roles: ["advisor"] } });
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: dailyDials })).toBeInTheDocument();
    expect(screen.getByLabelText(overall)).toBeInTheDocument();
    expect(screen.queryByText(/Daily|Hourly|Overall/)).not.toBeInTheDocument();
  });

  it("follows the language switch", async () => {
    const { changeLanguage } = await renderPlugin(goals, { gateway: fakeGateway({ [URL]: ok() }) });
    await screen.findByRole("rowheader", { name: "Daily dials" });
    await changeLanguage("fr");
    expect(await screen.findByRole("rowheader", { name: "Appels du jour" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Mes objectifs" })).toBeInTheDocument();
  });
});
