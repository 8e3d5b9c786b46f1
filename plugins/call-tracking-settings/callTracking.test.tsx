// The call-tracking settings pages as a manager uses them: the Retreaver mappings (list, add with each refusal
// beside its field, edit with the DID read-only, delete after confirming, the empty text, the last change) and
// the Configurations page (the 9-digit mask, save, read back), and both in French.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  listMappings,
  readMaxCallsAmount,
  removeMapping,
  saveMapping,
  saveMaxCallsAmount,
} from "../../src/contract/callTracking";
import { listSettingsChanges } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type EndpointRoute } from "../../src/sdk/testing";
import plugin from "./index";

const MAPPINGS = {
  "8005550100": { prefix: "ISF", duplicate_checker: true, short_calls: false },
  "8005550101": { prefix: "ISWM", duplicate_checker: false, short_calls: true },
};
const CHANGE = {
  changes: [
    {
      subject: "retreaver-mappings",
      at: "2026-01-05T13:00:00.000Z",
      by: "Morgan Manager",
      old: null,
      new: {},
    },
  ],
};

/** The gateway, by endpoint; `overrides` replace its answers. */
async function mountMappings(overrides: EndpointRoute[] = [], language?: "fr") {
  const gateway = fakeGateway([
    reply(listMappings, { status: 200, data: MAPPINGS }),
    reply(listSettingsChanges, { status: 200, data: CHANGE }),
    reply(saveMapping, ({ params }) => ({ status: 201, data: { data: { did: params.did } } })),
    reply(removeMapping, { status: 204 }),
  ]);
  for (const o of overrides) gateway.reply(o.endpoint, o.handler);
  const view = await renderPlugin(plugin, {
    gateway,
    agent: { roles: ["manager"] },
    language,
    adminPage: "settings/retreaver-mappings",
  });
  return { ...view, gateway };
}
const posts = (m: { gateway: ReturnType<typeof fakeGateway> }) =>
  m.gateway.requests.filter((r) => r.method === "POST");
const rowOf = (did: string) => screen.getByRole("cell", { name: did }).closest("tr")!;

