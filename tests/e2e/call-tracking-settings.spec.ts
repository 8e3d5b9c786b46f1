// The call-tracking provider's settings as a manager uses them (issue 18): a Retreaver mapping added after each
// refused input shows its exact message (blank prefix, blank DID, 9 digits, a DID that exists), its prefix
// edited with the DID read-only, then deleted; and the maximum calls amount saved and still there after a reload.
import { expect, request, test, gatewayURL } from "./fixtures";
import { api, DEMO_PASSWORD, signIn } from "./helpers";

const DID = "8005557301";
const EXISTING = "8005557300";

/** Removes mappings the test made (the helper's api() has no DELETE); one already gone is a 404, which is fine. */
async function removeMappings(...dids: string[]) {
  const ctx = await request.newContext({ baseURL: gatewayURL() });
  const login = await ctx.post("/api/v1/login", {
    data: { email: "manager.isius@demo.test", password: DEMO_PASSWORD },
  });
  const authorization = login.headers()["authorization"]!;
  for (const did of dids)
    await ctx.delete(`/api/v1/settings/retreaver-mappings/${did}`, { headers: { authorization } });
  await ctx.dispose();
}

test("a manager adds, edits and deletes a Retreaver mapping, seeing each refusal's exact message", async ({
  page,
}) => {
  const manager = await api("manager.isius@demo.test");
  // A mapping that exists, for the duplicate.
  expect(
    (
      await manager.call("POST", `/settings/retreaver-mappings/${EXISTING}?mode=add`, { prefix: "ISF" })
    ).status(),
  ).toBe(201);
  try {
    await signIn(page, "manager.isius@demo.test");
    await page.getByRole("button", { name: "Admin Panel" }).click();
    await page.getByRole("link", { name: "Retreaver Mappings" }).click();
    await expect(page.getByRole("heading", { name: "Retreaver Mappings", level: 1 })).toBeVisible();
    const table = page.getByRole("table", { name: "Retreaver mappings" });
    await expect(table.getByRole("cell", { name: EXISTING, exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Add mapping" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a Retreaver mapping" });
    const did = dialog.getByRole("textbox", { name: "DID" });
    const prefix = dialog.getByRole("textbox", { name: "Prefix" });
    const save = dialog.getByRole("button", { name: "Save" });

    await did.fill(DID);
    await prefix.fill("  ");
    await save.click();
    await expect(prefix).toHaveAccessibleDescription("Prefix is required");

    await prefix.fill("ISW");
    await did.fill("");
    await save.click();
    await expect(did).toHaveAccessibleDescription("DID is required");

    await did.fill("800555730");
    await save.click();
    await expect(did).toHaveAccessibleDescription("Invalid DID format (must be 10 digits)");

    await did.fill(EXISTING);
    await save.click();
    await expect(did).toHaveAccessibleDescription("DID already exists");

    await did.fill(DID);
    await save.click();
    await expect(dialog).toHaveCount(0);
    const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: DID, exact: true }) });
    await expect(row.getByRole("cell", { name: "ISW", exact: true })).toBeVisible();
    await expect(page.getByText(/Last changed by/)).toBeVisible();

    await page.getByRole("button", { name: `Edit mapping ${DID}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit the mapping of ${DID}` });
    await expect(edit.getByRole("textbox", { name: "DID" })).toHaveValue(DID);
    await expect(edit.getByRole("textbox", { name: "DID" })).not.toBeEditable();
    await edit.getByRole("textbox", { name: "Prefix" }).fill("ISWM");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await expect(row.getByRole("cell", { name: "ISWM", exact: true })).toBeVisible();
    const stored = await (await manager.call("GET", "/settings/retreaver-mappings")).json();
    expect(stored[DID]).toEqual({ prefix: "ISWM", duplicate_checker: true, short_calls: false });

    await page.getByRole("button", { name: `Delete mapping ${DID}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Delete the mapping of ${DID}?`);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(table.getByRole("cell", { name: DID, exact: true })).toHaveCount(0);
    expect(await (await manager.call("GET", "/settings/retreaver-mappings")).json()).not.toHaveProperty(DID);
  } finally {
    await removeMappings(EXISTING, DID);
  }
});

test("a manager sets the maximum calls amount and finds it saved after a reload", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  const saved = await (await manager.call("GET", "/settings/max-calls-amount")).json();
  try {
    await signIn(page, "manager.isius@demo.test");
    await page.getByRole("button", { name: "Admin Panel" }).click();
    await page.getByRole("link", { name: "Configurations" }).click();
    await expect(page.getByRole("heading", { name: "Configurations", level: 1 })).toBeVisible();
    const field = page.getByRole("textbox", { name: "Maximum calls amount" });
    await field.fill("");
    await field.pressSequentially("12a34567890");
    await expect(field).toHaveValue("123456789");
    await field.fill("25");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Changes applied successfully.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Maximum calls amount" })).toHaveValue("25");
    await expect(page.getByText(/Last changed by/)).toBeVisible();
  } finally {
    expect((await manager.call("PUT", "/settings/max-calls-amount", saved)).status()).toBe(204);
  }
});
