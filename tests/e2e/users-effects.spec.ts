// What a manager's change in the users list does to the agent (issue 17): callable states taken away stop the
// dialer from giving that agent leads of those states (the engine's explanation says so), and an attribute that
// grants auto-ready reaches the advisor at the next sign-in. Each change is made in the row's dialog, as a
// manager does, checked on the gateway as the agent's desk would see it, and put back.
import { request, expect, test, type Page, gatewayURL } from "./fixtures";
import { api, signIn } from "./helpers";

async function openRowDialog(page: Page, name: string, item: string) {
  await page.getByRole("searchbox", { name: "Search users" }).fill(name.toLowerCase());
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
  return page.getByRole("dialog", { name: `${item}: ${name}` });
}

async function openUsers(page: Page) {
  await signIn(page, "manager.isius@demo.test");
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
}

test("callable states taken from a qualifier stop the dialer from giving that qualifier those leads", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  // Found as the manager finds him: the sign-in test changes this qualifier's password earlier in the run.
  const kevin = ((await (await manager.call("GET", "/agents?query=kevin%20nguyen")).json()) as { data: { id: number }[] }).data[0]!;
  const callableStates = async () =>
    (await (await manager.call("GET", `/settings/agents/${kevin.id}/provinces`)).json()) as { provinces: string[] | null };
  // A lead of the call centre, as the engine explains it for this qualifier.
  const leadId = 1;
  const verdict = async () => {
    const res = await manager.call("GET", `/leads/${leadId}/explain?agent=${kevin.id}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { rules: { rule: string; ok: boolean }[] }).rules.find((r) => r.rule === "callable-states");
  };
  const before = await callableStates();
  expect((await verdict())?.ok).toBe(true);

  await openUsers(page);
  const dialog = await openRowDialog(page, "Kevin Nguyen", "Callable states");
  await dialog.getByRole("button", { name: "Select none" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changes applied successfully.").first()).toBeVisible();

  await expect.poll(async () => (await callableStates()).provinces).toEqual([]);
  expect((await verdict())?.ok).toBe(false);
  await manager.call("PUT", `/settings/agents/${kevin.id}/provinces`, before);
  expect((await verdict())?.ok).toBe(true);
});

test("an attribute granting auto-ready reaches the advisor at the next sign-in", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  const daniel = await api("advisor2.isius@demo.test");
  const held = async () =>
    (await (await manager.call("GET", `/settings/agents/${daniel.id}/attributes`)).json()) as { attributes: number[] };
  // A sign-in of the advisor's own, in a browser context apart from the manager's page.
  const permissionsAtSignIn = async () => {
    const advisor = await request.newContext({ baseURL: gatewayURL() });
    const res = await advisor.post("/api/v1/login", { data: { email: "advisor2.isius@demo.test", password: "demo-password" } });
    expect(res.status()).toBe(201);
    const permissions = ((await res.json()) as { permissions: string[] }).permissions;
    await advisor.dispose();
    return permissions;
  };
  const before = await held();
  expect(await permissionsAtSignIn()).not.toContain("has_auto_ready");

  await openUsers(page);
  const dialog = await openRowDialog(page, "Daniel Okafor", "Attributes");
  await dialog.getByText("Auto ready").click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Changes applied successfully.").first()).toBeVisible();

  await expect.poll(permissionsAtSignIn).toContain("has_auto_ready");
  await manager.call("PUT", `/settings/agents/${daniel.id}/attributes`, before);
  expect(await permissionsAtSignIn()).not.toContain("has_auto_ready");
});

test("a qualifier's follow-ups distributed to a colleague become the colleague's", async ({ page }) => {
  // Not qualifier4: the sign-in test changes its password earlier in the run.
  const names: Record<string, string> = {
    "qualifier2.isius@demo.test": "Tyler Brooks",
    "qualifier3.isius@demo.test": "Aisha Johnson",
    "qualifier5.isius@demo.test": "Rachel Kim",
  };
  const pending = async (email: string) =>
    ((await (await (await api(email)).call("GET", "/agents/follow-ups")).json()) as { data: { leadId: number }[] }).data.map(
      (f) => f.leadId,
    );
  // The seeded morning left follow-ups with some qualifiers: one who has some gives them to one of the others.
  let from = "";
  for (const email of Object.keys(names)) if (!from && (await pending(email)).length > 0) from = email;
  expect(from, "a qualifier of the demo has follow-ups").not.toBe("");
  const to = Object.keys(names).find((email) => email !== from)!;
  const moving = await pending(from);

  await openUsers(page);
  const dialog = await openRowDialog(page, names[from]!, "Distribute follow-ups");
  await dialog.getByRole("radio", { name: "Another agent" }).check({ force: true });
  await dialog.getByRole("searchbox", { name: "Agent" }).fill(names[to]!.split(" ")[0]!);
  await page.getByRole("menuitem", { name: new RegExp(names[to]!) }).click();
  await dialog.getByRole("button", { name: "Distribute" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("Follow-ups distributed.").first()).toBeVisible();

  expect(await pending(from)).toEqual([]);
  expect(await pending(to)).toEqual(expect.arrayContaining(moving));
});