describe("the Retreaver mappings page", () => {
  it("lists the mappings by DID with their options, and the list's last change", async () => {
    await mountMappings();
    const table = await screen.findByRole("table", { name: "Retreaver mappings" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["DID", "Prefix", "Duplicate checker", "Short calls", "Actions"]);
    expect(
      within(rowOf("8005550101"))
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["8005550101", "ISWM", "No", "Yes", ""]);
    expect(await screen.findByText(/Last changed by Morgan Manager/)).toBeInTheDocument();
  });

  it("adds one: each refused input shows its exact message beside its field, nothing is sent until it is right", async () => {
    const m = await mountMappings();
    await screen.findByRole("table");
    await m.user.click(screen.getByRole("button", { name: "Add mapping" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a Retreaver mapping" });
    const did = within(dialog).getByRole("textbox", { name: "DID" });
    const prefix = within(dialog).getByRole("textbox", { name: "Prefix" });
    const save = within(dialog).getByRole("button", { name: "Save" });

    await m.user.type(prefix, "   ");
    await m.user.click(save);
    expect(prefix).toHaveAccessibleDescription("Prefix is required");
    expect(did).toHaveAccessibleDescription("DID is required");

    await m.user.type(did, "800555019");
    await m.user.clear(prefix);
    await m.user.type(prefix, "ISE");
    await m.user.click(save);
    expect(did).toHaveAccessibleDescription("Invalid DID format (must be 10 digits)");
    expect(prefix).not.toHaveAccessibleDescription("Prefix is required");

    await m.user.clear(did);
    await m.user.type(did, "8005550100");
    await m.user.click(save);
    expect(did).toHaveAccessibleDescription("DID already exists");
    expect(posts(m)).toEqual([]);

    await m.user.clear(did);
    await m.user.type(did, "8005550199");
    await m.user.click(within(dialog).getByRole("checkbox", { name: "Short calls" }));
    await m.user.click(save);
    expect(posts(m).map((r) => [r.url, r.body])).toEqual([
      [
        "/settings/retreaver-mappings/8005550199?mode=add",
        { prefix: "ISE", duplicate_checker: true, short_calls: true },
      ],
    ]);
    expect(await screen.findByRole("cell", { name: "8005550199" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
  });

  it("shows the gateway's 'DID already exists' beside the DID (another manager added it meanwhile)", async () => {
    const m = await mountMappings([
      reply(saveMapping, {
        status: 422,
        data: { message: "DID already exists", errors: { did: ["DID already exists"] } },
      }),
    ]);
    await screen.findByRole("table");
    await m.user.click(screen.getByRole("button", { name: "Add mapping" }));
    const dialog = await screen.findByRole("dialog");
    await m.user.type(within(dialog).getByRole("textbox", { name: "DID" }), "8005550199");
    await m.user.type(within(dialog).getByRole("textbox", { name: "Prefix" }), "ISE{Enter}");
    expect(await within(dialog).findByText("DID already exists")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("shows a DID another call centre has (409) beside the DID, in the manager's language, naming nobody", async () => {
    const taken = "This number belongs to another call centre.";
    const m = await mountMappings(
      [
        reply(saveMapping, {
          status: 409,
          data: { message: taken, errors: { did: [taken] } },
        }),
      ],
      "fr",
    );
    await screen.findByRole("table");
    await m.user.click(screen.getByRole("button", { name: "Ajouter une correspondance" }));
    const dialog = await screen.findByRole("dialog");
    const did = within(dialog).getByRole("textbox", { name: "DID" });
    await m.user.type(did, "8775550102");
    await m.user.type(within(dialog).getByRole("textbox", { name: "Préfixe" }), "ISE{Enter}");
    expect(await within(dialog).findByText("Ce DID est utilisé par un autre centre d'appels")).toBeInTheDocument();
    expect(did).toHaveAccessibleDescription("Ce DID est utilisé par un autre centre d'appels");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("edits the prefix and options with the DID shown read-only; a blank prefix is refused", async () => {
    const m = await mountMappings();
    await screen.findByRole("table");
    await m.user.click(screen.getByRole("button", { name: "Edit mapping 8005550100" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit the mapping of 8005550100" });
    const did = within(dialog).getByRole("textbox", { name: "DID" });
    expect(did).toHaveValue("8005550100");
    expect(did).toHaveAttribute("readonly");
    const prefix = within(dialog).getByRole("textbox", { name: "Prefix" });
    await m.user.clear(prefix);
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(prefix).toHaveAccessibleDescription("Prefix is required");
    await m.user.type(prefix, "ISFX");
    await m.user.click(within(dialog).getByRole("checkbox", { name: "Duplicate checker" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(posts(m).map((r) => [r.url, r.body])).toEqual([
      [
        "/settings/retreaver-mappings/8005550100?mode=edit",
        { prefix: "ISFX", duplicate_checker: false, short_calls: false },
      ],
    ]);
    expect(await screen.findByRole("cell", { name: "ISFX" })).toBeInTheDocument();
  });

  it("deletes a mapping after the manager confirms, and keeps it when the manager cancels", async () => {
    const m = await mountMappings();
    await screen.findByRole("table");
    await m.user.click(screen.getByRole("button", { name: "Delete mapping 8005550101" }));
    const alert = await screen.findByRole("alertdialog");
    expect(alert).toHaveTextContent("Delete the mapping of 8005550101?");
    await m.user.click(within(alert).getByRole("button", { name: "Cancel" }));
    expect(m.gateway.requests.some((r) => r.method === "DELETE")).toBe(false);
    await m.user.click(screen.getByRole("button", { name: "Delete mapping 8005550101" }));
    await m.user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    expect(m.gateway.requests.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual([
      "/settings/retreaver-mappings/8005550101",
    ]);
    expect(screen.queryByRole("cell", { name: "8005550101" })).not.toBeInTheDocument();
  });

  it("says 'no Retreaver mappings yet.' when there are none", async () => {
    await mountMappings([reply(listMappings, { status: 200, data: {} })]);
    expect(await screen.findByText("no Retreaver mappings yet.")).toBeInTheDocument();
  });

  it("is in French for a French-speaking manager, refusals included", async () => {
    const m = await mountMappings([], "fr");
    expect(await screen.findByRole("heading", { name: "Correspondances Retreaver" })).toBeInTheDocument();
    await m.user.click(screen.getByRole("button", { name: "Ajouter une correspondance" }));
    const dialog = await screen.findByRole("dialog");
    await m.user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(within(dialog).getByText("Le préfixe est obligatoire")).toBeInTheDocument();
    expect(within(dialog).getByText("Le DID est obligatoire")).toBeInTheDocument();
  });
});

describe("the Configurations page", () => {
  async function mountConfig(language?: "fr") {
    let stored = 12;
    const gateway = fakeGateway([
      reply(readMaxCallsAmount, () => ({ status: 200, data: { maxCallsAmount: stored } })),
      reply(saveMaxCallsAmount, (req) => {
        stored = req.body.maxCallsAmount;
        return { status: 204 };
      }),
      reply(listSettingsChanges, { status: 200, data: { changes: [] } }),
    ]);
    const view = await renderPlugin(plugin, {
      gateway,
      agent: { roles: ["manager"] },
      language,
      adminPage: "settings/configurations",
    });
    return { ...view, gateway };
  }

  it("keeps digits only, at most 9, saves the number and reads it back; empty saves 0 (no limit)", async () => {
    const m = await mountConfig();
    const field = await screen.findByRole("textbox", { name: "Maximum calls amount" });
    expect(field).toHaveValue("12");
    expect(screen.getByText(/No changes recorded yet/)).toBeInTheDocument();
    await m.user.clear(field);
    await m.user.type(field, "1a2-3 4567890123");
    expect(field).toHaveValue("123456789");
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    expect(m.gateway.requests.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([
      { maxCallsAmount: 123456789 },
    ]);
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    await m.user.clear(field);
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    expect(m.gateway.requests.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([
      { maxCallsAmount: 123456789 },
      { maxCallsAmount: 0 },
    ]);
    expect(await screen.findByDisplayValue("0")).toBeInTheDocument();
  });

  it("is in French", async () => {
    await mountConfig("fr");
    expect(await screen.findByRole("textbox", { name: "Nombre maximal d'appels" })).toHaveValue("12");
    expect(screen.getByRole("heading", { name: "Réglages" })).toBeInTheDocument();
  });
});
