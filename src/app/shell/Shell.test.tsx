import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PREFERENCES_KEY, SESSION_KEY } from "../../store/root";
import { fakeGateway, type Reply } from "../../test/fakeGateway";
import { loginResponse } from "../../test/fixtures";
import { renderApp } from "../../test/renderApp";
import { ADMIN_LINKS } from "./adminLinks";

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
  it("opens from the side icon for managers with the 19 admin links", async () => {
    const { user } = renderApp({
      signedInAs: manager,
      gateway: fakeGateway({ "GET /tenant-features": ISIUS }),
    });
    await user.click(await screen.findByRole("button", { name: "Admin Panel" }));
    const nav = await screen.findByRole("navigation", { name: "Admin Panel" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/admin/users/managers",
      "/admin/users",
      "/admin/users/accounts",
      "/admin/notifications/create",
      ...[
        "globals",
        "configurations",
        "operation-hours",
        "dialing-sequence",
        "user-quotas",
        "qualifier-dials-per-level",
        "lead-campaigns",
        "lead-prefixes",
        "lead-groups",
        "attribute-groups",
        "allowed-extensions",
        "webrtc-users",
        "retreaver-mappings",
        "publisher-suppression",
        "external-transfers",
      ].map((page) => `/admin/settings/${page}`),
    ]);
    expect(within(nav).getByRole("link", { name: "General Settings" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "User Dials Per Level" })).toBeInTheDocument();
  });

  it("takes a manager to a page that says it is not available yet, and closes", async () => {
    const { user, router } = renderApp({
      signedInAs: manager,
      gateway: fakeGateway({ "GET /tenant-features": ISIUS }),
    });
    await user.click(await screen.findByRole("button", { name: "Admin Panel" }));
    await user.click(await screen.findByRole("link", { name: "General Settings" }));
    expect(await screen.findByRole("heading", { name: "General Settings" })).toBeInTheDocument();
    expect(screen.getByText("This page is not available yet.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/settings/globals");
    await waitFor(() =>
      expect(screen.queryByRole("navigation", { name: "Admin Panel" })).not.toBeInTheDocument(),
    );
  });

  it.each(ADMIN_LINKS.map((link) => `/admin/${link.path}`))("opens %s for a super user", async (path) => {
    const { router } = renderApp({ path, signedInAs: loginResponse({ roles: ["super"] }) });
    expect(await screen.findByText("This page is not available yet.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
