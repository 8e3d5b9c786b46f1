// The disposition panel as agents see it: renderPlugin() with a leads stack, a call, a status control, a
// gateway and the manual clock.
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway } from "../../src/sdk/testing";
import type { DispositionsService } from "./service";
import { button, CALL, created, form, LEAD, mount, saving } from "./test/mount";

const options = (name: string) =>
  within(screen.getByRole("combobox", { name }))
    .getAllByRole("option")
    .map((o) => o.textContent)
    .slice(1);

describe("disposition panel", () => {
  it("waits for a lead: without one it says to switch to READY", async () => {
    await mount({ leads: [], call: null });
    expect(screen.getByRole("heading", { name: "Disposition" })).toBeInTheDocument();
    expect(
      await screen.findByText("No lead to dispose. Switch to READY to take the next call."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save & Next" })).not.toBeInTheDocument();
  });

  it("with a lead, says to dispose it and click Save & Next, both buttons disabled until a disposition is chosen", async () => {
    const { user } = await mount();
    const select = await form();
    expect(
      screen.getByText("Dispose the lead, then click Save & Next to take the next call."),
    ).toBeInTheDocument();
    expect(button("Save & Next")).toBeDisabled();
    expect(button("Save & Stop")).toBeDisabled();
    await user.selectOptions(select, "Do Not Call");
    expect(button("Save & Next")).toBeEnabled();
    expect(button("Save & Stop")).toBeEnabled();
  });

  it("saves with Save & Next: the payload, the key, the lead leaves the stack, announced, ready, success", async () => {
    const { user, saves, keys, leads, status, announced, notify } = await mount();
    await user.selectOptions(await form(), "Not Interested");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Not-interested reason (required)" }),
      "Client hung up",
    );
    await user.type(screen.getByRole("textbox", { name: "Notes" }), "Hung up at once");
    await user.click(button("Save & Next"));

    await waitFor(() => expect(status.control.request).toHaveBeenCalledWith("ready"));
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body).toEqual({
      disposition: {
        disposition: "Not Interested",
        date_time: null,
        notes: "Hung up at once",
        reason: "Client hung up",
        reason_other: null,
        reschedule_followup: false,
        short_call: false,
      },
      call_id: CALL,
    });
    expect(keys()[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(leads.control.disposed).toHaveBeenCalledWith(LEAD, "Not Interested");
    expect(notify.shown).toEqual([{ intent: "success", text: "Successfully disposed the lead!" }]);
    expect(status.control.request).toHaveBeenCalledTimes(1);
    expect(announced).toEqual([{ leadId: LEAD, disposition: "Not Interested", rescheduled: false }]);
    expect(
      await screen.findByText("No lead to dispose. Switch to READY to take the next call."),
    ).toBeInTheDocument();
  });

  it("Sold asks for the sale: Save waits until the coverage, premium, policy number and plan type are there, then sends them", async () => {
    const { user, saves } = await mount({ variant: "isius", agent: { roles: ["advisor"] }, gateway: fakeGateway([saving(created("Sold"))]) });
    await user.selectOptions(await form(), "Sold");
    const sale = screen.getByRole("group", { name: "The sale" });
    expect(within(sale).getByText("Fill in the coverage and premium amounts, the policy number and the plan type.")).toBeInTheDocument();
    expect(button("Save & Stop")).toBeDisabled();
    await user.type(within(sale).getByRole("textbox", { name: "Coverage amount (required)" }), "250,000");
    await user.type(within(sale).getByRole("textbox", { name: "Premium amount (required)" }), "$84.50");
    await user.type(within(sale).getByRole("textbox", { name: "Policy number (required)" }), "GTL-2026/0042");
    expect(options("Plan type (required)")).toEqual(["Empire", "HUB", "SLI", "GTL", "Crump"]);
    expect(button("Save & Stop")).toBeDisabled();
    await user.selectOptions(within(sale).getByRole("combobox", { name: "Plan type (required)" }), "gtl");
    expect(button("Save & Stop")).toBeEnabled();
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({
      disposition: {
        disposition: "Sold",
        sold: { coverage_amount: 250000, premium_amount: 84.5, policy_number: "GTL-2026/0042", plan_type: "gtl" },
      },
    });
  });

  it("an exception names the manager to e-mail and why; the gateway's refusal of the address shows beside it", async () => {
    const gateway = fakeGateway([
      saving({ status: 422, data: { message: "Invalid", errors: { "disposition.exception.manager_email": ["exception_not_a_manager"] } } }),
    ]);
    const { user, saves } = await mount({ gateway });
    await user.selectOptions(await form(), "Do Not Call");
    await user.click(screen.getByRole("checkbox", { name: "This disposition is an exception (a manager approves it)" }));
    const exception = screen.getByRole("group", { name: "Exception" });
    expect(button("Save & Stop")).toBeDisabled();
    await user.type(within(exception).getByRole("textbox", { name: "Manager's e-mail (required)" }), "lead@demo.test");
    await user.type(within(exception).getByRole("textbox", { name: "Reason for the exception (required)" }), "Asked by e-mail");
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({
      disposition: { exception: { manager_email: "lead@demo.test", reason: "Asked by e-mail" } },
    });
    expect(await within(exception).findByText("No manager of your call centre has this e-mail.")).toBeInTheDocument();
    // Unticked, the exception is not sent.
    await user.click(screen.getByRole("checkbox", { name: "This disposition is an exception (a manager approves it)" }));
    expect(screen.queryByRole("group", { name: "Exception" })).not.toBeInTheDocument();
  });

  it.each([
    [
      "an ISIUS qualifier",
      { variant: "isius", agent: { roles: ["qualifier"] } },
      [
        "Voicemail",
        "Callback Scheduled",
        "Appointment Setup",
        "Not Interested",
        "Not In Service",
        "Do Not Call",
        "Dead",
        "Publisher Failed Transfer",
        "Hoax",
        "Inbound-Hoax",
        "Duplicate",
        "Call Dropped",
        "Junk",
        "Disqualified Transfer",
        "Disqualified Transfer - Age",
        "Disqualified Transfer - Banking",
        "Sent External",
        "Client Looking For a Job",
      ],
    ],
    [
      "a SLICA qualifier",
      { variant: "slica", agent: { roles: ["qualifier"] } },
      [
        "Callback Scheduled",
        "Appointment Setup",
        "Not Interested",
        "Do Not Call",
        "Dead",
        "Publisher Failed Transfer",
        "Inbound-Hoax",
        "Duplicate",
        "Failed Inbound Transfer",
        "Call Dropped",
        "Junk",
        "Disqualified Transfer",
        "Disqualified Transfer - Age",
        "Disqualified Transfer - Banking",
        "Sent External",
        "Client Looking For a Job",
      ],
    ],
    [
      "an ISIUS advisor",
      { variant: "isius", agent: { roles: ["advisor"] } },
      [
        "Make Phone Appointment",
        "Not Interested",
        "Do Not Call",
        "External Follow-up",
        "External Failed Transfer",
        "Unreachable",
        "Engaged Opportunity",
        "Failed Transfer",
        "Sold",
        "Medical Disqualification",
        "Medical DQ AA/GTL",
        "Medical DQ EMC",
        "No Valid Payment",
      ],
    ],
    [
      "a SLICA advisor (Pocket shown as Follow Up)",
      { variant: "slica", agent: { roles: ["advisor"] } },
      [
        "Make Phone Appointment",
        "Internal Transfer",
        "Not Interested",
        "Do Not Call",
        "Follow Up",
        "External Follow-up",
        "External Failed Transfer",
        "Unreachable",
        "Engaged Opportunity",
        "Failed Transfer",
        "Medical Disqualification",
        "Medical DQ AA/GTL",
        "Medical DQ EMC",
        "No Valid Payment",
      ],
    ],
  ] as const)(
    "offers %s its dispositions, never Live_Transfer or Transferred to 3rd Party",
    async (_, o, expected) => {
      await mount({ ...o, agent: { ...o.agent, roles: [...o.agent.roles] } });
      await form();
      expect(options("Disposition")).toEqual(expected);
    },
  );

  it("filters not-interested reasons by role and call centre, and requires one", async () => {
    const q = await mount({ variant: "isius" });
    await q.user.selectOptions(await form(), "Not Interested");
    expect(options("Not-interested reason (required)")).toEqual([
      "Client hung up",
      "Already has coverage",
      "No longer looking for insurance",
      "Did not request information",
      "Other reason",
    ]);
    expect(screen.getByText("Choose a reason.")).toBeInTheDocument();
    expect(button("Save & Next")).toBeDisabled();
    await q.user.selectOptions(
      screen.getByRole("combobox", { name: "Not-interested reason (required)" }),
      "Client hung up",
    );
    expect(screen.queryByText("Choose a reason.")).not.toBeInTheDocument();
    expect(button("Save & Next")).toBeEnabled();
    q.unmount();

    const a = await mount({ variant: "slica", agent: { roles: ["advisor"] } });
    await a.user.selectOptions(await form(), "Not Interested");
    expect(options("Not-interested reason (required)")).toEqual([
      "Too expensive",
      "Already has coverage",
      "No longer looking for insurance",
      "Other reason",
    ]);
  });

  it("asks for the other text when Other reason is chosen, and sends it", async () => {
    const { user, saves } = await mount();
    await user.selectOptions(await form(), "Disqualified Transfer");
    expect(options("Disqualified-transfer reason (required)")).toEqual([
      "Medical",
      "Weight",
      "Requires Assistance",
      "Other reason",
    ]);
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Disqualified-transfer reason (required)" }),
      "Other reason",
    );
    const other = screen.getByRole("textbox", { name: "Other reason" });
    expect(screen.getByText("Describe the other reason.")).toBeInTheDocument();
    expect(button("Save & Stop")).toBeDisabled();
    // Until finding B free text kept printable ASCII only ("Lives abroad "); now only control characters go.
    await user.type(other, "Lives abroad ✈\u0007 ");
    expect(other).toHaveValue("Lives abroad ✈ ");
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({
      disposition: {
        disposition: "Disqualified Transfer",
        reason: "Other reason",
        reason_other: "Lives abroad ✈",
      },
    });
  });

  it("gives the medical sub-statuses a required medical reason, and callbacks an optional reason", async () => {
    const a = await mount({ agent: { roles: ["advisor"] } });
    await a.user.selectOptions(await form(), "Medical DQ EMC");
    expect(options("Medical reason (required)")).toHaveLength(7);
    expect(button("Save & Stop")).toBeDisabled();
    await a.user.selectOptions(await form(), "Medical Disqualification");
    expect(screen.queryByRole("combobox", { name: /Medical reason/ })).not.toBeInTheDocument();
    expect(button("Save & Stop")).toBeEnabled();
    a.unmount();

    const q = await mount();
    await q.user.selectOptions(await form(), "Callback Scheduled");
    expect(options("Callback reason")).toEqual([
      "Client returns from vacation",
      "Unaware of schedule",
      "Needs to speak with spouse",
      "Currently driving",
      "At work",
      "Unavailable",
    ]);
    expect(screen.queryByText("Choose a reason.")).not.toBeInTheDocument();
  });

  it("offers Sent External the destinations the account opens, and needs none when there is none", async () => {
    const isius = await mount({ agent: { accountFields: { can_transfer_to_matcha: true } } });
    await isius.user.selectOptions(await form(), "Sent External");
    expect(options("Sent-external destination (required)")).toEqual(["Matcha", "External Transfer"]);
    expect(button("Save & Next")).toBeDisabled();
    isius.unmount();

    const slica = await mount({ variant: "slica" });
    await slica.user.selectOptions(await form(), "Sent External");
    expect(screen.queryByRole("combobox", { name: /Sent-external destination/ })).not.toBeInTheDocument();
    expect(button("Save & Next")).toBeEnabled();
  });

  it("forgets the reason of the previous disposition", async () => {
    const { user, saves } = await mount();
    await user.selectOptions(await form(), "Not Interested");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Not-interested reason (required)" }),
      "Client hung up",
    );
    await user.selectOptions(await form(), "Do Not Call");
    await user.click(button("Save & Stop"));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ disposition: { disposition: "Do Not Call", reason: null } });
  });

  it("shows advisors the previous disposition only when the variant says so", async () => {
    const lead = { status: "Not Interested", qualifierName: "Dana Reyes" };
    const on = await mount({
      agent: { roles: ["advisor"] },
      config: { showPreviousToAdvisors: true },
      leads: [lead],
    });
    await form();
    expect(screen.getByText("Previous disposition: Not Interested (by Dana Reyes)")).toBeInTheDocument();
    on.unmount();

    const off = await mount({ agent: { roles: ["advisor"] }, leads: [lead] });
    await form();
    expect(screen.queryByText(/Previous disposition/)).not.toBeInTheDocument();
    off.unmount();

    await mount({ config: { showPreviousToAdvisors: true }, leads: [lead] });
    await form();
    expect(screen.queryByText(/Previous disposition/)).not.toBeInTheDocument();
  });

  it("keeps each lead's draft when the agent switches leads", async () => {
    const { user, leads } = await mount({ leads: [{ id: 30 }, { id: LEAD }] });
    await user.selectOptions(await form(), "Dead");
    act(() => leads.control.select(30));
    expect(await form()).toHaveValue("");
    act(() => leads.control.select(LEAD));
    expect(await form()).toHaveValue("Dead");
  });

  it("takes a disposition a flow sets (a confirmed live transfer), locked, and saves its wire value", async () => {
    const r = await mount();
    await form();
    act(() => r.api.preset(LEAD, { disposition: "Live_Transfer", locked: true }));
    const select = screen.getByRole("combobox", { name: "Disposition" });
    expect(select).toHaveValue("Live_Transfer");
    expect(select).toBeDisabled();
    expect(within(select).getByRole("option", { name: "Live Transfer" })).toBeInTheDocument();
    await r.user.click(button("Save & Stop"));
    await waitFor(() => expect(r.saves()).toHaveLength(1));
    expect(r.saves()[0]!.body).toMatchObject({
      disposition: { disposition: "Live_Transfer" },
      call_id: CALL,
    });
  });

  it("takes an external transfer's target as the Sent External reason", async () => {
    const r = await mount();
    await form();
    act(() =>
      (r.api as DispositionsService).preset(LEAD, { disposition: "Sent External", reason: "Acme Life" }),
    );
    expect(screen.getByRole("combobox", { name: "Sent-external destination (required)" })).toHaveValue(
      "Acme Life",
    );
    expect(button("Save & Next")).toBeEnabled();
  });

  it.each([
    [
      "fr",
      "Qualification",
      "Pas intéressé",
      "Raison du refus (obligatoire)",
      "Enregistrer et suivant",
      "Le prospect a été qualifié avec succès !",
    ],
    [
      "es",
      "Resultado",
      "No interesado",
      "Motivo de no interés (obligatorio)",
      "Guardar y siguiente",
      "¡El resultado del prospecto se registró correctamente!",
    ],
  ] as const)(
    "speaks %s, while the wire keeps the English value",
    async (language, title, ni, reason, next, saved) => {
      const gateway = fakeGateway([saving(created())]);
      const { user, saves, notify } = await mount({ language, gateway });
      expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
      const select = await screen.findByRole("combobox", { name: title });
      await user.selectOptions(select, ni);
      await user.selectOptions(screen.getByRole("combobox", { name: reason }), "Client hung up");
      await user.click(screen.getByRole("button", { name: next }));
      await waitFor(() => expect(saves()).toHaveLength(1));
      expect(saves()[0]!.body).toMatchObject({
        disposition: { disposition: "Not Interested", reason: "Client hung up" },
      });
      await waitFor(() => expect(notify.shown).toEqual([{ intent: "success", text: saved }]));
    },
  );
});
