// Plugins and features end to end: an admin turns the disclosures plugin off for ISIUS; the signed-in ISIUS
// advisor's workspace reloads without a sign-out, says its workspace changed, and no longer has the panel; the
// admin turns it back on, and the panel returns the same way.
import { expect, test, type Page } from "./fixtures";
import { api, signIn } from "./helpers";

async function setDisclosures(admin: Page, on: boolean) {
  await admin.goto("/admin/settings/plugins");
  await expect(admin.getByRole("heading", { name: "Plugins and features" })).toBeVisible({ timeout: 20_000 });
  const disclosures = admin.getByRole("checkbox", { name: "Disclosures" }).first();
  await expect(disclosures).toBeChecked({ checked: !on });
  await disclosures.click({ force: true });
  const saved = admin.waitForResponse(
    (r) => r.url().endsWith("/settings/plugins") && r.request().method() === "PUT",
  );
  await admin.getByRole("button", { name: "Save" }).click();
  expect((await saved).status()).toBe(204);
  await expect(admin.getByText(/Last changed by/)).toBeVisible({ timeout: 20_000 });
  // The admin's own workspace reloads too (its call centre's plugins changed): the page may be loading again.
  await expect(admin.getByRole("button", { name: "Save" })).toBeDisabled({ timeout: 20_000 });
}

/** The advisor's panels as edit mode lists them (a disclosure panel shows only on calls otherwise). */
async function panelsInEditMode(advisor: Page) {
  await advisor.getByRole("button", { name: "Edit layout" }).click();
  const titles = await advisor.locator(".isi-panel__title").allTextContents();
  await advisor.getByRole("button", { name: "Done" }).click();
  return titles;
}

test("an admin turns the disclosures plugin off and on; the signed-in advisor's workspace follows without a sign-out", async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(120_000);
  // A retry must start from the plugin on, whatever step a failed attempt stopped at.
  const adminApi = await api("admin@demo.test");
  const turnOn = () =>
    adminApi.call("PUT", "/settings/plugins", { plugins: { disclosures: true }, features: {} });
  expect((await turnOn()).status()).toBe(204);
  const context = await browser.newContext();
  try {
    const advisor = await context.newPage();
    await signIn(advisor, "advisor.isius@demo.test");
    await expect(advisor.getByRole("region", { name: "Booking" })).toBeVisible({ timeout: 20_000 });
    expect(await panelsInEditMode(advisor)).toContain("Disclosures");

    // A manager has no such page: the drawer does not offer it.
    await signIn(admin, "admin@demo.test");
    await expect(admin.getByRole("button", { name: "Admin Panel" })).toBeVisible({ timeout: 20_000 });
    await setDisclosures(admin, false);

    // The gateway refuses the plugin's routes to the call centre while it is off.
    const opsApi = await api("ops@demo.test");
    const refused = await opsApi.call("GET", "/calls/disclosures");
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe("This plugin is turned off for your call centre.");

    await expect(
      advisor.getByText("An administrator changed your call centre's plugins or features."),
    ).toBeVisible({ timeout: 20_000 });
    await expect(advisor.getByRole("region", { name: "Booking" })).toBeVisible();
    expect(await panelsInEditMode(advisor)).not.toContain("Disclosures");

    await setDisclosures(admin, true);
    await expect
      .poll(async () => (await panelsInEditMode(advisor)).includes("Disclosures"), { timeout: 20_000 })
      .toBe(true);
    expect((await opsApi.call("GET", "/calls/disclosures")).status()).not.toBe(403);
  } finally {
    await turnOn();
    await context.close();
  }
});
