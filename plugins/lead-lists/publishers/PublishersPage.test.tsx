// The Publishers admin page as a manager uses it: the keys table, a new key shown once with its Copy button and a
// curl command for this gateway, a refusal beside its field, Revoke behind a confirmation, the intake setting saved;
// and the same in French. The page is mounted in a plugin of its own here (the lead-lists manifest, this page, and
// the locales under "publishers" as the plugin merges them), so it is tested whatever the rest of the plugin does.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy } from "react";
import { describe, expect, it } from "vitest";
import { listLeadCampaigns, type LeadCampaign } from "../../../src/contract/leadBook";
import { definePlugin } from "../../../src/sdk";
import { fakeGateway, renderPlugin, reply } from "../../../src/sdk/testing";
import { manifest } from "../manifest";
import {
  createPublisherKey,
  listPublisherKeys,
  readIntakeSettings,
  revokePublisherKey,
  saveIntakeSettings,
  type CreatedPublisherKey,
  type PublisherKey,
} from "./contract";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";

const PAGE = "leads/publishers";
const publishers = definePlugin({
  ...manifest,
  adminPages: [
    {
      path: PAGE,
      section: "leads",
      title: "admin_link",
      order: 20,
      component: lazy(() => import("./PublishersPage")),
    },
  ],
  locales: {
    en: async () => ({ default: { admin_link: "Publishers", publishers: en } }),
    fr: async () => ({ default: { admin_link: "Fournisseurs de prospects", publishers: fr } }),
    es: async () => ({ default: { admin_link: "Proveedores de prospectos", publishers: es } }),
  },
});

const manager = { id: 9, roles: ["manager"] };
const SECRET = "pk_Zx9aQ3rT7uV1wY5bC8dE2fG4hJ6kL0mN3pR5sT7vW9x";
const campaigns: LeadCampaign[] = [
  { id: 1, slug: "final-expense", name: "Final Expense", active: true, prefix: "ISF", prefixes: ["ISFX"] },
  {
    id: 2,
    slug: "term-life-web",
    name: "Term Life Web",
    active: true,
    prefix: "ISW",
    prefixes: ["ISWM", "ISWR"],
  },
  {
    id: 4,
    slug: "mortgage-protection",
    name: "Mortgage Protection",
    active: false,
    prefix: "ISM",
    prefixes: [],
  },
];
const key = (id: number, over: Partial<PublisherKey> = {}): PublisherKey => ({
  id,
  name: `Publisher ${id}`,
  key_start: "pk_Ab12Cd34E",
  prefixes: ["ISW"],
  per_minute: 120,
  created_at: "2026-01-02T15:00:00.000Z",
  created_by: "Dana Whitfield",
  last_used_at: "2026-01-05T13:30:00.000Z",
  revoked_at: null,
  list_id: 40 + id,
  leads_posted: 1234,
  ...over,
});
const oldKeys = [
  key(1, { name: "SunQuotes" }),
  key(2, { name: "Old Vendor", revoked_at: "2026-01-03T10:00:00.000Z", last_used_at: null }),
];
const acme: CreatedPublisherKey = {
  ...key(3, {
    name: "Acme Leads",
    prefixes: ["ISF", "ISFX"],
    key_start: SECRET.slice(0, 12),
    last_used_at: null,
    leads_posted: 0,
  }),
  key: SECRET,
};

function gatewayFor() {
  return fakeGateway([
    reply(listPublisherKeys, { status: 200, data: { data: oldKeys } }),
    reply(listLeadCampaigns, { status: 200, data: { data: campaigns } }),
    reply(readIntakeSettings, {
      status: 200,
      data: { data: { duplicate_window_days: 90, on_duplicate: "refuse" } },
    }),
    reply(createPublisherKey, { status: 201, data: { data: acme } }),
    reply(revokePublisherKey, { status: 204, data: null }),
    reply(saveIntakeSettings, (req) => ({ status: 200, data: { data: req.body } })),
  ]);
}

