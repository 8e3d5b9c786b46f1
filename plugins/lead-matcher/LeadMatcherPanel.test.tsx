// The lead matcher as an agent uses it on an inbound call: the phone is required and must have ten digits,
// Search finds the lead the call centre already has (or says none has the number), Link asks in a dialog and
// then moves the call to that lead, which becomes the desk's lead; Keep new starts afresh; another call does
// too; a refused link says why.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { callKey, leadsKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  leadView,
  provide,
  renderPlugin,
  reply,
  type FakeReply,
} from "../../src/sdk/testing";
import { BY_PHONE_MATCH, type LeadSummary } from "../../src/contract/leads";
import { linkCallToLead, readLeadByPhone } from "./contract";
import plugin from "./index";

/** The lead the call centre already has, as GET /leads/by-phone answers it. */
const existing: LeadSummary = {
  id: 88,
  marketing_id: "M-88",
  first_name: "Pat",
  last_name: "Doe",
  phone: "2125550142",
  status: "Callback",
  language: "en",
  state: "ny",
  timezone: "America/New_York",
};

const PANEL = /^(Link to existing lead|Lier à un prospect existant|Vincular a un prospecto existente)$/;

async function mount(
  o: {
    onCall?: boolean;
    language?: "en" | "fr" | "es";
    link?: FakeReply<typeof linkCallToLead>;
    search?: FakeReply<typeof readLeadByPhone>;
    variant?: "isius" | "slica";
  } = {},
) {
  const call = fakeCallControl();
  const leads = fakeLeads([leadView({ id: 31, firstName: "Inbound", lastName: "caller" })]);
  const gateway = fakeGateway([
    // The matcher's look-up (type=match) of the number the call centre has; any other finds nothing.
    reply(readLeadByPhone, ({ params, query }) =>
      query.type === BY_PHONE_MATCH && params.phone === "2125550142"
        ? (o.search ?? { status: 200, data: { data: existing } })
        : { status: 404, data: { message: "No leads were found" } },
    ),
    reply(linkCallToLead, ({ params }) =>
      params.callId === 7
        ? (o.link ?? { status: 200, data: { data: existing, from: { lead_id: 31, removed: true } } })
        : { status: 404 },
    ),
  ]);
  const view = await renderPlugin(plugin, {
    gateway,
    agent: { roles: ["qualifier"] },
    language: o.language,
    variant: o.variant,
    services: [provide(callKey, call.control), provide(leadsKey, leads.control)],
  });
  if (o.onCall !== false)
    act(() => call.push({ callId: 7, leadId: 31, type: "inbound", direction: 1, phone: "+13125550100" }));
  const user = userEvent.setup({ advanceTimers: (ms) => view.clock.advance(ms) });
  const panel = await screen.findByRole("region", { name: PANEL });
  // The panel's code loads lazily, behind the frame's spinner.
  await waitFor(() => expect(within(panel).queryByRole("progressbar")).not.toBeInTheDocument());
  return { ...view, call, leads, user, panel, gateway };
}

const phoneField = (panel: HTMLElement) => within(panel).getByRole("textbox", { name: /^Phone/ });

async function search(m: Awaited<ReturnType<typeof mount>>, phone: string) {
  const field = phoneField(m.panel);
  await m.user.clear(field);
  if (phone) await m.user.type(field, phone);
  await m.user.click(within(m.panel).getByRole("button", { name: "Search" }));
}

