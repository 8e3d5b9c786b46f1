// The built app runs under the gateway's Content-Security-Policy with no violation (issue 11, finding 9): the
// sign-in page, a WebRTC agent's workspace with its softphone and socket, a manager's drawer, and the API docs.
import { expect, test, type Page } from "./fixtures";
import { signIn } from "./helpers";

/** Collects CSP violations the page reports, from the first script on. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

test("the app signs in and works under its Content-Security-Policy with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto("/auth/login");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("script-src 'self'");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("no-referrer");

  await signIn(page, "qualifier.isius@demo.test");
  await expect(page.getByRole("main", { name: "Agent workspace" })).toBeVisible();
  await expect(page.getByRole("region", { name: "My Goals" })).toBeVisible();
  await page.getByRole("button", { name: "Edit layout" }).click();
  await page.getByRole("button", { name: "Done" }).click();

  const manager = await page.context().browser()!.newPage();
  const managerViolations = await watchViolations(manager);
  await signIn(manager, "manager.isius@demo.test");
  await expect(manager.getByRole("main")).toBeVisible();
  await manager.goto("/api/docs");
  await expect(manager.getByText("Dialer gateway").first()).toBeVisible();
  await manager.close();

  expect(violations, "SPA").toEqual([]);
  expect(managerViolations, "manager and docs").toEqual([]);
});
