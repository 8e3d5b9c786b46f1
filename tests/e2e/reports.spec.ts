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
  return (await jordan(page)
    .getByRole("cell")
    .nth(index - 1)
    .textContent())!.trim();
}

test("a manager reads today's agent performance to the last call, the month's chart, and exports it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "manager.isius@demo.test");
  await expect(page.getByRole("table", { name: "Agents on the floor" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await page
    .getByRole("navigation", { name: "Admin Panel" })
    .getByRole("link", { name: "Agent performance" })
    .click();
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
  await agent
    .getByRole("menu", { name: "Status" })
    .getByRole("menuitem", { name: "Ready", exact: true })
    .click();
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
  await expect(
    page.getByRole("figure", { name: "The team by day: dials, contacts and bookings" }),
  ).toBeVisible();
  await expect(
    page.getByRole("img", { name: /^Dials, contacts and bookings of the team over \d+ periods/ }),
  ).toBeVisible();

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

const freshNumber = () =>
  `21255${String((Date.now() + 11) % 100_000).padStart(5, "0")}`.replace(/0[123]$/, "44");

test("a manager finds the call an advisor recorded and plays it, reads the campaigns and the 30-day abandon rate, and schedules a daily e-mail", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The advisor records part of a call (Extra recordings) and disposes it.
  const advisorContext = await browser.newContext();
  const advisor = await advisorContext.newPage();
  await signIn(advisor, "advisor.isius@demo.test");
  await expect(softphone(advisor).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await softphone(advisor).getByRole("textbox", { name: "Number" }).fill(freshNumber());
  await softphone(advisor).getByRole("button", { name: "Call", exact: true }).click();
  await expect(callBox(advisor)).toContainText("Established", { timeout: 20_000 });
  const recordings = advisor.getByRole("region", { name: "Extra recordings" });
  await recordings.getByRole("button", { name: "Start recording" }).click();
  await expect(recordings.getByRole("status")).toContainText("Recording 1");
  await advisor.waitForTimeout(3_000);
  await recordings.getByRole("button", { name: "Stop recording" }).click();
  await expect(recordings.getByRole("button", { name: "Start recording" })).toBeVisible();
  await softphone(advisor).getByRole("button", { name: "Hang up" }).click();
  await disposeAndStop(advisor);
  await advisorContext.close();

  // The manager searches today's recorded calls and plays the newest.
  await signIn(page, "manager.isius@demo.test");
  await expect(page.getByRole("table", { name: "Agents on the floor" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Admin Panel" }).click();
  const drawer = page.getByRole("navigation", { name: "Admin Panel" });
  await drawer.getByRole("link", { name: "Calls", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Calls", level: 1 })).toBeVisible();
  await page.getByLabel("Recording", { exact: true }).selectOption({ label: "Yes" });
  await page.getByRole("button", { name: "Show" }).click();
  const results = page.getByRole("table", { name: "Calls, newest first" });
  await results
    .getByRole("button", { name: /^Call \d+ at / })
    .first()
    .click();
  const detail = page.getByRole("complementary", { name: /^Call \d+$/ });
  await expect(detail).toBeVisible();
  await detail.getByRole("button", { name: "Play recording 1" }).click();
  const player = detail.locator("audio");
  await expect(player).toBeVisible();
  const seconds = await player.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((resolve) =>
        a.readyState >= 1
          ? resolve(a.duration)
          : a.addEventListener("loadedmetadata", () => resolve(a.duration)),
      ),
  );
  expect(seconds).toBeGreaterThan(2);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv.split("\r\n").length).toBeGreaterThan(2);

  // Campaigns: the seed's history per campaign.
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await drawer.getByRole("link", { name: "Campaigns, lists and publishers" }).click();
  await expect(
    page.getByRole("heading", { name: "Campaigns, lists and publishers", level: 1 }),
  ).toBeVisible();
  await page.getByLabel("Range", { exact: true }).selectOption("last_30_days");
  await expect(page.getByRole("table", { name: /\d+ campaigns?/ })).toBeVisible();

  // Compliance: the abandon rate per campaign over 30 days, by the rule it checks.
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await drawer.getByRole("link", { name: "Compliance" }).click();
  await page.getByLabel("Range", { exact: true }).selectOption("last_30_days");
  await expect(page.getByRole("heading", { name: /^Abandoned calls per campaign/ })).toBeVisible();
  await expect(page.getByText(/FTC Telemarketing Sales Rule/).first()).toBeVisible();
  await expect(page.getByRole("row", { name: /Final Expense/ }).first()).toBeVisible();

  // A daily e-mail of yesterday's agent performance.
  await page.getByRole("button", { name: "Admin Panel" }).click();
  await drawer.getByRole("link", { name: "Scheduled e-mails" }).click();
  await page.getByRole("button", { name: "New schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "New scheduled e-mail" });
  await dialog.getByLabel("Name").fill("Morning numbers");
  await dialog.getByLabel("Report").selectOption({ label: "Agent performance" });
  await dialog.getByLabel("Range").selectOption({ label: "Yesterday" });
  await dialog.getByRole("textbox", { name: /^Address 1/ }).fill("owner@demo.test");
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: /Morning numbers/ });
  await expect(row).toContainText("Every day at");
  await expect(row).toContainText("owner@demo.test");
  await row.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText("The e-mail “Morning numbers” was sent.")).toBeVisible();
});

test("SLICA's admin gives SLICA's reports to ISIUS's operations manager, who reads them beside ISIUS's own", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // SLICA's admin works in French.
  await signIn(page, "admin.slica@demo.test");
  await page.getByRole("button", { name: "Panneau d'administration" }).click();
  await page
    .getByRole("navigation", { name: "Panneau d'administration" })
    .getByRole("link", { name: "Directeurs des opérations" })
    .click();
  await expect(page.getByRole("heading", { name: "Directeurs des opérations", level: 1 })).toBeVisible();
  await page.getByLabel("Courriel du directeur des opérations").fill("ops@demo.test");
  await page.getByRole("button", { name: "Donner accès" }).click();
  await expect(
    page.getByText("Sam Patel (ISIUS) consulte désormais les rapports de ce centre d'appels."),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: /Sam Patel/ })).toContainText("Julie Bouchard");

  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signIn(ops, "ops@demo.test");
  await ops.getByRole("button", { name: "Admin Panel" }).click();
  await ops
    .getByRole("navigation", { name: "Admin Panel" })
    .getByRole("link", { name: "Agent performance" })
    .click();
  await expect(agentsTable(ops).getByRole("row", { name: /Jordan Reyes/ })).toBeVisible();
  await ops.getByLabel("Call centre").selectOption({ label: "SLICA" });
  await expect(agentsTable(ops).getByRole("row", { name: /Émilie Tremblay/ })).toBeVisible();
  await expect(agentsTable(ops).getByRole("row", { name: /Jordan Reyes/ })).toHaveCount(0);
  // The calls of SLICA, searched the same way.
  await ops.getByRole("button", { name: "Admin Panel" }).click();
  await ops.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Calls" }).click();
  await expect(ops.getByRole("heading", { name: "Calls", level: 1 })).toBeVisible();
  await ops.getByLabel("Call centre").selectOption({ label: "SLICA" });
  await expect(
    ops.getByRole("status").filter({ hasText: /America\/Toronto|America\/Montreal/ }),
  ).toBeVisible();

  // Taken back, SLICA is no longer offered.
  await page.getByRole("button", { name: "Retirer l'accès aux rapports à Sam Patel" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Retirer l'accès" }).click();
  await expect(
    page.getByText("Sam Patel ne consulte plus les rapports de ce centre d'appels."),
  ).toBeVisible();
  await ops.reload();
  await expect(ops.getByRole("heading", { name: "Calls", level: 1 })).toBeVisible();
  await expect(ops.getByLabel("Call centre")).toHaveCount(0);
  await opsContext.close();
});
