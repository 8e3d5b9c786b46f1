// General Settings and WebRTC users as a manager uses them (issue 18): a global setting changed and saved, still
// there after a reload; an agent's WebRTC softphone switched from the WebRTC users page, still so after a
// reload; each put back as it was. Last: every settings link of the Admin Panel drawer opens a real page (the
// drawer links only pages an enabled plugin declares; an address none declares goes home).
import { expect, request as playwrightRequest, test, type Page, gatewayURL } from "./fixtures";
import { DEMO_PASSWORD, signIn } from "./helpers";

const MANAGER = "manager.isius@demo.test";

/** The manager's gateway, outside the page, to read and restore what a test changed. */
async function managerApi() {
  const ctx = await playwrightRequest.newContext({ baseURL: gatewayURL() });
  const login = await ctx.post("/api/v1/login", { data: { email: MANAGER, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(201);
  let token = login.headers()["authorization"]!;
  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, data?: unknown) => {
    const res = await ctx.fetch(`/api/v1${url}`, { method, data, headers: { authorization: token } });
    token = res.headers()["authorization"] ?? token;
    return res;
  };
  return { call, close: () => ctx.dispose() };
}

async function openFromDrawer(page: Page, link: string) {
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: link, exact: true }).click();
}

test("a manager changes a general setting, sees it applied and still there after a reload", async ({ page }) => {
  const manager = await managerApi();
  const saved = await (await manager.call("GET", "/settings/globals")).json();
  const changed = String((saved["stack-rebuild"] as number) + 15);
  try {
    await signIn(page, MANAGER);
    await expect(page.getByRole("button", { name: "Admin Panel" })).toBeVisible({ timeout: 20_000 });
    await openFromDrawer(page, "General Settings");
    await expect(page.getByRole("heading", { name: "General Settings", level: 1 })).toBeVisible();
    const stack = page.getByRole("textbox", { name: "Stack rebuild (seconds)" });
    await expect(stack).toHaveValue(String(saved["stack-rebuild"]));
    await expect(page.getByRole("region", { name: "Auto-ready" })).toBeVisible();
    await stack.fill(changed);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Changes applied successfully.")).toBeVisible();
    await expect(page.getByText(/Last changed by Dana Whitfield/)).toBeVisible();

    await page.reload();
    await expect(page.getByRole("textbox", { name: "Stack rebuild (seconds)" })).toHaveValue(changed, { timeout: 20_000 });
  } finally {
    expect((await manager.call("PUT", "/settings/globals", saved)).status()).toBe(204);
    await manager.close();
  }
});

test("a manager switches an agent's WebRTC softphone on the WebRTC users page; it persists after a reload", async ({ page }) => {
  const manager = await managerApi();
  const list = await (await manager.call("GET", "/agents?query=qualifier5.isius&per_page=10")).json();
  const rachel = (list.data as { id: number; email: string; has_webrtc: boolean }[]).find((a) => a.email === "qualifier5.isius@demo.test")!;
  const before = rachel.has_webrtc;
  try {
    await signIn(page, MANAGER);
    await expect(page.getByRole("button", { name: "Admin Panel" })).toBeVisible({ timeout: 20_000 });
    await openFromDrawer(page, "WebRTC Users");
    await expect(page.getByRole("heading", { name: "WebRTC Users", level: 1 })).toBeVisible();
    await expect(page.getByText(/A change reaches the agent at their next sign-in/)).toBeVisible();
    await page.getByRole("searchbox", { name: "Search" }).fill("Rachel");
    const toggle = page.getByRole("checkbox", { name: "WebRTC for Rachel Kim" });
    await expect(toggle).toBeChecked({ checked: before, timeout: 20_000 });
    const answered = page.waitForResponse((r) => r.url().endsWith(`/agents/${rachel.id}/webrtc`));
    await toggle.click({ force: true });
    expect((await answered).status()).toBe(before ? 204 : 201);
    await expect(toggle).toBeChecked({ checked: !before });

    await page.reload();
    await page.getByRole("searchbox", { name: "Search" }).fill("Rachel");
    await expect(page.getByRole("checkbox", { name: "WebRTC for Rachel Kim" })).toBeChecked({ checked: !before, timeout: 20_000 });
    await expect(page.getByText(/Last changed by Dana Whitfield/)).toBeVisible();
  } finally {
    await manager.call(before ? "POST" : "DELETE", `/agents/${rachel.id}/webrtc`);
    await manager.close();
  }
});

test("every settings page of the Admin Panel drawer is a real page", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "admin@demo.test");
  await expect(page.getByRole("button", { name: "Admin Panel" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Admin Panel" }).click();
  const drawer = page.getByRole("navigation", { name: "Admin Panel" });
  // Opened right after sign-in, the drawer fills once the workspace has loaded the plugins' pages.
  await expect(drawer.getByRole("link", { name: "General Settings" })).toBeVisible({ timeout: 20_000 });
  const links = await drawer.locator('a[href*="/admin/settings/"]').evaluateAll((as) =>
    as.map((a) => ({ name: (a.textContent ?? "").trim(), href: a.getAttribute("href") ?? "" })),
  );
  expect(links.length).toBeGreaterThanOrEqual(15);
  await page.keyboard.press("Escape");
  for (const link of links) {
    await openFromDrawer(page, link.name);
    // The page stays at its address (an address no enabled plugin declares goes home) and shows its title.
    await expect(page).toHaveURL(new RegExp(`${link.href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
  }
});
