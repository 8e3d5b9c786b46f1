// The team's chart as a manager and a screen reader meet it: uPlot (which needs a real canvas) is replaced by a
// stand-in that keeps what it was given, so the test checks the series and points handed to it, the image's
// one-line summary, and the same figures in the table a screen reader reads instead of the canvas.
import { render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import en from "./locales/en.json";
import type { TeamPeriodRow } from "./contract";
import { blankSums, pointsOf } from "./metrics";
import TeamChart from "./TeamChart";

const drawn = vi.hoisted(() => ({
  plots: [] as { opts: { series: { label?: string }[] }; data: number[][]; root: HTMLElement }[],
}));
vi.mock("uplot", () => {
  class FakePlot {
    root = document.createElement("div");
    constructor(opts: { series: { label?: string }[] }, data: number[][], target: HTMLElement) {
      target.append(this.root);
      drawn.plots.push({ opts, data, root: this.root });
    }
    setSize() {}
    destroy() {}
    static paths = { bars: () => () => null };
  }
  return { default: FakePlot };
});

const i18n = i18next.createInstance();
beforeAll(async () => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { reports: en } }, ns: ["reports"] });
});

const point = (period: string, dials: number, contacts: number, booked: number): TeamPeriodRow => ({
  ...blankSums(),
  period,
  dials,
  contacts,
  dispositions: booked ? { "Appointment Setup": booked } : ({} as Record<string, number>),
});

describe("the team's chart", () => {
  it("draws the team's dials, contacts and bookings per period, and says them in words and in a table", () => {
    // Out of order as a map would give them: the chart draws them in order.
    const points = pointsOf([point("2026-03-09", 70, 30, 4), point("2026-03-02", 60, 15, 2)]);
    render(
      <I18nextProvider i18n={i18n}>
        <TeamChart points={points} by="week" />
      </I18nextProvider>,
    );
    const plot = drawn.plots.at(-1)!;
    expect(plot.opts.series.map((s) => s.label)).toEqual([undefined, "Dials", "Contacts", "Bookings"]);
    expect(plot.data.slice(1)).toEqual([
      [60, 70],
      [15, 30],
      [2, 4],
    ]);
    expect(screen.getByRole("img")).toHaveAccessibleName(
      "Dials, contacts and bookings of the team over 2 periods; the most dials on Mar 9, 2026 (70).",
    );
    expect(
      screen.getByRole("figure", { name: "The team by week: dials, contacts and bookings" }),
    ).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "The team's dials, contacts and bookings by period" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["WeekDialsContactsBookings", "Mar 2, 202660152", "Mar 9, 202670304"]);
  });
});
