import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SESSION_KEY } from "../../store/root";
import { memoryStorage } from "../../store/storage";
import { fakeGateway, NETWORK_DOWN, type Reply } from "../../test/fakeGateway";
import { loginResponse } from "../../test/fixtures";
import { renderApp } from "../../test/renderApp";

const TENANT = {
  status: 200,
  data: { tenant_id: 1, name: "ISI US", variant: "isius", country: "US", features: {} },
};

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>["user"],
  login = "dana.reyes@example.com",
  password = "s3cret!",
) {
  const form = screen.getByRole("form", { name: "Login form" });
  await user.type(within(form).getByLabelText("Login"), login);
  await user.type(within(form).getByLabelText("Password"), password);
  await user.click(within(form).getByRole("button", { name: "Login" }));
}

describe("/auth/login", () => {
  it("shows the Login form with a Login field of at most 100 characters and a Password field", () => {
    renderApp({ path: "/auth/login" });
    const form = screen.getByRole("form", { name: "Login form" });
    expect(within(form).getByLabelText("Login")).toHaveAttribute("maxLength", "100");
    expect(within(form).getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(within(form).getByRole("button", { name: "Login" })).toBeEnabled();
  });

  it("does not submit until both fields are filled", async () => {
    const { user, gateway } = renderApp({ path: "/auth/login" });
    await user.click(screen.getByRole("button", { name: "Login" }));
    // The rules are the contract's, which the page loads as it opens: a click before that waits for them.
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    await user.type(screen.getByLabelText("Login"), "dana.reyes@example.com");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(screen.getAllByText("This field is required.")).toHaveLength(1);
    expect(gateway.requests).toEqual([]);
  });

  it("disables Login while logging in, then signs in, says so and opens the workspace", async () => {
    let answer!: (reply: Reply) => void;
    const gateway = fakeGateway({
      "POST /login": () => new Promise<Reply>((resolve) => (answer = resolve)),
      "GET /tenant-features": TENANT,
    });
    const { user, notifier, storage, router } = renderApp({ path: "/auth/login", gateway });
    await fillAndSubmit(user);
    expect(screen.getByRole("button", { name: "Login" })).toBeDisabled();
    expect(gateway.requests[0]).toMatchObject({
      method: "POST",
      url: "/login",
      body: { email: "dana.reyes@example.com", password: "s3cret!" },
    });

    answer({ status: 201, data: loginResponse(), headers: { Authorization: "Bearer header-token" } });
    expect(await screen.findByRole("heading", { name: "Agent workspace" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(notifier.shown).toContainEqual({ intent: "success", text: "Logged in Successfully." });
    expect(JSON.parse(storage.getItem(SESSION_KEY)!)).toMatchObject({
      acl: { roles: ["qualifier"], permissions: ["has_auto_ready"] },
      tokens: { accessToken: "header-token" },
    });
  });

  const failures: [string, Reply | typeof NETWORK_DOWN, string][] = [
    ["404", { status: 404, data: { message: "Not found" } }, "The username does not exist."],
    [
      "401",
      { status: 401, data: { message: "Unauthorized" } },
      "There is no info associated with this user.",
    ],
    ["422", { status: 422, data: { message: "Invalid" } }, "The username/password combination is incorrect."],
    [
      "403 with a message",
      { status: 403, data: { message: "Your account is disabled." } },
      "Your account is disabled.",
    ],
    ["403 without one", { status: 403, data: {} }, "There is no info associated with this user."],
    ["500", { status: 500, data: { message: "boom" } }, "An unknown error occurred while trying to log in."],
    [
      "400",
      { status: 400, data: { message: "bad", errors: { email: ["x"] } } },
      "An unknown error occurred while trying to log in.",
    ],
    ["200 (not 201)", { status: 200, data: {} }, "Submitted values are not valid."],
    ["202 without a challenge", { status: 202, data: {} }, "Submitted values are not valid."],
    ["no answer", NETWORK_DOWN, "Connection Error - Contact Admin"],
    [
      "429 Retry-After 120",
      { status: 429, data: { message: "Too many" }, headers: { "Retry-After": "120" } },
      "Too many sign-in attempts. Sign-in is paused for 2 minutes; please try again after that.",
    ],
    [
      "429 Retry-After 30",
      { status: 429, data: { message: "Too many" }, headers: { "Retry-After": "30" } },
      "Too many sign-in attempts. Sign-in is paused for 1 minute; please try again after that.",
    ],
  ];

  it.each(failures)(
    "on %s: shows the failure once, inline (no toast saying it again), and stays on login",
    async (_, reply, text) => {
      const { user, notifier, router, services } = renderApp({
        path: "/auth/login",
        gateway: fakeGateway({ "POST /login": reply }),
      });
      await fillAndSubmit(user);
      expect(await screen.findByRole("alert")).toHaveTextContent(text);
      expect(screen.getAllByText(text)).toHaveLength(1);
      expect(notifier.shown).toEqual([]);
      expect(router.state.location.pathname).toBe("/auth/login");
      expect(services.root.account.signedIn).toBe(false);
      expect(screen.getByRole("button", { name: "Login" })).toBeEnabled();
    },
  );

  it("clears the failure once the agent edits the form", async () => {
    const { user } = renderApp({
      path: "/auth/login",
      gateway: fakeGateway({ "POST /login": { status: 422 } }),
    });
    await fillAndSubmit(user);
    await screen.findByRole("alert");
    await user.type(screen.getByLabelText("Password"), "x");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("sends a newcomer to create a password, with their user and session", async () => {
    const challenge = {
      challenge: "new_password_required",
      user: { email: "new.agent@example.com", first_name: "Noa", last_name: "Khan" },
      session: "challenge-session",
    };
    const { user, router, notifier } = renderApp({
      path: "/auth/login",
      gateway: fakeGateway({ "POST /login": { status: 202, data: challenge } }),
    });
    await fillAndSubmit(user, "new.agent@example.com");
    expect(await screen.findByRole("form", { name: "Create your password" })).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Noa Khan/)).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ user: challenge.user, session: "challenge-session" });
    expect(notifier.shown).toEqual([
      { intent: "warning", text: "A new password must be created before you can log in." },
    ]);
  });

  it("sends an agent whose password must be reset to the reset page, username filled in", async () => {
    const challenge = {
      challenge: "password_reset_required",
      user: { email: "dana.reyes@example.com", first_name: "Dana", last_name: "Reyes" },
      session: "s",
    };
    const { user } = renderApp({
      path: "/auth/login",
      gateway: fakeGateway({ "POST /login": { status: 202, data: challenge } }),
    });
    await fillAndSubmit(user);
    expect(await screen.findByRole("form", { name: "Reset your password" })).toBeInTheDocument();
    expect(screen.getByLabelText("Username")).toHaveValue("dana.reyes@example.com");
    expect(screen.getByText("Your password must be reset before you can log in.")).toBeInTheDocument();
  });

  it("fills the Login field when another page hands over the username", () => {
    renderApp({ path: "/auth/login", state: { email: "dana.reyes@example.com" } });
    expect(screen.getByLabelText("Login")).toHaveValue("dana.reyes@example.com");
  });

  it("shows every text in the chosen language", async () => {
    const { user } = renderApp({
      path: "/auth/login",
      storage: memoryStorage({ "isi-dialer": '{"user":{"language":"es"}}' }),
      gateway: fakeGateway({ "POST /login": { status: 404 } }),
    });
    // Languages other than English load on demand: the page shows once Spanish is there.
    const form = await screen.findByRole("form", { name: "Formulario de inicio de sesión" });
    await user.type(within(form).getByLabelText("Usuario"), "x");
    await user.type(within(form).getByLabelText("Contraseña"), "y");
    await user.click(within(form).getByRole("button", { name: "Entrar" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("El nombre de usuario no existe."),
    );
  });
});
