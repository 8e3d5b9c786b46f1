// Saving a disposition: one Idempotency-Key per attempt, reused by every retry; the lead leaves the stack and
// the save is announced; Save and Next asks for ready (the auto-dial loop follows the recorded status by
// itself), Save and Stop asks for after-call work.
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createDisposition } from "../../src/contract/dispositions";
import { fakeGateway, NETWORK_DOWN, reply, type FakeReply } from "../../src/sdk/testing";
import { button, CALL, created, form, LEAD, leadSave, mount, saving } from "./test/mount";

const SAVED = "Successfully disposed the lead!";
const FAILED = "Could not dispose the lead. Please try again or contact support.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Chooses Do Not Call, which needs nothing else. */
async function ready(user: Awaited<ReturnType<typeof mount>>["user"]) {
  await user.selectOptions(await form(), "Do Not Call");
}

describe("saving a disposition", () => {
  it("Save & Stop saves, takes the lead off the stack, announces it and stays in after-call work", async () => {
    const { user, saves, status, leads, announced, notify } = await mount();
    await ready(user);
    await user.click(button("Save & Stop"));
    // Stop means stop: after-call work held, auto-ready and the auto-dial loop left out until the agent chooses.
    await waitFor(() => expect(status.control.stayInAfterCallWork).toHaveBeenCalledTimes(1));
    expect(saves()).toHaveLength(1);
    expect(leads.control.disposed).toHaveBeenCalledWith(LEAD, "Do Not Call");
    expect(status.control.request).not.toHaveBeenCalled();
    expect(announced).toEqual([{ leadId: LEAD, disposition: "Do Not Call", rescheduled: false }]);
    expect(notify.shown).toEqual([{ intent: "success", text: SAVED }]);
  });

  it("Save & Next only asks for ready: the auto-dial loop follows the status the gateway records", async () => {
    const r = await mount();
    await ready(r.user);
    await r.user.click(button("Save & Next"));
    await waitFor(() => expect(r.status.control.request).toHaveBeenCalledWith("ready"));
    expect(r.status.control.request).toHaveBeenCalledTimes(1);
    expect(r.status.state.current).toBe("ready");
    expect(r.announced).toEqual([{ leadId: LEAD, disposition: "Do Not Call", rescheduled: false }]);
  });

  it("keeps the saved disposition when the status change is refused (the core shows why)", async () => {
    const r = await mount();
    vi.mocked(r.status.control.request).mockRejectedValue(new Error("refused"));
    await ready(r.user);
    await r.user.click(button("Save & Next"));
    await waitFor(() => expect(r.status.control.request).toHaveBeenCalled());
    await act(async () => {});
    expect(r.leads.control.disposed).toHaveBeenCalledWith(LEAD, "Do Not Call");
    expect(r.notify.shown).toEqual([{ intent: "success", text: SAVED }]);
  });

  // Until finding B the notes kept printable ASCII only ("Caf ok\nnext").
  it("sends the call's id and short_call, and the notes without control characters, accents kept", async () => {
    const { user, saves } = await mount({
      call: { type: "inbound", direction: 1 },
      services: [],
    });
    await ready(user);
    await user.type(screen.getByRole("textbox", { name: "Notes" }), "Café\t☕ ok{Enter}next");
    expect(screen.getByRole("textbox", { name: "Notes" })).toHaveValue("Café☕ ok\nnext");
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({
      call_id: CALL,
      disposition: { notes: "Café☕ ok\nnext", short_call: false },
    });
  });

  it("marks a short inbound call", async () => {
    const r = await mount({ call: { type: "inbound", direction: 1 } });
    act(() => r.call.current.markSettled(30, true));
    await ready(r.user);
    await r.user.click(button("Save & Stop"));
    await waitFor(() => expect(r.saves()).toHaveLength(1));
    expect(r.saves()[0]!.body).toMatchObject({ disposition: { short_call: true } });
  });

  it("sends no call_id for a lead that is not on the agent's call", async () => {
    const { user, saves } = await mount({ call: { leadId: 99 } });
    await ready(user);
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ call_id: null });
  });

  it("retries a network failure, a 5xx or a 409 after 1, 2 and 4 s under the same key", async () => {
    const answers: FakeReply<typeof createDisposition>[] = [
      NETWORK_DOWN,
      { status: 503, data: { message: "Unavailable" } },
      { status: 409, data: { message: "A request with this Idempotency-Key is still being processed." } },
      created("Do Not Call"),
    ];
    const gateway = fakeGateway([saving(() => answers.shift()!)]);
    const { user, saves, keys, advance, notify, leads } = await mount({ gateway });
    await ready(user);
    await user.click(button("Save & Next"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(button("Save & Next")).toBeDisabled();
    expect(button("Save & Stop")).toBeDisabled();

    for (const [delay, n] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await advance(delay - 1);
      expect(saves()).toHaveLength(n - 1);
      await advance(1);
      await waitFor(() => expect(saves()).toHaveLength(n));
    }
    await waitFor(() => expect(notify.shown).toEqual([{ intent: "success", text: SAVED }]));
    expect(new Set(keys()).size).toBe(1);
    expect(keys()[0]).toMatch(UUID);
    expect(leads.control.disposed).toHaveBeenCalledTimes(1);
  });

  it("once the retries ran out, says so, keeps the form as sent, and saves again under the same key", async () => {
    const gateway = fakeGateway([saving(NETWORK_DOWN)]);
    const { user, saves, keys, advance, notify, leads } = await mount({ gateway });
    await ready(user);
    await user.type(screen.getByRole("textbox", { name: "Notes" }), "first");
    await user.click(button("Save & Next"));
    for (const [delay, n] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await waitFor(() => expect(saves()).toHaveLength(n - 1));
      await advance(delay);
    }
    await waitFor(() => expect(notify.shown).toEqual([{ intent: "error", text: FAILED }]));
    expect(screen.getByRole("alert")).toHaveTextContent(FAILED);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Save again to retry: the lead will not be disposed twice.",
    );
    expect(leads.control.disposed).not.toHaveBeenCalled();
    // Nothing may change what is resent under that key.
    expect(screen.getByRole("combobox", { name: "Disposition" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Notes" })).toBeDisabled();

    gateway.reply(createDisposition, leadSave(created("Do Not Call")));
    await user.click(button("Save & Next"));
    await waitFor(() => expect(notify.shown.at(-1)).toEqual({ intent: "success", text: SAVED }));
    expect(saves()).toHaveLength(5);
    expect(new Set(keys()).size).toBe(1);
    expect(saves()[4]!.body).toEqual(saves()[0]!.body);
  });

  it("shows a refusal (422) under its field without retrying, and the corrected save is a new attempt", async () => {
    const gateway = fakeGateway([
      saving({
        status: 422,
        data: {
          message: "The given data was invalid.",
          errors: { "disposition.notes": ["notes is too long"] },
        },
      }),
    ]);
    const { user, saves, keys, advance, notify } = await mount({ gateway });
    await ready(user);
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(notify.shown).toEqual([{ intent: "error", text: FAILED }]));
    expect(screen.getByText("notes is too long")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The given data was invalid.");
    await advance(60_000);
    expect(saves()).toHaveLength(1);

    await user.type(screen.getByRole("textbox", { name: "Notes" }), "shorter");
    expect(screen.queryByText("notes is too long")).not.toBeInTheDocument();
    gateway.reply(createDisposition, leadSave(created("Do Not Call")));
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(keys()[0]).not.toBe(keys()[1]);
  });

  it("translates the gateway's error key under its field", async () => {
    const gateway = fakeGateway([
      saving({
        status: 422,
        data: {
          message: "The given data was invalid.",
          errors: { "disposition.reason": ["reason_unavailable"] },
        },
      }),
    ]);
    const { user, notify } = await mount({ gateway });
    await user.selectOptions(await form(), "Not Interested");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Not-interested reason (required)" }),
      "Client hung up",
    );
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(notify.shown).toHaveLength(1));
    expect(screen.getByText("This reason is not one of the disposition's reasons.")).toBeInTheDocument();
  });

  it("shows the gateway's 'date_time required' under the callback time", async () => {
    const gateway = fakeGateway([
      saving({
        status: 422,
        data: {
          message: "The given data was invalid.",
          errors: { "disposition.date_time": ["date_time required"] },
        },
      }),
    ]);
    const { user, notify } = await mount({ gateway, agent: { roles: ["advisor"] } });
    // A follow-up whose date the gateway refuses (for example a clock that moved on in between).
    await user.selectOptions(await form(), "Engaged Opportunity");
    await user.type(screen.getByRole("combobox", { name: "Callback date" }), "2026-01-06{Enter}");
    await user.selectOptions(screen.getByRole("combobox", { name: "Callback time" }), "10:00 AM");
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(notify.shown).toHaveLength(1));
    expect(screen.getByText("date_time required")).toBeInTheDocument();
  });

  it("never sends a second save: not on a double click, and not after the first one succeeded", async () => {
    const { user, saves, api, notify } = await mount({ leads: [{ id: 30 }, { id: LEAD }], awaiting: 1 });
    await ready(user);
    const next = button("Save & Next");
    await Promise.all([user.click(next), user.click(next)]);
    await waitFor(() => expect(notify.shown).toHaveLength(1));
    expect(saves()).toHaveLength(1);
    // The stack moved on to lead 30; asking again for 31 finds nothing to save.
    await act(() => api.saveAnd("next"));
    await act(() => api.saveAnd("stop"));
    expect(saves()).toHaveLength(1);
    expect(screen.getByRole("combobox", { name: "Disposition" })).toHaveValue("");
  });

  it("refuses to save the same call twice even if the lead stays on screen", async () => {
    const r = await mount();
    r.leads.control.disposed = () => {}; // a stack that keeps the lead
    await ready(r.user);
    await r.user.click(button("Save & Stop"));
    await waitFor(() => expect(r.notify.shown).toHaveLength(1));
    expect(await screen.findByText("This lead has been disposed.")).toBeInTheDocument();
    expect(button("Save & Next")).toBeDisabled();
    expect(button("Save & Stop")).toBeDisabled();
    await act(() => r.api.saveAnd("stop"));
    expect(r.saves()).toHaveLength(1);
  });

  it("uses a new key for the next lead", async () => {
    const gateway = fakeGateway([
      reply(createDisposition, ({ params }) =>
        params.id === LEAD ? created("Do Not Call") : params.id === 30 ? created() : { status: 404 },
      ),
    ]);
    const { user, keys, gateway: g } = await mount({ gateway, leads: [{ id: 30 }, { id: LEAD }] });
    await ready(user);
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(keys()).toHaveLength(1));
    await ready(user);
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(g.requests).toHaveLength(2));
    const all = g.requests.map((q) => q.headers["idempotency-key"]);
    expect(all[0]).not.toBe(all[1]);
  });
});
