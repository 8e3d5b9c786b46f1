// Sign-in as a person does it: by label, role and the specification's visible texts.
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, signIn } from "./helpers";

const ACCOUNTS = [
  "qualifier.isius@demo.test",
  "advisor.isius@demo.test",
  "qualifier.slica@demo.test",
  "advisor.slica@demo.test",
  "qualifier2.isius@demo.test",
  "qualifier3.isius@demo.test",
  "qualifier4.isius@demo.test",
  "qualifier5.isius@demo.test",
  "manager.isius@demo.test",
  "admin@demo.test",
  "ops@demo.test",
];

test("an unsigned visitor is sent to the login form", async ({ page }) => {
  await page.goto("/admin/settings/globals");
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("form", { name: "Login form" })).toBeVisible();
});

test("every demo account signs in and lands on /", async ({ browser }) => {
  // Ten sign-ins, each hashing its password on the gateway: a minute was too short on a busy 2-core machine.
  test.setTimeout(150_000);
  // Each on a browser of its own: the sign-in page speaks the last account's language on a browser that had one
  // (a page going away writes its preferences back, so clearing storage between accounts would race it).
  for (const email of ACCOUNTS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email);
    await expect(page, email).toHaveURL(/\/$/);
    // In the account's own language (the SLICA demo agents work in French, qualifier4 in Spanish).
    await expect(page.getByText(/^(Logged in Successfully\.|Connexion réussie\.|Sesión iniciada correctamente\.)$/)).toBeVisible();
    // A signed-in user opening the login page is sent back to /.
    await page.goto("/auth/login");
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  }
});

test("a wrong password shows the specification's message", async ({ page }) => {
  await signIn(page, "qualifier5.isius@demo.test", "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "The username/password combination is incorrect." }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("an unknown username is named as such", async ({ page }) => {
  await signIn(page, "nobody@demo.test", "whatever-1");
  await expect(page.getByText("The username does not exist.").first()).toBeVisible();
});

test("the Login button needs both fields", async ({ page }) => {
  await page.goto("/auth/login");
  const form = page.getByRole("form", { name: "Login form" });
  await form.getByLabel("Login").fill("qualifier.isius@demo.test");
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("a newcomer creates a password and is signed in with it; the password works for the next sign-in", async ({ page }) => {
  await signIn(page, "newcomer@demo.test");
  await expect(page).toHaveURL(/\/auth\/create-password$/);
  await page.getByLabel("New password").fill("Newcomer-pass-42");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("The password was created successfully.")).toBeVisible();
  // Straight into the workspace: no second trip through an empty login form.
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "Casey Newman" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, "newcomer@demo.test", "Newcomer-pass-42");
  await expect(page).toHaveURL(/\/$/);
});

test("create-password without a user goes back to login", async ({ page }) => {
  await page.goto("/auth/create-password");
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("reset password with the code from the mailbox", async ({ page, request }) => {
  const email = "qualifier4.isius@demo.test";
  await page.goto("/auth/reset-password");
  await page.getByLabel("Username").fill(email);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("The password reset request has been sent. You should receive the code.")).toBeVisible();
  const mailbox = await request.get(`/api/v1/login/dev-mailbox?email=${encodeURIComponent(email)}`);
  const code = (await mailbox.json()).data[0].code as string;
  await page.getByLabel("Code").fill(code);
  await page.getByLabel("New password").fill("Fresh-start-2026");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("The password has been successfully changed. Please log in.")).toBeVisible();
  await signIn(page, email, "Fresh-start-2026");
  await expect(page).toHaveURL(/\/$/);
  // The old password no longer works. (This account works in Spanish: its screen is Spanish from sign-in.)
  await page.getByRole("button", { name: "Kevin Nguyen" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  // The sign-in page stays in the last account's language on this browser; a fresh one opens in English.
  await expect(page.getByRole("form", { name: "Formulario de inicio de sesión" })).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByText("The username/password combination is incorrect.").first()).toBeVisible();
});

test("logout ends the session and returns to the login form", async ({ page }) => {
  await signIn(page, "qualifier3.isius@demo.test");
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: /Jordan|Aisha|user menu/i }).first().click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("a session ended on the gateway shows 'Your session expired, please re-login'", async ({ page }) => {
  await signIn(page, "qualifier2.isius@demo.test");
  await expect(page).toHaveURL(/\/$/);
  // Another sign-in replaces the fingerprint cookie: this tab's session can no longer be used.
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByText("Your session expired, please re-login")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("the gateway answers per contract", async ({ request }) => {
  const login = await request.post("/api/v1/login", { data: { email: "qualifier.isius@demo.test", password: DEMO_PASSWORD } });
  expect(login.status()).toBe(201);
  expect(login.headers()["authorization"]).toMatch(/^Bearer /);
  expect((await request.get("/api/v1/tenant-features", { headers: { authorization: "" } })).status()).toBe(401);
  const token = login.headers()["authorization"];
  const globals = await request.get("/api/v1/settings/globals", { headers: { authorization: token } });
  expect(globals.status()).toBe(403);
  const malformed = await request.post("/api/v1/login", { data: { email: 42, extra: true } });
  expect(malformed.status()).toBe(422);
  expect((await malformed.json()).errors).toBeDefined();
  const docs = await request.get("/api/docs/json");
  expect((await docs.json()).paths["/api/v1/login"]).toBeDefined();
});
