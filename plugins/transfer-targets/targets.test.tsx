// The Transfer Targets settings page as a manager uses it: read, edit rows, save the whole document, the
// gateway's refusals beside their fields, and leaving with unsaved changes asks first.
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TransferTargetSettings } from "../../src/contract/settings";
import { fakeGateway, renderPlugin } from "../../src/sdk/testing";
import plugin from "./index";

const SAVED: TransferTargetSettings = {
  external: [{ name: "Medicare Desk", phone: "3125550147" }],
  sunlife: [],
  matcha: { enabled: false, phone: null },
};

async function mount(put: () => { status: number; data?: unknown } = () => ({ status: 204 }), language?: "fr") {
  const gateway = fakeGateway({
    "GET /settings/external-transfers": () => ({ status: 200, data: SAVED }),
    "PUT /settings/external-transfers": put,
  });
  const view = await renderPlugin(plugin, {
    gateway,
    agent: { roles: ["manager"] },
    language,
    adminPage: "settings/external-transfers",
  });
  await screen.findByRole("heading", { name: /Transfer Targets|Cibles de transfert/ });
  await screen.findByRole("textbox", { name: /^(Name|Nom)$/ });
  return { ...view, gateway };
}

afterEach(() => vi.restoreAllMocks());

describe("the transfer targets page", () => {
  it("shows the saved targets, adds a Sunlife agent and a Matcha number, and saves the whole document", async () => {
    const m = await mount();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Medicare Desk");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    await m.user.click(screen.getByRole("button", { name: "Add a Sunlife agent" }));
    const row = screen.getByRole("group", { name: "Sunlife agent 1" });
    await m.user.type(within(row).getByRole("textbox", { name: "Name" }), "Sophie Lavoie");
    await m.user.type(within(row).getByRole("textbox", { name: "Phone number" }), "514-555-0188");
    await m.user.click(screen.getByRole("checkbox", { name: "Matcha transfers are on" }));
    await m.user.type(screen.getByRole("textbox", { name: "Matcha's number" }), "2125550175");
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    const put = m.gateway.requests.find((r) => r.method === "PUT");
    expect(put?.body).toEqual({
      external: [{ name: "Medicare Desk", phone: "3125550147" }],
      sunlife: [{ name: "Sophie Lavoie", phone: "5145550188" }],
      matcha: { enabled: true, phone: "2125550175" },
    });
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("shows the gateway's 422 beside the field, and the 403 text", async () => {
    let answer = { status: 422, data: { message: "The given data was invalid.", errors: { "external.0.phone": ["Invalid phone"] } } };
    const m = await mount(() => answer);
    await m.user.click(screen.getByRole("button", { name: "Remove Medicare Desk" }));
    await m.user.click(screen.getByRole("button", { name: "Add a target" }));
    await m.user.type(screen.getByRole("textbox", { name: "Name" }), "Night Desk");
    await m.user.type(screen.getByRole("textbox", { name: "Phone number" }), "12");
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Invalid phone")).toBeInTheDocument();
    // 422: the first message error (admin-and-sign-in §8), beside its field too.
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Invalid phone" });
    answer = { status: 403, data: { message: "This action is unauthorized.", errors: {} } } as typeof answer;
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "You are not authorized to do that." });
  });

  it("asks before leaving with unsaved changes, and stays when the manager says no", async () => {
    const m = await mount();
    await m.user.clear(screen.getByRole("textbox", { name: "Name" }));
    await m.user.type(screen.getByRole("textbox", { name: "Name" }), "Renamed");
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    await act(() => m.adminRouter!.navigate("/"));
    expect(confirm).toHaveBeenCalledWith("You have unsaved changes. Leave this page and lose them?");
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("Renamed");
    confirm.mockReturnValue(true);
    await act(() => m.adminRouter!.navigate("/"));
    expect(await screen.findByText("elsewhere")).toBeInTheDocument();
  });

  it("is in French for a French-speaking manager", async () => {
    await mount(undefined, "fr");
    expect(screen.getByRole("heading", { name: "Agents Sunlife" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  });
});
