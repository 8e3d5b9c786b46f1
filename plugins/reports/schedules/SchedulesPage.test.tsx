// The scheduled e-mails page as a manager uses it, over the gateway's answers: the call centre's schedules with when
// they go (in its time zone), the last e-mail and why the last try failed; a new one made in the dialog (an address
// refused as typed, a weekly one's weekday, several addresses, sent once under its Idempotency-Key), a refusal of the
// gateway beside its field, an edit, Send now, Delete after a confirmation; and all of it in French and Spanish.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply } from "../../../src/sdk/testing";
import plugin from "../index";
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  SCHEDULE_MESSAGES,
  sendScheduleNow,
  updateSchedule,
  type ReportSchedule,
  type ScheduledReport,
  type ScheduleInput,
} from "./contract";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { englishLeft } from "../testing";

const manager = { id: 9, roles: ["manager"] };

const daily: ReportSchedule = {
  id: 1,
  name: "Yesterday on the floor",
  report: "agents",
  range: "yesterday",
  by: "day",
  frequency: "daily",
  weekday: null,
  hour: 7,
  recipients: ["manager.isius@demo.test", "owner@example.test"],
  active: true,
  next_run_at: "2026-01-06T12:00:00.000Z",
  last_sent_at: "2026-01-05T12:00:00.000Z",
  last_error: null,
  created_by: "Dana Whitfield",
};
const refused: ReportSchedule = {
  ...daily,
  id: 2,
  name: "Weekly hours",
  report: "hours",
  by: null,
  range: "last_week",
  frequency: "weekly",
  weekday: 0,
  hour: 8,
  recipients: ["ops@example.test"],
  next_run_at: "2026-01-12T13:00:00.000Z",
  last_sent_at: null,
  last_error: {
    kind: "transport",
    detail: "EENVELOPE",
    at: "2026-01-05T13:10:00.000Z",
    attempts: 5,
    given_up: true,
  },
};

async function open(language?: "fr" | "es") {
  let schedules = [daily, refused];
  let next = 3;
  const gateway = fakeGateway([
    reply(listSchedules, () => ({
      status: 200,
      data: {
        data: schedules,
        time_zone: "America/New_York",
        reports: ["agents", "hours"] as ScheduledReport[],
      },
    })),
    reply(createSchedule, ({ body }) => {
      const b = body as ScheduleInput;
      if (b.name === "Taken")
        return {
          status: 422,
          data: { message: "The given data was invalid.", errors: { report: [SCHEDULE_MESSAGES.notYet] } },
        };
      const made: ReportSchedule = {
        ...daily,
        ...b,
        id: next++,
        last_sent_at: null,
        next_run_at: "2026-01-07T12:00:00.000Z",
      };
      schedules = [...schedules, made];
      return { status: 201, data: { data: made } };
    }),
    reply(updateSchedule, ({ params, body }) => {
      const changed = { ...schedules.find((s) => s.id === params.id)!, ...(body as ScheduleInput) };
      schedules = schedules.map((s) => (s.id === params.id ? changed : s));
      return { status: 200, data: { data: changed } };
    }),
    reply(deleteSchedule, ({ params }) => {
      schedules = schedules.filter((s) => s.id !== params.id);
      return { status: 204, data: null };
    }),
    reply(sendScheduleNow, ({ params }) => {
      const s = schedules.find((x) => x.id === params.id)!;
      return { status: 200, data: { data: { ...s, last_sent_at: "2026-01-05T14:00:00.000Z" }, sent: true } };
    }),
  ]);
  const page = await renderPlugin(plugin, {
    agent: manager,
    gateway,
    adminPage: "reports/schedules",
    ...(language && { language }),
  });
  await screen.findByRole("table", { name: /Scheduled e-mails|Envois programmés|Envíos programados/ });
  return { ...page, gateway };
}

const rowOf = (name: string) => screen.getByRole("row", { name: new RegExp(name) });
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole("cell")
    .map((c) => c.textContent);

