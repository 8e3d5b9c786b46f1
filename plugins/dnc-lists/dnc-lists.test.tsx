// The Do Not Call lists page as a manager uses it: the lists (the internal list first), "Is this number on a list?"
// (which list, since when, why, who added it), adding a number at a person's request, taking one off with a
// reason, creating and deleting a list, uploading a file and reading what came of it, exporting; and in French.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeGateway, renderPlugin, reply, type EndpointRoute } from "../../src/sdk/testing";
import {
  addDncNumber,
  createDncList,
  deleteDncList,
  DNC_MESSAGES,
  exportDncList,
  listDncLists,
  listDncNumbers,
  removeDncNumber,
  searchDncNumber,
  uploadDncNumbers,
  type DncEntry,
  type DncList,
  type UploadResult,
} from "./contract";
import plugin from "./index";

const INTERNAL: DncList = { id: 0, name: null, kind: "internal", source: null, created_at: null, expires_at: null, expired: false, numbers: 12 };
const REGISTRY: DncList = {
  id: 3,
  name: "National registry: 212",
  kind: "registry",
  source: "FTC extract, area code 212",
  created_at: "2026-01-02T15:00:00.000Z",
  expires_at: "2026-02-01",
  expired: false,
  numbers: 48_210,
};
const PARTNER: DncList = { id: 4, name: "Sun Coast Leads", kind: "partner", source: "Sun Coast Leads LLC", created_at: "2025-12-01T15:00:00.000Z", expires_at: null, expired: false, numbers: 3 };
const CONSUMER: DncEntry = {
  list_id: 0,
  list_name: null,
  kind: "internal",
  phone: "2125550142",
  added_at: "2025-11-03T16:20:00.000Z",
  expires_at: "2028-11-17T16:20:00.000Z",
  source: "consumer",
  reason: "Asked on the phone not to be called again",
  added_by: "Dana Whitfield",
  active: true,
};
const ON_REGISTRY: DncEntry = {
  ...CONSUMER,
  list_id: 3,
  list_name: "National registry: 212",
  kind: "registry",
  added_at: "2026-01-02T15:00:00.000Z",
  expires_at: "2026-02-02T12:00:00.000Z",
  source: "import",
  reason: null,
  added_by: "Morgan Lee",
};

async function mount(overrides: EndpointRoute[] = [], language?: "fr") {
  const gateway = fakeGateway([
    reply(listDncLists, { status: 200, data: { data: [INTERNAL, REGISTRY, PARTNER] } }),
    reply(searchDncNumber, { status: 200, data: { data: [CONSUMER, ON_REGISTRY] } }),
  ]);
  for (const o of overrides) gateway.reply(o.endpoint, o.handler);
  const view = await renderPlugin(plugin, { gateway, agent: { id: 9, roles: ["manager"] }, adminPage: "leads/dnc-lists", language });
  await screen.findByRole("heading", { level: 1 });
  await screen.findByRole("table", { name: language === "fr" ? "Les listes Ne pas appeler du centre d'appels" : "The call centre's Do Not Call lists" });
  const sent = (method: string, path: string) => gateway.requests.filter((r) => r.method === method && r.path === path);
  return { ...view, gateway, sent };
}

