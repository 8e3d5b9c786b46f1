// The Transfer Targets settings page as a manager uses it: read, edit rows, save the whole document, the
// refusals beside their fields, and leaving with unsaved changes asks first.
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readTransferTargets, saveTransferTargets, type TransferTargetSettings } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

const SAVED: TransferTargetSettings = {
  external: [{ name: "Medicare Desk", phone: "3125550147" }],
  sunlife: [],
  matcha: { enabled: false, phone: null },
};

type Answer = FakeReply<typeof saveTransferTargets>;

async function mount(put: () => Answer = () => ({ status: 204 }), language?: "fr") {
  const gateway = fakeGateway([reply(readTransferTargets, () => ({ status: 200, data: SAVED })), reply(saveTransferTargets, put)]);
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

  it("shows the refusal of the gateway's rule beside the field without sending it, and the 403 text", async () => {
    const m = await mount(() => ({ status: 403, data: { message: "This action is unauthorized.", errors: {} } }));
    await m.user.click(screen.getByRole("button", { name: "Remove Medicare Desk" }));
    await m.user.click(screen.getByRole("button", { name: "Add a target" }));
    await m.user.type(screen.getByRole("textbox", { name: "Name" }), "Night Desk");
    const phone = screen.getByRole("textbox", { name: "Phone number" });
    await m.user.type(phone, "12");
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Invalid phone")).toBeInTheDocument();
    // As the gateway's 422 would say it: the first message error (admin-and-sign-in §8), beside its field too.
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Invalid phone" });
    expect(m.gateway.requests.some((r) => r.method === "PUT")).toBe(false);
    await m.user.clear(phone);
    await m.user.type(phone, "3125550199");
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
