// The Leads page as a manager uses it, over the gateway's answers: the search with its filters and pages, a lead
// opened beside the table (its card, its history with a call's recording), the edit form (the contract's refusal
// before sending, the gateway's 422 at its field, the save), reassign (to an agent, its 409 and 422), Mark Do Not
// Call (the reason required); and the same in French with no English left. The page is mounted in a plugin of its
// own here (the lead-lists manifest, this page, and the texts under "book" as the plugin merges them), so it is
// tested whatever the rest of the plugin does.
import { screen, waitFor, within } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it } from "vitest";
import { listAgents, type AgentListItem } from "../../../src/contract/agents";
import { readLead, type WireLead } from "../../../src/contract/lead";
import { listLeadCampaigns, type LeadCampaign } from "../../../src/contract/leadBook";
import { readLeadHistory, type LeadHistory } from "../../../src/contract/leadHistory";
import { definePlugin } from "../../../src/sdk";
import { fakeGateway, historyCall, renderPlugin, reply } from "../../../src/sdk/testing";
import { readLeadLists, type LeadList } from "../contract";
import { manifest } from "../manifest";
import {
  BOOK_MESSAGES,
  markBookLeadDoNotCall,
  reassignBookLead,
  saveLeadFields,
  searchLeadBook,
  type BookLead,
} from "./contract";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";

const PAGE = "leads/search";
const book = definePlugin({
  ...manifest,
  adminPages: [
    {
      path: PAGE,
      section: "leads",
      title: "book.link",
      order: 5,
      component: lazy(() => import("./LeadBookPage")),
    },
  ],
  locales: {
    en: async () => ({ default: { book: en } }),
    fr: async () => ({ default: { book: fr } }),
    es: async () => ({ default: { book: es } }),
  },
});

const manager = { id: 9, roles: ["manager"] };

const row = (id: number, over: Partial<BookLead> = {}): BookLead => ({
  id,
  marketing_id: `ISF${1000 + id}`,
  name: `Lead ${id}`,
  phone: `21255501${String(id).padStart(2, "0")}`,
  state: "ny",
  status: "New",
  campaign_id: 1,
  campaign: "Final Expense",
  list_id: null,
  list: null,
  owner_id: null,
  owner: null,
  dials: 0,
  created_at: "2026-01-04T15:00:00.000Z",
  ...over,
});
const quintessa = row(31, {
  name: "Quintessa Vandermolen",
  phone: "2125550971",
  status: "Callback",
  list_id: 4,
  list: "Spring fair",
  owner_id: 7,
  owner: "Jordan Reyes",
  dials: 3,
});
const rows = [
  quintessa,
  row(30, { name: "Bartholomew Quillfeather", campaign_id: 2, campaign: "Term Life Web" }),
];

const wire: WireLead = {
  id: 31,
  marketing_id: "ISF1031",
  crm_id: null,
  first_name: "Quintessa",
  last_name: "Vandermolen",
  phone: "2125550971",
  phone_other: '["2125550972"]',
  email: "q.vandermolen@example.com",
  language: "es",
  status: "Callback",
  status_description: null,
  new: false,
  dials: 3,
  notes: "Prefers mornings",
  cre_notes: null,
  keywords: "final expense quote",
  mga: null,
  website: "quotes.example.com",
  is_annuity: false,
  reasons: [],
  reason_other: null,
  campaign: "Final Expense",
  local_did: null,
  is_inbound: false,
  is_redistributed_followup: false,
  qualifier_name: null,
  qualified_by: null,
  country: "US",
  created: false,
  created_at: "2026-01-04T15:00:00.000Z",
  address: {
    street: "350 5th Ave",
    apartment: "12B",
    buzzer: null,
    city: "New York",
    zip: "10001",
    state: "ny",
    province: null,
    latitude: null,
    longitude: null,
    timezone: "America/New_York",
    type: 1,
    valid: true,
  },
  clients: [],
  insurance: {
    amount: null,
    annuity_beneficiary: null,
    annuity_funds: null,
    annuity_investment: null,
    annuity_period: null,
    applied: 0,
    carrier: null,
    denied: 0,
    has_policy: 0,
    premium: null,
    type: [],
    type_other: "",
  },
};

