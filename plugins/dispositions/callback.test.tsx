// The callback picker inside the panel (agent-workspace §2): UTC, 15-minute steps, 12-hour clock, earliest
// 9:00 today, weeks starting on Monday; the callback types need it (§5 'date_time required').
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { button, form, mount } from "./test/mount";

const times = () =>
  within(screen.getByRole("combobox", { name: "Callback time" }))
    .getAllByRole("option")
    .slice(1)
    .map((o) => o.textContent);

async function openCalendar(user: Awaited<ReturnType<typeof mount>>["user"]) {
  await user.click(screen.getByRole("combobox", { name: "Callback date" }));
  return screen.findByRole("dialog", { name: "date picker" });
}

describe("callback picker", () => {
  it("appears for Callback Scheduled and is required before saving", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    expect(screen.getByRole("combobox", { name: "Callback date" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Callback time" })).toBeDisabled();
    expect(screen.getByText("Choose the callback's date and time.")).toBeInTheDocument();
    expect(screen.getByText("Date and time are in UTC.")).toBeInTheDocument();
    expect(button("Save & Next")).toBeDisabled();
    expect(button("Save & Stop")).toBeDisabled();
  });

  it("appears for the advisors' follow-up types too, and not for others", async () => {
    const { user } = await mount({ agent: { roles: ["advisor"] }, variant: "slica" });
    for (const d of ["Pocket", "External Follow-up", "Engaged Opportunity"]) {
      await user.selectOptions(await form(), d);
      expect(screen.getByRole("combobox", { name: "Callback date" })).toBeInTheDocument();
    }
    await user.selectOptions(await form(), "Make Phone Appointment");
    expect(screen.queryByRole("combobox", { name: "Callback date" })).not.toBeInTheDocument();
  });

  it("shows weeks starting on Monday and no day before today (UTC)", async () => {
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
    expect(within(calendar).getByRole("gridcell", { name: "4" })).toBeDisabled();
    expect(within(calendar).getByRole("gridcell", { name: "5" })).toBeEnabled();
    expect(within(calendar).getByRole("gridcell", { name: "6" })).toBeEnabled();
  });

  it("offers today the quarter hours from 9:00 AM, on a 12-hour clock", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    await user.click(within(await openCalendar(user)).getByRole("gridcell", { name: "5" }));
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Callback date" })).toHaveValue("2026-01-05"),
    );
    const list = times();
    expect(list.slice(0, 3)).toEqual(["9:00 AM", "9:15 AM", "9:30 AM"]);
    expect(list.at(-1)).toBe("11:45 PM");
    expect(list).toHaveLength(60);
    expect(list).toContain("12:00 PM");
  });

  it("offers a later day every quarter hour, and saves the callback as a UTC instant", async () => {
    const { user, saves } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    await user.click(within(await openCalendar(user)).getByRole("gridcell", { name: "6" }));
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Callback date" })).toHaveValue("2026-01-06"),
    );
    const list = times();
    expect(list).toHaveLength(96);
    expect(list.slice(0, 2)).toEqual(["12:00 AM", "12:15 AM"]);
    expect(list.every((t) => /^(1[0-2]|[1-9]):(00|15|30|45) (AM|PM)$/.test(t!))).toBe(true);

    await user.selectOptions(screen.getByRole("combobox", { name: "Callback time" }), "3:30 PM");
    expect(screen.queryByText("Choose the callback's date and time.")).not.toBeInTheDocument();
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({
      disposition: { disposition: "Callback Scheduled", date_time: "2026-01-06T15:30:00.000Z" },
    });
  });

  it("drops a time the new day does not offer (before 9:00 today)", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    await user.click(within(await openCalendar(user)).getByRole("gridcell", { name: "6" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Callback time" }), "8:00 AM");
    await user.click(within(await openCalendar(user)).getByRole("gridcell", { name: "5" }));
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Callback date" })).toHaveValue("2026-01-05"),
    );
    expect(screen.getByRole("combobox", { name: "Callback time" })).toHaveValue("");
    expect(screen.getByText("Choose the callback's date and time.")).toBeInTheDocument();
  });

  it("takes a typed date, and refuses one before today", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Callback Scheduled");
    const input = screen.getByRole("combobox", { name: "Callback date" });
    await user.type(input, "2026-01-07{Enter}");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Callback time" })).toBeEnabled());
    await user.clear(input);
    await user.type(input, "2026-01-02{Enter}");
    expect(screen.getByRole("combobox", { name: "Callback time" })).toBeDisabled();
    expect(button("Save & Next")).toBeDisabled();
  });
});
