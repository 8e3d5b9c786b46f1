import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway } from "../../test/fakeGateway";
import { loginResponse } from "../../test/fixtures";
import { renderApp } from "../../test/renderApp";

const newcomer = {
  user: { email: "new.agent@example.com", first_name: "Noa", last_name: "Khan" },
  session: "challenge-session",
};

describe("/auth/create-password", () => {
  it("without a user goes back to login", async () => {
    const { router } = renderApp({ path: "/auth/create-password" });
    expect(await screen.findByRole("form", { name: "Login form" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/login");
  });

  it("creates the password, says so and signs the newcomer in with it", async () => {
    const gateway = fakeGateway({
      "POST /login/create-password": { status: 204 },
      "POST /login": { status: 201, data: loginResponse({ email: "new.agent@example.com" }) },
      "GET /tenant-features": {
        status: 200,
        data: { tenant_id: 1, name: "ISI US", variant: "isius", country: "US", features: {} },
      },
    });
    const { user, notifier, router } = renderApp({ path: "/auth/create-password", state: newcomer, gateway });
    await user.type(screen.getByLabelText("New password"), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByRole("heading", { name: "Agent workspace" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(notifier.shown).toContainEqual({ intent: "success", text: "The password was created successfully." });
    expect(gateway.requests.find((r) => r.url === "/login")).toMatchObject({
      body: { email: "new.agent@example.com", password: "a-long-passphrase" },
    });
  });

  it("creates the password and, when the sign-in with it does not go through, returns to login with the username filled in", async () => {
    const gateway = fakeGateway({ "POST /login/create-password": { status: 204 } });
    const { user, notifier } = renderApp({ path: "/auth/create-password", state: newcomer, gateway });
    await user.type(screen.getByLabelText("New password"), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByRole("form", { name: "Login form" })).toBeInTheDocument();
    expect(screen.getByLabelText("Login")).toHaveValue("new.agent@example.com");
    expect(notifier.shown).toContainEqual({ intent: "success", text: "The password was created successfully." });
    expect(gateway.requests[0]).toMatchObject({
      url: "/login/create-password",
      body: { email: "new.agent@example.com", session: "challenge-session", password: "a-long-passphrase" },
      authorization: undefined,
    });
  });

  it("checks the password length before sending", async () => {
    const { user, gateway } = renderApp({ path: "/auth/create-password", state: newcomer });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByText("This field is required.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New password"), "short");
    expect(screen.getByText("The password must have at least 8 characters.")).toBeInTheDocument();
    expect(gateway.requests).toEqual([]);
  });

  it("shows the gateway's password error under the field", async () => {
    const gateway = fakeGateway({
      "POST /login/create-password": {
        status: 422,
        data: { message: "Invalid", errors: { password: ["The password was found in a data breach."] } },
      },
    });
    const { user } = renderApp({ path: "/auth/create-password", state: newcomer, gateway });
    await user.type(screen.getByLabelText("New password"), "password123");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("The password was found in a data breach.")).toBeInTheDocument();
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
  });

  it("says so when the sign-in step has expired", async () => {
    const gateway = fakeGateway({
      "POST /login/create-password": { status: 401, data: { message: "expired" } },
    });
    const { user } = renderApp({ path: "/auth/create-password", state: newcomer, gateway });
    await user.type(screen.getByLabelText("New password"), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This sign-in step has expired. Please log in again.",
    );
  });
});
