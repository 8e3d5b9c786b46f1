// The lead book's settings as a manager uses them (issue 18): a lead prefix (an empty name refused), a lead
// campaign (a too-long and a blank name refused with the rule's message) and its qualifiers picked with the
// dialog's filter, a lead group given advisors and prefixes with its counts changing in the table. Only what
// the test creates is changed: the dialer specs rely on the seeded campaigns and groups.
import { expect, test, type Page } from "./fixtures";
import { api, signIn } from "./helpers";

const stamp = Date.now().toString(36).toUpperCase().slice(-6);
const PREFIX = `E2E${stamp}`;
const CAMPAIGN = `E2E Campaign ${stamp}`;
const GROUP = `E2E Group ${stamp}`;

async function open(page: Page, link: string) {
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page.getByRole("link", { name: link }).click();
  await expect(page.getByRole("heading", { name: link, level: 1 })).toBeVisible();
}

test("a manager sets up a lead prefix, a campaign with its qualifiers and a lead group", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  const qualifiers = (await (await manager.call("GET", "/settings/lead-campaigns/final-expense/agents")).json()) as {
    data: { agents: { id: number; full_name: string }[] };
  };
  const qualifier = qualifiers.data.agents[0]!;

  await signIn(page, "manager.isius@demo.test");

  // A lead prefix: an empty name is refused, then it is created.
  await open(page, "Lead Prefixes");
  await page.getByRole("button", { name: "New lead prefix" }).click();
  let dialog = page.getByRole("dialog", { name: "New lead prefix" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
  await dialog.getByRole("textbox", { name: "Name" }).fill(PREFIX);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Changes applied successfully.").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Lead prefixes" }).getByRole("cell", { name: PREFIX, exact: true })).toBeVisible();
  await expect(page.getByText(/Last changed by .* on /)).toBeVisible();

  // A campaign: a too-long name, then a blank one, each with its message; then created.
  await open(page, "Lead Campaigns");
  await page.getByRole("button", { name: "New lead campaign" }).click();
  dialog = page.getByRole("dialog", { name: "New lead campaign" });
  const name = dialog.getByRole("textbox", { name: "Name" });
  await name.fill("x".repeat(100));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("At most 99 characters", { exact: true })).toBeVisible();
  await name.fill("   ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Name is required", { exact: true })).toBeVisible();
  await name.fill(CAMPAIGN);
  await dialog.getByRole("textbox", { name: "Marketing ID Prefix" }).fill(PREFIX);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const campaigns = page.getByRole("table", { name: "Lead campaigns" });
  const row = campaigns.getByRole("row").filter({ hasText: CAMPAIGN });
  await expect(row).toContainText(`e2e-campaign-${stamp.toLowerCase()}`);
  await expect(row.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();

  // Its qualifiers, picked with the filter.
  await row.getByRole("button", { name: `Qualifiers of ${CAMPAIGN}` }).click();
  dialog = page.getByRole("dialog", { name: `Qualifiers of ${CAMPAIGN}` });
  await dialog.getByRole("searchbox", { name: "Filter" }).fill(qualifier.full_name);
  const box = dialog.getByRole("checkbox", { name: new RegExp(`^${qualifier.full_name}`) }).first();
  await expect(box).not.toBeChecked();
  // Blueprint draws the box over the input: a person clicks the label.
  await box.locator("..").click();
  await expect(box).toBeChecked();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const slug = `e2e-campaign-${stamp.toLowerCase()}`;
  const assigned = (await (await manager.call("GET", `/settings/lead-campaigns/${slug}/agents`)).json()) as { data: { userIds: number[] } };
  expect(assigned.data.userIds).toEqual([qualifier.id]);

  // A lead group, its advisors and prefixes: the counts change in the table.
  await open(page, "Lead Groups");
  await page.getByRole("button", { name: "New lead group" }).click();
  dialog = page.getByRole("dialog", { name: "New lead group" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(GROUP);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const group = page.getByRole("table", { name: "Lead groups" }).getByRole("row").filter({ hasText: GROUP });
  const counts = () => group.getByRole("cell").evaluateAll((cells) => cells.slice(1, 3).map((c) => c.textContent));
  await expect.poll(counts).toEqual(["0", "0"]);

  await group.getByRole("button", { name: `Advisors of ${GROUP}` }).click();
  dialog = page.getByRole("dialog", { name: `Advisors of ${GROUP}` });
  const advisors = dialog.getByRole("group", { name: "Advisors of the lead group" }).getByRole("checkbox");
  await expect(advisors.first()).toBeVisible();
  const advisorName = ((await advisors.first().locator("..").textContent()) ?? "").trim();
  await dialog.getByRole("searchbox", { name: "Filter" }).fill(advisorName.slice(0, 6));
  await advisors.first().locator("..").click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(counts).toEqual(["0", "1"]);

  await group.getByRole("button", { name: `Prefixes of ${GROUP}` }).click();
  dialog = page.getByRole("dialog", { name: `Prefixes of ${GROUP}` });
  await dialog.getByRole("searchbox", { name: "Filter" }).fill(PREFIX);
  await dialog.getByText(PREFIX, { exact: true }).click();
  await expect(dialog.getByRole("checkbox", { name: PREFIX, exact: true })).toBeChecked();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(counts).toEqual(["1", "1"]);
});
