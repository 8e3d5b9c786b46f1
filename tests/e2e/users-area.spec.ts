// The users area as a manager uses it (admin-and-sign-in §2): the Users list from the Admin Panel drawer,
// searched and paged by the gateway, a qualifier's outbound blocked and an advisor's live transfers changed from
// their rows (checked on the gateway), then the Managers list.
import { expect, test } from "./fixtures";
import { api, signIn } from "./helpers";

test("a manager searches and pages the users, blocks a qualifier's outbound, sets an advisor's live transfers and opens Managers", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  const agentRow = async (name: string) => {
    const res = await manager.call("GET", `/agents?query=${encodeURIComponent(name)}`);
    expect(res.status()).toBe(200);
    return (await res.json()).data[0] as { inbound_only: boolean; internal_live_transfers: boolean };
  };
  const internalBefore = (await agentRow("Maria Lopez")).internal_live_transfers;

  await signIn(page, "manager.isius@demo.test");
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);

  // Paging: ten to a page, then the next page.
  const paging = page.getByRole("navigation", { name: "Pages" });
  await paging.getByRole("combobox", { name: "Rows per page" }).selectOption("10");
  await expect(paging.getByText(/^1–10 of \d+$/)).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(11);
  await paging.getByRole("button", { name: "Next page" }).click();
  await expect(paging.getByText(/^11–\d+ of \d+$/)).toBeVisible();
  await expect(paging.getByText(/^Page 2 of \d+$/)).toBeVisible();

  // Search: the gateway's answer replaces the page.
  await page.getByRole("searchbox", { name: "Search users" }).fill("jordan");
  const jordan = page.getByRole("row", { name: /Jordan Reyes/ });
  await expect(jordan).toBeVisible();
  await expect(paging.getByText("1–1 of 1")).toBeVisible();

  // A qualifier's outbound blocked, then unblocked.
  const block = jordan.getByRole("checkbox", { name: "Block outbound" });
  await expect(block).not.toBeChecked();
  // Blueprint draws the box over the input: a person clicks the label.
  await jordan.getByText("Block outbound").click();
  await expect(block).toBeChecked();
  await expect.poll(async () => (await agentRow("Jordan Reyes")).inbound_only).toBe(true);
  await jordan.getByText("Block outbound").click();
  await expect(block).not.toBeChecked();
  await expect.poll(async () => (await agentRow("Jordan Reyes")).inbound_only).toBe(false);

  // An advisor's internal live transfers.
  await page.getByRole("searchbox", { name: "Search users" }).fill("maria lopez");
  const maria = page.getByRole("row", { name: /Maria Lopez/ });
  await expect(maria).toBeVisible();
  const internal = maria.getByRole("checkbox", { name: "Internal live transfers" });
  await expect(internal).toBeChecked({ checked: internalBefore });
  await maria.getByText("Internal live transfers").click();
  await expect(internal).toBeChecked({ checked: !internalBefore });
  await expect.poll(async () => (await agentRow("Maria Lopez")).internal_live_transfers).toBe(!internalBefore);
  await maria.getByText("Internal live transfers").click();
  await expect(internal).toBeChecked({ checked: internalBefore });
  await expect.poll(async () => (await agentRow("Maria Lopez")).internal_live_transfers).toBe(internalBefore);

  // The Managers list.
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Managers" }).click();
  await expect(page.getByRole("heading", { name: "Managers", level: 1 })).toBeVisible();
  await expect(page.getByRole("row", { name: /Dana Whitfield/ })).toContainText("manager.isius@demo.test");
});
