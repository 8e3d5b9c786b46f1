// The accounts page end to end: an admin creates a qualifier on a free allowed extension, notes the temporary
// password shown once, and the new qualifier (in a browser of its own) signs in with it, chooses its own password
// and reaches the workspace.
import { expect, test } from "./fixtures";
import { signIn } from "./helpers";

test("an admin creates a qualifier, who signs in with the temporary password and reaches the workspace", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Unique per run, so the test holds on a gateway that other tests already used.
  const email = `new.qualifier.${Date.now().toString(36)}@demo.test`;
  await signIn(page, "admin@demo.test");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Admin Panel" })).toBeVisible({ timeout: 20_000 });
  await page.goto("/admin/users/accounts");
  await expect(page.getByRole("heading", { name: "Accounts" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Jordan Reyes" })).toBeVisible();

  await page.getByRole("button", { name: "New account" }).click();
  const form = page.getByRole("dialog", { name: "New account" });
  await form.getByLabel(/^First name/).fill("Robin");
  await form.getByLabel(/^Last name/).fill("Hale");
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Role/).selectOption("Qualifier");
  // 1031 is one of the demo call centre's allowed extensions that no account holds.
  await form.getByLabel(/^Extension/).fill("1031");
  await form.getByLabel(/^Team/).selectOption("Dana Whitfield");
  await form.getByRole("button", { name: "Create account" }).click();

  const created = page.getByRole("dialog", { name: "Account created" });
  await expect(created).toBeVisible();
  const password = (await created.getByLabel("Temporary password").textContent())!.trim();
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await created.getByRole("button", { name: "Done" }).click();
  await page.getByRole("searchbox", { name: "Search by name, e-mail or extension" }).fill(email);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Robin Hale" }) });
  await expect(row.getByText("Has not signed in yet")).toBeVisible();

  // The new qualifier, in a browser of its own.
  const context = await browser.newContext();
  const agent = await context.newPage();
  await signIn(agent, email, password);
  await expect(agent).toHaveURL(/\/auth\/create-password$/);
  await agent.getByLabel("New password").fill("Robin-Hale-first-42");
  await agent.getByRole("button", { name: "Submit" }).click();
  await expect(agent.getByText("The password was created successfully.")).toBeVisible();
  // Signed in with it at once: no second trip through the login form.
  await expect(agent).toHaveURL(/\/$/);
  await expect(agent.getByRole("region", { name: "Disposition" })).toBeVisible({ timeout: 20_000 });
  await context.close();
});
