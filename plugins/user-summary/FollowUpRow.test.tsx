// A follow-up row: its columns, its dial and its reschedule picker.
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dialFollowUp, listLastDials } from "../../src/contract/dialer";
import { createDisposition, IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import { fakeGateway, reply } from "../../src/sdk/testing";
import { dialled, followUp, lists, mount, moved, sentTo } from "./testing";

async function openFollowUps() {
  const r = await mount({
    agent: { roles: ["advisor"] },
    gateway: fakeGateway([
      ...lists(),
      reply(dialFollowUp, ({ body }) => dialled(body.leadId)),
      reply(createDisposition, ({ params }) => (params.id === 31 ? moved(31) : { status: 404 })),
    ]),
  });
  const table = screen.getByRole("table", { name: "Follow-ups" });
  const row = (name: string) => within(table).getByRole("cell", { name }).closest("tr")!;
  return { ...r, table, row };
}

// Call times show in the agent's zone: the tests read them in UTC.
beforeEach(() => vi.stubEnv("TZ", "UTC"));
afterEach(() => vi.unstubAllEnvs());

describe("follow-up rows", () => {
  it("show call time, call name, notes, state, type, dial and the dashboard link", async () => {
    const { table, row } = await openFollowUps();
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Call time", "Call name", "Notes", "State", "Type", "Dial", "Dashboard"]);
    const pat = row("Pat Doe");
    // Compact, in the agent's zone, this year's dates without the year.
    expect(pat).toHaveTextContent("Jan 6, 3:00 PM");
    expect(within(pat).getByRole("cell", { name: "Call after lunch" })).toBeInTheDocument();
    expect(within(pat).getByRole("cell", { name: "TX" })).toBeInTheDocument();
    expect(within(pat).getByRole("cell", { name: "Follow Up" })).toBeInTheDocument();
    const link = within(pat).getByRole("link", { name: "Open Pat Doe in the dashboard" });
    expect(link).toHaveAttribute("href", "https://dashboard.example.com/leads/31");
    expect(link).toHaveAttribute("target", "_blank");
    // Type 3 is an Engaged Opportunity; no dashboard configured, no link.
    const sam = row("Sam Roe");
    expect(within(sam).getByRole("cell", { name: "Engaged Opportunity" })).toBeInTheDocument();
    expect(within(sam).queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows the client's own time under the agent's when the client lives in another zone (a booked meeting)", async () => {
    await mount({
      agent: { roles: ["advisor"] },
      gateway: fakeGateway(
        lists({
          upcoming: [
            followUp({ kind: "Appointment Setup", timezone: "America/Los_Angeles" }),
            followUp({ id: 2, leadId: 32, name: "Sam Roe", timezone: "UTC" }),
          ],
        }),
      ),
    });
    const table = screen.getByRole("table", { name: "Follow-ups" });
    const pat = within(table).getByRole("cell", { name: "Pat Doe" }).closest("tr")!;
    expect(pat).toHaveTextContent("Jan 6, 3:00 PM");
    expect(pat).toHaveTextContent("Client: 7:00 AM PST");
    // Same zone as the agent's: nothing more to read.
    const sam = within(table).getByRole("cell", { name: "Sam Roe" }).closest("tr")!;
    expect(sam).not.toHaveTextContent("Client:");
  });

  it("dials the follow-up with an Idempotency-Key, then reads the lists again", async () => {
    const { user, gateway, reads } = await openFollowUps();
    const before = reads();
    await user.click(screen.getByRole("button", { name: "Dial Pat Doe" }));
    await waitFor(() => expect(reads()).toBe(before + 1));
    const [dial] = sentTo(gateway, dialFollowUp);
    expect(dial!.body).toEqual({ leadId: 31 });
    expect(dial!.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBeTruthy();
  });

  it("shows the gateway's reason when the dial is refused", async () => {
    const { user, gateway, notify } = await openFollowUps();
    gateway.reply(dialFollowUp, {
      status: 409,
      data: { message: "Outside the lead's calling window", errors: {} },
    });
    await user.click(screen.getByRole("button", { name: "Dial Pat Doe" }));
    await waitFor(() =>
      expect(notify.shown).toEqual([{ intent: "error", text: "Outside the lead's calling window" }]),
    );
  });

  it("cannot dial while a call is active", async () => {
    const { call } = await openFollowUps();
    expect(screen.getByRole("button", { name: "Dial Pat Doe" })).toBeEnabled();
    await act(async () => call.push({ callId: 5, status: "answered" }));
    expect(screen.getByRole("button", { name: "Dial Pat Doe" })).toBeDisabled();
  });

  it("reschedules: a picked date turns Dial into Save, which moves the follow-up with Pocket", async () => {
    const { user, gateway, notify, row } = await openFollowUps();
    const pat = row("Pat Doe");
    await user.type(within(pat).getByRole("combobox", { name: "New date for Pat Doe" }), "2026-01-07");
    expect(within(pat).queryByRole("button", { name: "Dial Pat Doe" })).not.toBeInTheDocument();
    const time = within(pat).getByRole("combobox", { name: "New time for Pat Doe (UTC)" });
    // The follow-up's own time of day is offered first, on a 12-hour clock in quarter hours.
    expect(time).toHaveDisplayValue("3:00 PM");
    await user.selectOptions(time, "3:30 PM");
    await user.click(within(pat).getByRole("button", { name: "Save the new time for Pat Doe" }));

    await waitFor(() =>
      expect(notify.shown).toEqual([{ intent: "success", text: "Follow-up rescheduled." }]),
    );
    const [save] = sentTo(gateway, createDisposition);
    expect(save!.path).toBe("/leads/31/dispositions");
    expect(save!.body).toEqual({
      disposition: {
        disposition: "Pocket",
        date_time: "2026-01-07T15:30:00.000Z",
        notes: "Call after lunch",
        reschedule_followup: true,
      },
    });
    expect(save!.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBeTruthy();
    expect(sentTo(gateway, listLastDials).length).toBeGreaterThanOrEqual(3);
    expect(await within(pat).findByRole("button", { name: "Dial Pat Doe" })).toBeInTheDocument();
  });

  it("offers today's times from 9:00 AM, and Cancel brings Dial back", async () => {
    const { user, row } = await openFollowUps();
    const pat = row("Pat Doe");
    await user.type(within(pat).getByRole("combobox", { name: "New date for Pat Doe" }), "2026-01-05");
    const options = within(
      within(pat).getByRole("combobox", { name: "New time for Pat Doe (UTC)" }),
    ).getAllByRole("option");
    expect(options[0]).toHaveTextContent("9:00 AM");
    expect(options.at(-1)).toHaveTextContent("11:45 PM");
    await user.click(within(pat).getByRole("button", { name: "Cancel the new time for Pat Doe" }));
    expect(within(pat).getByRole("button", { name: "Dial Pat Doe" })).toBeInTheDocument();
  });

  it("keeps the new time on screen when the gateway refuses it", async () => {
    const { user, gateway, notify, row } = await openFollowUps();
    gateway.reply(createDisposition, {
      status: 422,
      data: { message: "Invalid", errors: { "disposition.date_time": ["date_time required"] } },
    });
    const pat = row("Pat Doe");
    await user.type(within(pat).getByRole("combobox", { name: "New date for Pat Doe" }), "2026-01-07");
    await user.click(within(pat).getByRole("button", { name: "Save the new time for Pat Doe" }));
    await waitFor(() => expect(notify.shown).toEqual([{ intent: "error", text: "date_time required" }]));
    expect(within(pat).getByRole("button", { name: "Save the new time for Pat Doe" })).toBeEnabled();
  });
});