const history: LeadHistory = {
  calls: [
    historyCall(
      {
        recordings: {
          recordings: [{ id: 5, index: 1, at: "2026-01-05T13:01:00.000Z", seconds: 42, state: "complete" }],
        },
      },
      { id: 12, started_at: "2026-01-05T13:00:00.000Z", duration: 95, agent_name: "Jordan Reyes" },
    ),
    historyCall(undefined, {
      id: 11,
      started_at: "2026-01-04T16:00:00.000Z",
      duration: null,
      direction: 1,
      type: "inbound",
      agent_name: null,
    }),
  ],
  dispositions: [
    {
      id: 3,
      created_at: "2026-01-05T13:02:00.000Z",
      agent_name: "Jordan Reyes",
      disposition: "Callback Scheduled",
      reason: null,
      reason_other: null,
      notes: "After lunch, on her cell",
      date_time: "2026-01-06T17:00:00.000Z",
    },
  ],
};

const lists: LeadList[] = [
  {
    id: 4,
    name: "Spring fair",
    kind: "import",
    campaign_id: null,
    paused: false,
    created_at: "2026-01-02T15:00:00.000Z",
    created_by: "Dana Whitfield",
    counts: { total: 2, dialable: 1, dialled: 1, contacted: 1, booked: 0, exhausted: 0, dnc: 0 },
  },
];
const campaigns: LeadCampaign[] = [
  { id: 1, slug: "final-expense", name: "Final Expense", active: true, prefix: "ISF", prefixes: [] },
  { id: 2, slug: "term-life-web", name: "Term Life Web", active: true, prefix: "ISW", prefixes: [] },
  {
    id: 4,
    slug: "mortgage-protection",
    name: "Mortgage Protection",
    active: false,
    prefix: "ISM",
    prefixes: [],
  },
];
const agent = (
  id: number,
  first: string,
  last: string,
  over: Partial<AgentListItem> = {},
): AgentListItem => ({
  id,
  first_name: first,
  last_name: last,
  full_name: `${first} ${last}`,
  extension: String(1000 + id),
  role: "qualifier",
  level: 1,
  is_bilingual: false,
  deactivated: false,
  ...over,
});
const agents = [
  agent(7, "Jordan", "Reyes"),
  agent(8, "Tyler", "Brooks"),
  agent(12, "Maria", "Lopez", { role: "advisor", extension: null }),
  agent(13, "Kevin", "Nguyen", { deactivated: true }),
];

function gatewayFor(total = rows.length) {
  return fakeGateway([
    reply(searchLeadBook, ({ query }) => ({
      status: 200,
      data: {
        data: query.q ? rows.filter((r) => r.name.toLowerCase().includes(query.q!.toLowerCase())) : rows,
        total,
      },
    })),
    reply(readLeadLists, { status: 200, data: { data: lists } }),
    reply(listLeadCampaigns, { status: 200, data: { data: campaigns } }),
    reply(readLead, { status: 200, data: { data: wire } }),
    reply(readLeadHistory, { status: 200, data: { data: history } }),
    reply(listAgents, {
      status: 200,
      data: { data: agents, meta: { total: agents.length, page: 1, per_page: 100 } },
    }),
    reply(saveLeadFields, { status: 204, data: null }),
    reply(reassignBookLead, ({ body }) => ({ status: 200, data: { data: { owner_id: body.agent_id } } })),
    reply(markBookLeadDoNotCall, ({ params }) => ({
      status: 200,
      data: { data: { id: params.id, status: "Do Not Call" } },
    })),
  ]);
}

async function openQuintessa(language?: "fr") {
  const gateway = gatewayFor();
  const page = await renderPlugin(book, {
    agent: manager,
    gateway,
    adminPage: PAGE,
    ...(language && { language }),
  });
  const name =
    language === "fr" ? "Ouvrir le prospect Quintessa Vandermolen" : "Open the lead Quintessa Vandermolen";
  await page.user.click(await screen.findByRole("button", { name }));
  const pane = await screen.findByRole("complementary", { name: "Quintessa Vandermolen" });
  return { ...page, gateway, pane };
}

