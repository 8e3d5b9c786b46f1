// The sign-in page as the first download brings it (no workspace loaded): its router, its forms on the contract
// it loads on demand, fetch to the gateway, and the hand-over to the workspace with the account and its token.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n/i18n";
import { loginResponse, recordingNotifier } from "../../test/fixtures";
import { SignInApp } from "./SignInApp";
import { fetchTransport } from "../../api/wire";
import { createSignInClient } from "./signInClient";

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** fetch as the gateway would answer it, recording each request. */
function fakeFetch(answer: (path: string, body: unknown) => Answer | "network-down") {
  const requests: { url: string; method: string; body: unknown; contentType: string | null }[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    requests.push({
      url: String(url),
      method: init?.method ?? "GET",
      body,
      contentType: new Headers(init?.headers).get("content-type"),
    });
    const reply = answer(String(url).replace("/api/v1", ""), body);
    if (reply === "network-down") throw new TypeError("Failed to fetch");
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, requests };
}

function renderSignIn(answer: Parameters<typeof fakeFetch>[0], path = "/") {
  window.history.replaceState(null, "", path);
  const gateway = fakeFetch(answer);
  const notifier = recordingNotifier();
  const signedIn = vi.fn();
  const prefetch = vi.fn(() => Promise.resolve());
  const user = userEvent.setup();
  render(
    <SignInApp
      i18n={createI18n("en")}
      prefetch={prefetch}
      port={{ client: createSignInClient(fetchTransport(gateway.fetchImpl)), notifier, signedIn }}
    />,
  );
  return { ...gateway, notifier, signedIn, prefetch, user };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, password = "s3cret!") {
  const form = await screen.findByRole("form", { name: "Login form" });
  await user.type(within(form).getByLabelText("Login"), "dana.reyes@example.com");
  await user.type(within(form).getByLabelText("Password"), password);
  await user.click(within(form).getByRole("button", { name: "Login" }));
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe("the sign-in page before the workspace has loaded", () => {
  it("sends any other address to the login form, and fetches the workspace's code while the agent types", async () => {
    const { prefetch } = renderSignIn(() => ({ status: 500 }), "/admin/users");
    expect(await screen.findByRole("form", { name: "Login form" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/auth/login");
    await waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
  });

  it("posts the login as JSON and hands the account and the header's token to the workspace", async () => {
    const { user, requests, signedIn, notifier } = renderSignIn(() => ({
      status: 201,
      body: loginResponse({ language: "es" }),
      headers: { authorization: "Bearer header-token" },
    }));
    await signIn(user);
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
    expect(requests).toEqual([
      {
        url: "/api/v1/login",
        method: "POST",
        body: { email: "dana.reyes@example.com", password: "s3cret!" },
        contentType: "application/json",
      },
    ]);
    expect(signedIn).toHaveBeenCalledWith(
      expect.objectContaining({ id: 42, language: "es" }),
      "header-token",
    );
    expect(notifier.shown.map((s) => s.text)).toEqual(["Logged in Successfully."]);
  });

  it("says why a sign-in failed, above the form, and hands nothing over", async () => {
    const { user, signedIn } = renderSignIn(() => ({
      status: 429,
      body: { message: "Too many attempts" },
      headers: { "retry-after": "120" },
    }));
    await signIn(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Sign-in is paused for 2 minutes");
    expect(signedIn).not.toHaveBeenCalled();
  });

  it("says the gateway cannot be reached when fetch gets no answer", async () => {
    const { user } = renderSignIn(() => "network-down");
    await signIn(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Connection Error - Contact Admin");
  });

  it("refuses an answer that is not an account (a proxy's page) rather than entering with it", async () => {
    const { user, signedIn } = renderSignIn(() => ({ status: 201, body: { hello: "proxy" } }));
    await signIn(user);
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(signedIn).not.toHaveBeenCalled();
  });

  it("takes a newcomer's challenge to the create-password page, then signs in with the new password", async () => {
    const challenge = {
      challenge: "new_password_required",
      user: { email: "dana.reyes@example.com", first_name: "Dana", last_name: "Reyes" },
      session: "challenge-session",
    };
    let password = "";
    const { user, signedIn, requests } = renderSignIn((path, body) => {
      if (path === "/login/create-password") {
        password = (body as { password: string }).password;
        return { status: 204 };
      }
      const given = (body as { password: string }).password;
      return given === password ? { status: 201, body: loginResponse() } : { status: 202, body: challenge };
    });
    await signIn(user, "temporary1");
    const form = await screen.findByRole("form", { name: "Create your password" });
    await user.type(within(form).getByLabelText("New password"), "short");
    await user.click(within(form).getByRole("button", { name: "Submit" }));
    expect(await within(form).findByText(/at least 8 characters/)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText("New password"));
    await user.type(within(form).getByLabelText("New password"), "a-long-password");
    await user.click(within(form).getByRole("button", { name: "Submit" }));
    await waitFor(() =>
      expect(signedIn).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }), "token-1"),
    );
    expect(requests.map((r) => r.url)).toEqual([
      "/api/v1/login",
      "/api/v1/login/create-password",
      "/api/v1/login",
    ]);
    expect(requests[1]!.body).toEqual({
      email: "dana.reyes@example.com",
      session: "challenge-session",
      password: "a-long-password",
    });
  });
});
