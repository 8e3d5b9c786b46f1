// Every rule that disables Save and Next (agent-workspace §4), seen by the agent; Save and Stop stays the way
// out for the rules about going on to the next call.
import { act, screen, waitFor } from "@testing-library/react";
import { observable, runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { fakeGateway } from "../../src/sdk/testing";
import { button, CALL, created, form, LEAD, mount, saving } from "./test/mount";

const DOB_ALERT =
  "The client's date of birth must be a valid YYYY-MM-DD date, yesterday at the latest, before the lead can be disposed.";

const enabled = () => ({
  next: button("Save & Next").matches(":enabled"),
  stop: button("Save & Stop").matches(":enabled"),
});

describe("Save and Next is disabled", () => {
  it("when no disposition is chosen", async () => {
    await mount();
    await form();
    expect(enabled()).toEqual({ next: false, stop: false });
  });

  it("when a qualifier's Dead has no notes, and says why", async () => {
    const { user } = await mount();
    await user.selectOptions(await form(), "Dead");
    expect(screen.getByText("Explain in the notes why the lead is dead.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Notes (required)" })).toBeInTheDocument();
    expect(enabled()).toEqual({ next: false, stop: false });
    await user.type(screen.getByRole("textbox", { name: "Notes (required)" }), "   ");
    expect(enabled()).toEqual({ next: false, stop: false });
    await user.type(screen.getByRole("textbox", { name: "Notes (required)" }), "Passed away");
    expect(enabled()).toEqual({ next: true, stop: true });
  });

  it("but not for an outbound-eligible agent's Dead, which needs no notes", async () => {
    const { user } = await mount({ agent: { roles: ["advisor", "outbound-eligible"] } });
    await user.selectOptions(await form(), "Dead");
    expect(screen.queryByText("Explain in the notes why the lead is dead.")).not.toBeInTheDocument();
    expect(enabled()).toEqual({ next: true, stop: true });
  });

  it.each([
    ["in another format", "04/02/1960"],
    ["with month 13", "1960-13-02"],
    ["of today", "2026-01-05"],
  ])("when a client's dob is %s, with the required_dob_format alert", async (_, dob) => {
    const { user } = await mount({
      leads: [
        {
          clients: [
            { firstName: "Pat", lastName: "Doe", dob: "1960-04-02" },
            { firstName: "Sam", lastName: "Doe", dob },
          ],
        },
      ],
    });
    await user.selectOptions(await form(), "Do Not Call");
    expect(screen.getByRole("alert")).toHaveTextContent(DOB_ALERT);
    expect(enabled()).toEqual({ next: false, stop: false });
  });

  it("not for an unknown (empty) dob", async () => {
    const { user } = await mount({ leads: [{ clients: [{ firstName: "Pat", lastName: "Doe", dob: "" }] }] });
    await user.selectOptions(await form(), "Do Not Call");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(enabled()).toEqual({ next: true, stop: true });
  });

  it("when a status guard keeps Ready away (enforced overdue follow-ups), with its reason; Save and Stop still disposes", async () => {
    const { user, status } = await mount();
    await user.selectOptions(await form(), "Do Not Call");
    const overdue = observable.box(true);
    const reason = "You have overdue follow-ups. Dial or reschedule them before you switch to Ready.";
    act(
      () =>
        void status.control.addGuard({
          id: "user-summary.overdue",
          blocks: "ready",
          reason: () => (overdue.get() ? reason : null),
        }),
    );
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(enabled()).toEqual({ next: false, stop: true });
    act(() => runInAction(() => overdue.set(false)));
    expect(screen.queryByText(reason)).not.toBeInTheDocument();
    expect(enabled()).toEqual({ next: true, stop: true });
  });

  it("when 2 or more leads await a disposition; Save and Stop still disposes", async () => {
    const { user, leads } = await mount({ leads: [{ id: 30 }, { id: LEAD }], awaiting: 2 });
    await user.selectOptions(await form(), "Do Not Call");
    expect(
      screen.getByText("Several leads are waiting for a disposition: dispose of them before the next call."),
    ).toBeInTheDocument();
    expect(enabled()).toEqual({ next: false, stop: true });
    act(() => runInAction(() => void (leads.state.awaiting = 1)));
    expect(enabled()).toEqual({ next: true, stop: true });
  });

  it("when calling is disabled by a manager, and follows the manager's toggle", async () => {
    const { user, status } = await mount();
    act(() => status.setDeactivated(true));
    await user.selectOptions(await form(), "Do Not Call");
    expect(screen.getByText("A manager disabled calling for your extension.")).toBeInTheDocument();
    expect(enabled()).toEqual({ next: false, stop: true });
    act(() => status.setDeactivated(false));
    expect(enabled()).toEqual({ next: true, stop: true });
    act(() => status.setDeactivated(true));
    expect(enabled()).toEqual({ next: false, stop: true });
  });

  it("while a save is pending", async () => {
    const gateway = fakeGateway([saving(() => new Promise(() => {}))]);
    const { user, saves } = await mount({ gateway });
    await user.selectOptions(await form(), "Do Not Call");
    await user.click(button("Save & Next"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(enabled()).toEqual({ next: false, stop: false });
    expect(screen.getByRole("combobox", { name: "Disposition" })).toBeDisabled();
  });

  it("while the lead's call is still up: the disposition opens at hangup", async () => {
    const { user, call } = await mount({ call: { status: "answered" } });
    await user.selectOptions(await form(), "Do Not Call");
    expect(screen.getByText("The lead can be disposed once the call has ended.")).toBeInTheDocument();
    expect(enabled()).toEqual({ next: false, stop: false });
    act(() =>
      call.push({
        callId: CALL,
        leadId: LEAD,
        type: "auto",
        status: "ended",
        endedAt: "2026-01-05T14:01:00.000Z",
      }),
    );
    expect(enabled()).toEqual({ next: true, stop: true });
  });

  it("while the agent is on another lead's call, but not while one only rings", async () => {
    const { user, call } = await mount({ call: null });
    await user.selectOptions(await form(), "Do Not Call");
    expect(enabled()).toEqual({ next: true, stop: true });
    act(() =>
      call.push({
        callId: CALL + 1,
        leadId: 99,
        type: "inbound",
        direction: 1,
        status: "incoming",
        bridged: false,
      }),
    );
    expect(enabled()).toEqual({ next: true, stop: true });
    act(() => call.push({ callId: CALL + 1, leadId: 99, type: "inbound", direction: 1, status: "answered" }));
    expect(enabled()).toEqual({ next: false, stop: false });
  });

  it("while another flow holds the lead (an automatic Voicemail), saying why; the flow's save closes the lead", async () => {
    const gateway = fakeGateway([saving(created("Voicemail"))]);
    const { user, leads, saves, api, announced } = await mount({ gateway });
    await user.selectOptions(await form(), "Do Not Call");
    let release = () => {};
    act(
      () =>
        void (release = api.hold(
          LEAD,
          () => "An automatic Voicemail disposition is under way for this lead.",
        )),
    );
    expect(
      screen.getByText("An automatic Voicemail disposition is under way for this lead."),
    ).toBeInTheDocument();
    expect(enabled()).toEqual({ next: false, stop: false });
    expect(screen.getByRole("combobox", { name: "Disposition" })).toBeDisabled();

    const outcome = await act(() =>
      api.save(LEAD, {
        disposition: { disposition: "Voicemail", notes: "", reschedule_followup: false, short_call: false },
        call_id: CALL,
      }),
    );
    act(() => release());
    expect(outcome).toMatchObject({ ok: true });
    expect(leads.control.disposed).toHaveBeenCalledWith(LEAD, "Voicemail");
    expect(announced).toEqual([{ leadId: LEAD, disposition: "Voicemail", rescheduled: false }]);
    expect(
      await screen.findByText("No lead to dispose. Switch to READY to take the next call."),
    ).toBeInTheDocument();
    expect(saves()).toHaveLength(1);
  });

  it("until the hold is released", async () => {
    const { user, api } = await mount();
    await user.selectOptions(await form(), "Do Not Call");
    let release = () => {};
    act(() => void (release = api.hold(LEAD, () => "Busy elsewhere")));
    expect(enabled()).toEqual({ next: false, stop: false });
    act(() => release());
    expect(screen.queryByText("Busy elsewhere")).not.toBeInTheDocument();
    expect(enabled()).toEqual({ next: true, stop: true });
  });
});
