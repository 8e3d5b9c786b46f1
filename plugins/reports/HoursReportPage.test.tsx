// Hours of the week as a manager reads it, over the gateway's answers: a typical day's figure per weekday and hour
// (the sums over the range's days of that weekday), the quiet hours between busy ones kept, the measure changed;
// and the same in French and Spanish with no English left.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply } from "../../src/sdk/testing";
import { hoursReport, type HoursReport } from "./contract";
import { measureOf } from "./HoursReportPage";
import plugin from "./index";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { englishLeft } from "./testing";

const manager = { id: 9, roles: ["manager"] };
const report: HoursReport = {
  from: "2026-03-02",
  to: "2026-03-15",
  time_zone: "America/New_York",
  as_of: "2026-03-15T18:00:00.000Z",
  today: "2026-03-15",
  weekdays: [2, 2, 2, 2, 2, 2, 2],
  cells: [
    { weekday: 0, hour: 9, dials: 80, contacts: 20, agent_seconds: 4 * 7200 },
    { weekday: 0, hour: 11, dials: 30, contacts: 15, agent_seconds: 2 * 7200 },
    { weekday: 4, hour: 10, dials: 10, contacts: 1, agent_seconds: 3600 },
  ],
};

async function open(language?: "fr" | "es") {
  const gateway = fakeGateway([reply(hoursReport, { status: 200, data: { data: report } })]);
  const page = await renderPlugin(plugin, {
    agent: manager,
    gateway,
    adminPage: "reports/hours",
    ...(language && { language }),
  });
  return { ...page, table: await screen.findByRole("table") };
}

describe("hours of the week", () => {
  it("shows a typical day's dials per weekday and hour, quiet hours between busy ones kept", async () => {
    const { table, user } = await open();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["9 AM", "10 AM", "11 AM"]);
    const monday = within(table).getByRole("row", { name: /Monday/ });
    expect(
      within(monday)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["40", "0", "15"]);
    await user.selectOptions(screen.getByLabelText("Show"), "agents");
    expect(
      within(within(table).getByRole("row", { name: /Monday/ })).getAllByRole("cell")[0],
    ).toHaveTextContent("4");
    await user.selectOptions(screen.getByLabelText("Show"), "contactRate");
    expect(
      within(within(table).getByRole("row", { name: /Friday/ }))
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["–", "10%", "–"]);
  });

  it("averages over the weekdays the range holds, and says nothing for one it does not", () => {
    expect(measureOf({ weekday: 0, hour: 9, dials: 9, contacts: 3, agent_seconds: 7200 }, 3, "dials")).toBe(
      3,
    );
    expect(measureOf({ weekday: 0, hour: 9, dials: 9, contacts: 3, agent_seconds: 7200 }, 2, "agents")).toBe(
      1,
    );
    expect(measureOf(undefined, 0, "dials")).toBeNull();
    expect(measureOf(undefined, 2, "dials")).toBe(0);
  });

  it("says everything in French and in Spanish", async () => {
    for (const [language, texts] of [
      ["fr", fr],
      ["es", es],
    ] as const) {
      const { unmount } = await open(language);
      expect(englishLeft(texts)).toEqual([]);
      unmount();
    }
  });
});
