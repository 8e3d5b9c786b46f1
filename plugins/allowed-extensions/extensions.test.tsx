// The Allowed Extensions page as a manager uses it: the list, adding (checked before sending, the gateway's
// refusals beside the field), deleting after a confirmation, and the page in French.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { addAllowedExtension, listAllowedExtensions, removeAllowedExtension } from "../../src/contract/allowedExtensions";
import { fakeGateway, renderPlugin, reply, type EndpointRoute } from "../../src/sdk/testing";
import plugin from "./index";

/** The gateway, by endpoint; `overrides` replace its answers. */
async function mount(overrides: EndpointRoute[] = [], language?: "fr") {
  const gateway = fakeGateway([
    reply(listAllowedExtensions, { status: 200, data: { data: [{ extension: "1001" }, { extension: "1031" }] } }),
    reply(addAllowedExtension, (req) => ({ status: 201, data: { data: req.body } })),
    reply(removeAllowedExtension, { status: 204 }),
  ]);
  for (const o of overrides) gateway.reply(o.endpoint, o.handler);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, language, adminPage: "settings/allowed-extensions" });
  await screen.findByRole("table");
  return { ...view, gateway };
}
const field = () => screen.getByRole("textbox", { name: /^(Extension|Poste)$/ });
const posts = (m: Awaited<ReturnType<typeof mount>>) => m.gateway.requests.filter((r) => r.method === "POST");

describe("the allowed extensions page", () => {
  it("lists the extensions and adds one, which then shows in the table", async () => {
    const m = await mount();
    expect(screen.getByRole("heading", { name: "Allowed Extensions" })).toBeInTheDocument();
    expect(within(screen.getByRole("table")).getByText("1001")).toBeInTheDocument();
    await m.user.type(field(), " 1032 ");
    await m.user.click(screen.getByRole("button", { name: "Add" }));
    expect(posts(m).map((r) => r.body)).toEqual([{ extension: "1032" }]);
    expect(await within(screen.getByRole("table")).findByText("1032")).toBeInTheDocument();
    expect(field()).toHaveValue("");
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Extension 1032 is now allowed." });
  });

  it("refuses in the browser what is not 3 to 6 digits, and a duplicate, without sending", async () => {
    const m = await mount();
    for (const typed of ["12", "1234567", "12a4"]) {
      await m.user.clear(field());
      await m.user.type(field(), typed);
      await m.user.click(screen.getByRole("button", { name: "Add" }));
      expect(await screen.findByText("Invalid extension format")).toBeInTheDocument();
      expect(field()).toHaveAccessibleDescription("Invalid extension format");
    }
    await m.user.clear(field());
    expect(screen.queryByText("Invalid extension format")).not.toBeInTheDocument();
    await m.user.type(field(), "1001{Enter}");
    expect(await screen.findByText("Extension already exists")).toBeInTheDocument();
    expect(posts(m)).toEqual([]);
  });

  it("shows the gateway's 'Extension already exists' beside the field (another manager added it meanwhile)", async () => {
    const m = await mount([
      reply(addAllowedExtension, {
        status: 422,
        data: { message: "Extension already exists", errors: { extension: ["Extension already exists"] } },
      }),
    ]);
    await m.user.type(field(), "1033{Enter}");
    expect(await screen.findByText("Extension already exists")).toBeInTheDocument();
    expect(field()).toHaveValue("1033");
  });

  it("shows an extension another call centre has (409) beside the field, in the manager's language", async () => {
    const taken = "This extension belongs to another call centre.";
    const m = await mount([reply(addAllowedExtension, { status: 409, data: { message: taken, errors: { extension: [taken] } } })], "fr");
    await m.user.type(field(), "2001{Enter}");
    expect(await screen.findByText("Ce poste est utilisé par un autre centre d'appels")).toBeInTheDocument();
    expect(field()).toHaveAccessibleDescription("Ce poste est utilisé par un autre centre d'appels");
    expect(field()).toHaveValue("2001");
  });

  it("deletes an extension after the manager confirms, and keeps it when the manager cancels", async () => {
    const m = await mount();
    await m.user.click(screen.getByRole("button", { name: "Delete extension 1031" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Delete extension 1031?");
    await m.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(m.gateway.requests.some((r) => r.method === "DELETE")).toBe(false);
    expect(within(screen.getByRole("table")).getByText("1031")).toBeInTheDocument();

    await m.user.click(screen.getByRole("button", { name: "Delete extension 1031" }));
    await m.user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(m.gateway.requests.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual(["/allowed-extensions/1031"]);
    expect(within(screen.getByRole("table")).queryByText("1031")).not.toBeInTheDocument();
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Extension 1031 was deleted." });
  });

  it("says so when the list is empty, and is in French for a French-speaking manager", async () => {
    await renderPlugin(plugin, {
      gateway: fakeGateway([reply(listAllowedExtensions, { status: 200, data: { data: [] } })]),
      agent: { roles: ["manager"] },
      language: "fr",
      adminPage: "settings/allowed-extensions",
    });
    expect(await screen.findByText("Désolé, aucun poste autorisé pour le moment.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Postes autorisés" })).toBeInTheDocument();
  });
});
