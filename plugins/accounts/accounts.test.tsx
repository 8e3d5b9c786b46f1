// The Accounts page as a manager or an admin uses it: the table, search and paging, a new account through the
// form (checked before sending, the gateway's refusal under its field, the temporary password shown once), and
// the row actions, each asked first.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  createAccount,
  deactivateAccount,
  listAccounts,
  reactivateAccount,
  resetAccountPassword,
  saveAccount,
  type AccountListItem,
} from "../../src/contract/accounts";
import { listAllowedExtensions } from "../../src/contract/allowedExtensions";
import { fakeGateway, renderPlugin, reply, type EndpointRoute, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

const row = (id: number, over: Partial<AccountListItem> = {}): AccountListItem => ({
  id,
  first_name: "Jordan",
  last_name: "Reyes",
  full_name: "Jordan Reyes",
  email: "qualifier.isius@demo.test",
  role: "qualifier",
  level: 2,
  extension: "1001",
  is_bilingual: true,
  language: "en",
  has_webrtc: true,
  manager_id: 5,
  disabled: false,
  deactivated: false,
  password_state: "active",
  ...over,
});
const DANA = row(5, { first_name: "Dana", last_name: "Whitfield", full_name: "Dana Whitfield", email: "manager.isius@demo.test", role: "manager", extension: null, manager_id: null });
const ALEX = row(7, { first_name: "Alex", last_name: "Morgan", full_name: "Alex Morgan", email: "admin@demo.test", role: "admin", extension: null, manager_id: null });
const JORDAN = row(1);
type Page = FakeReply<typeof listAccounts>;
const page = (data: AccountListItem[], total = data.length, per_page = 25, p = 1): Page => ({ status: 200, data: { data, meta: { total, page: p, per_page } } });

/** The accounts' pages by the address asked (its query as sent); another is the gateway's 404. */
const pages = (answers: Record<string, Page>) =>
  reply(listAccounts, (req) => answers[req.url] ?? { status: 404, data: { message: "The API Endpoint does not exist." } });

async function mount(options: { roles?: string[]; id?: number; pages?: Record<string, Page>; routes?: EndpointRoute[]; language?: "fr" } = {}) {
  const gateway = fakeGateway([
    pages({ "/accounts?page=1&per_page=25": page([ALEX, DANA, JORDAN]), "/accounts?role=manager&per_page=100": page([DANA]), ...options.pages }),
    ...(options.routes ?? []),
  ]);
  const view = await renderPlugin(plugin, {
    gateway,
    agent: { id: options.id ?? 5, roles: options.roles ?? ["manager"] },
    language: options.language,
    adminPage: "users/accounts",
  });
  await screen.findByRole("table", { name: /Accounts of the call centre|Comptes du centre/ });
  return { ...view, gateway };
}

const rowOf = (name: string) => screen.getByRole("rowheader", { name }).closest("tr")! as HTMLElement;

describe("the accounts page", () => {
  it("lists every account with its role, team and status, and limits the actions to the accounts the manager may change", async () => {
    await mount();
    expect(screen.getByRole("heading", { name: "Accounts" })).toBeInTheDocument();
    const jordan = within(rowOf("Jordan Reyes"));
    expect(jordan.getByText("Qualifier")).toBeInTheDocument();
    expect(jordan.getByRole("cell", { name: "Dana Whitfield" })).toBeInTheDocument();
    expect(jordan.getByText("Active")).toBeInTheDocument();
    expect(jordan.getByRole("button", { name: "Edit Jordan Reyes" })).toBeEnabled();
    expect(jordan.getByRole("button", { name: "Deactivate Jordan Reyes" })).toBeEnabled();
    // A manager changes neither an admin nor a manager (itself included).
    expect(within(rowOf("Alex Morgan")).getByRole("button", { name: "Edit Alex Morgan" })).toBeDisabled();
    expect(within(rowOf("Dana Whitfield")).getByRole("button", { name: "Deactivate Dana Whitfield" })).toBeDisabled();
    expect(screen.getByText("Page 1 of 1 (3 accounts)")).toBeInTheDocument();
  });

  it("searches, pages 10/25/50/100, and says when nothing is there", async () => {
    const m = await mount({
      pages: {
        "/accounts?page=1&per_page=10": page([JORDAN], 12, 10),
        "/accounts?page=2&per_page=10": page([DANA], 12, 10, 2),
        "/accounts?page=1&per_page=10&query=zz": page([], 0, 10),
      },
    });
    await m.user.selectOptions(screen.getByRole("combobox", { name: "Rows per page" }), "10");
    expect(await screen.findByText("Page 1 of 2 (12 accounts)")).toBeInTheDocument();
    await m.user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("rowheader", { name: "Dana Whitfield" })).toBeInTheDocument();
    await m.user.type(screen.getByRole("searchbox", { name: "Search by name, e-mail or extension" }), "zz");
    expect(await screen.findByText("No account matches the search.")).toBeInTheDocument();
  });

  it("says 'Sorry, no accounts yet.' for an empty call centre", async () => {
    const gateway = fakeGateway([pages({ "/accounts?page=1&per_page=25": page([]), "/accounts?role=manager&per_page=100": page([]) })]);
    await renderPlugin(plugin, { gateway, agent: { id: 5, roles: ["manager"] }, adminPage: "users/accounts" });
    expect(await screen.findByText("Sorry, no accounts yet.")).toBeInTheDocument();
  });
});

