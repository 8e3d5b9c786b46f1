// The users area's settings as a manager uses them (issue 17): allowed extensions (a refused input, a duplicate,
// another call centre's extension, add and delete), an attribute group's agents, and a notification sent from 'Send New Notification' that a
// signed-in qualifier sees at once in its alert stack.
import { expect, test } from "./fixtures";
import { api, signIn } from "./helpers";

test("a manager adds and deletes an allowed extension, with the rule's messages", async ({ page }) => {
  await signIn(page, "manager.isius@demo.test");
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page.getByRole("link", { name: "Allowed Extensions" }).click();
  await expect(page.getByRole("heading", { name: "Allowed Extensions", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Allowed extensions" });
  await expect(table.getByRole("cell", { name: "1001", exact: true })).toBeVisible();

  const field = page.getByRole("textbox", { name: "Extension" });
  await field.fill("12a");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Invalid extension format")).toBeVisible();
  await field.fill("1001");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Extension already exists")).toBeVisible();

  // SLICA's qualifier has 2001: one numbering plan on the PBX, so it is not ISIUS's to allow (issue 31).
  await field.fill("2001");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Another call centre uses this extension")).toBeVisible();
  await expect(field).toHaveAccessibleDescription("Another call centre uses this extension");
  await expect(table.getByRole("cell", { name: "2001", exact: true })).toHaveCount(0);

  await field.fill("1040");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(table.getByRole("cell", { name: "1040", exact: true })).toBeVisible();
  await expect(field).toHaveValue("");

  await page.getByRole("button", { name: "Delete extension 1040" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete extension 1040?");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(table.getByRole("cell", { name: "1040", exact: true })).toHaveCount(0);
  const manager = await api("manager.isius@demo.test");
  const listed = (await (await manager.call("GET", "/allowed-extensions")).json()) as { data: { extension: string }[] };
  expect(listed.data.map((e) => e.extension)).not.toContain("1040");
});

test("a manager edits an attribute group's agents", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  const groups = (await (await manager.call("GET", "/settings/attribute-groups")).json()) as { data: { id: number; name: string; userIds: number[] }[] };
  const group = groups.data.find((g) => g.name === "Medicare English")!;
  try {
    await signIn(page, "manager.isius@demo.test");
    await page.getByRole("button", { name: "Admin Panel" }).click();
    await page.getByRole("link", { name: "Attribute Groups" }).click();
    await expect(page.getByRole("heading", { name: "Attribute Groups", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Agents of Medicare English" }).click();
    const dialog = page.getByRole("dialog", { name: "Agents of Medicare English" });
    await expect(dialog.getByRole("checkbox", { name: "Jordan Reyes (1001)" })).toBeChecked();
    await dialog.getByRole("searchbox", { name: "Filter" }).fill("kim");
    await expect(dialog.getByRole("checkbox", { name: "Maria Lopez (1002)" })).toHaveCount(0);
    await dialog.getByText("Rachel Kim (1014)").click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Changes applied successfully.").first()).toBeVisible();

    await page.getByRole("button", { name: "Agents of Medicare English" }).click();
    await expect(page.getByRole("dialog").getByRole("checkbox", { name: "Rachel Kim (1014)" })).toBeChecked();
    const now = (await (await manager.call("GET", `/settings/attribute-groups/${group.id}/users`)).json()) as { data: { userIds: number[] } };
    expect(now.data.userIds).toHaveLength(group.userIds.length + 1);
  } finally {
    await manager.call("PUT", `/settings/attribute-groups/${group.id}/users`, { userIds: group.userIds });
  }
});

test("a manager sends a warning notification that a signed-in qualifier sees at once", async ({ page, browser }) => {
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  try {
    await signIn(agent, "qualifier.isius@demo.test");
    await expect(agent.getByRole("heading", { name: "Agent workspace" })).toBeVisible();

    await signIn(page, "manager.isius@demo.test");
    await page.getByRole("button", { name: "Admin Panel" }).click();
    await page.getByRole("link", { name: "Send New Notification" }).click();
    await expect(page.getByRole("heading", { name: "Send New Notification", level: 1 })).toBeVisible();
    const message = page.getByRole("textbox", { name: /^Message/ });
    await message.fill("Too short");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("too short", { exact: true })).toBeVisible();

    await message.fill("Huddle at the whiteboard in five minutes");
    await page.getByRole("group", { name: /^Type/ }).getByText("Warning", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Warning" })).toBeChecked();
    // A short timeout: the alert goes by itself, so no later test meets it.
    await page.getByRole("textbox", { name: "Timeout (seconds)" }).fill("6");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText(/Notification sent to \d+ agents?\./).first()).toBeVisible();
    await expect(message).toHaveValue("");

    const alert = agent.getByRole("status").filter({ hasText: "Huddle at the whiteboard in five minutes" });
    await expect(alert).toBeVisible();
    await expect(alert).toBeHidden({ timeout: 15_000 });
  } finally {
    await agentContext.close();
  }
});
