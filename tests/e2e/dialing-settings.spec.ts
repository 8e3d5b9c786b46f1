// The dialing settings as a manager uses them (issue 18): operation hours (a day closed, a time changed), a
// dials quota, and the dialing sequence (a dial added with a negative wait, which the gateway stores as 0).
// Each save says 'Changes applied successfully.' and, after a reload, the page shows the saved values and who
// changed them. The auto-dialer of later specs reads these settings: the test puts them back as it found them.
import { expect, test, type Page } from "./fixtures";
import { api, signIn } from "./helpers";

const MANAGER = "manager.isius@demo.test";
const LAST_CHANGE = /Last changed by Dana Whitfield on/;

async function saveAndReload(page: Page, title: string) {
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changes applied successfully.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(LAST_CHANGE)).toBeVisible();
}

test("a manager changes operation hours, a dials quota and the dialing sequence, and sees them saved", async ({ page }) => {
  test.setTimeout(120_000);
  const manager = await api(MANAGER);
  const read = async (url: string) => (await manager.call("GET", url)).json();
  const before = {
    hours: await read("/settings/operation-hours"),
    sequence: await read("/settings/dialing-sequence"),
    dials: await read("/settings/agents/quotas/dials"),
  };
  try {
    await signIn(page, MANAGER);
    await page.getByRole("button", { name: "Admin Panel" }).click();
    await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Operation Hours" }).click();
    await expect(page.getByRole("heading", { name: "Operation Hours", level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/in the call centre's time zone/)).toBeVisible();

    // Sunday closed and Saturday until 17:30 (the clock says Tuesday: the dialer's day is not touched).
    await page.getByRole("checkbox", { name: "Closed on Sunday" }).check({ force: true });
    await expect(page.getByLabel("Sunday from")).toHaveCount(0);
    await page.getByLabel("Saturday to").fill("17:30");
    await saveAndReload(page, "Operation Hours");
    await expect(page.getByRole("checkbox", { name: "Closed on Sunday" })).toBeChecked();
    await expect(page.getByLabel("Saturday to")).toHaveValue("17:30");
    expect((await read("/settings/operation-hours")).days[6]).toEqual({ from: "00:00", to: "00:00" });

    // The qualifiers' hourly dials quota.
    await page.goto("/admin/settings/user-quotas");
    await expect(page.getByRole("heading", { name: "User Quotas", level: 1 })).toBeVisible({ timeout: 20_000 });
    const hourly = page.getByRole("textbox", { name: "Dials, Qualifier, Per hour" });
    await hourly.fill("75");
    await saveAndReload(page, "User Quotas");
    await expect(page.getByRole("textbox", { name: "Dials, Qualifier, Per hour" })).toHaveValue("75");

    // A dial added at the end with a negative wait: the gateway stores 0, and the page shows it.
    await page.goto("/admin/settings/dialing-sequence");
    await expect(page.getByRole("heading", { name: "Dialing Sequence", level: 1 })).toBeVisible({ timeout: 20_000 });
    const dials = before.sequence.sequence.length as number;
    const added = page.getByRole("textbox", { name: `Dial ${dials + 1}: wait` });
    await page.getByRole("button", { name: "Add a dial" }).click();
    await added.fill("-30");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Changes applied successfully.").first()).toBeVisible();
    await expect(added).toHaveValue("0");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Dialing Sequence", level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(LAST_CHANGE)).toBeVisible();
    await expect(page.getByRole("textbox", { name: `Dial ${dials + 1}: wait` })).toHaveValue("0");
    expect((await read("/settings/dialing-sequence")).sequence).toEqual([...before.sequence.sequence, 0]);
  } finally {
    expect((await manager.call("PUT", "/settings/operation-hours", before.hours)).status()).toBe(204);
    expect((await manager.call("PUT", "/settings/dialing-sequence", before.sequence)).status()).toBe(204);
    expect((await manager.call("PUT", "/settings/agents/quotas/dials", before.dials)).status()).toBe(204);
  }
});
