import { act, screen, waitFor, within } from "@testing-library/react";
import { lazy } from "react";
import { describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/auth";
import { pluginSwitch } from "../../contract/pluginSettings";
import { definePlugin, type Catalogue } from "../../core/plugin";
import type { VariantCatalogue } from "../../core/variant";
import { PREFERENCES_KEY, SESSION_KEY } from "../../store/root";
import { memoryStorage } from "../../store/storage";
import { fakeGateway, type Reply } from "../../test/fakeGateway";
import { emptyVariants, loginResponse } from "../../test/fixtures";
import { renderApp } from "../../test/renderApp";

const tenant = (variant: "isius" | "slica", country: "US" | "CA"): Reply => ({
  status: 200,
  data: { tenant_id: 1, name: variant.toUpperCase(), variant, country, features: {} },
});
const ISIUS = tenant("isius", "US");
const SLICA = tenant("slica", "CA");
const manager = loginResponse({ roles: ["manager"], first_name: "Maya", last_name: "Ortiz" });

describe("route guard in the app", () => {
  it.each(["/", "/admin/users", "/admin/settings/globals", "/somewhere/else"])(
    "sends a visitor without a session from %s to login",
    async (path) => {
      const { router } = renderApp({ path });
      expect(await screen.findByRole("form", { name: "Login form" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/auth/login");
    },
  );

  it("sends a signed-in agent from the login page to the workspace", async () => {
    const { router } = renderApp({
      path: "/auth/login",
      signedInAs: loginResponse(),
      gateway: fakeGateway({ "GET /tenant-features": ISIUS }),
    });
    expect(await screen.findByRole("heading", { name: "Agent workspace" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("keeps agents below manager out of /admin", async () => {
    const { router } = renderApp({ path: "/admin/users", signedInAs: loginResponse({ roles: ["advisor"] }) });
    expect(await screen.findByRole("heading", { name: "Agent workspace" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("sends unknown addresses to the workspace", async () => {
    const { router } = renderApp({ path: "/no/such/page", signedInAs: loginResponse() });
    await screen.findByRole("heading", { name: "Agent workspace" });
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("top bar", () => {
  it("shows the logo linking home, the agent's name and the workspace", async () => {
    renderApp({ signedInAs: loginResponse(), gateway: fakeGateway({ "GET /tenant-features": ISIUS }) });
    expect(await screen.findByRole("heading", { name: "Agent workspace" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ISI Dialer" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "ISI Dialer" }).querySelector("img")).toHaveAttribute("src", "/logo.svg");
    expect(screen.getByRole("button", { name: "Dana Reyes" })).toBeInTheDocument();
    expect(await screen.findByText("Choose Edit layout, then Add panel, to place your panels.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Admin Panel" })).not.toBeInTheDocument();
    expect(screen.queryByText("deactivated")).not.toBeInTheDocument();
  });

  it("tells a deactivated agent so", async () => {
    renderApp({ signedInAs: loginResponse({ deactivated: "1" }) });
    expect(await screen.findByText("deactivated")).toBeInTheDocument();
  });

  it("switches an ISIUS agent between EN and ES, everywhere, and remembers it (here and on the account)", async () => {
    const gateway = fakeGateway({ "GET /tenant-features": ISIUS, "PUT /agents/me/language": { status: 204 } });
    const { user, storage } = renderApp({ signedInAs: loginResponse(), gateway });
    await screen.findByRole("heading", { name: "Agent workspace" });
    await user.click(screen.getByRole("button", { name: "Dana Reyes" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "EN" })).toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: "FR" })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole("menuitem", { name: "ES" }));

    expect(await screen.findByRole("heading", { name: "Espacio de trabajo del agente" })).toBeInTheDocument();
    expect(await screen.findByText("Elija Editar diseño y luego Agregar panel para colocar sus paneles.")).toBeInTheDocument();
    expect(JSON.parse(storage.getItem(PREFERENCES_KEY)!)).toEqual({ user: { language: "es" } });
    // The account keeps it: its next sign-in, on any browser, opens in Spanish.
    expect(gateway.requests).toContainEqual(expect.objectContaining({ method: "PUT", url: "/agents/me/language", body: { language: "es" } }));
  });

  it("offers a SLICA agent EN and FR, in Canadian French", async () => {
    const { user } = renderApp({
      signedInAs: loginResponse(),
      gateway: fakeGateway({ "GET /tenant-features": SLICA }),
    });
    await screen.findByRole("heading", { name: "Agent workspace" });
    await user.click(screen.getByRole("button", { name: "Dana Reyes" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).queryByRole("menuitem", { name: "ES" })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole("menuitem", { name: "FR" }));
    expect(await screen.findByRole("heading", { name: "Espace de travail de l'agent" })).toBeInTheDocument();
    // The brand and its logo follow the locale (booking-and-reference: "brand and logo assets vary by locale").
    expect(screen.getByRole("link", { name: "ISI Dialer Canada" }).querySelector("img")).toHaveAttribute(
      "src",
      "/logo-ca.svg",
    );
  });

  it("logs out: tells the gateway, forgets the session and shows the login", async () => {
    const gateway = fakeGateway({ "GET /tenant-features": ISIUS, "POST /logout": { status: 204 } });
    const { user, storage, router } = renderApp({ signedInAs: loginResponse(), gateway });
    await screen.findByRole("heading", { name: "Agent workspace" });
    expect(storage.getItem(SESSION_KEY)).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Dana Reyes" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));

    expect(await screen.findByRole("form", { name: "Login form" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
    expect(gateway.requests.find((r) => r.url === "/logout")).toMatchObject({
      method: "POST",
      authorization: "Bearer token-1",
    });
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it("logs out on this browser even when the gateway fails", async () => {
    const gateway = fakeGateway({ "GET /tenant-features": ISIUS, "POST /logout": { status: 500 } });
    const { user, storage } = renderApp({ signedInAs: loginResponse(), gateway });
    await screen.findByRole("heading", { name: "Agent workspace" });
    await user.click(screen.getByRole("button", { name: "Dana Reyes" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    expect(await screen.findByRole("form", { name: "Login form" })).toBeInTheDocument();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it("when the session has expired, says so once and shows the login", async () => {
    const gateway = fakeGateway({
      "GET /tenant-features": { status: 401, data: { message: "Unauthenticated" } },
    });
    const { notifier, storage } = renderApp({ signedInAs: loginResponse(), gateway });
    expect(await screen.findByRole("form", { name: "Login form" })).toBeInTheDocument();
    expect(notifier.shown).toEqual([{ intent: "error", text: "Your session expired, please re-login" }]);
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe("Admin Panel", () => {
  // Two small plugins, each with admin pages and their links of its own; listed in an order the drawer must not
  // follow, and with texts the core does not have.
  const adminPage = (heading: string) => lazy(async () => ({ default: () => <h1>{heading}</h1> }));
  const callbackRules = definePlugin({
    id: "callback-rules",
    adminPages: [
      {
        path: "settings/callback-rules",
        section: "settings",
        title: "admin_link",
        order: 20,
        minRole: "admin",
        component: adminPage("Callback rules of the call centre"),
      },
    ],
    locales: { en: async () => ({ default: { admin_link: "Callback Rules" } }) },
  });
  const teamRoster = definePlugin({
    id: "team-roster",
    adminPages: [
      {
        path: "settings/shifts",
        section: "settings",
        title: "links.shifts",
        order: 10,
        component: adminPage("Shifts of the week"),
      },
      {
        path: "users/roster",
        section: "users",
        title: "links.roster",
        order: 10,
        component: adminPage("Who works today"),
      },
    ],
    locales: {
      en: async () => ({ default: { links: { shifts: "Shifts", roster: "Team Roster" } } }),
      es: async () => ({ default: { links: { shifts: "Turnos", roster: "Plantilla del equipo" } } }),
    },
  });
  const catalogue: Catalogue = {
    "callback-rules": async () => ({ default: callbackRules }),
    "team-roster": async () => ({ default: teamRoster }),
  };
  // The tests' ISIUS, with these two plugins.
  const variants: VariantCatalogue = {
    ...emptyVariants,
    isius: async () => {
      const { default: isius } = await emptyVariants.isius();
      return { default: { ...isius, plugins: ["callback-rules", "team-roster"] } };
    },
  };
  const open = (
    signedInAs: LoginResponse,
    options: { path?: string; features?: Record<string, boolean>; language?: "es" } = {},
  ) =>
    renderApp({
      path: options.path,
      storage: memoryStorage(
        options.language ? { [PREFERENCES_KEY]: JSON.stringify({ user: { language: options.language } }) } : {},
      ),
      signedInAs,
      catalogue,
      variants,
      gateway: fakeGateway({
        "GET /tenant-features": {
          status: 200,
          data: {
            tenant_id: 1,
            name: "ISIUS",
            variant: "isius",
            country: "US",
            features: options.features ?? {},
          },
        },
      }),
    });
  /** The drawer's sections as a manager reads them: each title with its links' texts and addresses. */
  async function drawerOf(user: ReturnType<typeof open>["user"]) {
    await user.click(await screen.findByRole("button", { name: "Admin Panel" }));
    const nav = await screen.findByRole("navigation", { name: "Admin Panel" });
    await within(nav).findAllByRole("link");
    return within(nav)
      .getAllByRole("region")
      .map((section) => ({
        section: within(section).getByRole("heading").textContent,
        links: within(section)
          .getAllByRole("link")
          .map((a) => `${a.textContent} ${a.getAttribute("href")}`),
      }));
  }

  it("opens from the side icon for managers with the enabled plugins' pages, each in its section and in order", async () => {
    const { user } = open(manager);
    // No page in Notifications: no heading over an empty list. The admins' page is not a manager's.
    expect(await drawerOf(user)).toEqual([
      { section: "Users", links: ["Team Roster /admin/users/roster"] },
      { section: "Settings", links: ["Shifts /admin/settings/shifts"] },
    ]);
  });

  it("shows an admin the link kept for admins, after the one its order puts first", async () => {
    const { user } = open(loginResponse({ roles: ["admin"] }));
    expect(await drawerOf(user)).toEqual([
      { section: "Users", links: ["Team Roster /admin/users/roster"] },
      {
        section: "Settings",
        links: ["Shifts /admin/settings/shifts", "Callback Rules /admin/settings/callback-rules"],
      },
    ]);
  });

  it("words each link in its plugin's own texts, in the agent's language", async () => {
    const { user } = open(manager, { language: "es" });
    await user.click(await screen.findByRole("button", { name: "Panel de administración" }));
    const nav = await screen.findByRole("navigation", { name: "Panel de administración" });
    const users = within(nav).getByRole("region", { name: "Usuarios" });
    expect(within(users).getByRole("link", { name: "Plantilla del equipo" })).toHaveAttribute(
      "href",
      "/admin/users/roster",
    );
    expect(within(nav).getByRole("link", { name: "Turnos" })).toBeInTheDocument();
  });

  it("does not link the pages of a plugin turned off for the call centre, nor opens them", async () => {
    const { user, router } = open(loginResponse({ roles: ["admin"] }), {
      features: { [pluginSwitch("team-roster")]: false },
    });
    expect(await drawerOf(user)).toEqual([
      { section: "Settings", links: ["Callback Rules /admin/settings/callback-rules"] },
    ]);
    await user.keyboard("{Escape}");
    await act(() => router.navigate("/admin/users/roster"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("takes a manager to the plugin's page and closes", async () => {
    const { user, router } = open(manager);
    await user.click(await screen.findByRole("button", { name: "Admin Panel" }));
    await user.click(await screen.findByRole("link", { name: "Team Roster" }));
    expect(await screen.findByRole("heading", { name: "Who works today" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/users/roster");
    await waitFor(() =>
      expect(screen.queryByRole("navigation", { name: "Admin Panel" })).not.toBeInTheDocument(),
    );
  });

  it.each([
    ["/admin/users/roster", "Who works today"],
    ["/admin/settings/shifts", "Shifts of the week"],
    ["/admin/settings/callback-rules", "Callback rules of the call centre"],
  ])("opens %s for a super user", async (path, heading) => {
    const { router } = open(loginResponse({ roles: ["super"] }), { path });
    expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(["/admin/settings/callback-rules", "/admin/settings/globals"])(
    "sends a manager from %s, a page the drawer does not link for a manager, home",
    async (path) => {
      const { router } = open(manager, { path });
      expect(await screen.findByRole("heading", { name: "Agent workspace" })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe("/");
    },
  );
});
