// The reschedule control of a follow-up row (agent-workspace §2): the SDK's call-time picker, compact, in UTC
// with the agent's own clock beside it (the row carries no lead time zone), 15-minute steps, a 12-hour clock,
// from 9:00 today, weeks starting on Monday, in the agent's language. The clock is 2026-01-05 14:00 UTC; the
// agent's browser is in Chicago, so no day may shift between the calendar and the UTC value.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDisposition } from "../../src/contract/dispositions";
import { fakeGateway, reply } from "../../src/sdk/testing";
import { defaultTime, toIso } from "./picker";
import { lists, mount, moved, sentTo } from "./testing";

let savedTz: string | undefined;
beforeEach(() => {
  savedTz = process.env.TZ;
  process.env.TZ = "America/Chicago"; // Node applies a new TZ at once
});
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

async function openRow(language?: "fr" | "es") {
  const r = await mount({
    agent: { roles: ["advisor"] },
    language,
    gateway: fakeGateway([...lists(), reply(createDisposition, ({ params }) => (params.id === 31 ? moved(31) : { status: 404 }))]),
  });
  const table = screen.getByRole("table", { name: /^(Follow-ups|Suivis|Seguimientos)$/ });
  const row = within(table).getByRole("cell", { name: "Pat Doe" }).closest("tr")!;
  return { ...r, row: within(row) };
}

describe("reschedule picker", () => {
  it("keeps the follow-up's own time of day when the new day offers it, else the day's first slot", () => {
    expect(defaultTime("2026-01-06T15:07:00.000Z", "2026-01-09", "2026-01-05")).toBe("15:00");
    expect(defaultTime("2026-01-06T07:30:00.000Z", "2026-01-05", "2026-01-05")).toBe("09:00");
    expect(defaultTime("not a date", "2026-01-09", "2026-01-05")).toBe("00:00");
    expect(toIso("2026-01-07", "")).toBeNull();
  });

  it("opens a Monday-first calendar from today, then offers quarter hours on a 12-hour clock from 9:00 today", async () => {
    const { user, row } = await openRow();
    expect(row.queryByRole("combobox", { name: "New time for Pat Doe (UTC)" })).not.toBeInTheDocument();
    await user.click(row.getByRole("combobox", { name: "New date for Pat Doe" }));
    const calendar = await screen.findByRole("dialog", { name: "date picker" });
    expect(within(calendar).getAllByRole("columnheader")[0]).toHaveAttribute("aria-label", "Monday");
    expect(within(calendar).getByRole("gridcell", { name: "4" })).toBeDisabled();
    await user.click(within(calendar).getByRole("gridcell", { name: "5" }));
    await waitFor(() =>
      expect(row.getByRole("combobox", { name: "New date for Pat Doe" })).toHaveValue("Mon, Jan 5, 2026"),
    );
    const options = within(row.getByRole("combobox", { name: "New time for Pat Doe (UTC)" }))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options[0]).toBe("9:00 AM");
    expect(options.at(-1)).toBe("11:45 PM");
    expect(options).toHaveLength(60);
    expect(options.every((t) => /^(1[0-2]|[1-9]):(00|15|30|45) (AM|PM)$/.test(t!))).toBe(true);
  });

  it("shows the agent's local time beside the UTC time, and hands the save a UTC instant", async () => {
    const { user, row, gateway } = await openRow();
    await user.click(row.getByRole("combobox", { name: "New date for Pat Doe" }));
    const calendar = await screen.findByRole("dialog", { name: "date picker" });
    await user.click(within(calendar).getByRole("gridcell", { name: "7" }));
    const time = row.getByRole("combobox", { name: "New time for Pat Doe (UTC)" });
    // The follow-up was at 3:00 PM UTC: 9:00 AM in Chicago.
    expect(time).toHaveDisplayValue("3:00 PM");
    expect(row.getByRole("status")).toHaveTextContent("Your local time: Wed, Jan 7, 9:00 AM CST");
    await user.selectOptions(time, "1:15 AM");
    expect(row.getByRole("status")).toHaveTextContent("Your local time: Tue, Jan 6, 7:15 PM CST");
    expect(time).toHaveAccessibleDescription("Your local time: Tue, Jan 6, 7:15 PM CST");
    await user.click(row.getByRole("button", { name: "Save the new time for Pat Doe" }));
    await waitFor(() => expect(sentTo(gateway, createDisposition)).toHaveLength(1));
    const [save] = sentTo(gateway, createDisposition);
    expect(save!.path).toBe("/leads/31/dispositions");
    expect(save!.body).toMatchObject({ disposition: { date_time: "2026-01-07T01:15:00.000Z" } });
  });

  it("speaks French and Spanish", async () => {
    const fr = await openRow("fr");
    await fr.user.type(fr.row.getByRole("combobox", { name: "Nouvelle date pour Pat Doe" }), "2026-01-07");
    expect(fr.row.getByRole("combobox", { name: "Nouvelle heure pour Pat Doe (UTC)" })).toHaveDisplayValue(
      "3:00 PM",
    );
    expect(fr.row.getByRole("status")).toHaveTextContent("Votre heure locale : mer. 7 janv., 9:00 AM CST");
    fr.unmount();

    const es = await openRow("es");
    await es.user.type(es.row.getByRole("combobox", { name: "Nueva fecha para Pat Doe" }), "2026-01-07");
    expect(es.row.getByRole("combobox", { name: "Nueva hora para Pat Doe (UTC)" })).toHaveDisplayValue(
      "3:00 p. m.",
    );
    expect(es.row.getByRole("status")).toHaveTextContent("Su hora local: mié. 7 ene, 9:00 a. m. CST");
  });
});