describe("the account form", () => {
  it("offers a manager the agent roles only, an admin up to its own role", async () => {
    const m = await mount();
    await m.user.click(screen.getByRole("button", { name: "New account" }));
    const dialog = await screen.findByRole("dialog", { name: "New account" });
    const roles = within(within(dialog).getByRole("combobox", { name: /Role/ })).getAllByRole("option").map((o) => o.textContent);
    expect(roles.filter((r) => !/Choose/.test(r ?? ""))).toEqual(["Qualifier", "Advisor"]);
  });

  it("offers an admin the roles up to admin", async () => {
    const m = await mount({ roles: ["admin"], id: 7 });
    await m.user.click(screen.getByRole("button", { name: "New account" }));
    const dialog = await screen.findByRole("dialog", { name: "New account" });
    const roles = within(within(dialog).getByRole("combobox", { name: /Role/ })).getAllByRole("option").map((o) => o.textContent);
    expect(roles.filter((r) => !/Choose/.test(r ?? ""))).toEqual(["Qualifier", "Advisor", "Manager", "Admin"]);
  });

  it("shows what is missing before sending anything", async () => {
    const m = await mount();
    await m.user.click(screen.getByRole("button", { name: "New account" }));
    const dialog = await screen.findByRole("dialog", { name: "New account" });
    await m.user.type(within(dialog).getByRole("textbox", { name: /E-mail/ }), "not-an-address");
    await m.user.selectOptions(within(dialog).getByRole("combobox", { name: /Role/ }), "Qualifier");
    await m.user.type(within(dialog).getByRole("combobox", { name: /Extension/ }), "12");
    await m.user.click(within(dialog).getByRole("button", { name: "Create account" }));
    expect(within(dialog).getAllByText("This field is required.").length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).getByText("This is not a valid e-mail address.")).toBeInTheDocument();
    expect(within(dialog).getByText("Invalid extension format")).toBeInTheDocument();
    expect(m.gateway.requests.some((r) => r.method === "POST")).toBe(false);
  });

  async function fill(m: Awaited<ReturnType<typeof mount>>, dialog: HTMLElement) {
    await m.user.type(within(dialog).getByRole("textbox", { name: /First name/ }), "Robin");
    await m.user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Hale");
    await m.user.type(within(dialog).getByRole("textbox", { name: /E-mail/ }), "robin.hale@demo.test");
    await m.user.selectOptions(within(dialog).getByRole("combobox", { name: /Role/ }), "Qualifier");
    await m.user.type(within(dialog).getByRole("combobox", { name: /Extension/ }), "1031");
    await m.user.selectOptions(within(dialog).getByRole("combobox", { name: /Team/ }), "Dana Whitfield");
  }

  it("shows the gateway's 422 under its field, in the manager's language", async () => {
    const m = await mount({
      language: "fr",
      routes: [reply(createAccount, { status: 422, data: { message: "E-mail already in use.", errors: { email: ["E-mail already in use."] } } })],
    });
    await m.user.click(screen.getByRole("button", { name: "Nouveau compte" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouveau compte" });
    await m.user.type(within(dialog).getByRole("textbox", { name: /Prénom/ }), "Robin");
    await m.user.type(within(dialog).getByRole("textbox", { name: /Nom de famille/ }), "Hale");
    const email = within(dialog).getByRole("textbox", { name: /Courriel/ });
    await m.user.type(email, "qualifier.isius@demo.test");
    await m.user.selectOptions(within(dialog).getByRole("combobox", { name: /Rôle/ }), "Qualificateur");
    await m.user.type(within(dialog).getByRole("combobox", { name: /Poste/ }), "1031");
    await m.user.click(within(dialog).getByRole("button", { name: "Créer le compte" }));
    expect(await within(dialog).findAllByText("Courriel déjà utilisé.")).not.toHaveLength(0);
    expect(email).toHaveAccessibleDescription(expect.stringContaining("Courriel déjà utilisé."));
  });

  it("creates the account once and shows its temporary password", async () => {
    const m = await mount({ routes: [reply(createAccount, { status: 201, data: { id: 40, temporary_password: "abcd-efgh-jkmn-pqrs" } })] });
    await m.user.click(screen.getByRole("button", { name: "New account" }));
    const dialog = await screen.findByRole("dialog", { name: "New account" });
    await fill(m, dialog);
    await m.user.click(within(dialog).getByRole("button", { name: "Create account" }));
    const created = await screen.findByRole("dialog", { name: "Account created" });
    expect(within(created).getByText("abcd-efgh-jkmn-pqrs")).toBeInTheDocument();
    const post = m.gateway.requests.find((r) => r.method === "POST");
    expect(post?.body).toEqual({
      first_name: "Robin",
      last_name: "Hale",
      email: "robin.hale@demo.test",
      role: "qualifier",
      level: 1,
      extension: "1031",
      is_bilingual: false,
      language: "en",
      has_webrtc: false,
      manager_id: 5,
    });
    expect(post?.headers["idempotency-key"]).toMatch(/^account-/);
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "The account of Robin Hale was created." });
  });

  it("offers the allowed extensions nobody holds as the extension is typed, read again each time the form opens", async () => {
    const m = await mount({
      routes: [
        reply(listAllowedExtensions, (req) => {
          expect(req.query).toEqual({ free: "true" });
          return { status: 200, data: { data: [{ extension: "1031" }, { extension: "1039" }] } };
        }),
      ],
    });
    await m.user.click(screen.getByRole("button", { name: "New account" }));
    const dialog = await screen.findByRole("dialog", { name: "New account" });
    const field = within(dialog).getByRole("combobox", { name: /^Extension/ });
    const offered = () =>
      [...(document.getElementById(field.getAttribute("list")!)?.querySelectorAll("option") ?? [])].map((o) => o.value);
    await waitFor(() => expect(offered()).toEqual(["1031", "1039"]));
    await m.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await m.user.click(screen.getByRole("button", { name: "New account" }));
    await screen.findByRole("dialog", { name: "New account" });
    expect(m.gateway.requests.filter((r) => r.url === "/allowed-extensions?free=true")).toHaveLength(2);
  });

  it("edits an account: its own role is not the manager's to change", async () => {
    const m = await mount({ routes: [reply(saveAccount, { status: 204 })] });
    await m.user.click(screen.getByRole("button", { name: "Edit Jordan Reyes" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Jordan Reyes" });
    const level = within(dialog).getByRole("textbox", { name: /Level/ });
    await m.user.clear(level);
    await m.user.type(level, "3");
    await m.user.click(within(dialog).getByRole("button", { name: "Save" }));
    const put = m.gateway.requests.find((r) => r.method === "PUT");
    expect(put?.body).toMatchObject({ email: "qualifier.isius@demo.test", level: 3, extension: "1001", manager_id: 5 });
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
  });
});

describe("the row actions", () => {
  it("deactivates after asking, and sends a password reset", async () => {
    const m = await mount({
      routes: [
        reply(deactivateAccount, { status: 201, data: { id: 1, disabled: true } }),
        reply(resetAccountPassword, { status: 201, data: { id: 1, password_state: "password_reset_required" } }),
      ],
    });
    await m.user.click(screen.getByRole("button", { name: "Deactivate Jordan Reyes" }));
    expect(await screen.findByText(/Deactivate the account of Jordan Reyes\?/)).toBeInTheDocument();
    expect(m.gateway.requests.some((r) => r.url === "/accounts/1/deactivation")).toBe(false);
    await m.user.click(screen.getByRole("button", { name: "Deactivate" }));
    expect(m.gateway.requests.some((r) => r.method === "POST" && r.url === "/accounts/1/deactivation")).toBe(true);
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Jordan Reyes can no longer sign in." });

    await m.user.click(screen.getByRole("button", { name: "Send password reset to Jordan Reyes" }));
    await m.user.click(await screen.findByRole("button", { name: "Send password reset" }));
    expect(m.gateway.requests.some((r) => r.url === "/accounts/1/password-reset")).toBe(true);
  });

  it("reactivates a deactivated account; a refusal shows as a notice", async () => {
    const m = await mount({
      pages: { "/accounts?page=1&per_page=25": page([row(1, { disabled: true })]) },
      routes: [reply(reactivateAccount, { status: 409, data: { message: "Extension already in use by another account." } })],
    });
    expect(within(rowOf("Jordan Reyes")).getByText("Deactivated")).toBeInTheDocument();
    await m.user.click(screen.getByRole("button", { name: "Reactivate Jordan Reyes" }));
    await m.user.click(await screen.findByRole("button", { name: "Reactivate" }));
    expect(m.notify.shown).toContainEqual({ intent: "error", text: "Extension already in use by another account." });
  });
});
