// The callback picker inside the panel (agent-workspace §2): the SDK's call-time picker, UTC with the lead's
// local time beside it, 15-minute steps, 12-hour clock, earliest 9:00 today, weeks starting on Monday, in the
// agent's language; the callback types need it (§5 'date_time required'). The clock is 2026-01-05 14:00 UTC.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { button, form, mount } from "./test/mount";

type User = Awaited<ReturnType<typeof mount>>["user"];

const dateField = (name = "Callback date") => screen.getByRole("combobox", { name });
const timeField = (name = "Callback time") => screen.getByRole("combobox", { name });
const times = (name?: string) =>
  within(timeField(name))
    .getAllByRole("option")
    .slice(1)
    .map((o) => o.textContent);

async function openCalendar(user: User, name?: string) {
  await user.click(dateField(name));
  return screen.findByRole("dialog", { name: "date picker" });
}

/** Picks a day of January 2026 in the calendar, as an agent clicks it. */
async function pickDay(user: User, day: number, name?: string) {
  await user.click(within(await openCalendar(user, name)).getByRole("gridcell", { name: String(day) }));
}

describe("callback picker", () => {
  it("appears for Callback Scheduled and is required before saving", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    expect(dateField()).toHaveValue("");
    expect(timeField()).toBeDisabled();
    expect(screen.getByText("Choose the callback's date and time.")).toBeInTheDocument();
    expect(screen.getByText("Date and time are in UTC.")).toBeInTheDocument();
    expect(button("Save & Next")).toBeDisabled();
    expect(button("Save & Stop")).toBeDisabled();
  });

  it("appears for the advisors' follow-up types too, and not for others", async () => {
    const { user } = await mount({ agent: { roles: ["advisor"] }, variant: "slica" });
    for (const d of ["Pocket", "External Follow-up", "Engaged Opportunity"]) {
      await user.selectOptions(await form(), d);
      expect(dateField()).toBeInTheDocument();
    }
    await user.selectOptions(await form(), "Make Phone Appointment");
    expect(screen.queryByRole("combobox", { name: "Callback date" })).not.toBeInTheDocument();
  });

  it("shows weeks starting on Monday, only the month's own days, and no day before today (UTC)", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    const calendar = await openCalendar(user);
    const heads = within(calendar).getAllByRole("columnheader");
    expect(heads.map((h) => h.getAttribute("aria-label"))).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    // January 2026 starts on a Thursday: the first row is three empty cells, then 1 to 4.
    const days = within(calendar)
      .getAllByRole("gridcell")
      .map((c) => c.textContent)
      .filter(Boolean);
    expect(days.slice(0, 3)).toEqual(["1", "2", "3"]);
    expect(days).toHaveLength(31);
    expect(within(calendar).getByRole("gridcell", { name: "4" })).toBeDisabled();
    expect(within(calendar).getByRole("gridcell", { name: "5" })).toBeEnabled();
    expect(within(calendar).getByRole("gridcell", { name: "6" })).toBeEnabled();
    expect(within(calendar).getByRole("button", { name: "Previous month" })).toBeDisabled();
    expect(within(calendar).getByRole("button", { name: "Next month" })).toBeEnabled();
  });

  it("offers today only the quarter hours from 9:00 AM, on a 12-hour clock", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    await pickDay(user, 5);
    // The chosen day reads as a day, in the agent's language, not as YYYY-MM-DD.
    await waitFor(() => expect(dateField()).toHaveValue("Mon, Jan 5, 2026"));
    const list = times();
    expect(list.slice(0, 3)).toEqual(["9:00 AM", "9:15 AM", "9:30 AM"]);
    expect(list.at(-1)).toBe("11:45 PM");
    expect(list).toHaveLength(60);
    expect(list).toContain("12:00 PM");
    expect(list.every((t) => /^(1[0-2]|[1-9]):(00|15|30|45) (AM|PM)$/.test(t!))).toBe(true);
  });

  it("offers a later day every quarter hour, and hands the save a UTC instant", async () => {
    const { user, saves } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    await pickDay(user, 6);
    await waitFor(() => expect(dateField()).toHaveValue("Tue, Jan 6, 2026"));
    const list = times();
    expect(list).toHaveLength(96);
    expect(list.slice(0, 2)).toEqual(["12:00 AM", "12:15 AM"]);
    expect(list.every((t) => /^(1[0-2]|[1-9]):(00|15|30|45) (AM|PM)$/.test(t!))).toBe(true);

    await user.selectOptions(timeField(), "3:30 PM");
    expect(screen.queryByText("Choose the callback's date and time.")).not.toBeInTheDocument();
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({
      disposition: { disposition: "Callback Scheduled", date_time: "2026-01-06T15:30:00.000Z" },
    });
  });

  it("shows the lead's local time beside the UTC time, and the lead's zone until a time is chosen", async () => {
    const { user } = await mount({ leads: [{ timezone: "America/New_York" }] });
    await user.selectOptions(await form(), "Callback Scheduled");
    expect(screen.getByRole("status")).toHaveTextContent("Lead's time zone: EST (America/New York)");
    await pickDay(user, 6);
    await user.selectOptions(timeField(), "3:30 PM");
    const local = screen.getByRole("status");
    expect(local).toHaveTextContent("Lead's local time: Tue, Jan 6, 10:30 AM EST");
    // The time field is described by it, so a screen reader says both.
    expect(timeField()).toHaveAccessibleDescription("Lead's local time: Tue, Jan 6, 10:30 AM EST");
    // Late in the UTC day is the lead's evening.
    await user.selectOptions(timeField(), "12:15 AM");
    expect(local).toHaveTextContent("Lead's local time: Mon, Jan 5, 7:15 PM EST");
  });

  it("says so when the lead's time zone is unknown", async () => {
    const { user } = await mount({ leads: [{ timezone: null }] });
    await user.selectOptions(await form(), "Callback Scheduled");
    await pickDay(user, 6);
    await user.selectOptions(timeField(), "3:30 PM");
    expect(screen.getByRole("status")).toHaveTextContent("The lead's time zone is unknown.");
  });

  it("drops a time the new day does not offer (before 9:00 today)", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    await pickDay(user, 6);
    await user.selectOptions(timeField(), "8:00 AM");
    await pickDay(user, 5);
    await waitFor(() => expect(dateField()).toHaveValue("Mon, Jan 5, 2026"));
    expect(timeField()).toHaveValue("");
    expect(screen.getByText("Choose the callback's date and time.")).toBeInTheDocument();
  });

  it("takes a typed date, and refuses one before today", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    const input = dateField();
    await user.type(input, "2026-01-07{Enter}");
    await waitFor(() => expect(timeField()).toBeEnabled());
    await user.clear(input);
    await user.type(input, "2026-01-02{Enter}");
    expect(timeField()).toBeDisabled();
    expect(button("Save & Next")).toBeDisabled();
  });

  it("is operated by keyboard alone: Tab into the calendar, arrows to a day, Enter, then the time", async () => {
    const { user, saves } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    await user.tab(); // the callback reason
    await user.tab(); // the callback date opens its calendar
    expect(dateField()).toHaveFocus();
    const calendar = await screen.findByRole("dialog", { name: "date picker" });
    await user.tab(); // into the calendar
    expect(calendar).toContainElement(document.activeElement as HTMLElement);
    // Tab reaches today's day, then the arrows move by day and by week.
    while (document.activeElement?.getAttribute("role") !== "gridcell") await user.tab();
    expect(document.activeElement).toHaveTextContent("5");
    await user.keyboard("{ArrowRight}{ArrowDown}{Enter}");
    await waitFor(() => expect(dateField()).toHaveValue("Tue, Jan 13, 2026"));
    await user.selectOptions(timeField(), "10:00 AM");
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ disposition: { date_time: "2026-01-13T10:00:00.000Z" } });
  });

  it("speaks French: the calendar, the day, the UTC note and the lead's time", async () => {
    const { user } = await mount({ language: "fr", leads: [{ timezone: "America/New_York" }] });
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Qualification" }),
      "Callback Scheduled",
    );
    expect(screen.getByText("La date et l'heure sont en UTC.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "Fuseau horaire du prospect : EST (America/New York)",
    );
    const calendar = await openCalendar(user, "Date du rappel");
    expect(within(calendar).getAllByRole("columnheader")[0]).toHaveAttribute("aria-label", "lundi");
    expect(within(calendar).getByRole("combobox", { name: "Mois" })).toHaveDisplayValue("janvier");
    expect(within(calendar).getByRole("button", { name: "Mois suivant" })).toBeEnabled();
    await user.click(within(calendar).getByRole("gridcell", { name: "6" }));
    await waitFor(() => expect(dateField("Date du rappel")).toHaveValue("mar. 6 janv. 2026"));
    expect(times("Heure du rappel").slice(0, 2)).toEqual(["12:00 AM", "12:15 AM"]);
    await user.selectOptions(timeField("Heure du rappel"), "15:30");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Heure locale du prospect : mar. 6 janv., 10:30 AM EST",
    );
  });

  it("speaks Spanish: a. m. and p. m., the calendar, and the lead's time", async () => {
    const { user } = await mount({ language: "es", leads: [{ timezone: "America/New_York" }] });
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "Resultado" }),
      "Callback Scheduled",
    );
    const date = "Fecha de la devolución de llamada";
    const time = "Hora de la devolución de llamada";
    expect(screen.getByText("La fecha y la hora están en UTC.")).toBeInTheDocument();
    expect(within(timeField(time)).getByRole("option", { name: "Elija una hora" })).toBeInTheDocument();
    const calendar = await openCalendar(user, date);
    expect(within(calendar).getAllByRole("columnheader")[0]).toHaveAttribute("aria-label", "lunes");
    expect(within(calendar).getByRole("button", { name: "Mes anterior" })).toBeDisabled();
    await user.click(within(calendar).getByRole("gridcell", { name: "5" }));
    await waitFor(() => expect(dateField(date)).toHaveValue("lun. 5 ene 2026"));
    expect(times(time).slice(0, 2)).toEqual(["9:00 a. m.", "9:15 a. m."]);
    expect(times(time).at(-1)).toBe("11:45 p. m.");
    await user.selectOptions(timeField(time), "15:30");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Hora local del prospecto: lun. 5 ene, 10:30 a. m. EST",
    );
  });
});