describe("the Leads page", () => {
  it("lists the newest leads, then searches and filters by text, list, status and campaign, and pages", async () => {
    const gateway = gatewayFor(120);
    const { user } = await renderPlugin(book, { agent: manager, gateway, adminPage: PAGE });
    expect(await screen.findByRole("heading", { name: "Leads", level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Results" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual([
      "Name",
      "Phone",
      "Marketing ID",
      "Status",
      "Campaign",
      "List",
      "Owner",
      "Dials",
      "Created",
    ]);
    const first = within(table).getByRole("row", { name: /Quintessa Vandermolen/ });
    expect(first).toHaveTextContent("(212) 555-0971");
    expect(first).toHaveTextContent("Callback");
    expect(first).toHaveTextContent("Spring fair");
    expect(first).toHaveTextContent("Jordan Reyes");
    expect(within(table).getByRole("row", { name: /Bartholomew/ })).toHaveTextContent("Pool");
    expect(screen.getByText("120 leads")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(gateway.requests.find((r) => r.path === "/lead-book/leads")?.query).toEqual({ page: "1" });

    // The selects offer the call centre's lists, the lead statuses and its campaigns.
    const status = screen.getByLabelText("Status");
    expect(within(status).getByRole("option", { name: "Not Interested" })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText("Campaign")).getByRole("option", {
        name: "Mortgage Protection (inactive)",
      }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Search"), "quintessa");
    await user.selectOptions(screen.getByLabelText("List"), "Spring fair");
    await user.selectOptions(status, "Callback");
    await user.selectOptions(screen.getByLabelText("Campaign"), "Final Expense");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(within(table).queryByRole("row", { name: /Bartholomew/ })).not.toBeInTheDocument(),
    );
    expect(gateway.requests.filter((r) => r.path === "/lead-book/leads").at(-1)?.query).toEqual({
      q: "quintessa",
      list_id: "4",
      status: "Callback",
      campaign_id: "1",
      page: "1",
    });

    // The next page keeps the filters.
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(screen.getByText("Page 2 of 3")).toBeInTheDocument());
    expect(gateway.requests.filter((r) => r.path === "/lead-book/leads").at(-1)?.query).toMatchObject({
      q: "quintessa",
      page: "2",
    });
    expect(screen.getByRole("button", { name: "Previous page" })).toBeEnabled();

    // A filter the gateway refuses says so at its field.
    gateway.reply(searchLeadBook, {
      status: 422,
      data: { message: "The given data was invalid.", errors: { list_id: [BOOK_MESSAGES.noSuchList] } },
    });
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("This list is no longer in the call centre.")).toBeInTheDocument();

    // Clear: every filter off, the newest leads again.
    gateway.reply(searchLeadBook, { status: 200, data: { data: [], total: 0 } });
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(await screen.findByText("No lead matches these filters.")).toBeInTheDocument();
    expect(screen.getByLabelText("Search")).toHaveValue("");
    expect(gateway.requests.filter((r) => r.path === "/lead-book/leads").at(-1)?.query).toEqual({
      page: "1",
    });
  });

  it("opens a lead beside the table: its card, and its history with the calls, the dispositions and a recording", async () => {
    const { pane, gateway, user } = await openQuintessa();
    const details = await within(pane).findByRole("region", { name: "Lead details" });
    const fact = (label: string) => within(details).getByText(label).nextElementSibling;
    expect(fact("Phone")).toHaveTextContent("(212) 555-0971");
    expect(fact("Other phones")).toHaveTextContent("(212) 555-0972");
    expect(fact("E-mail")).toHaveTextContent("q.vandermolen@example.com");
    expect(fact("Address")).toHaveTextContent("350 5th Ave, 12B");
    expect(fact("Address")).toHaveTextContent("New York, NY 10001");
    expect(fact("Language")).toHaveTextContent("Spanish");
    expect(fact("Status")).toHaveTextContent("Callback");
    expect(fact("Campaign")).toHaveTextContent("Final Expense");
    expect(fact("Owner")).toHaveTextContent("Jordan Reyes");
    expect(fact("List")).toHaveTextContent("Spring fair");
    expect(fact("Dials")).toHaveTextContent("3");
    expect(fact("Marketing ID")).toHaveTextContent("ISF1031");
    expect(fact("Web site")).toHaveTextContent("quotes.example.com");
    expect(fact("Keywords")).toHaveTextContent("final expense quote");
    expect(fact("Notes")).toHaveTextContent("Prefers mornings");
    expect(gateway.requests.some((r) => r.path === "/leads/31")).toBe(true);
    expect(gateway.requests.some((r) => r.path === "/leads/31/history")).toBe(true);

    const list = await within(pane).findByRole("list", { name: "History" });
    const entries = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringMatching(
        /^DispositionCallback Scheduled.*by Jordan Reyes · For .*Notes: After lunch, on her cell$/,
      ),
      expect.stringMatching(/^CallManual · outbound.*Talked 1:35 · by Jordan Reyes.*Recording 1 · 0:42$/),
      expect.stringMatching(/^CallInbound · inbound.*Not answered · by an agent whose account is gone$/),
    ]);
    expect(screen.getByRole("row", { name: /Quintessa/ })).toHaveAttribute("aria-current", "true");

    await user.click(within(pane).getByRole("button", { name: "Close the lead" }));
    await waitFor(() => expect(screen.queryByRole("complementary")).not.toBeInTheDocument());
  });

  it("edits the lead: what the contract refuses is said before sending, the gateway's 422 at its field, then saves what changed", async () => {
    const { pane, gateway, user, notify } = await openQuintessa();
    await user.click(await within(pane).findByRole("button", { name: "Edit" }));
    const form = within(pane).getByRole("form", { name: "Edit the lead" });
    const field = (label: string) => within(form).getByLabelText(label);
    expect(field("First name")).toHaveValue("Quintessa");
    expect(field("Other phones")).toHaveValue("2125550972");
    expect(field("State or province (2 letters)")).toHaveValue("NY");
    expect(field("Language")).toHaveValue("es");

    await user.clear(field("First name"));
    await user.clear(field("E-mail"));
    await user.type(field("E-mail"), "not-an-email");
    await user.clear(field("ZIP or postal code"));
    await user.type(field("ZIP or postal code"), "1234X");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(within(form).getByText("Required.")).toBeInTheDocument();
    expect(within(form).getByText("Enter a valid e-mail address.")).toBeInTheDocument();
    expect(within(form).getByText("Enter a valid zip code.")).toBeInTheDocument();
    expect(gateway.requests.some((r) => r.method === "PUT")).toBe(false);

    await user.type(field("First name"), "Quinn");
    await user.clear(field("E-mail"));
    await user.type(field("E-mail"), "quinn@example.com");
    await user.clear(field("ZIP or postal code"));
    await user.type(field("ZIP or postal code"), "10001");
    await user.clear(field("State or province (2 letters)"));
    await user.type(field("State or province (2 letters)"), "QC");
    await user.selectOptions(field("Language"), "English");
    gateway.reply(saveLeadFields, {
      status: 422,
      data: {
        message: "The given data was invalid.",
        errors: { "address.state": ["The state or province is not one of the lead's country."] },
      },
    });
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(
      await within(form).findByText("The state or province is not one of the lead's country."),
    ).toBeInTheDocument();
    const sent = gateway.requests.filter((r) => r.method === "PUT" && r.path === "/leads/31");
    // Only what changed.
    expect(sent[0]!.body).toEqual({
      first_name: "Quinn",
      email: "quinn@example.com",
      language: "en",
      address: { state: "qc" },
    });

    await user.clear(field("State or province (2 letters)"));
    await user.type(field("State or province (2 letters)"), "NY");
    gateway.reply(saveLeadFields, { status: 204, data: null });
    gateway.reply(readLead, {
      status: 200,
      data: { data: { ...wire, first_name: "Quinn", email: "quinn@example.com", language: "en" } },
    });
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(notify.shown.map((n) => n.text)).toContain("The lead is saved."));
    expect(gateway.requests.filter((r) => r.method === "PUT" && r.path === "/leads/31").at(-1)!.body).toEqual(
      {
        first_name: "Quinn",
        email: "quinn@example.com",
        language: "en",
      },
    );
    // The card again, read back; the table's row has the new name.
    const renamed = await screen.findByRole("complementary", { name: "Quinn Vandermolen" });
    expect(within(renamed).getByRole("region", { name: "Lead details" })).toHaveTextContent(
      "quinn@example.com",
    );
    expect(screen.getByRole("row", { name: /Quinn Vandermolen/ })).toBeInTheDocument();
  });

  it("reassigns the lead: to an agent, and says why the gateway refused (an agent on it, not an agent)", async () => {
    const { pane, gateway, user, notify } = await openQuintessa();
    expect(within(pane).getByText("Owned by Jordan Reyes.")).toBeInTheDocument();
    const select = await within(pane).findByLabelText("Give the lead to");
    await waitFor(() =>
      expect(
        within(select).getByRole("option", { name: "Tyler Brooks (qualifier, ext. 1008)" }),
      ).toBeInTheDocument(),
    );
    // Not the owner again, nor a deactivated agent; the pool is offered.
    expect(within(select).queryByRole("option", { name: /Jordan Reyes/ })).not.toBeInTheDocument();
    expect(within(select).queryByRole("option", { name: /Kevin Nguyen/ })).not.toBeInTheDocument();
    expect(within(select).getByRole("option", { name: "Maria Lopez (advisor)" })).toBeInTheDocument();
    expect(within(select).getByRole("option", { name: "Back to the pool" })).toBeInTheDocument();

    gateway.reply(reassignBookLead, { status: 409, data: { message: BOOK_MESSAGES.inProcess } });
    await user.selectOptions(select, "Tyler Brooks (qualifier, ext. 1008)");
    await user.click(within(pane).getByRole("button", { name: "Reassign" }));
    expect(await within(pane).findByRole("alert")).toHaveTextContent(
      "An agent is working this lead right now; try again when the call is over.",
    );
    gateway.reply(reassignBookLead, {
      status: 422,
      data: { message: "The given data was invalid.", errors: { agent_id: [BOOK_MESSAGES.notAnAgent] } },
    });
    await user.click(within(pane).getByRole("button", { name: "Reassign" }));
    expect(
      await within(pane).findByText("Choose an active qualifier or advisor of this call centre."),
    ).toBeInTheDocument();

    gateway.reply(reassignBookLead, ({ body }) => ({
      status: 200,
      data: { data: { owner_id: body.agent_id } },
    }));
    await user.click(within(pane).getByRole("button", { name: "Reassign" }));
    await waitFor(() => expect(notify.shown.map((n) => n.text)).toContain("The lead is now Tyler Brooks's."));
    expect(gateway.requests.filter((r) => r.path === "/lead-book/leads/31/owner").map((r) => r.body)).toEqual(
      [{ agent_id: 8 }, { agent_id: 8 }, { agent_id: 8 }],
    );
    expect(within(pane).getByText("Owned by Tyler Brooks.")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /Quintessa/ })).toHaveTextContent("Tyler Brooks");

    await user.selectOptions(within(pane).getByLabelText("Give the lead to"), "Back to the pool");
    await user.click(within(pane).getByRole("button", { name: "Reassign" }));
    await waitFor(() => expect(notify.shown.map((n) => n.text)).toContain("The lead is back in the pool."));
    expect(gateway.requests.filter((r) => r.path === "/lead-book/leads/31/owner").at(-1)!.body).toEqual({
      agent_id: null,
    });
    expect(within(pane).getByText("In the pool: the dialer gives it to any agent.")).toBeInTheDocument();
  });

  it("marks the lead Do Not Call with a reason, the person's own request ticked", async () => {
    const { pane, gateway, user, notify } = await openQuintessa();
    await user.click(await within(pane).findByRole("button", { name: "Mark Do Not Call" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark Do Not Call" });
    expect(dialog).toHaveTextContent("Quintessa Vandermolen will not be called again");
    await user.click(within(dialog).getByRole("button", { name: "Mark Do Not Call" }));
    expect(within(dialog).getByText("Give the reason the lead must not be called.")).toBeInTheDocument();
    expect(gateway.requests.some((r) => r.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText(/Reason/), "Asked by letter");
    await user.click(within(dialog).getByRole("checkbox", { name: "The person asked not to be called" }));
    gateway.reply(readLead, { status: 200, data: { data: { ...wire, status: "Do Not Call" } } });
    await user.click(within(dialog).getByRole("button", { name: "Mark Do Not Call" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(
      gateway.requests.find((r) => r.method === "POST" && r.path === "/lead-book/leads/31/dnc")?.body,
    ).toEqual({
      reason: "Asked by letter",
      consumer_request: true,
    });
    expect(notify.shown.map((n) => n.text)).toContain("Quintessa Vandermolen is marked Do Not Call.");
    expect(
      await within(pane).findByText("Do Not Call: this lead's numbers are not dialled."),
    ).toBeInTheDocument();
    expect(within(pane).getByRole("button", { name: "Mark Do Not Call" })).toBeDisabled();
    expect(screen.getByRole("row", { name: /Quintessa/ })).toHaveTextContent("Do Not Call");
  });
});

/** Every English text of the page that French says otherwise (interpolations left out), as a whole word. */
function englishLeft(): string[] {
  const texts = (o: object, other: object): [string, string][] =>
    Object.entries(o).flatMap(([k, v]) => {
      const w = (other as Record<string, unknown>)[k];
      return typeof v === "string" ? [[v, String(w)] as [string, string]] : texts(v as object, w as object);
    });
  const page = document.body.textContent ?? "";
  return texts(en, fr)
    .filter(([e, f]) => e !== f && !e.includes("{{") && e.length > 3)
    .map(([e]) => e)
    .filter((e) =>
      new RegExp(`(^|[^\\p{L}])${e.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(page),
    );
}

describe("the Leads page in French", () => {
  it("says everything in French: the filters, the table, the lead, its history, the dialogs", async () => {
    const { pane, user } = await openQuintessa("fr");
    expect(screen.getByRole("heading", { name: "Prospects", level: 1 })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Résultats" });
    expect(within(table).getByRole("columnheader", { name: "Attribué à" })).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: /Quintessa/ })).toHaveTextContent("Rappel");
    expect(screen.getByText("2 prospects")).toBeInTheDocument();
    expect(
      within(screen.getByLabelText("Statut")).getByRole("option", { name: "Pas intéressé" }),
    ).toBeInTheDocument();
    const details = await within(pane).findByRole("region", { name: "Fiche du prospect" });
    expect(details).toHaveTextContent("Espagnol");
    const list = await within(pane).findByRole("list", { name: "Historique" });
    expect(list).toHaveTextContent("Rappel planifié");
    expect(list).toHaveTextContent("Conversation de 1:35");
    expect(list).toHaveTextContent("Enregistrement 1 · 0:42");
    expect(within(pane).getByText("Attribué à Jordan Reyes.")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(within(pane).getByLabelText("Donner le prospect à")).getByRole("option", {
          name: "Tyler Brooks (qualificateur, poste 1008)",
        }),
      ).toBeInTheDocument(),
    );
    expect(englishLeft()).toEqual([]);

    await user.click(within(pane).getByRole("button", { name: "Modifier" }));
    const form = within(pane).getByRole("form", { name: "Modifier le prospect" });
    await user.clear(within(form).getByLabelText("Courriel"));
    await user.type(within(form).getByLabelText("Courriel"), "pas-un-courriel");
    await user.click(within(form).getByRole("button", { name: "Enregistrer" }));
    expect(within(form).getByText("Entrez une adresse courriel valide.")).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    await user.click(within(form).getByRole("button", { name: "Annuler" }));

    await user.click(within(pane).getByRole("button", { name: "Marquer « Ne pas appeler »" }));
    const dialog = await screen.findByRole("dialog", { name: "Marquer « Ne pas appeler »" });
    await user.click(within(dialog).getByRole("button", { name: "Marquer « Ne pas appeler »" }));
    expect(
      within(dialog).getByText("Indiquez pourquoi le prospect ne doit pas être appelé."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole("checkbox", { name: "La personne a demandé à ne pas être appelée" }),
    ).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });
});
