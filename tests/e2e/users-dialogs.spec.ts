// The users list's row dialogs as a manager uses them (admin-and-sign-in §2, §4, §7): an advisor's statistics,
// health licences saved, calling de-activated and re-activated after the confirmation, and the Tools; each
// change checked on the gateway, and put back.
import { expect, test } from "./fixtures";
import { api, signIn } from "./helpers";

test("a manager opens an advisor's row dialogs: statistics, health licenses, calling status and tools", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  const maria = (await (await manager.call("GET", `/agents?query=${encodeURIComponent("maria lopez")}`)).json()).data[0] as {
    id: number;
  };
  const licences = async () =>
    ((await (await manager.call("GET", `/settings/agents/${maria.id}/health-licenses`)).json()) as { health_licenses: string[] })
      .health_licenses;
  const deactivated = async () =>
    ((await (await manager.call("GET", `/agents?query=${encodeURIComponent("maria lopez")}`)).json()).data[0] as { deactivated: boolean })
      .deactivated;
  const before = await licences();
  const hadTexas = before.includes("tx");

  await signIn(page, "manager.isius@demo.test");
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Users", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search users" }).fill("maria lopez");
  const row = page.getByRole("row", { name: /Maria Lopez/ });
  await expect(row).toBeVisible();
  const menu = async (item: string) => {
    await row.getByRole("button", { name: "Actions for Maria Lopez" }).click();
    await page.getByRole("menuitem", { name: item }).click();
  };

  // User statistics: a table of goals with their figures.
  await menu("User statistics");
  let dialog = page.getByRole("dialog", { name: "User statistics: Maria Lopez" });
  await expect(dialog.getByRole("rowheader", { name: "Daily dials" })).toBeVisible();
  await expect(dialog.getByRole("rowheader", { name: "Pickups" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();

  // Health licenses: Texas ticked (or unticked), saved, read back from the gateway.
  await menu("Health licenses");
  dialog = page.getByRole("dialog", { name: "Health licenses: Maria Lopez" });
  await dialog.getByText("Texas (TX)").click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changes applied successfully.")).toBeVisible();
  await expect.poll(async () => (await licences()).includes("tx")).toBe(!hadTexas);
  await manager.call("PUT", `/settings/agents/${maria.id}/health-licenses`, { health_licenses: before });

  // Calling status: the confirmation, then the gateway's flag; and back.
  const wasDeactivated = await deactivated();
  await menu(wasDeactivated ? "Re-activate calling" : "De-activate calling");
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(wasDeactivated ? "Do you want to re-activate ?" : "Do you want to de-activate ?");
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect.poll(deactivated).toBe(!wasDeactivated);
  await menu(wasDeactivated ? "De-activate calling" : "Re-activate calling");
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
  await expect.poll(deactivated).toBe(wasDeactivated);

  // Tools: the repair reaches the gateway (201) and the dialog says so.
  await menu("Tools");
  dialog = page.getByRole("dialog", { name: "Tools: Maria Lopez" });
  await dialog.getByRole("button", { name: "Repair frontend" }).click();
  await expect(dialog.getByRole("status")).toHaveText("The dialer of Maria Lopez is being repaired.");
  await dialog.getByRole("button", { name: "Reset sockets" }).click();
  await expect(dialog.getByRole("status")).toHaveText("The connection of Maria Lopez was reset.");
});
