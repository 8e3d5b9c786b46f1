// The time-zone dropdown: the country's zones with their local time now, moving on with the given clock.
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../shared/clock";
import { TimeZoneField } from "./TimeZoneField";
import { renderForm } from "./testing";

// Monday January 5, 2026, 14:00:30 UTC: 9:00 AM in New York.
const START = Date.parse("2026-01-05T14:00:30.000Z");
const optionsOf = (name: string) =>
  within(screen.getByRole("combobox", { name }))
    .getAllByRole("option")
    .map((o) => o.textContent);

describe("time-zone dropdown", () => {
  it("lists the six US zones with their local time", async () => {
    const clock = manualClock(START);
    await renderForm(<TimeZoneField name="timezone" label="Time zone" country="US" clock={clock} />);
    expect(optionsOf("Time zone")).toEqual([
      "Choose…",
      "Eastern (New York) · 9:00 AM",
      "Central (Chicago) · 8:00 AM",
      "Mountain (Denver) · 7:00 AM",
      "Pacific (Los Angeles) · 6:00 AM",
      "Alaska (Anchorage) · 5:00 AM",
      "Hawaii (Honolulu) · 4:00 AM",
    ]);
  });

  it("lists the six Canadian zones, keeps the IANA name, and ticks with the clock", async () => {
    const clock = manualClock(START);
    const { user, values } = await renderForm(
      <TimeZoneField name="timezone" label="Time zone" country="CA" clock={clock} />,
    );
    expect(optionsOf("Time zone")).toEqual([
      "Choose…",
      "Newfoundland (St. John's) · 10:30 AM",
      "Atlantic (Halifax) · 10:00 AM",
      "Eastern (Toronto) · 9:00 AM",
      "Central (Winnipeg) · 8:00 AM",
      "Mountain (Edmonton) · 7:00 AM",
      "Pacific (Vancouver) · 6:00 AM",
    ]);
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Time zone" }),
      "Eastern (Toronto) · 9:00 AM",
    );
    expect(values().timezone).toBe("America/Toronto");
    act(() => clock.advance(29_000));
    expect(optionsOf("Time zone")[3]).toBe("Eastern (Toronto) · 9:00 AM");
    act(() => clock.advance(1_000));
    expect(optionsOf("Time zone")[3]).toBe("Eastern (Toronto) · 9:01 AM");
    act(() => clock.advance(4 * 3_600_000));
    expect(optionsOf("Time zone")[3]).toBe("Eastern (Toronto) · 1:01 PM");
    expect(screen.getByRole("combobox", { name: "Time zone" })).toHaveValue("America/Toronto");
  });

  it("groups all twelve by country without one, and keeps a zone the country does not offer", async () => {
    const clock = manualClock(START);
    await renderForm(
      <>
        <TimeZoneField name="any" label="Any zone" clock={clock} />
        <TimeZoneField name="other" label="Lead zone" country="CA" clock={clock} />
      </>,
      { initialValues: { other: "America/Chicago" }, language: "es" },
    );
    const any = screen.getByRole("combobox", { name: "Any zone" });
    expect(
      within(any)
        .getAllByRole("group")
        .map((g) => g.getAttribute("label")),
    ).toEqual(["Zonas de Estados Unidos", "Zonas de Canadá"]);
    expect(within(any).getAllByRole("option")).toHaveLength(13);
    expect(optionsOf("Lead zone")[1]).toBe("Hora del Centro (Chicago) · 8:00 a. m.");
    expect(screen.getByRole("combobox", { name: "Lead zone" })).toHaveValue("America/Chicago");
  });

  it.each([
    ["fr-CA", "Heure de l'Est (Toronto) · 9 h 00", "Heure de l'Est (Toronto) · 13 h 01"],
    ["fr", "Heure de l'Est (Toronto) · 9:00", "Heure de l'Est (Toronto) · 13:01"],
  ] as const)("writes the times as %s writes them, not in English (issue 33)", async (language, nine, past) => {
    // "1:56 PM" stood beside "16 h 53" on a French screen.
    const clock = manualClock(START);
    await renderForm(<TimeZoneField name="timezone" label="Fuseau" country="CA" clock={clock} />, { language });
    expect(optionsOf("Fuseau")[3]).toBe(nine);
    act(() => clock.advance(4 * 3_600_000 + 30_000));
    expect(optionsOf("Fuseau")[3]).toBe(past);
    expect(optionsOf("Fuseau").join(" ")).not.toMatch(/AM|PM/);
  });
});
