// The Attribute Groups page as a manager uses it: the list, creating and editing a group (did and the
// auto-forward fields read-only), its agents and attributes dialogs with a filter, Cancel and Save, and the
// gateway's refusals as a text block.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  createAttributeGroup,
  listAttributeGroups,
  readGroupAttributes,
  readGroupUsers,
  saveAttributeGroup,
  saveGroupAttributes,
  saveGroupUsers,
  type AttributeGroup,
} from "../../src/contract/attributeGroups";
import { listSettingsChanges } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type EndpointRoute } from "../../src/sdk/testing";
import plugin from "./index";

const GROUP: AttributeGroup = {
  id: 3,
  name: "Medicare English",
  shortName: "MED-EN",
  did: "8005550110",
  provider: "Retreaver",
  transferScore: 80,
  hasInternalAutoForward: true,
  autoForwardInternalDelay: 20,
  hasExternalAutoForward: false,
  autoForwardExternalDelay: 0,
  attributeIds: [1],
  userIds: [11],
};
const USERS = {
  data: {
    userIds: [11],
    agents: [
      { id: 11, full_name: "Jordan Reyes", extension: "1001", role: "qualifier" },
      { id: 12, full_name: "Maria Lopez", extension: "1002", role: "advisor" },
      { id: 13, full_name: "Rachel Kim", extension: "1014", role: "qualifier" },
    ],
  },
};
const ATTRIBUTES = {
  data: { attributeIds: [1], attributes: [{ id: 1, name: "Auto ready", type: "PERMISSION" }, { id: 2, name: "Bilingual (French)", type: "LANGUAGE" }] },
};

/** The gateway, by endpoint; `overrides` replace its answers. */
async function mount(overrides: EndpointRoute[] = [], language?: "fr") {
  const gateway = fakeGateway([
    reply(listAttributeGroups, { status: 200, data: { data: [GROUP] } }),
    reply(createAttributeGroup, { status: 201, data: { id: 9 } }),
    reply(saveAttributeGroup, { status: 204 }),
    reply(readGroupUsers, { status: 200, data: USERS }),
    reply(saveGroupUsers, { status: 204 }),
    reply(readGroupAttributes, { status: 200, data: ATTRIBUTES }),
    reply(saveGroupAttributes, { status: 204 }),
  ]);
  for (const o of overrides) gateway.reply(o.endpoint, o.handler);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, language, adminPage: "settings/attribute-groups" });
  await screen.findByRole("table");
  return { ...view, gateway, sent: (method: string) => gateway.requests.filter((r) => r.method === method) };
}

