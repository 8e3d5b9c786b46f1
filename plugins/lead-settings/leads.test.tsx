// The lead book's pages as a manager uses them: the lists with their empty texts, create and edit with each
// field's error beside it (checked before sending, then the gateway's), the relation dialogs with their
// filter, Cancel and Save, the saved notice, and the list's last change refreshed after a save.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  createLeadCampaign,
  createLeadGroup,
  createLeadPrefix,
  listLeadCampaigns,
  listLeadGroups,
  listLeadPrefixes,
  readCampaignQualifiers,
  readGroupAdvisors,
  readGroupPrefixes,
  saveCampaignQualifiers,
  saveGroupAdvisors,
  saveGroupPrefixes,
  saveLeadCampaign,
  type LeadCampaign,
  type LeadGroup,
} from "../../src/contract/leadBook";
import { listSettingsChanges } from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type EndpointRoute } from "../../src/sdk/testing";
import plugin from "./index";

const CAMPAIGN: LeadCampaign = { id: 4, slug: "term-life-web", name: "Term Life Web", active: false, prefix: "ISW", prefixes: ["ISWM", "ISWR"] };
const GROUP: LeadGroup = { id: 7, name: "Web Leads", assignedPrefixesCount: 1, assignedAdvisorsCount: 0 };
const CHANGE = { subject: "lead-campaigns", at: "2026-11-24T15:04:00.000Z", by: "Morgan Manager", old: null, new: null };

/** The gateway, by endpoint; `overrides` replace its answers. */
async function mount(page: string, overrides: EndpointRoute[] = [], language?: "fr") {
  let changes = 0;
  const gateway = fakeGateway([
    reply(listSettingsChanges, () => ({ status: 200, data: { changes: changes++ ? [{ ...CHANGE, by: "Ada Admin" }] : [CHANGE] } })),
    reply(listLeadCampaigns, { status: 200, data: { data: [CAMPAIGN] } }),
    reply(createLeadCampaign, { status: 201, data: { id: 9 } }),
    reply(saveLeadCampaign, { status: 204 }),
    reply(readCampaignQualifiers, {
      status: 200,
      data: {
        data: {
          userIds: [11],
          agents: [
            { id: 11, full_name: "Jordan Reyes", extension: "1001", role: "qualifier" },
            { id: 13, full_name: "Rachel Kim", extension: "1014", role: "qualifier" },
            { id: 15, full_name: "Sam Ortiz", extension: null, role: "qualifier" },
          ],
        },
      },
    }),
    reply(saveCampaignQualifiers, { status: 204 }),
    reply(listLeadPrefixes, { status: 200, data: { data: [{ id: 2, name: "ISW" }] } }),
    reply(createLeadPrefix, { status: 201, data: { id: 3 } }),
    reply(listLeadGroups, { status: 200, data: { data: [GROUP] } }),
    reply(createLeadGroup, { status: 201, data: { id: 8 } }),
    reply(readGroupAdvisors, {
      status: 200,
      data: { data: { userIds: [], agents: [{ id: 21, full_name: "Maria Lopez", extension: "2001", role: "advisor" }] } },
    }),
    reply(saveGroupAdvisors, { status: 204 }),
    reply(readGroupPrefixes, {
      status: 200,
      data: { data: { prefixIds: [2], prefixes: [{ id: 2, name: "ISW" }, { id: 5, name: "ISWM" }] } },
    }),
    reply(saveGroupPrefixes, { status: 204 }),
  ]);
  for (const o of overrides) gateway.reply(o.endpoint, o.handler);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, language, adminPage: `settings/${page}` });
  await screen.findByRole("heading", { level: 1 });
  return { ...view, gateway, sent: (method: string) => gateway.requests.filter((r) => r.method === method) };
}

