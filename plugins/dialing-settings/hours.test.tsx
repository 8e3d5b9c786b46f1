// The Operation Hours page as a manager uses it: the week as stored (a day the engine reads as closed shows
// closed), a day closed and a time changed, the whole week saved, the gateway's answers in the admin's words.
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readOperationHours, saveOperationHours, type OperationHours } from "../../src/contract/dialer";
import { listSettingsChanges, type SettingsChange } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

const open = { from: "08:00", to: "21:00" };
const WEEK: OperationHours = {
  days: [open, open, open, open, { from: "09:00", to: "24:00" }, { from: "10:00", to: "16:00" }, { from: "00:00", to: "00:00" }],
};
const CHANGE: SettingsChange = { subject: "operation-hours", at: "2026-03-10T18:05:00.000Z", by: "Alex Admin", old: null, new: null };

type Answer = FakeReply<typeof saveOperationHours>;

async function mount(put: () => Answer = () => ({ status: 204 }), language?: "fr") {
  let stored = WEEK;
  let last: SettingsChange | null = null;
  const gateway = fakeGateway([
    reply(readOperationHours, () => ({ status: 200, data: stored })),
    reply(saveOperationHours, (req) => {
      const answer = put();
      if ("status" in answer && answer.status === 204) {
        stored = req.body;
        last = CHANGE;
      }
      return answer;
    }),
    reply(listSettingsChanges, () => ({ status: 200, data: { changes: last ? [last] : [] } })),
  ]);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, language, adminPage: "settings/operation-hours" });
  await screen.findByRole("heading", { name: /Operation Hours|Heures d'ouverture/ });
  await screen.findAllByRole("checkbox");
  return { ...view, gateway };
}

const save = () => screen.getByRole("button", { name: "Save" });

afterEach(() => vi.restoreAllMocks());

describe("the operation hours page", () => {
  it("shows the week as stored: Sunday closed, Friday until midnight, in the call centre's time zone", async () => {
    await mount();
    expect(screen.getByText(/in the call centre's time zone/)).toBeInTheDocument();
    expect(screen.getByLabelText("Monday from")).toHaveValue("08:00");
    expect(screen.getByLabelText("Friday to")).toHaveValue("00:00");
    expect(screen.getByText("Until midnight")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Closed on Sunday" })).toBeChecked();
    expect(screen.queryByLabelText("Sunday from")).not.toBeInTheDocument();
    expect(screen.getByText(/No changes recorded yet/)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it("closes Saturday, opens Sunday, changes Tuesday's end, and saves the whole week as the engine reads it", async () => {
    const m = await mount();
    await m.user.click(screen.getByRole("checkbox", { name: "Closed on Saturday" }));
    await m.user.click(screen.getByRole("checkbox", { name: "Closed on Sunday" }));
    // A reopened day starts from the call centre's usual hours.
    expect(screen.getByLabelText("Sunday from")).toHaveValue("08:00");
    const tuesdayTo = screen.getByLabelText("Tuesday to");
    await m.user.clear(tuesdayTo);
    await m.user.type(tuesdayTo, "17:30");
    expect(save()).toBeEnabled();
    await m.user.click(save());
    expect(m.gateway.requests.find((r) => r.method === "PUT")?.body).toEqual({
      days: [
        open,
        { from: "08:00", to: "17:30" },
        open,
        open,
        { from: "09:00", to: "24:00" },
        { from: "00:00", to: "00:00" },
        open,
      ],
    });
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    // Read back: the saved week and who changed it.
    expect(await screen.findByText(/Last changed by Alex Admin/)).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Closed on Saturday" })).toBeChecked();
    expect(save()).toBeDisabled();
  });

  it("refuses a day whose start is not before its end, beside it, and sends nothing", async () => {
    const m = await mount();
    const mondayTo = screen.getByLabelText("Monday to");
    await m.user.clear(mondayTo);
    await m.user.type(mondayTo, "07:00");
    expect(screen.getByText("The start must be before the end.")).toBeInTheDocument();
    expect(screen.getByLabelText("Monday to")).toHaveAttribute("aria-invalid", "true");
    await m.user.click(save());
    expect(screen.getByRole("alert")).toHaveTextContent("Some values are not valid: see the fields marked in red.");
    expect(m.gateway.requests.some((r) => r.method === "PUT")).toBe(false);
  });

  it("says the gateway's first 422 message, and the 403 and 404 texts", async () => {
    let answer: Answer = { status: 422, data: { message: "The given data was invalid.", errors: { "days.2.from": ["Use HH:MM"] } } };
    const m = await mount(() => answer);
    await m.user.click(screen.getByRole("checkbox", { name: "Closed on Monday" }));
    await m.user.click(save());
    expect(await screen.findByText("Use HH:MM", { selector: "#hours-2-error" })).toBeInTheDocument();
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Use HH:MM" });
    answer = { status: 403, data: { message: "This action is unauthorized." } };
    await m.user.click(save());
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "You are not authorized to do that." });
    answer = { status: 404, data: { message: "Not found" } };
    await m.user.click(save());
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Could not find data location." });
    expect(screen.getByRole("alert")).toHaveTextContent("Could not find data location.");
  });

  it("asks before leaving with unsaved changes", async () => {
    const m = await mount();
    await m.user.click(screen.getByRole("checkbox", { name: "Closed on Monday" }));
    expect(save()).toBeEnabled();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    await act(() => m.adminRouter!.navigate("/"));
    expect(confirm).toHaveBeenCalledWith("You have unsaved changes. Leave this page and lose them?");
    expect(screen.getByRole("checkbox", { name: "Closed on Monday" })).toBeChecked();
  });

  it("is in French for a French-speaking manager", async () => {
    await mount(undefined, "fr");
    expect(screen.getByRole("checkbox", { name: "Dimanche : fermé" })).toBeChecked();
    expect(screen.getByText(/fuseau horaire du centre d'appels/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  });
});
