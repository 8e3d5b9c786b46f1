import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway } from "../../test/fakeGateway";
import { renderApp } from "../../test/renderApp";

describe("/auth/reset-password", () => {
  it("requests a code, then confirms with code and new password, and returns to login", async () => {
    const gateway = fakeGateway({
      "POST /login/reset-password": { status: 202, data: { message: "sent" } },
      "POST /login/reset-password/confirm": { status: 204 },
    });
    const { user, notifier } = renderApp({ path: "/auth/reset-password", gateway });

    expect(screen.queryByLabelText("Code")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Username"), "dana.reyes@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByLabelText("Code")).toBeInTheDocument();
    expect(screen.getByLabelText("New password")).toBeInTheDocument();
    expect(notifier.shown).toEqual([
      { intent: "success", text: "The password reset request has been sent. You should receive the code." },
    ]);
    expect(gateway.requests[0]).toMatchObject({
      url: "/login/reset-password",
      body: { email: "dana.reyes@example.com" },
    });

    await user.type(screen.getByLabelText("Code"), "123456");
    await user.type(screen.getByLabelText("New password"), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByRole("form", { name: "Login form" })).toBeInTheDocument();
    expect(screen.getByLabelText("Login")).toHaveValue("dana.reyes@example.com");
    expect(notifier.shown.at(-1)).toEqual({
      intent: "success",
      text: "The password has been successfully changed. Please log in.",
    });
    expect(gateway.requests[1]).toMatchObject({
      url: "/login/reset-password/confirm",
      body: { email: "dana.reyes@example.com", code: "123456", password: "a-long-passphrase" },
    });
  });

  it("says a throttled reset request waits, in minutes, and stays on the request step", async () => {
    const gateway = fakeGateway({
      "POST /login/reset-password": {
        status: 429,
        data: { message: "Too many password reset requests. Please wait before trying again." },
        headers: { "Retry-After": "600" },
      },
    });
    const { user } = renderApp({ path: "/auth/reset-password", gateway });
    await user.type(screen.getByLabelText("Username"), "dana.reyes@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByText("Too many password reset requests. Please try again in 10 minutes.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Code")).not.toBeInTheDocument();
  });

  it("needs user, code and password before confirming", async () => {
    const gateway = fakeGateway({ "POST /login/reset-password": { status: 202, data: { message: "sent" } } });
    const { user } = renderApp({
      path: "/auth/reset-password",
      state: { email: "dana.reyes@example.com" },
      gateway,
    });
    expect(screen.getByLabelText("Username")).toHaveValue("dana.reyes@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByLabelText("Code");

    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getAllByText("This field is required.")).toHaveLength(2);
    await user.type(screen.getByLabelText("Code"), "12ab");
    expect(screen.getByText("Enter the 6-digit code you received.")).toBeInTheDocument();
    expect(gateway.requests).toHaveLength(1);
  });

  it("shows a wrong or expired code under the Code field", async () => {
    const gateway = fakeGateway({
      "POST /login/reset-password": { status: 202, data: { message: "sent" } },
      "POST /login/reset-password/confirm": {
        status: 422,
        data: { message: "Invalid", errors: { code: ["The code is wrong or has expired."] } },
      },
    });
    const { user, router } = renderApp({ path: "/auth/reset-password", gateway });
    await user.type(screen.getByLabelText("Username"), "dana.reyes@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.type(await screen.findByLabelText("Code"), "000000");
    await user.type(screen.getByLabelText("New password"), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByText("The code is wrong or has expired.")).toBeInTheDocument();
    expect(screen.getByLabelText("Code")).toHaveAttribute("aria-invalid", "true");
    expect(router.state.location.pathname).toBe("/auth/reset-password");
  });

  it("shows a gateway key such as password.too_short in the agent's words", async () => {
    const gateway = fakeGateway({
      "POST /login/reset-password": { status: 202, data: { message: "sent" } },
      "POST /login/reset-password/confirm": {
        status: 422,
        data: { message: "Invalid", errors: { password: ["password.too_short"] } },
      },
    });
    const { user } = renderApp({ path: "/auth/reset-password", gateway });
    await user.type(screen.getByLabelText("Username"), "dana.reyes@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.type(await screen.findByLabelText("Code"), "123456");
    await user.type(screen.getByLabelText("New password"), "a-long-passphrase");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("The password must have at least 8 characters.")).toBeInTheDocument();
  });
});