/** What a Blob holds, as text. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

afterEach(() => vi.restoreAllMocks());

describe("the Do Not Call lists page", () => {
  it("shows the lists, the internal list first, with their kind, source, dates and numbers", async () => {
    await mount();
    expect(screen.getByRole("heading", { level: 1, name: "Do Not Call lists" })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "The call centre's Do Not Call lists" });
    const heads = within(table).getAllByRole("columnheader").map((h) => h.textContent);
    expect(heads).toEqual(["Name", "Kind", "Source", "Created", "Expires", "Numbers", "Actions"]);
    const [, internal, registry, partner] = within(table).getAllByRole("row");
    expect(within(internal!).getByRole("rowheader")).toHaveTextContent("Internal list");
    expect(internal).toHaveTextContent("3 years + 14 days after each number");
    expect(internal).toHaveTextContent("12");
    // The internal list is never deleted nor uploaded to.
    expect(within(internal!).queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(internal!).queryByRole("button", { name: /Upload/ })).not.toBeInTheDocument();
    expect(registry).toHaveTextContent("National registry: 212");
    expect(registry).toHaveTextContent("National registry extract");
    expect(registry).toHaveTextContent("FTC extract, area code 212");
    expect(registry).toHaveTextContent("Jan 2, 2026");
    expect(registry).toHaveTextContent("Feb 1, 2026");
    expect(registry).toHaveTextContent("48,210");
    expect(partner).toHaveTextContent("Partner's list");
    expect(partner).toHaveTextContent("No expiry");
  });

  it("answers which lists a number is on, since when, why and who added it; text that is no number is said so", async () => {
    const { user, sent } = await mount();
    const search = screen.getByRole("search", { name: "Is this number on a list?" });
    await user.type(within(search).getByLabelText("Phone number"), "hello");
    await user.click(within(search).getByRole("button", { name: "Search" }));
    expect(await within(search).findByText(DNC_MESSAGES.phone)).toBeInTheDocument();
    expect(sent("GET", "/dnc-lists/search")).toHaveLength(0);

    await user.clear(within(search).getByLabelText("Phone number"));
    await user.type(within(search).getByLabelText("Phone number"), "(212) 555-0142");
    await user.click(within(search).getByRole("button", { name: "Search" }));
    expect(await screen.findByText("212.555.0142 is on 2 Do Not Call lists in force.")).toBeInTheDocument();
    expect(sent("GET", "/dnc-lists/search")[0]!.query).toEqual({ phone: "2125550142" });
    const results = screen.getByRole("table", { name: "Lists 212.555.0142 is on" });
    const [, first, second] = within(results).getAllByRole("row");
    expect(within(first!).getByRole("rowheader")).toHaveTextContent("Internal list");
    for (const text of ["Nov 3, 2025", "Nov 17, 2028", "The person asked not to be called", "Asked on the phone not to be called again", "Dana Whitfield", "In force"])
      expect(first).toHaveTextContent(text);
    expect(second).toHaveTextContent("National registry: 212");
    expect(second).toHaveTextContent("Uploaded file");
    expect(second).toHaveTextContent("Morgan Lee");
  });

  it("says a number on no list may be called", async () => {
    const { user } = await mount([reply(searchDncNumber, { status: 200, data: { data: [] } })]);
    await user.type(screen.getByLabelText("Phone number"), "3125550100");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("312.555.0100 is on no Do Not Call list: the dialer may call it.")).toBeInTheDocument();
  });

  it("adds a number to the internal list at the person's request, with its reason, once", async () => {
    const added: DncEntry = { ...CONSUMER, phone: "2125550199", added_at: "2026-01-05T14:00:00.000Z", reason: "Asked not to be called" };
    const { user, sent, notify } = await mount([reply(addDncNumber, { status: 201, data: { data: added } })]);
    await user.click(screen.getByRole("button", { name: "Add a number" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a number" });
    expect(within(dialog).getByLabelText(/^List/)).toHaveDisplayValue("Internal list");
    await user.type(within(dialog).getByLabelText(/^Phone number/), "2125550199");
    await user.type(within(dialog).getByLabelText(/^Reason/), "Asked not to be called");
    await user.click(within(dialog).getByRole("checkbox", { name: "The person asked not to be called" }));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a number" })).not.toBeInTheDocument());
    const [post] = sent("POST", "/dnc-lists/0/numbers");
    expect(post!.body).toEqual({ phone: "2125550199", reason: "Asked not to be called", consumer_request: true });
    expect(post!.headers["idempotency-key"]).toBeTruthy();
    expect(notify.shown.map((n) => n.text)).toContain("212.555.0199 is on the list “Internal list” now: the dialer no longer calls it.");
  });

  it("asks a person's request only for the internal list, and shows the gateway's refusal beside its field", async () => {
    const { user, sent } = await mount([
      reply(addDncNumber, { status: 422, data: { message: DNC_MESSAGES.phone, errors: { phone: [DNC_MESSAGES.phone] } } }),
    ]);
    await user.click(screen.getByRole("button", { name: "Add a number" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a number" });
    await user.selectOptions(within(dialog).getByLabelText(/^List/), "Sun Coast Leads");
    expect(within(dialog).queryByRole("checkbox", { name: "The person asked not to be called" })).not.toBeInTheDocument();
    // A reason is required before anything is sent.
    await user.type(within(dialog).getByLabelText(/^Phone number/), "2125550199");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(sent("POST", "/dnc-lists/4/numbers")).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), "On the partner's list");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(sent("POST", "/dnc-lists/4/numbers")).toHaveLength(1));
    expect(sent("POST", "/dnc-lists/4/numbers")[0]!.body).toEqual({ phone: "2125550199", reason: "On the partner's list" });
    expect(await within(dialog).findByText(DNC_MESSAGES.phone)).toBeInTheDocument();
  });

  it("takes a number off a list only with a reason, and the search says it is off", async () => {
    let removed = false;
    const { user, sent, notify } = await mount([
      reply(searchDncNumber, () => ({ status: 200, data: { data: removed ? [] : [CONSUMER] } })),
      reply(removeDncNumber, () => {
        removed = true;
        return { status: 204 };
      }),
    ]);
    await user.type(screen.getByLabelText("Phone number"), "2125550142");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(await screen.findByRole("button", { name: "Remove from Internal list" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove 212.555.0142 from Internal list" });
    expect(dialog).toHaveTextContent("The person asked not to be called at 212.555.0142");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(sent("DELETE", "/dnc-lists/0/numbers/2125550142")).toHaveLength(0);
    expect(within(dialog).getByLabelText(/^Reason for removing it/)).toHaveAttribute("aria-invalid", "true");
    await user.type(within(dialog).getByLabelText(/^Reason for removing it/), "Written request to be called again");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent("DELETE", "/dnc-lists/0/numbers/2125550142")[0]!.body).toEqual({ reason: "Written request to be called again" });
    expect(notify.shown.map((n) => n.text)).toContain("212.555.0142 is off the list “Internal list”.");
    expect(await screen.findByText("212.555.0142 is on no Do Not Call list: the dialer may call it.")).toBeInTheDocument();
  });

  it("uploads a file as the request's body and shows what was read, added and refused, with the refused lines", async () => {
    const result: UploadResult = {
      read: 3,
      added: 1,
      renewed: 1,
      refused: 1,
      refused_samples: [{ line: 3, text: "hello", reason: "no_number" }],
    };
    const { user, sent } = await mount([reply(uploadDncNumbers, { status: 200, data: { data: result } })]);
    await user.click(screen.getByRole("button", { name: "Upload numbers to National registry: 212" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload numbers to National registry: 212" });
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Choose the file to upload first.");
    const file = new File(["212,5550131\n2125550131\nhello\n"], "extract.txt", { type: "text/plain" });
    await user.upload(within(dialog).getByLabelText("File"), file);
    expect(dialog).toHaveTextContent("extract.txt");
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    const summary = await within(dialog).findByRole("status");
    expect(summary).toHaveTextContent("3 lines read");
    expect(summary).toHaveTextContent("1 number added");
    expect(summary).toHaveTextContent("1 number already on the list, renewed");
    expect(summary).toHaveTextContent("1 line refused");
    const samples = within(summary).getByRole("table", { name: "The refused line" });
    expect(within(samples).getAllByRole("row")[1]).toHaveTextContent("3hello" + "No phone number on this line");
    // The file itself is the body, typed text/csv whatever the browser called it.
    const [put] = sent("PUT", "/dnc-lists/3/numbers");
    expect(put!.headers["content-type"]).toBe("text/csv");
    expect(await textOf(put!.body as Blob)).toBe("212,5550131\n2125550131\nhello\n");
  });

  it("says why a file is refused", async () => {
    const { user } = await mount([
      reply(uploadDncNumbers, { status: 422, data: { message: DNC_MESSAGES.empty, errors: { file: [DNC_MESSAGES.empty] } } }),
    ]);
    await user.click(screen.getByRole("button", { name: "Upload numbers to Sun Coast Leads" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload numbers to Sun Coast Leads" });
    await user.upload(within(dialog).getByLabelText("File"), new File([""], "empty.csv", { type: "text/csv" }));
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The file is empty.");
  });

  it("creates a list with its kind, source and expiry, and deletes one after asking", async () => {
    const created: DncList = { ...PARTNER, id: 5, name: "Laval partners", source: "Assurances Laval", numbers: 0 };
    const { user, sent, notify } = await mount([
      reply(createDncList, { status: 201, data: { data: created } }),
      reply(deleteDncList, { status: 204 }),
    ]);
    await user.click(screen.getByRole("button", { name: "New list" }));
    const dialog = await screen.findByRole("dialog", { name: "New Do Not Call list" });
    await user.type(within(dialog).getByLabelText(/^Name/), "Laval partners");
    await user.click(within(dialog).getByRole("radio", { name: "Partner's list" }));
    await user.type(within(dialog).getByLabelText(/^Source/), "Assurances Laval");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(sent("POST", "/dnc-lists")).toHaveLength(1));
    expect(sent("POST", "/dnc-lists")[0]!.body).toEqual({ name: "Laval partners", kind: "partner", source: "Assurances Laval", expires_at: null });
    expect(notify.shown.map((n) => n.text)).toContain("The list “Laval partners” is created: upload its numbers.");

    await user.click(screen.getByRole("button", { name: "Delete the list “Sun Coast Leads”" }));
    const ask = await screen.findByRole("alertdialog");
    expect(ask).toHaveTextContent("Delete the list “Sun Coast Leads” and its 3 numbers? The dialer may call them again unless another list has them.");
    await user.click(within(ask).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent("DELETE", "/dnc-lists/4")).toHaveLength(1));
    expect(notify.shown.map((n) => n.text)).toContain("The list “Sun Coast Leads” and its numbers are deleted.");
  });

  it("browses a list's numbers and exports it as a CSV file", async () => {
    const created = vi.fn((_blob: Blob) => "blob:dnc");
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, sent } = await mount([
      reply(exportDncList, {
        status: 200,
        data: "\uFEFFphone,added_at,expires_at,source,reason\r\n",
        headers: { "content-disposition": 'attachment; filename="dnc-national-registry-212-2026-01-05.csv"' },
      }),
      reply(listDncNumbers, (req) => ({
        status: 200,
        data: req.query.after ? { data: [{ ...ON_REGISTRY, phone: "2125550143" }], next: null } : { data: [ON_REGISTRY], next: "2125550142" },
      })),
    ]);
    await user.click(screen.getByRole("button", { name: "Numbers on National registry: 212" }));
    const dialog = await screen.findByRole("dialog", { name: "Numbers on National registry: 212" });
    expect(await within(dialog).findByText("212.555.0142")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Show more" }));
    expect(await within(dialog).findByText("212.555.0143")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);

    await user.click(screen.getByRole("button", { name: "Export National registry: 212 as CSV" }));
    await waitFor(() => expect(saved).toEqual(["dnc-national-registry-212-2026-01-05.csv"]));
    expect(sent("GET", "/dnc-lists/3/export")).toHaveLength(1);
  });

  it("speaks the manager's language: French lists, search and a refusal", async () => {
    const { user } = await mount(
      [reply(removeDncNumber, { status: 403, data: { message: DNC_MESSAGES.consumerRequest } })],
      "fr",
    );
    expect(screen.getByRole("heading", { level: 1, name: "Listes Ne pas appeler" })).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Les listes Ne pas appeler du centre d'appels" });
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Liste interne");
    expect(within(table).getAllByRole("row")[2]).toHaveTextContent("Extrait du registre national");
    const search = screen.getByRole("search", { name: "Ce numéro est-il sur une liste ?" });
    await user.type(within(search).getByLabelText("Numéro de téléphone"), "2125550142");
    await user.click(within(search).getByRole("button", { name: "Rechercher" }));
    expect(await screen.findByText("Le 212.555.0142 est sur 2 listes Ne pas appeler en vigueur.")).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Listes où figure le 212.555.0142" })).toHaveTextContent("La personne a demandé à ne pas être appelée");
    await user.click(screen.getByRole("button", { name: "Retirer de Liste interne" }));
    const dialog = await screen.findByRole("dialog", { name: "Retirer le 212.555.0142 de Liste interne" });
    await user.type(within(dialog).getByLabelText(/^Raison du retrait/), "Demande écrite");
    await user.click(within(dialog).getByRole("button", { name: "Retirer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "La personne a demandé à ne pas être appelée : seul un gestionnaire ou plus peut retirer ce numéro de la liste.",
    );
  });
});
