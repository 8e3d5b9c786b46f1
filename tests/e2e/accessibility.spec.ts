// Accessibility as agents meet it all shift (issue 13, item 14): axe-core on every screen of every demo account
// (sign-in, the workspace at rest, a call under way, the manager's drawer and admin pages) with no serious or
// critical violation, and a call's controls operable from the keyboard alone.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { disposeAndStop, signIn } from "./helpers";

/** The serious and critical violations on the page now, one line each (rule, then the first offending nodes). */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

/** The workspace has settled: panels are in their frames and nothing is loading. */
async function workspaceAtRest(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.locator(".bp6-spinner")).toHaveCount(0, { timeout: 15_000 });
  // A toast fading out reads as low contrast half-way through its transition: measure once it has gone.
  await expect(page.locator(".bp6-toast")).toHaveCount(0, { timeout: 10_000 });
}

test("the sign-in page has no serious or critical accessibility violation", async ({ page }) => {
  await page.goto("/auth/login");
  await expect(page.getByRole("form", { name: "Login form" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const account of [
  "qualifier.isius@demo.test",
  "advisor.isius@demo.test",
  "qualifier.slica@demo.test",
  "advisor.slica@demo.test",
  "manager.isius@demo.test",
  "admin@demo.test",
  "ops@demo.test",
]) {
  test(`${account}: the workspace at rest has no serious or critical accessibility violation`, async ({ page }) => {
    await signIn(page, account);
    await workspaceAtRest(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the manager's admin drawer and each admin page have no serious or critical accessibility violation", async ({ page }) => {
  // One axe run per admin page (a dozen and more, each a few seconds on a busy machine): the page count sets the
  // time, not a hang.
  test.setTimeout(240_000);
  await signIn(page, "manager.isius@demo.test");
  await workspaceAtRest(page);
  await page.getByRole("button", { name: "Admin Panel" }).click();
  const drawer = page.getByRole("navigation", { name: "Admin Panel" });
  await expect(drawer).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const links = await drawer.getByRole("link").evaluateAll((as) =>
    as.map((a) => ({ href: (a as HTMLAnchorElement).getAttribute("href")!, name: a.textContent!.trim() })),
  );
  expect(links.length).toBeGreaterThan(10);
  // As a manager goes through them: from the drawer, one link after another, inside the app (a full page load
  // per page cost more than the pages' own checks).
  for (const { href, name } of links) {
    if (!(await drawer.isVisible())) await page.getByRole("button", { name: "Admin Panel" }).click();
    await drawer.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/\\-]/g, "\\$&")}$`));
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.locator(".bp6-spinner")).toHaveCount(0, { timeout: 15_000 });
    expect(await seriousViolations(page), href).toEqual([]);
  }
});

test("a call under way: no serious or critical violation, and the agent hangs up and disposes from the keyboard alone", async ({ page }) => {
  await signIn(page, "qualifier.isius@demo.test");
  await workspaceAtRest(page);
  const softphone = page.getByRole("region", { name: "Softphone" });
  await expect(softphone.getByText("Connected")).toBeVisible({ timeout: 20_000 });
  const number = softphone.getByRole("textbox", { name: "Number" });
  await number.focus();
  await page.keyboard.type("2125550177");
  // Tab to the Call button and press it: no mouse from here on.
  const call = softphone.getByRole("button", { name: "Call", exact: true });
  for (let i = 0; i < 15 && !(await call.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(call).toBeFocused();
  await page.keyboard.press("Enter");
  const hangup = softphone.getByRole("button", { name: /hang ?up/i });
  await expect(hangup).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await hangup.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /^Status: After Call Work/ })).toBeVisible({ timeout: 15_000 });
  await disposeAndStop(page);
});
