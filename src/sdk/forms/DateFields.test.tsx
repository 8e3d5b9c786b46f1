// Dates: YYYY-MM-DD typed or picked on a Monday-first calendar within min and max; a date and time as one UTC
// instant from quarter hours on a 12-hour clock.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DateField, DateTimeField, quartersOf } from "./DateFields";
import { renderForm } from "./testing";

// Blueprint's calendar and Leaflet are heavy in jsdom, and CI shares two cores: room to breathe.
describe("date fields", { timeout: 15_000 }, () => {
  it("takes a typed day, refuses one outside min and max, and opens a Monday-first calendar", async () => {
    const { user, values, submit } = await renderForm(
      <DateField name="day" label="Desired date" min="2026-01-05" max="2026-02-05" today="2026-01-05" />,
      { initialValues: { day: "2026-03-01" } },
    );
    await submit();
    expect(screen.getByText("Choose a date from 2026-01-05 to 2026-02-05.")).toBeInTheDocument();
    const input = screen.getByRole("combobox", { name: "Desired date" });
    await user.clear(input);
    await user.paste("2026-01-08");
    await user.tab();
    expect(values().day).toBe("2026-01-08");
    expect(screen.queryByText(/Choose a date from/)).not.toBeInTheDocument();
    await user.click(input);
    const calendar = await screen.findByRole("dialog", { name: "date picker" });
    await waitFor(() =>
      expect(
        within(calendar)
          .getAllByRole("columnheader")
          .map((h) => h.getAttribute("aria-label"))[0],
      ).toBe("Monday"),
    );
    await user.click(within(calendar).getByRole("gridcell", { name: "9" }));
    expect(values().day).toBe("2026-01-09");
  });

  it("offers the quarter hours between min and max", () => {
    expect(quartersOf("2026-01-05", "2026-01-05T22:50:00.000Z")).toEqual([
      "23:00",
      "23:15",
      "23:30",
      "23:45",
    ]);
    expect(quartersOf("2026-01-06", undefined, "2026-01-06T00:30:00.000Z")).toEqual([
      "00:00",
      "00:15",
      "00:30",
    ]);
    expect(quartersOf("2026-01-07")).toHaveLength(96);
  });

  it("keeps a day and a quarter hour as one UTC instant, on a 12-hour clock", async () => {
    const { user, values } = await renderForm(
      <DateTimeField
        name="meeting"
        label="Meeting"
        min="2026-01-05T15:00:00.000Z"
        max="2026-03-01T00:00:00.000Z"
        today="2026-01-05"
      />,
    );
    const group = screen.getByRole("group", { name: "Meeting" });
    const time = within(group).getByRole("combobox", { name: "Time" });
    expect(time).toBeDisabled();
    await user.click(within(group).getByRole("combobox", { name: "Date" }));
    await user.paste("2026-01-05");
    await user.tab();
    expect(values().meeting ?? null).toBeNull();
    const options = within(time)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options.slice(0, 4)).toEqual(["Choose a time", "3:00 PM", "3:15 PM", "3:30 PM"]);
    expect(options.at(-1)).toBe("11:45 PM");
    await user.selectOptions(time, "4:45 PM");
    expect(values().meeting).toBe("2026-01-05T16:45:00.000Z");
    expect(screen.getByText("Date and time are in UTC.")).toBeInTheDocument();
  });
});
