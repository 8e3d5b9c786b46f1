// Agent performance as a manager reads it while the floor works (issue 37): the ISIUS manager opens Reports from the
// Admin Panel and finds today's figures per agent; a qualifier goes Ready, takes an auto-dialled call and disposes
// it; the manager's next look counts that dial, the disposition and the minutes logged in. The month shows its chart,
// and the table goes out as a CSV.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { disposeAndStop, signIn } from "./helpers";

const selector = (page: Page) => page.getByRole("button", { name: /^Status: / });
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });
const agentsTable = (page: Page) => page.getByRole("table", { name: /^\d+ agents$/ });
const jordan = (page: Page) => agentsTable(page).getByRole("row", { name: /Jordan Reyes/ });
/** A cell of Jordan's row by its column's name. */
async function cell(page: Page, column: string): Promise<string> {
  const heads = await agentsTable(page).getByRole("columnheader").allTextContents();
  const index = heads.findIndex((h) => h.replace(/[▲▼]/g, "").trim() === column);
  return (await jordan(page).getByRole("cell").nth(index - 1).textContent())!.trim();
}

test("a manager reads today's agent performance to the last call, the month's chart, and exports it", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, "manager.isius@demo.test");
  await expect(page.getByRole("table", { name: "Agents on the floor" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Agent performance" }).click();
  await expect(page.getByRole("heading", { name: "Agent performance", level: 1 })).toBeVisible();
  await expect(jordan(page)).toBeVisible();
  const dialsBefore = Number(await cell(page, "Dials"));
  const contactsBefore = Number(await cell(page, "Contacts"));

  // The qualifier works one call.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signIn(agent, "qualifier.isius@demo.test");
  await expect(softphone(agent).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await selector(agent).click();
  await agent.getByRole("menu", { name: "Status" }).getByRole("menuitem", { name: "Ready", exact: true }).click();
  await expect(callBox(agent)).toContainText("Established", { timeout: 30_000 });
  await callBox(agent).getByRole("button", { name: "Hang up" }).click();
  await expect(selector(agent)).toHaveText("After Call Work");
  await disposeAndStop(agent);
  await agentContext.close();

  // The manager's next look counts it.
  await page.getByRole("button", { name: "Show" }).click();
  await expect.poll(async () => Number(await cell(page, "Dials"))).toBe(dialsBefore + 1);
  expect(Number(await cell(page, "Contacts"))).toBeGreaterThanOrEqual(contactsBefore);
  expect(await cell(page, "Logged in")).not.toBe("0:00");

  // The month: its chart, with its figures for a screen reader.
  await page.getByLabel("Range", { exact: true }).selectOption("this_month");
  await expect(page.getByRole("figure", { name: "The team by day: dials, contacts and bookings" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Dials, contacts and bookings of the team over \d+ periods/ })).toBeVisible();

  // The CSV.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "\uFEFFAgent,Logged in,Ready,On a call,After-call work,Breaks and away,Overstays,Dials,Contacts,Contact rate,Talk time,Avg handle,Avg wrap,Bookings,Transfers sent,Transfers taken,Sales,Goals met,Dials target,Bookings target,Sales target",
  );
  expect(csv).toContain("Jordan Reyes,");
  expect(csv).toContain("Team total,");
});