describe("the attribute groups page", () => {
  it("lists the groups with their fields", async () => {
    await mount();
    const row = within(screen.getByRole("table")).getAllByRole("row")[1]!;
    for (const cell of ["Medicare English", "MED-EN", "8005550110", "Retreaver", "80"]) expect(within(row).getByText(cell)).toBeInTheDocument();
  });

  it("edits a group: did and auto-forward read-only, the edited fields saved with PUT", async () => {
    const m = await mount();
    await m.user.click(screen.getByRole("button", { name: "Edit Medicare English" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Medicare English" });
    expect(within(dialog).getByRole("textbox", { name: "DID" })).toHaveAttribute("readonly");
    expect(within(dialog).getByRole("textbox", { name: "Internal auto-forward delay (seconds)" })).toHaveValue("20");
    expect(within(dialog).getByRole("checkbox", { name: "Internal auto-forward" })).toBeDisabled();
    expect(within(dialog).getByRole("checkbox", { name: "Internal auto-forward" })).toBeChecked();
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    expect(name).toHaveAttribute("maxlength", "99");
    await m.user.clear(name);
    await m.user.type(name, "Medicare EN");
    await m.user.clear(within(dialog).getByRole("textbox", { name: "Transfer score" }));
    await m.user.type(within(dialog).getByRole("textbox", { name: "Transfer score" }), "65");
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("PUT").map((r) => [r.url, r.body])).toEqual([
      ["/settings/attribute-groups/3", { name: "Medicare EN", shortName: "MED-EN", provider: "Retreaver", transferScore: 65 }],
    ]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
  });

  it("creates a group in the 'New attribute group' dialog; a refusal shows as a text block per field", async () => {
    const m = await mount([
      reply(createAttributeGroup, {
        status: 422,
        data: { message: "Short name is required", errors: { shortName: ["Short name is required"], provider: ["At most 99 characters"] } },
      }),
    ]);
    await m.user.click(screen.getByRole("button", { name: "New attribute group" }));
    const dialog = await screen.findByRole("dialog", { name: "New attribute group" });
    // Checked before sending: nothing goes out without a name.
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Name: Name is required");
    expect(m.sent("POST")).toEqual([]);
    await m.user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Final expense");
    await m.user.type(within(dialog).getByRole("textbox", { name: "Short name" }), "FEX");
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("POST").map((r) => r.body)).toEqual([{ name: "Final expense", shortName: "FEX", provider: "", transferScore: 0 }]);
    const block = within(dialog).getByRole("alert");
    expect(block).toHaveTextContent("Short name: Short name is required");
    expect(block).toHaveTextContent("Provider: At most 99 characters");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await m.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("picks the group's agents with a filter and saves them; Cancel saves nothing", async () => {
    const m = await mount();
    await m.user.click(screen.getByRole("button", { name: "Agents of Medicare English" }));
    let dialog = await screen.findByRole("dialog", { name: "Agents of Medicare English" });
    expect(await within(dialog).findByRole("checkbox", { name: "Jordan Reyes (1001)" })).toBeChecked();
    await m.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(m.sent("PUT")).toEqual([]);

    await m.user.click(screen.getByRole("button", { name: "Agents of Medicare English" }));
    dialog = await screen.findByRole("dialog", { name: "Agents of Medicare English" });
    await within(dialog).findByRole("checkbox", { name: "Jordan Reyes (1001)" });
    await m.user.type(within(dialog).getByRole("searchbox", { name: "Filter" }), "kim");
    expect(within(dialog).queryByRole("checkbox", { name: "Maria Lopez (1002)" })).not.toBeInTheDocument();
    await m.user.click(within(dialog).getByRole("checkbox", { name: "Rachel Kim (1014)" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("PUT").map((r) => [r.url, r.body])).toEqual([["/settings/attribute-groups/3/users", { userIds: [11, 13] }]]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the attributes dialog's refusal as a text block and stays open", async () => {
    const m = await mount([
      reply(saveGroupAttributes, { status: 422, data: { message: "Unknown attribute", errors: { attributeIds: ["Unknown attribute"] } } }),
    ]);
    await m.user.click(screen.getByRole("button", { name: "Attributes of Medicare English" }));
    const dialog = await screen.findByRole("dialog", { name: "Attributes of Medicare English" });
    await m.user.click(await within(dialog).findByRole("checkbox", { name: "Bilingual (French)" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("PUT").map((r) => r.body)).toEqual([{ attributeIds: [1, 2] }]);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Attributes: Unknown attribute");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("says in the agents dialog when the group is gone (the gateway's 404)", async () => {
    const m = await mount([reply(readGroupUsers, { status: 404, data: { message: "Not found." } })]);
    await m.user.click(screen.getByRole("button", { name: "Agents of Medicare English" }));
    const dialog = await screen.findByRole("dialog", { name: "Agents of Medicare English" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Could not find data location.");
  });

  it("shows the groups' last change under the title, read again after a save", async () => {
    let reads = 0;
    const change = (by: string) => ({ subject: "attribute-groups", at: "2026-11-24T15:04:00.000Z", by, old: null, new: null });
    const m = await mount([
      reply(listSettingsChanges, () => ({ status: 200, data: { changes: [change(reads++ ? "Ada Admin" : "Morgan Manager")] } })),
    ]);
    expect(await screen.findByText(/Last changed by Morgan Manager/)).toBeInTheDocument();
    await m.user.click(screen.getByRole("button", { name: "Agents of Medicare English" }));
    const dialog = await screen.findByRole("dialog", { name: "Agents of Medicare English" });
    await within(dialog).findByRole("checkbox", { name: "Jordan Reyes (1001)" });
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/Last changed by Ada Admin/)).toBeInTheDocument();
  });

  it("is in French for a French-speaking manager", async () => {
    await mount([], "fr");
    expect(screen.getByRole("heading", { name: "Groupes d'attributs" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Nouveau groupe d'attributs" })).toBeInTheDocument();
  });
});
