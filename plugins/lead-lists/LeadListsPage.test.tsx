// The "Lead lists" page as a manager uses it, over the gateway's answers: a CSV import from the upload to its report
// (mapping prefilled and edited, dry run, job progress with its pace, refused rows downloaded), the refusals on the
// way, a cancel, a reload during an import, the lists' actions, and the page in French.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listLeadCampaigns, type LeadCampaign } from "../../src/contract/leadBook";
import { fakeGateway, renderPlugin, reply, type FakeGateway } from "../../src/sdk/testing";
import {
  cancelLeadImport,
  checkLeadImport,
  pauseLeadList,
  readLeadImport,
  readLeadImports,
  readLeadLists,
  readRefusedRows,
  removeUndialledLeads,
  resetLeadListDials,
  startLeadImport,
  uploadLeadImport,
  type LeadImport,
  type LeadList,
} from "./contract";
import plugin from "./index";
import en from "./locales/en.json";
import fr from "./locales/fr.json";

const manager = { id: 9, roles: ["manager"] };
const PAGE = "leads/lists";

const leadImport = (over: Partial<LeadImport> = {}): LeadImport => ({
  id: 31,
  file_name: "spring-leads.csv",
  file_bytes: 2048,
  columns: ["Lead ID", "First", "Last", "Phone", "Cell", "Mail"],
  preview: [
    ["ISF000001", "Ada", "Lovelace", "2125550142", "2125550143", "ada@example.com"],
    ["ISF000002", "Grace", "Hopper", "2125550144", "", "grace@example.com"],
  ],
  mapping: { marketing_id: 0, first_name: 1, last_name: 2, phone: 3, phone_other: [4] },
  mapping_remembered: true,
  campaign_id: null,
  state: "uploaded",
  dry_run: null,
  list_id: null,
  rows_total: null,
  rows_done: 0,
  counts: {},
  error: null,
  created_at: "2026-01-05T13:50:00.000Z",
  created_by: "Dana Whitfield",
  started_at: null,
  finished_at: null,
  ...over,
});

const dryRun = {
  rows: 1250,
  counts: { created: 1180, duplicate_file: 5, duplicate_book: 35, dnc: 12, invalid: 18 },
  reasons: [
    { reason: "phone: Enter a North American phone number: 10 digits, area code first (e.g. 212 555 0142).", rows: 11 },
    { reason: "email: Enter a valid e-mail address.", rows: 7 },
  ],
};
const checked = leadImport({ state: "checked", dry_run: dryRun, rows_total: 1250, campaign_id: 3 });
const running = (rows_done: number) =>
  leadImport({ state: "running", dry_run: dryRun, rows_total: 1250, rows_done, list_id: 5, campaign_id: 3, started_at: "2026-01-05T13:59:00.000Z" });

const list = (over: Partial<LeadList> = {}): LeadList => ({
  id: 5,
  name: "spring-leads",
  kind: "import",
  campaign_id: 3,
  paused: false,
  created_at: "2026-01-05T13:59:00.000Z",
  created_by: "Dana Whitfield",
  counts: { total: 1218, dialable: 1100, dialled: 96, contacted: 41, booked: 7, exhausted: 12, dnc: 4 },
  ...over,
});
const publisherList = list({
  id: 2,
  name: "Acme Leads",
  kind: "publisher",
  created_by: null,
  counts: { total: 3400, dialable: 2100, dialled: 1500, contacted: 700, booked: 90, exhausted: 410, dnc: 35 },
});

const campaigns: LeadCampaign[] = [
  { id: 3, slug: "final-expense", name: "Final Expense", active: true, prefix: "ISF", prefixes: [] },
  { id: 4, slug: "medicare", name: "Medicare", active: true, prefix: "ISM", prefixes: [] },
];

function gatewayWith(imports: LeadImport[] = [], lists: LeadList[] = []): FakeGateway {
  return fakeGateway([
    reply(readLeadLists, { status: 200, data: { data: lists } }),
    reply(readLeadImports, { status: 200, data: { data: imports } }),
    reply(listLeadCampaigns, { status: 200, data: { data: campaigns } }),
  ]);
}

const mount = (gateway: FakeGateway, language: "en" | "fr" = "en") =>
  renderPlugin(plugin, { agent: manager, gateway, adminPage: PAGE, language });