describe("the scheduled e-mails page", { timeout: 20_000 }, () => {
  it("lists the call centre's schedules: report, range, when, addresses, next and last e-mail, and why one failed", async () => {
    await open();
    expect(screen.getByRole("heading", { name: "Scheduled e-mails", level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/at an hour of the call centre \(America\/New_York time\)/)).toBeInTheDocument();
    expect(cells("Yesterday on the floor")).toEqual([
      "Agent performance · By day",
      "Yesterday",
      "Every day at 7:00 AM",
      "manager.isius@demo.test, owner@example.test",
      "Jan 6, 2026, 7:00 AM",
      "Jan 5, 2026, 7:00 AM",
      expect.stringContaining("Send now"),
    ]);
    expect(cells("Weekly hours").slice(0, 6)).toEqual([
      "Hours of the week",
      "Last week (Monday to Sunday)",
      "Every Monday at 8:00 AM",
      "ops@example.test",
      "Jan 12, 2026, 8:00 AM",
      "Not yetNot sent after 5 tries: the mail server refused it (EENVELOPE)",
    ]);
  });

  it("makes a weekly schedule to several addresses, refusing an address as it is typed, and sends it once", async () => {
    const { user, gateway } = await open();
    await user.click(screen.getByRole("button", { name: "New schedule" }));
    const dialog = screen.getByRole("dialog", { name: "New scheduled e-mail" });
    const inside = within(dialog);
    // Reports whose CSV the gateway cannot send yet are offered, but not to choose.
    expect(inside.getByRole("option", { name: "Compliance (not yet available)" })).toBeDisabled();
    await user.type(inside.getByLabelText(/^Name/), "Monday hours");
    await user.selectOptions(inside.getByLabelText(/^Report/), "hours");
    expect(inside.queryByLabelText(/^Rows/)).not.toBeInTheDocument();
    await user.selectOptions(inside.getByLabelText(/^Range/), "last_week");
    await user.selectOptions(inside.getByLabelText(/^Frequency/), "weekly");
    await user.selectOptions(inside.getByLabelText(/^Day of the week/), "0");
    await user.selectOptions(inside.getByLabelText(/^Hour/), "8");
    await user.type(inside.getByLabelText(/^Address 1/), "ops@example");
    await user.click(inside.getByRole("button", { name: "Add an address" }));
    // The SDK's e-mail field says it (the same rule as the gateway's).
    expect(await inside.findByText("Email is not valid")).toBeInTheDocument();
    await user.type(inside.getByLabelText(/^Address 1/), ".test");
    await user.type(inside.getByLabelText(/^Address 2/), "Owner@Example.test");
    await user.click(inside.getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const sent = gateway.requests.filter((r) => r.method === "POST" && r.path.endsWith("/reports/schedules"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers["idempotency-key"]).toBeTruthy();
    expect(sent[0]!.body).toEqual({
      name: "Monday hours",
      report: "hours",
      range: "last_week",
      by: null,
      frequency: "weekly",
      weekday: 0,
      hour: 8,
      recipients: ["ops@example.test", "Owner@Example.test"],
      active: true,
    });
    expect(await screen.findByRole("row", { name: /Monday hours/ })).toBeInTheDocument();
  });

  it("says the gateway's refusal beside its field", async () => {
    const { user } = await open();
    await user.click(screen.getByRole("button", { name: "New schedule" }));
    const inside = within(screen.getByRole("dialog"));
    await user.type(inside.getByLabelText(/^Name/), "Taken");
    await user.type(inside.getByLabelText(/^Address 1/), "ops@example.test");
    await user.click(inside.getByRole("button", { name: "Schedule" }));
    expect(await inside.findByText("This report cannot be sent by e-mail yet.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("edits a schedule, sends one now, and deletes one after asking", async () => {
    const { user, gateway } = await open();
    await user.click(within(rowOf("Yesterday on the floor")).getByRole("button", { name: "Edit" }));
    const inside = within(screen.getByRole("dialog", { name: "Edit “Yesterday on the floor”" }));
    expect(inside.getByLabelText(/^Address 2/)).toHaveValue("owner@example.test");
    await user.click(inside.getByRole("button", { name: "Remove address 2" }));
    await user.selectOptions(inside.getByLabelText(/^Rows/), "week");
    await user.click(inside.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const put = gateway.requests.find((r) => r.method === "PUT");
    expect(put?.path).toMatch(/\/reports\/schedules\/1$/);
    expect(put?.body).toMatchObject({ by: "week", recipients: ["manager.isius@demo.test"] });
    expect(await screen.findByText("Agent performance")).toBeInTheDocument();

    await user.click(within(rowOf("Weekly hours")).getByRole("button", { name: "Send now" }));
    expect(await screen.findByRole("status")).toHaveTextContent("The e-mail “Weekly hours” was sent.");

    await user.click(within(rowOf("Weekly hours")).getByRole("button", { name: "Delete" }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert).toHaveTextContent("Delete the schedule “Weekly hours”? No more e-mails will be sent.");
    await user.click(within(alert).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("row", { name: /Weekly hours/ })).not.toBeInTheDocument());
    expect(
      gateway.requests.some((r) => r.method === "DELETE" && r.path.endsWith("/reports/schedules/2")),
    ).toBe(true);
  });

  it("says everything in French and in Spanish", async () => {
    for (const [language, texts] of [
      ["fr", fr],
      ["es", es],
    ] as const) {
      const { unmount, user } = await open(language);
      expect(englishLeft(texts, en)).toEqual([]);
      await user.click(screen.getByRole("button", { name: texts.schedules.new }));
      expect(englishLeft(texts, en)).toEqual([]);
      unmount();
    }
  });
});
