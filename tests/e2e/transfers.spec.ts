// Transfers as a qualifier does them on a call (issue 15): an external transfer in its three levels — start
// (the target is dialled, the lead on hold), join, leave — after which the disposition reads Sent External with
// its destination; and a target that never answers, which brings the transfer back to the qualifier.
import { expect, test, type Page } from "./fixtures";
import { api, disposeAndStop, signIn } from "./helpers";

/** A number of its own per run, so the lead is new. */
const freshNumber = () => `21255${String(Date.now() % 100_000).padStart(5, "0")}`.replace(/0[123]$/, "44");

async function onACall(page: Page) {
  await signIn(page, "qualifier.isius@demo.test");
  const softphone = page.getByRole("region", { name: "Softphone" });
  await expect(softphone.getByText("Connected")).toBeVisible({ timeout: 20_000 });
  await softphone.getByRole("textbox", { name: "Number" }).fill(freshNumber());
  await softphone.getByRole("button", { name: "Call", exact: true }).click();
  const transfers = page.getByRole("region", { name: "Transfers" });
  // Live Transfer comes first in the type select; these tests use the external one.
  await expect(transfers.getByRole("button", { name: "Live transfer" })).toBeVisible({ timeout: 20_000 });
  await transfers.getByRole("combobox", { name: "Transfer type" }).selectOption("external");
  await expect(transfers.getByRole("combobox", { name: "Transfer to" })).toBeVisible({ timeout: 20_000 });
  return transfers;
}

test("an external transfer runs start, join and leave; the disposition reads Sent External with its destination", async ({ page }) => {
  test.setTimeout(90_000);
  const transfers = await onACall(page);
  await transfers.getByRole("combobox", { name: "Transfer to" }).selectOption({ label: "Medicare Enrollment Desk · 312.555.0147" });
  await transfers.getByRole("button", { name: "Start" }).click();
  await expect(transfers.getByText("The target is on the line; the lead is on hold.")).toBeVisible({ timeout: 15_000 });
  await expect(transfers.getByText("Transferring to Medicare Enrollment Desk (312.555.0147)")).toBeVisible();
  await transfers.getByRole("button", { name: "Join" }).click();
  await expect(transfers.getByText("The lead and the target are together. Leave when they are introduced.")).toBeVisible();
  await transfers.getByRole("button", { name: "Leave" }).click();

  // The qualifier's call is over; the lead stays with the target, and the disposition is set for the agent.
  await expect(page.getByRole("button", { name: /^Status: / })).toHaveText("After Call Work", { timeout: 15_000 });
  await expect(transfers.getByText("Transfers are available while you are on a call.")).toBeVisible();
  const disposition = page.getByRole("region", { name: "Disposition" });
  await expect(disposition.getByRole("combobox", { name: "Disposition" })).toHaveValue("Sent External");
  await expect(disposition.getByRole("combobox", { name: /^Sent-external destination/ })).toHaveValue("External Transfer");
  await disposition.getByRole("button", { name: "Save & Stop" }).click();
  await expect(page.getByText("Successfully disposed the lead!").first()).toBeVisible();
});

test("a target that never answers brings the transfer back to level 1, the lead still with the qualifier", async ({ page }) => {
  test.setTimeout(120_000);
  const manager = await api("manager.isius@demo.test");
  const saved = await (await manager.call("GET", "/settings/external-transfers")).json();
  const silent = { name: "Night Desk", phone: "3125550199" };
  expect((await manager.call("PUT", "/settings/external-transfers", { ...saved, external: [...saved.external, silent] })).status()).toBe(204);
  try {
    const transfers = await onACall(page);
    await transfers.getByRole("combobox", { name: "Transfer to" }).selectOption({ label: "Night Desk · 312.555.0199" });
    await transfers.getByRole("button", { name: "Start" }).click();
    await expect(transfers.getByText("Calling the target…")).toBeVisible({ timeout: 15_000 });
    await expect(transfers.getByText("The transfer target did not answer. The lead is still with you.")).toBeVisible({ timeout: 45_000 });
    await expect(transfers.getByRole("button", { name: "Start" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Status: / })).toHaveText("On a Call");

    await page.getByRole("region", { name: "Softphone" }).getByRole("button", { name: /hang ?up/i }).click();
    await disposeAndStop(page);
  } finally {
    await manager.call("PUT", "/settings/external-transfers", saved);
  }
});

test("a manager edits the transfer targets on their settings page, and a mis-click away does not lose the change", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  const saved = await (await manager.call("GET", "/settings/external-transfers")).json();
  try {
    await signIn(page, "manager.isius@demo.test");
    await page.getByRole("button", { name: "Admin Panel" }).click();
    await page.getByRole("link", { name: "Transfer Targets" }).click();
    await expect(page.getByRole("heading", { name: "Transfer Targets", level: 1 })).toBeVisible();
    const external = page.getByRole("region", { name: "External transfer targets" });
    await expect(external.getByRole("textbox", { name: "Name" }).first()).toHaveValue("Medicare Enrollment Desk");
    await external.getByRole("button", { name: "Add a target" }).click();
    const row = external.getByRole("group").last();
    await row.getByRole("textbox", { name: "Name" }).fill("Weekend Desk");
    await row.getByRole("textbox", { name: "Phone number" }).fill("3125550166");

    // Leaving asks first; staying keeps what was typed.
    page.once("dialog", (d) => void d.dismiss());
    await page.getByRole("button", { name: "Admin Panel" }).click();
    await page.getByRole("link", { name: "General Settings" }).click();
    await expect(row.getByRole("textbox", { name: "Name" })).toHaveValue("Weekend Desk");

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Changes applied successfully.").first()).toBeVisible();
    const now = await (await manager.call("GET", "/settings/external-transfers")).json();
    expect(now.external).toContainEqual({ name: "Weekend Desk", phone: "3125550166" });
  } finally {
    await manager.call("PUT", "/settings/external-transfers", saved);
  }
});