describe("the Publishers page", () => {
  it("lists the keys, creates one shown once with a curl example, and never shows its secret again", async () => {
    const gateway = gatewayFor();
    const { notify } = await renderPlugin(publishers, { agent: manager, gateway, adminPage: PAGE });
    const user = userEvent.setup();
    expect(await screen.findByRole("heading", { name: "Publishers", level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "API keys" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(0, 7)).toEqual([
      "Name",
      "Key start",
      "Prefixes",
      "Leads posted",
      "Created",
      "Last used",
      "Status",
    ]);
    const sun = within(table).getByRole("row", { name: /SunQuotes/ });
    expect(sun).toHaveTextContent("pk_Ab12Cd34E…");
    expect(sun).toHaveTextContent("ISW");
    expect(sun).toHaveTextContent("1,234");
    expect(sun).toHaveTextContent("by Dana Whitfield");
    expect(sun).toHaveTextContent("Active");
    const old = within(table).getByRole("row", { name: /Old Vendor/ });
    expect(old).toHaveTextContent("Revoked");
    expect(old).toHaveTextContent("Never");
    expect(within(old).queryByRole("button", { name: /Revoke/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "New key" }));
    const dialog = await screen.findByRole("dialog", { name: "New API key" });
    // Every prefix of the campaigns, main and additional, with its campaign.
    for (const p of ["ISF", "ISFX", "ISW", "ISWM", "ISWR", "ISM"])
      expect(within(dialog).getByRole("checkbox", { name: new RegExp(`^${p} `) })).toBeInTheDocument();
    expect(within(dialog).getByText("Mortgage Protection (inactive)")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Name"), "Acme Leads");
    await user.click(within(dialog).getByRole("checkbox", { name: "ISF Final Expense" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "ISFX Final Expense" }));
    const { key: _secret, ...listed } = acme;
    gateway.reply(listPublisherKeys, { status: 200, data: { data: [listed, ...oldKeys] } });
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));

    const shown = await screen.findByRole("dialog", { name: "API key for Acme Leads" });
    const sent = gateway.requests.find((r) => r.method === "POST" && r.path === "/publisher-keys")!;
    expect(sent.body).toEqual({ name: "Acme Leads", prefixes: ["ISF", "ISFX"], per_minute: 120 });
    expect(within(shown).getByRole("alert")).toHaveTextContent("it will not be shown again");
    expect(within(shown).getByLabelText("API key")).toHaveValue(SECRET);
    const curl = within(shown).getByLabelText("Post a lead with it (example)");
    expect(curl.textContent).toContain(`curl -X POST "${window.location.origin}/api/v1/lead-intake"`);
    expect(curl.textContent).toContain(`-H "X-API-Key: ${SECRET}"`);
    expect(curl.textContent).toContain('"marketing_id": "ISF000123"');
    expect(curl.textContent).toContain('"postal": "10001"');
    await user.click(within(shown).getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(shown).getByRole("button", { name: "Copy example" }));
    expect(await navigator.clipboard.readText()).toContain("X-API-Key");
    expect(notify.shown.map((n) => n.text)).toContain("API key copied.");
    await user.click(within(shown).getByRole("button", { name: "Done" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByRole("row", { name: /Acme Leads/ })).toHaveTextContent("ISF, ISFX");
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("says what is wrong beside the fields: before sending, and as the gateway refuses", async () => {
    const gateway = gatewayFor();
    gateway.reply(createPublisherKey, {
      status: 422,
      data: {
        message: "The given data was invalid.",
        errors: { prefixes: ["ISM is not a marketing id prefix of the call centre's campaigns."] },
      },
    });
    await renderPlugin(publishers, { agent: manager, gateway, adminPage: PAGE });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New key" }));
    const dialog = await screen.findByRole("dialog", { name: "New API key" });
    await user.clear(within(dialog).getByLabelText("Leads a minute"));
    await user.type(within(dialog).getByLabelText("Leads a minute"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(within(dialog).getByText("Name the key (the publisher's name).")).toBeInTheDocument();
    expect(within(dialog).getByText("Choose at least one marketing id prefix.")).toBeInTheDocument();
    expect(within(dialog).getByText("Between 1 and 6000 posts a minute.")).toBeInTheDocument();
    expect(gateway.requests.some((r) => r.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText("Name"), "Acme");
    await user.clear(within(dialog).getByLabelText("Leads a minute"));
    await user.type(within(dialog).getByLabelText("Leads a minute"), "60");
    await user.click(within(dialog).getByRole("checkbox", { name: "ISM Mortgage Protection (inactive)" }));
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(
      await within(dialog).findByText("ISM is not a marketing id prefix of the call centre's campaigns."),
    ).toBeInTheDocument();
    expect(gateway.requests.filter((r) => r.method === "POST")[0]!.body).toEqual({
      name: "Acme",
      prefixes: ["ISM"],
      per_minute: 60,
    });
  });

  it("revokes a key after the manager confirms", async () => {
    const gateway = gatewayFor();
    const { notify } = await renderPlugin(publishers, { agent: manager, gateway, adminPage: PAGE });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke the key SunQuotes" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent(
      "Revoke the key “SunQuotes”? The publisher's next post is refused at once.",
    );
    expect(gateway.requests.some((r) => r.method === "DELETE")).toBe(false);
    gateway.reply(listPublisherKeys, {
      status: 200,
      data: { data: [key(1, { name: "SunQuotes", revoked_at: "2026-01-05T14:00:00.000Z" }), oldKeys[1]!] },
    });
    await user.click(within(confirm).getByRole("button", { name: "Revoke" }));
    await waitFor(() =>
      expect(gateway.requests.some((r) => r.method === "DELETE" && r.path === "/publisher-keys/1")).toBe(
        true,
      ),
    );
    await waitFor(() => expect(notify.shown.map((n) => n.text)).toContain("The key “SunQuotes” is revoked."));
    await waitFor(() => expect(screen.getByRole("row", { name: /SunQuotes/ })).toHaveTextContent("Revoked"));
    expect(screen.queryByRole("button", { name: "Revoke the key SunQuotes" })).not.toBeInTheDocument();
  });

  it("saves the intake setting, refusing a window out of range", async () => {
    const gateway = gatewayFor();
    const { notify } = await renderPlugin(publishers, { agent: manager, gateway, adminPage: PAGE });
    const user = userEvent.setup();
    const days = await screen.findByLabelText("Duplicate window (days)");
    expect(days).toHaveValue(90);
    expect(screen.getByRole("radio", { name: "Refuse it" })).toBeChecked();
    await user.clear(days);
    await user.type(days, "4000");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Enter a whole number of days from 0 to 3650.")).toBeInTheDocument();
    expect(gateway.requests.some((r) => r.method === "PUT")).toBe(false);
    await user.clear(days);
    await user.type(days, "30");
    await user.click(screen.getByRole("radio", { name: "Update the lead we have" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(
        gateway.requests.find((r) => r.method === "PUT" && r.path === "/lead-intake/settings")?.body,
      ).toEqual({
        duplicate_window_days: 30,
        on_duplicate: "update",
      }),
    );
    await waitFor(() => expect(notify.shown.map((n) => n.text)).toContain("Changes applied successfully."));
  });

  it("speaks French: the table, the new key shown once, the setting", async () => {
    const gateway = gatewayFor();
    const { notify } = await renderPlugin(publishers, {
      agent: manager,
      gateway,
      adminPage: PAGE,
      language: "fr",
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole("heading", { name: "Fournisseurs de prospects", level: 1 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Clés d'API" });
    expect(within(table).getByRole("columnheader", { name: "Prospects envoyés" })).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: /Old Vendor/ })).toHaveTextContent("Révoquée");
    expect(screen.getByRole("radio", { name: "Le refuser" })).toBeChecked();

    await user.click(screen.getByRole("button", { name: "Nouvelle clé" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouvelle clé d'API" });
    await user.click(within(dialog).getByRole("button", { name: "Créer la clé" }));
    expect(within(dialog).getByText("Nommez la clé (le nom du fournisseur).")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Nom"), "Acme Leads");
    await user.click(within(dialog).getByRole("checkbox", { name: "ISF Final Expense" }));
    await user.click(within(dialog).getByRole("button", { name: "Créer la clé" }));
    const shown = await screen.findByRole("dialog", { name: "Clé d'API de Acme Leads" });
    expect(within(shown).getByRole("alert")).toHaveTextContent("elle ne sera plus jamais affichée");
    expect(within(shown).getByLabelText("Clé d'API")).toHaveValue(SECRET);
    await user.click(within(shown).getByRole("button", { name: "Copier" }));
    expect(notify.shown.map((n) => n.text)).toContain("Clé d'API copiée.");
    await user.click(within(shown).getByRole("button", { name: "Terminé" }));

    // A refusal the gateway words in English is said in French.
    gateway.reply(createPublisherKey, {
      status: 422,
      data: { message: "The given data was invalid.", errors: { name: ["At most 80 characters."] } },
    });
    await user.click(screen.getByRole("button", { name: "Nouvelle clé" }));
    const again = await screen.findByRole("dialog", { name: "Nouvelle clé d'API" });
    await user.type(within(again).getByLabelText("Nom"), "Acme");
    await user.click(within(again).getByRole("checkbox", { name: "ISF Final Expense" }));
    await user.click(within(again).getByRole("button", { name: "Créer la clé" }));
    expect(await within(again).findByText("80 caractères au plus.")).toBeInTheDocument();
  });
});