const csv = () => new File(["Lead ID,First,Last,Phone,Cell,Mail\nISF000001,Ada,Lovelace,2125550142,,\n"], "spring-leads.csv", { type: "text/csv" });
const importPart = () => screen.getByRole("region", { name: "Import a list" });
const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole("row")
    .find((r) => within(r).queryByRole("rowheader", { name: (n) => n.startsWith(name) }))!;

const { createObjectURL, revokeObjectURL } = URL;
let saved: { name: string; href: string }[];
let blobs: Blob[];
beforeEach(() => {
  saved = [];
  blobs = [];
  URL.createObjectURL = (b: Blob) => (blobs.push(b), `blob:refused-${blobs.length}`);
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

describe("importing a list", () => {
  it("uploads, shows the mapping prefilled and takes changes, checks, imports with its pace, and reports", async () => {
    const gateway = gatewayWith();
    gateway
      .reply(uploadLeadImport, { status: 201, data: { data: leadImport() } })
      .reply(checkLeadImport, ({ body }) => ({
        status: 202,
        data: { data: leadImport({ state: "checking", mapping: body.mapping, campaign_id: body.campaign_id, mapping_remembered: true }) },
      }))
      .reply(startLeadImport, { status: 202, data: { data: leadImport({ ...checked, state: "queued", list_id: 5, rows_done: 0 }) } })
      .reply(readRefusedRows, { status: 200, data: "line,reason,Lead ID\r\n3,Invalid,ISF000003\r\n" });
    const { user, push, advance } = await mount(gateway);

    await user.upload(await screen.findByLabelText("CSV file of leads"), csv());
    const upload = gateway.requests.find((r) => r.method === "POST" && r.path === "/lead-imports")!;
    expect(upload.query).toEqual({ file_name: "spring-leads.csv" });
    expect(upload.headers["content-type"]).toBe("text/csv");
    expect(upload.body).toBeInstanceOf(File);

    // The mapping, as the gateway remembered it for this layout, with the first rows under the columns.
    expect(await screen.findByText("Mapping remembered from your last import of this layout")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Columns of the file and its first rows" });
    expect(within(table).getByRole("columnheader", { name: "Cell" })).toBeInTheDocument();
    expect(within(table).getByText("Grace")).toBeInTheDocument();
    const fieldOf = (column: string) => screen.getByRole("combobox", { name: `Lead field of the column ${column}` });
    expect(fieldOf("Lead ID")).toHaveValue("marketing_id");
    expect(fieldOf("Phone")).toHaveValue("phone");
    expect(fieldOf("Cell")).toHaveValue("phone_other");
    expect(fieldOf("Mail")).toHaveValue("");
    expect(within(fieldOf("Mail")).getByRole("option", { selected: true })).toHaveTextContent("Not imported");
    await user.selectOptions(fieldOf("Mail"), "E-mail");
    // Another phone column, and the campaign.
    await user.selectOptions(fieldOf("Cell"), "Other phone");
    await user.selectOptions(screen.getByLabelText("Campaign"), "Final Expense");
    expect(screen.getByText("Required: Marketing ID, First name, Last name, and Phone.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Check the list" }));
    expect(gateway.requests.find((r) => r.path === "/lead-imports/31/check")?.body).toEqual({
      mapping: { marketing_id: 0, first_name: 1, last_name: 2, phone: 3, phone_other: [4], email: 5 },
      campaign_id: 3,
    });
    expect(await screen.findByText("Checking spring-leads.csv: nothing is written yet…")).toBeInTheDocument();
    await push("lead-import-changed", leadImport({ state: "checking", rows_done: 1000, campaign_id: 3 }));
    expect(await screen.findByText("1,000 rows read")).toBeInTheDocument();

    // The dry run's result.
    await push("lead-import-changed", checked);
    const outcomes = await screen.findByRole("table", { name: "What the rows would become" });
    expect(rowOf(outcomes, "New leads")).toHaveTextContent("1,180");
    expect(rowOf(outcomes, "Duplicates in the file")).toHaveTextContent("5");
    expect(rowOf(outcomes, "Already in the lead book")).toHaveTextContent("35");
    expect(rowOf(outcomes, "On a Do Not Call list")).toHaveTextContent("12");
    expect(rowOf(outcomes, "Invalid")).toHaveTextContent("18");
    expect(rowOf(outcomes, "Outside the allowed countries")).toHaveTextContent("0");
    // No update where the call centre refuses duplicates.
    expect(within(outcomes).queryByText("Updates to existing leads")).not.toBeInTheDocument();
    const reasons = screen.getByRole("table", { name: "Most frequent reasons" });
    expect(reasons).toHaveTextContent("Phone: Enter a North American phone number");
    expect(reasons).toHaveTextContent("E-mail: Enter a valid e-mail address.7");

    // The import, its progress and pace (a push, then the poll 2 s later).
    gateway.reply(readLeadImport, { status: 200, data: { data: running(500) } });
    await user.click(screen.getByRole("button", { name: "Import 1,180 leads" }));
    expect(gateway.requests.find((r) => r.path === "/lead-imports/31/start")?.headers["idempotency-key"]).toBeTruthy();
    expect(await screen.findByText("Waiting to start…")).toBeInTheDocument();
    await push("lead-import-changed", running(0));
    expect(await screen.findByText("0 of 1,250 rows (0%) · measuring the pace…")).toBeInTheDocument();
    await advance(2000);
    expect(await screen.findByText("500 of 1,250 rows (40%) · 250 rows per second · about 3 sec left")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "40");
    gateway.reply(readLeadImport, { status: 200, data: { data: running(1000) } });
    await advance(2000);
    expect(await screen.findByText("1,000 of 1,250 rows (80%) · 250 rows per second · about 1 sec left")).toBeInTheDocument();

    // The end: the lists are read again, the report names the new list.
    gateway.reply(readLeadLists, { status: 200, data: { data: [list()] } });
    const listReads = gateway.requests.filter((r) => r.path === "/lead-lists").length;
    await push("lead-import-changed", {
      ...running(1250),
      state: "done",
      counts: { created: 1180, duplicate_file: 5, duplicate_book: 35, dnc: 12, invalid: 18 },
      finished_at: "2026-01-05T14:00:10.000Z",
    });
    expect(await screen.findByText("Import finished: 1,180 leads in the list spring-leads")).toBeInTheDocument();
    expect(gateway.requests.filter((r) => r.path === "/lead-lists").length).toBe(listReads + 1);
    const report = screen.getByRole("table", { name: "What the rows became" });
    expect(rowOf(report, "Invalid")).toHaveTextContent("18");
    expect(await screen.findByRole("rowheader", { name: "spring-leads" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Download the refused rows (CSV)" }));
    await waitFor(() => expect(saved).toEqual([{ name: "spring-leads - refused rows.csv", href: "blob:refused-1" }]));
    expect(await blobs[0]!.text()).toContain("3,Invalid,ISF000003");
    expect(gateway.requests.some((r) => r.method === "GET" && r.path === "/lead-imports/31/refused")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Import another list" }));
    expect(await screen.findByLabelText("CSV file of leads")).toBeInTheDocument();
  }, 20_000);

  it("shows the gateway's refusal of the mapping beside it", async () => {
    const gateway = gatewayWith();
    gateway.reply(uploadLeadImport, { status: 201, data: { data: leadImport({ mapping_remembered: false }) } }).reply(checkLeadImport, {
      status: 422,
      data: {
        message: "The given data was invalid.",
        errors: {
          mapping: ["Choose the column that holds the lead's phone number.", "Column 9 is what it is."],
          campaign_id: ["Choose one of the call centre's campaigns."],
        },
      },
    });
    const { user } = await mount(gateway);
    await user.upload(await screen.findByLabelText("CSV file of leads"), csv());
    expect(await screen.findByText("Mapping guessed from the column names: check it.")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Lead field of the column Phone" }), "Not imported");
    expect(screen.getByText("Still to choose: Phone.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Check the list" }));
    const refusal = await within(importPart()).findByRole("alert");
    expect(refusal).toHaveTextContent("The mapping was refused");
    expect(within(refusal).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Choose the column that holds the lead's Phone.",
      "Column 9 is what it is.",
      "Choose one of the call centre's campaigns.",
    ]);
    // Still on the mapping, to fix it.
    expect(screen.getByRole("button", { name: "Check the list" })).toBeInTheDocument();
  });

  it("says why an upload was refused: over 100 MB (before sending), the gateway's 422, a 415", async () => {
    const gateway = gatewayWith();
    const { user } = await mount(gateway);
    const input = await screen.findByLabelText("CSV file of leads");

    const huge = csv();
    Object.defineProperty(huge, "size", { value: 101 * 1024 * 1024 });
    await user.upload(input, huge);
    expect(await screen.findByRole("alert")).toHaveTextContent("The file is over 100 MB: split it into smaller lists.");
    expect(gateway.requests.some((r) => r.path === "/lead-imports" && r.method === "POST")).toBe(false);

    gateway.reply(uploadLeadImport, { status: 413, data: { message: "The file is larger than 100 MB: split it into smaller lists." } });
    await user.upload(input, csv());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The file is over 100 MB"));

    gateway.reply(uploadLeadImport, { status: 422, data: { message: "The file has no header row: its first line must name the columns." } });
    await user.upload(input, csv());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The file has no header row: its first line must name the columns."));

    gateway.reply(uploadLeadImport, { status: 415, data: { message: "Send the file itself as the request body, as text/csv." } });
    await user.upload(input, csv());
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("The file could not be sent as a CSV file."));
  });

  it("shows the upload's progress while the file goes up", async () => {
    const gateway = gatewayWith();
    gateway.reply(uploadLeadImport, { status: 201, data: { data: leadImport() } });
    const { user, http } = await mount(gateway);
    // The browser reports the bytes sent as they go; the answer comes once the last one is in.
    let finish = () => {};
    http.defaults.adapter = async (config) => {
      config.onUploadProgress?.({ loaded: 512, total: 2048, bytes: 512, lengthComputable: true } as never);
      await new Promise<void>((resolve) => (finish = resolve));
      return gateway.adapter(config);
    };
    await user.upload(await screen.findByLabelText("CSV file of leads"), csv());
    expect(await screen.findByText("Uploading spring-leads.csv: 25%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByLabelText("CSV file of leads")).toBeDisabled();
    finish();
    expect(await screen.findByRole("table", { name: "Columns of the file and its first rows" })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar", { name: "Upload progress" })).not.toBeInTheDocument();
  });

  it("shows an import under way again after a reload, with its progress, and cancels it after asking", async () => {
    const gateway = gatewayWith([running(600), leadImport({ id: 30, file_name: "old.csv", state: "done", list_id: 4, counts: { created: 90, invalid: 3 } })], [list()]);
    gateway
      .reply(readLeadImport, { status: 200, data: { data: running(900) } })
      .reply(cancelLeadImport, { status: 200, data: { data: { ...running(900), state: "cancelled", counts: { created: 880, invalid: 20 } } } });
    const { user, advance } = await mount(gateway);

    expect(await screen.findByText("Importing spring-leads.csv")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "48");
    expect(screen.getByText("600 of 1,250 rows (48%) · measuring the pace…")).toBeInTheDocument();
    await advance(2000);
    expect(await screen.findByText("900 of 1,250 rows (72%) · 150 rows per second · about 3 sec left")).toBeInTheDocument();

    // The recent imports: this one and an older one, which opens to its report.
    const recent = screen.getByRole("table", { name: "Recent imports" });
    expect(within(recent).getByRole("button", { name: "Open the import of spring-leads.csv" })).toHaveAttribute("aria-current", "true");
    expect(within(recent).getAllByRole("row")[2]).toHaveTextContent(/old\.csv.*Done.*90.*3/);

    await user.click(screen.getByRole("button", { name: "Cancel the import" }));
    const asked = await screen.findByRole("alertdialog");
    expect(asked).toHaveTextContent("Cancel the import of spring-leads.csv? The leads already imported stay in their list");
    await user.click(within(asked).getByRole("button", { name: "Keep going" }));
    expect(gateway.requests.some((r) => r.path === "/lead-imports/31/cancel")).toBe(false);

    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Cancel the import" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel the import" }));
    expect(await screen.findByText("Import cancelled: the 880 leads imported before stay in the list spring-leads")).toBeInTheDocument();
    expect(gateway.requests.filter((r) => r.path === "/lead-imports/31/cancel")).toHaveLength(1);
    // No poll once it has ended.
    const reads = gateway.requests.filter((r) => r.path === "/lead-imports/31").length;
    await advance(6000);
    expect(gateway.requests.filter((r) => r.path === "/lead-imports/31").length).toBe(reads);

    await user.click(screen.getByRole("button", { name: "Open the import of old.csv" }));
    expect(await screen.findByText("Import finished: 90 leads in the list old")).toBeInTheDocument();
  });
});

describe("the lists", () => {
  it("shows each list's counts and pauses, resumes, resets and removes undialled leads after asking", async () => {
    const gateway = gatewayWith([], [list(), publisherList]);
    gateway
      .reply(pauseLeadList, ({ body }) => ({ status: 200, data: { data: list({ paused: body.paused }) } }))
      .reply(resetLeadListDials, { status: 200, data: { data: { leads: 1218 } } })
      .reply(removeUndialledLeads, { status: 200, data: { data: { removed: 412 } } });
    const { user, notify } = await mount(gateway);

    const table = await screen.findByRole("table", { name: "Lists" });
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual([
      "Name", "Kind", "Created", "By", "Total", "Dialable now", "Dialled", "Contacted", "Booked", "Exhausted", "Do Not Call", "Actions",
    ]);
    const cells = (name: string) => within(rowOf(table, name)).getAllByRole("cell").map((c) => c.textContent);
    expect(cells("spring-leads").slice(0, 1)).toEqual(["Import"]);
    expect(cells("spring-leads").slice(3, 10)).toEqual(["1,218", "1,100", "96", "41", "7", "12", "4"]);
    expect(cells("Acme Leads")[0]).toBe("Publisher");
    expect(cells("Acme Leads")[2]).toBe("—");
    expect(cells("Acme Leads").slice(3, 10)).toEqual(["3,400", "2,100", "1,500", "700", "90", "410", "35"]);

    const spring = () => rowOf(table, "spring-leads");
    await user.click(within(spring()).getByRole("button", { name: "Pause" }));
    expect(await within(spring()).findByText("Paused")).toBeInTheDocument();
    expect(gateway.requests.find((r) => r.path === "/lead-lists/5/paused")?.body).toEqual({ paused: true });
    expect(notify.shown).toContainEqual({ intent: "success", text: "The list spring-leads is paused: the dialer gives none of its leads." });
    await user.click(within(spring()).getByRole("button", { name: "Resume" }));
    await waitFor(() => expect(within(spring()).queryByText("Paused")).not.toBeInTheDocument());
    expect(gateway.requests.filter((r) => r.path === "/lead-lists/5/paused").at(-1)?.body).toEqual({ paused: false });

    // Reset: asked first, saying what it does.
    await user.click(within(spring()).getByRole("button", { name: "Reset dial counts" }));
    let asked = await screen.findByRole("alertdialog");
    expect(asked).toHaveTextContent(
      "Reset the dial counts of the list spring-leads? Its 1,218 leads start the dialing sequence over: each lead's dial count goes back to 0",
    );
    await user.click(within(asked).getByRole("button", { name: "Cancel" }));
    expect(gateway.requests.some((r) => r.path === "/lead-lists/5/reset-dials")).toBe(false);
    await user.click(within(spring()).getByRole("button", { name: "Reset dial counts" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Reset dial counts" }));
    await waitFor(() => expect(notify.shown).toContainEqual({ intent: "success", text: "Dial counts reset for 1,218 leads." }));
    expect(gateway.requests.find((r) => r.path === "/lead-lists/5/reset-dials")?.headers["idempotency-key"]).toBeTruthy();

    // Remove the undialled leads: asked first; the others stay.
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await user.click(within(spring()).getByRole("button", { name: "Remove undialled leads" }));
    asked = await screen.findByRole("alertdialog");
    expect(asked).toHaveTextContent("This removes the leads nothing happened to");
    expect(asked).toHaveTextContent("The others stay in the list.");
    await user.click(within(asked).getByRole("button", { name: "Remove undialled leads" }));
    await waitFor(() => expect(notify.shown).toContainEqual({ intent: "success", text: "412 leads removed" }));
    expect(gateway.requests.filter((r) => r.path === "/lead-lists/5/remove-undialled")).toHaveLength(1);
    // The counts are read again after each.
    expect(gateway.requests.filter((r) => r.path === "/lead-lists").length).toBe(3);
  });
});

/** Every text of the English locale that French says otherwise, as a pattern over the page ({{…}}: anything). */
function englishPatterns(): { key: string; longest: string; pattern: RegExp }[] {
  const flat = (o: unknown, prefix = "", out = new Map<string, string>()) => {
    if (typeof o === "string") out.set(prefix, o);
    else if (o && typeof o === "object") for (const [k, v] of Object.entries(o)) flat(v, prefix ? `${prefix}.${k}` : k, out);
    return out;
  };
  const french = flat(fr);
  return [...flat(en)]
    .filter(([key, text]) => french.get(key) !== text)
    .map(([key, text]) => {
      // The longest piece between placeholders; a word of fewer than 4 letters says too little to be caught.
      const longest = text
        .split(/\{\{\w+\}\}/)
        .map((p) => p.trim())
        .sort((a, b) => b.length - a.length)[0]!;
      const escaped = longest.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return { key, longest, pattern: new RegExp(`(?<![\\p{L}])${escaped}(?![\\p{L}])`, "u") };
    })
    .filter(({ longest }) => longest.length >= 4);
}
function shown(): string {
  const attributes = [...document.querySelectorAll("[aria-label], [title], [placeholder]")].flatMap((e) =>
    ["aria-label", "title", "placeholder"].map((a) => e.getAttribute(a) ?? ""),
  );
  // Each text node apart, so two elements' texts side by side stay two texts.
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue ?? "");
  return [...texts, ...attributes].join("\n");
}
function englishLeft(): string[] {
  const page = shown();
  return englishPatterns()
    .filter(({ pattern }) => pattern.test(page))
    .map(({ key }) => key);
}

describe("in French", () => {
  it("says everything in French: the lists, the mapping, the dry run, the progress and the confirmations", async () => {
    const gateway = gatewayWith([leadImport({ id: 29, file_name: "vieux.csv", state: "done", list_id: 4, counts: { created: 90, dnc: 2 } })], [list(), publisherList]);
    gateway
      .reply(uploadLeadImport, {
        status: 201,
        // A Québec file: its own column names (the file's words are not the page's).
        data: { data: leadImport({ columns: ["No", "Prénom", "Nom", "Tél.", "Cellulaire", "Courriel"], mapping: { marketing_id: 0, first_name: 1, last_name: 2 } }) },
      })
      .reply(checkLeadImport, { status: 202, data: { data: leadImport({ state: "checking" }) } })
      .reply(startLeadImport, { status: 202, data: { data: running(0) } })
      .reply(readLeadImport, { status: 200, data: { data: running(250) } });
    const { user, push, advance } = await mount(gateway, "fr");

    const lists = await screen.findByRole("table", { name: "Listes" });
    expect(within(lists).getByRole("columnheader", { name: "Ne pas appeler" })).toBeInTheDocument();
    expect(within(rowOf(lists, "Acme Leads")).getAllByRole("cell")[3]).toHaveTextContent(/^3\s400$/);
    expect(screen.getByRole("heading", { name: "Listes de prospects" })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.upload(screen.getByLabelText("Fichier CSV de prospects"), csv());
    expect(await screen.findByText("Correspondance reprise de votre dernière importation de cette mise en page")).toBeInTheDocument();
    expect(screen.getByText("Reste à choisir : Téléphone.")).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Vérifier la liste" }));
    await push("lead-import-changed", leadImport({ state: "checking", rows_done: 1000 }));
    expect(await screen.findByText(/^1\s000 lignes lues$/)).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
    await push("lead-import-changed", { ...checked, dry_run: { ...dryRun, counts: { ...dryRun.counts, updated: 4 } } });
    const outcomes = await screen.findByRole("table", { name: "Ce que deviendraient les lignes" });
    expect(rowOf(outcomes, "Sur une liste Ne pas appeler")).toHaveTextContent("12");
    expect(rowOf(outcomes, "Mises à jour de prospects existants")).toHaveTextContent("4");
    expect(screen.getByRole("table", { name: "Raisons les plus fréquentes" })).toHaveTextContent(
      "Téléphone : Saisissez un numéro de téléphone nord-américain",
    );
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole("button", { name: /^Importer 1\s184 prospects$/ }));
    expect(await screen.findByText(/^0 lignes sur 1\s250/)).toBeInTheDocument();
    await advance(2000);
    expect(await screen.findByText(/125 lignes par seconde · il reste environ 8 s/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Annuler l'importation" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("Annuler l'importation de spring-leads.csv ?");
    expect(englishLeft()).toEqual([]);
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Continuer" }));

    await user.click(within(rowOf(lists, "spring-leads")).getByRole("button", { name: "Retirer les prospects jamais appelés" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("Les autres restent dans la liste.");
    expect(englishLeft()).toEqual([]);
  });
});