describe("the lead matcher panel", { timeout: 20_000 }, () => {
  it("waits for a call with a lead", async () => {
    const m = await mount({ onCall: false });
    expect(
      within(m.panel).getByText("On a call, links it to a lead the call centre already has."),
    ).toBeVisible();
    expect(within(m.panel).queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("shows an example number of the call centre's own country: Toronto's for SLICA, New York's for ISIUS (issue 33)", async () => {
    const slica = await mount({ variant: "slica" });
    expect(phoneField(slica.panel)).toHaveAttribute("placeholder", "(416) 555-0142");
    slica.unmount();
    const isius = await mount({ variant: "isius" });
    expect(phoneField(isius.panel)).toHaveAttribute("placeholder", "(212) 555-0142");
  });

  it("requires the phone, then ten digits once the formatting is stripped, before asking the gateway", async () => {
    const m = await mount();
    expect(phoneField(m.panel)).toHaveAccessibleName("Phone (required)");
    await search(m, "");
    expect(within(m.panel).getByText("The phone is required.")).toBeVisible();
    expect(phoneField(m.panel)).toHaveAttribute("aria-invalid", "true");
    await search(m, "212-555-014");
    expect(within(m.panel).getByText("Please enter a valid phone number")).toBeVisible();
    expect(phoneField(m.panel)).toHaveAccessibleDescription("Please enter a valid phone number");
    await search(m, "+1 (212) 555-0142");
    expect(within(m.panel).getByText("Please enter a valid phone number")).toBeVisible();
    expect(m.gateway.requests).toEqual([]);
    // Typing again clears the message.
    await m.user.type(phoneField(m.panel), "1");
    expect(within(m.panel).queryByText("Please enter a valid phone number")).not.toBeInTheDocument();
  });

  it("finds the lead by phone in any format, without claiming it, and shows its name, phone and state", async () => {
    const m = await mount();
    await search(m, "(212) 555-0142");
    expect(m.gateway.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /leads/by-phone/2125550142?type=match",
    ]);
    const found = await within(m.panel).findByRole("group", {
      name: "A lead already has this phone number.",
    });
    expect(within(found).getByText("Pat Doe")).toBeVisible();
    expect(within(found).getByText("(212) 555-0142")).toBeVisible();
    expect(within(found).getByText("NY")).toBeVisible();
    // Screen readers hear what each fact is.
    expect(
      within(found)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Name", "Phone", "State"]);
    expect(within(found).getByRole("button", { name: "Link" })).toBeEnabled();
    expect(within(found).getByRole("button", { name: "Keep new" })).toBeEnabled();
  });

  it("says when no lead has the number", async () => {
    const m = await mount();
    await search(m, "312.555.0199");
    expect(await within(m.panel).findByRole("status")).toHaveTextContent("No lead has this phone number.");
    expect(within(m.panel).queryByRole("button", { name: "Link" })).not.toBeInTheDocument();
  });

  it("links after the confirmation: the call moves on the gateway and the desk's lead becomes the lead found", async () => {
    const m = await mount();
    await search(m, "2125550142");
    await m.user.click(await within(m.panel).findByRole("button", { name: "Link" }));
    const dialog = await screen.findByRole("dialog", { name: "Link to existing lead" });
    expect(dialog).toHaveTextContent("Link this call to Pat Doe, (212) 555-0142?");
    await m.user.click(within(dialog).getByRole("button", { name: "Link the call" }));

    const put = m.gateway.requests.find((r) => r.method === "PUT")!;
    expect(put).toMatchObject({ url: "/calls/7/lead", body: { lead_id: 88 } });
    expect(put.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(m.leads.control.callLinked).toHaveBeenCalledWith(31, 88);
    expect(m.leads.control.current?.id).toBe(88);
    expect(m.leads.control.leadIds).toEqual([88]);
    expect(m.notify.shown.map((n) => n.text)).toContain("The call is now linked to Pat Doe.");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The matcher starts afresh.
    expect(phoneField(m.panel)).toHaveValue("");
    expect(within(m.panel).queryByRole("button", { name: "Link" })).not.toBeInTheDocument();
  });

  it("Cancel in the dialog links nothing; Keep new starts afresh", async () => {
    const m = await mount();
    await search(m, "2125550142");
    await m.user.click(await within(m.panel).findByRole("button", { name: "Link" }));
    await m.user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await m.user.click(within(m.panel).getByRole("button", { name: "Keep new" }));
    expect(phoneField(m.panel)).toHaveValue("");
    expect(
      within(m.panel).queryByRole("group", { name: "A lead already has this phone number." }),
    ).not.toBeInTheDocument();
    expect(m.gateway.requests.filter((r) => r.method === "PUT")).toEqual([]);
    expect(m.leads.control.callLinked).not.toHaveBeenCalled();
  });

  it("a refused link says why and keeps the lead found to try again; the desk keeps its lead", async () => {
    const m = await mount({
      link: {
        status: 409,
        data: { message: "The call's lead was already disposed: it can no longer move to another lead." },
      },
    });
    await search(m, "2125550142");
    await m.user.click(await within(m.panel).findByRole("button", { name: "Link" }));
    await m.user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Link the call" }),
    );
    expect(m.notify.shown.map((n) => n.text)).toContain(
      "The lead of this call was already disposed: the call can no longer be linked.",
    );
    expect(within(m.panel).getByRole("button", { name: "Link" })).toBeEnabled();
    expect(m.leads.control.current?.id).toBe(31);
  });

  it("another call starts the matcher afresh", async () => {
    const m = await mount();
    await search(m, "2125550142");
    await within(m.panel).findByRole("button", { name: "Link" });
    act(() => m.call.push({ callId: 9, leadId: 32, type: "inbound", direction: 1 }));
    expect(phoneField(m.panel)).toHaveValue("");
    expect(within(m.panel).queryByRole("button", { name: "Link" })).not.toBeInTheDocument();
  });

  it("speaks French and Spanish, and names a Canadian lead's province", async () => {
    const fr = await mount({ language: "fr", variant: "slica" });
    const field = within(fr.panel).getByRole("textbox", { name: "Téléphone (obligatoire)" });
    await fr.user.type(field, "212");
    await fr.user.click(within(fr.panel).getByRole("button", { name: "Rechercher" }));
    expect(within(fr.panel).getByText("Veuillez saisir un numéro de téléphone valide")).toBeVisible();
    await fr.user.type(field, "5550142");
    await fr.user.click(within(fr.panel).getByRole("button", { name: "Rechercher" }));
    const found = await within(fr.panel).findByRole("group", {
      name: "Un prospect a déjà ce numéro de téléphone.",
    });
    expect(
      within(found)
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Nom", "Téléphone", "Province"]);
    expect(within(found).getByRole("button", { name: "Garder le nouveau" })).toBeEnabled();
    fr.unmount();

    const es = await mount({ language: "es" });
    await es.user.click(within(es.panel).getByRole("button", { name: "Buscar" }));
    expect(within(es.panel).getByText("El teléfono es obligatorio.")).toBeVisible();
  });
});