describe("the lead campaigns page", () => {
  it("lists the campaigns (active as Yes/No, both prefixes) with the last change under the title", async () => {
    await mount("lead-campaigns");
    const table = await screen.findByRole("table", { name: "Lead campaigns" });
    const heads = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(heads).toEqual(["ID", "Slug", "Name", "Active", "Marketing ID Prefix", "Additional Prefixes", "Actions"]);
    const row = within(table).getAllByRole("row")[1]!;
    for (const cell of ["4", "term-life-web", "Term Life Web", "No", "ISW", "ISWM, ISWR"]) expect(within(row).getByText(cell)).toBeInTheDocument();
    expect(await screen.findByText(/Last changed by Morgan Manager/)).toBeInTheDocument();
  });

  it("says so when there is none", async () => {
    await mount("lead-campaigns", [reply(listLeadCampaigns, { status: 200, data: { data: [] } })]);
    expect(await screen.findByText("Sorry, no lead campaigns yet.")).toBeInTheDocument();
  });

  it("creates one: errors beside the fields before sending, then the gateway's per field; saved reads back", async () => {
    let refuse = true;
    const m = await mount("lead-campaigns", [
      reply(createLeadCampaign, () =>
        refuse
          ? { status: 422, data: { message: "The given data was invalid.", errors: { prefixes: ["At most 48 characters in all"] } } }
          : { status: 201, data: { id: 9 } },
      ),
    ]);
    await screen.findByRole("table");
    await m.user.click(screen.getByRole("button", { name: "New lead campaign" }));
    const dialog = await screen.findByRole("dialog", { name: "New lead campaign" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(name).toHaveAccessibleDescription("Name is required");
    await m.user.click(name);
    await m.user.paste("x".repeat(100));
    await m.user.type(within(dialog).getByRole("textbox", { name: "Marketing ID Prefix" }), "IS F");
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(name).toHaveAccessibleDescription("At most 99 characters");
    expect(within(dialog).getByRole("textbox", { name: "Marketing ID Prefix" })).toHaveAccessibleDescription("A prefix has letters and digits only");
    expect(m.sent("POST")).toEqual([]);

    await m.user.clear(name);
    await m.user.type(name, "Final Expense Texas");
    await m.user.clear(within(dialog).getByRole("textbox", { name: "Marketing ID Prefix" }));
    await m.user.type(within(dialog).getByRole("textbox", { name: "Marketing ID Prefix" }), "ISFT");
    await m.user.type(within(dialog).getByRole("textbox", { name: "Additional Prefixes" }), "ISFTX, ISFTY,");
    await m.user.click(within(dialog).getByRole("checkbox", { name: "Active" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("POST").map((r) => r.body)).toEqual([
      { params: { name: "Final Expense Texas", active: false, prefix: "ISFT", prefixes: ["ISFTX", "ISFTY"] } },
    ]);
    expect(within(dialog).getByRole("textbox", { name: "Additional Prefixes" })).toHaveAccessibleDescription("At most 48 characters in all");
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "At most 48 characters in all" });

    refuse = false;
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    expect(await screen.findByText(/Last changed by Ada Admin/)).toBeInTheDocument();
  });

  it("edits one with PUT {params}", async () => {
    const m = await mount("lead-campaigns");
    await m.user.click(await screen.findByRole("button", { name: "Edit Term Life Web" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Term Life Web" });
    expect(within(dialog).getByRole("textbox", { name: "Additional Prefixes" })).toHaveValue("ISWM, ISWR");
    await m.user.click(within(dialog).getByRole("checkbox", { name: "Active" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("PUT").map((r) => [r.url, r.body])).toEqual([
      ["/settings/lead-campaigns/4", { params: { name: "Term Life Web", active: true, prefix: "ISW", prefixes: ["ISWM", "ISWR"] } }],
    ]);
  });

  it("assigns qualifiers in the relation dialog, with its filter; Cancel saves nothing; a refusal shows its text", async () => {
    let refuse = false;
    const m = await mount("lead-campaigns", [
      reply(saveCampaignQualifiers, () =>
        refuse
          ? { status: 422, data: { message: "x", errors: { userIds: ["Only qualifiers of this call centre can be assigned to a campaign"] } } }
          : { status: 204 },
      ),
    ]);
    await m.user.click(await screen.findByRole("button", { name: "Qualifiers of Term Life Web" }));
    let dialog = await screen.findByRole("dialog", { name: "Qualifiers of Term Life Web" });
    expect(await within(dialog).findByRole("checkbox", { name: "Jordan Reyes (1001)" })).toBeChecked();
    await m.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(m.sent("PUT")).toEqual([]);

    await m.user.click(screen.getByRole("button", { name: "Qualifiers of Term Life Web" }));
    dialog = await screen.findByRole("dialog", { name: "Qualifiers of Term Life Web" });
    await within(dialog).findByRole("checkbox", { name: "Jordan Reyes (1001)" });
    await m.user.type(within(dialog).getByRole("searchbox", { name: "Filter" }), "kim");
    expect(within(dialog).queryByRole("checkbox", { name: "Sam Ortiz" })).not.toBeInTheDocument();
    await m.user.click(within(dialog).getByRole("checkbox", { name: "Rachel Kim (1014)" }));
    refuse = true;
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only qualifiers of this call centre can be assigned to a campaign");
    refuse = false;
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("PUT").map((r) => [r.url, r.body])).toEqual([
      ["/settings/lead-campaigns/term-life-web/agents", { userIds: [11, 13] }],
      ["/settings/lead-campaigns/term-life-web/agents", { userIds: [11, 13] }],
    ]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
  });

  it("is in French for a French-speaking manager, the gateway's field errors too", async () => {
    const m = await mount("lead-campaigns", [reply(createLeadCampaign, { status: 422, data: { message: "x", errors: { name: ["Name is required"] } } })], "fr");
    expect(screen.getByRole("heading", { name: "Campagnes de prospects" })).toBeInTheDocument();
    await m.user.click(screen.getByRole("button", { name: "Nouvelle campagne" }));
    const dialog = await screen.findByRole("dialog");
    await m.user.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    expect(within(dialog).getByRole("textbox", { name: "Nom" })).toHaveAccessibleDescription("Le nom est obligatoire");
  });
});

describe("the lead prefixes page", () => {
  it("lists the prefixes; a new one needs a name; the gateway's 'Name already exists' beside it", async () => {
    const m = await mount("lead-prefixes", [
      reply(createLeadPrefix, { status: 422, data: { message: "Name already exists", errors: { name: ["Name already exists"] } } }),
    ]);
    const table = await screen.findByRole("table", { name: "Lead prefixes" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["ID", "Name", "Actions"]);
    await m.user.click(screen.getByRole("button", { name: "New lead prefix" }));
    const dialog = await screen.findByRole("dialog", { name: "New lead prefix" });
    await m.user.type(within(dialog).getByRole("textbox", { name: "Name" }), "   ");
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("Name is required");
    expect(m.sent("POST")).toEqual([]);
    await m.user.type(within(dialog).getByRole("textbox", { name: "Name" }), "ISW");
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("POST").map((r) => r.body)).toEqual([{ params: { name: "ISW" } }]);
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("Name already exists");
  });

  it("says so when there is none", async () => {
    await mount("lead-prefixes", [reply(listLeadPrefixes, { status: 200, data: { data: [] } })]);
    expect(await screen.findByText("no lead prefixes yet.")).toBeInTheDocument();
  });
});

describe("the lead groups page", () => {
  it("lists the groups with their counts", async () => {
    await mount("lead-groups");
    const table = await screen.findByRole("table", { name: "Lead groups" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Name", "Assigned prefixes", "Assigned advisors", "Actions"]);
    const row = within(table).getAllByRole("row")[1]!;
    expect(within(row).getAllByRole("cell").slice(0, 3).map((c) => c.textContent)).toEqual(["Web Leads", "1", "0"]);
  });

  it("says so when there is none", async () => {
    await mount("lead-groups", [reply(listLeadGroups, { status: 200, data: { data: [] } })]);
    expect(await screen.findByText("no lead groups yet.")).toBeInTheDocument();
  });

  it("creates a group, gives it advisors (with the filter) and prefixes; the list is read again", async () => {
    const m = await mount("lead-groups");
    await m.user.click(await screen.findByRole("button", { name: "New lead group" }));
    let dialog = await screen.findByRole("dialog", { name: "New lead group" });
    await m.user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Texas closers");
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("POST").map((r) => r.body)).toEqual([{ params: { name: "Texas closers" } }]);

    await m.user.click(screen.getByRole("button", { name: "Advisors of Web Leads" }));
    dialog = await screen.findByRole("dialog", { name: "Advisors of Web Leads" });
    await within(dialog).findByRole("checkbox", { name: "Maria Lopez (2001)" });
    await m.user.type(within(dialog).getByRole("searchbox", { name: "Filter" }), "zzz");
    expect(within(dialog).getByText("No advisors match.")).toBeInTheDocument();
    await m.user.clear(within(dialog).getByRole("searchbox", { name: "Filter" }));
    await m.user.click(within(dialog).getByRole("checkbox", { name: "Maria Lopez (2001)" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));

    await m.user.click(screen.getByRole("button", { name: "Prefixes of Web Leads" }));
    dialog = await screen.findByRole("dialog", { name: "Prefixes of Web Leads" });
    await m.user.click(await within(dialog).findByRole("checkbox", { name: "ISWM" }));
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(m.sent("PUT").map((r) => [r.url, r.body])).toEqual([
      ["/settings/lead-groups/7/advisors", { userIds: [21] }],
      ["/settings/lead-groups/7/prefixes", { prefixIds: [2, 5] }],
    ]);
    expect(m.gateway.requests.filter((r) => r.method === "GET" && r.url === "/settings/lead-groups")).toHaveLength(4);
  });
});
