// Send to iApp as an agent uses it: one button (ISIUS's own label) that sends the lead on the desk and opens the
// client application page in a new tab; with iApp 2 offered, two buttons and a Yes/No question first; a failure
// turns the button red with the specification's text; a lead already sent offers its page again.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadsKey, type LeadView } from "../../src/sdk";
import { fakeGateway, fakeLeads, leadView, provide, renderPlugin, reply } from "../../src/sdk/testing";
import { listIappSends, sendToIapp, type IappDestination, type IappSend } from "./contract";
import plugin from "./index";

const PAGE = "/api/v1/iapp-demo/applications/REFERENCE-OF-32-CHARACTERS-00000";
const sent = (destination: IappDestination, url = PAGE): IappSend => ({
  id: 9,
  lead_id: 31,
  destination,
  reference: "REF",
  url,
  sent_at: "2026-01-05T14:00:00.000Z",
});

interface Mount {
  lead?: LeadView | null;
  variant?: "isius" | "slica";
  choice?: boolean;
  isIapp2Agent?: boolean;
  fail?: boolean;
  already?: IappDestination[];
  language?: "en" | "fr" | "es";
  /** The page the gateway answers (PAGE). */
  url?: string;
}

async function mount(o: Mount = {}) {
  const stack = fakeLeads(
    o.lead === null ? [] : [o.lead ?? leadView({ id: 31, firstName: "Ana", lastName: "Diaz" })],
  );
  const gateway = fakeGateway([
    reply(listIappSends, ({ params }) =>
      params.id === 31 ? { status: 200, data: { data: (o.already ?? []).map((d) => sent(d, o.url)) } } : { status: 404 },
    ),
    reply(sendToIapp, ({ params, body }) =>
      params.id !== 31
        ? { status: 404 }
        : o.fail
          ? { status: 502, data: { message: "Something went wrong. Please try again or contact support" } }
          : { status: 201, data: { data: sent(body.destination, o.url) } },
    ),
  ]);
  const view = await renderPlugin(plugin, {
    gateway,
    variant: o.variant ?? "slica",
    language: o.language,
    flags: { iapp: true, "iapp-choice": o.choice ?? false },
    agent: { roles: ["advisor"], accountFields: { is_iapp2_agent: o.isIapp2Agent ?? false } },
    services: [provide(leadsKey, stack.control)],
  });
  const user = userEvent.setup({ advanceTimers: (ms) => view.clock.advance(ms) });
  const panel = await screen.findByRole("region", { name: /^(Send to iApp|Envoyer à iApp|Enviar a iApp)$/ });
  return { ...view, user, panel, gateway, stack };
}

const opened = vi.spyOn(window, "open").mockImplementation(() => null);
afterEach(() => opened.mockClear());

describe("the send-to-iApp panel", { timeout: 20_000 }, () => {
  it("sends the lead on the desk, naming the agent, and opens the client application page in a new tab", async () => {
    const m = await mount();
    await m.user.click(await within(m.panel).findByRole("button", { name: "Send to iApp" }));
    expect(m.gateway.requests.find((r) => r.method === "POST")).toMatchObject({
      url: "/leads/iapp/31",
      body: { qualified_by: 42, destination: "iapp" },
    });
    expect(opened).toHaveBeenCalledWith(PAGE, "_blank");
    expect(within(m.panel).getByRole("status")).toHaveTextContent("Sent to iApp.");
    const again = within(m.panel).getByRole("button", { name: "Open the iApp application" });
    expect(again).toHaveAttribute("href", PAGE);
    expect(again).toHaveAttribute("target", "_blank");
  });

  it("labels the button the ISIUS way in the ISIUS call centre", async () => {
    const m = await mount({ variant: "isius" });
    expect(await within(m.panel).findByRole("button", { name: "Send to ISI iApp" })).toBeEnabled();
  });

  it("offers iApp and iApp 2 to an iApp 2 agent where the choice is configured, and asks Yes/No before sending", async () => {
    const m = await mount({ variant: "isius", choice: true, isIapp2Agent: true });
    expect(await within(m.panel).findByRole("button", { name: "ISI iApp" })).toBeEnabled();
    await m.user.click(within(m.panel).getByRole("button", { name: "ISI iApp 2" }));
    expect(within(m.panel).getByText("Send Ana Diaz to iApp 2?")).toBeVisible();
    await m.user.click(within(m.panel).getByRole("button", { name: "No" }));
    expect(m.gateway.requests.some((r) => r.method === "POST")).toBe(false);

    await m.user.click(within(m.panel).getByRole("button", { name: "ISI iApp 2" }));
    await m.user.click(within(m.panel).getByRole("button", { name: "Yes" }));
    expect(m.gateway.requests.find((r) => r.method === "POST")?.body).toEqual({
      qualified_by: 42,
      destination: "iapp2",
    });
    expect(opened).toHaveBeenCalledWith(PAGE, "_blank");
    expect(within(m.panel).getByRole("button", { name: "Open the iApp 2 application" })).toBeVisible();
    // iApp itself is still offered.
    expect(within(m.panel).getByRole("button", { name: "ISI iApp" })).toBeEnabled();
  });

  it("offers one button without the choice, even to an iApp 2 agent", async () => {
    const m = await mount({ choice: false, isIapp2Agent: true });
    expect(await within(m.panel).findByRole("button", { name: "Send to iApp" })).toBeEnabled();
    expect(within(m.panel).queryByRole("button", { name: /iApp 2/ })).not.toBeInTheDocument();
  });

  it("turns the button red and says so when the send fails, and opens nothing", async () => {
    const m = await mount({ fail: true });
    const button = await within(m.panel).findByRole("button", { name: "Send to iApp" });
    await m.user.click(button);
    expect(await within(m.panel).findByRole("alert")).toHaveTextContent(
      "Something went wrong. Please try again or contact support",
    );
    expect(within(m.panel).getByRole("button", { name: "Send to iApp" })).toHaveClass("bp6-intent-danger");
    expect(opened).not.toHaveBeenCalled();
  });

  it("offers the page of a lead sent before, and follows the lead on the desk", async () => {
    const m = await mount({ already: ["iapp"] });
    expect(await within(m.panel).findByRole("button", { name: "Open the iApp application" })).toHaveAttribute(
      "href",
      PAGE,
    );
    act(() => m.stack.setCurrent(leadView({ id: 77 })));
    expect(await within(m.panel).findByRole("button", { name: "Send to iApp" })).toBeEnabled();
  });

  it("opens and links no page the gateway answers that is not http(s) nor a path on this origin", async () => {
    const m = await mount({ url: "javascript:alert(document.domain)" });
    await m.user.click(await within(m.panel).findByRole("button", { name: "Send to iApp" }));
    const again = await within(m.panel).findByRole("button", { name: "Open the iApp application" });
    expect(opened).not.toHaveBeenCalled();
    expect(again).not.toHaveAttribute("href");
    expect(again).toHaveAttribute("aria-disabled", "true");
  });

  it("says so with no lead on the desk, in the agent's language", async () => {
    const m = await mount({ lead: null, language: "fr" });
    expect(
      await within(m.panel).findByText(
        "Aucun prospect à l'écran : ouvrez un prospect pour l'envoyer à iApp.",
      ),
    ).toBeVisible();
  });
});
