// Leads in and numbers out as a manager and an agent live it (issue 36): the ISIUS manager creates a publisher key
// and a publisher posts a lead with it as the README's curl does; the manager puts a number on the Do Not Call list,
// imports a CSV of the demo lead book's shape with a bad row, a duplicate and that number, reads the dry run, follows
// the progress bar to the report and downloads the refused rows; then a qualifier goes Ready and the auto-dialer
// dials the posted and imported leads, never the Do Not Call number.
import { expect, request as playwrightRequest, test, gatewayURL, type Page } from "./fixtures";
import { api, disposeNotInterested, signIn } from "./helpers";

const selector = (page: Page) => page.getByRole("button", { name: /^Status: / });
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });
const dispositionPanel = (page: Page) => page.getByRole("region", { name: "Disposition" });

// Numbers of this test only (555-2xxx: outside the demo book's 555-01xx), in New York, whose window is open at the
// e2e clock (2026-03-10 18:00 UTC, 1 p.m. there).
const POSTED = { name: "Posey Publisher", phone: "2125552601" };
const IMPORTED = [
  { id: "ISF820001", first: "Ivy", last: "Importer", phone: "2125552611" },
  { id: "ISFX820002", first: "Ike", last: "Importer", phone: "2125552612" },
];
const DNC = "2125552613";

const HEADER = "Marketing ID,First Name,Last Name,Phone,Email,Date of birth,Language,Street,City,ZIP,State";
const row = (id: string, first: string, last: string, phone: string) =>
  `${id},${first},${last},${phone},,04/02/1961,English,1 Main St,New York,10001,NY`;

test("a manager loads leads by a publisher key and a CSV import, and the qualifier's auto-dialer dials them, never a Do Not Call number", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, "manager.isius@demo.test");
  await expect(page.getByRole("table", { name: "Agents on the floor" })).toBeVisible({ timeout: 20_000 });

  // A publisher key, shown once, and a lead posted with it.
  await page.goto("/admin/leads/publishers");
  await page.getByRole("button", { name: "New key" }).click();
  const create = page.getByRole("dialog", { name: "New API key" });
  await create.getByLabel("Name", { exact: true }).fill("Quotes Direct");
  await create.getByRole("checkbox", { name: "ISF Final Expense" }).check({ force: true });
  await create.getByRole("button", { name: "Create key" }).click();
  const created = page.getByRole("dialog", { name: "API key for Quotes Direct" });
  await expect(created).toContainText("it will not be shown again");
  const key = await created.getByLabel("API key").inputValue();
  expect(key).toMatch(/^pk_/);
  await created.getByRole("button", { name: "Done" }).click();
  const publisher = await playwrightRequest.newContext({ baseURL: gatewayURL() });
  const lead = { marketing_id: "ISF820000", first_name: "Posey", last_name: "Publisher", phone: POSTED.phone, postal: "10001", state: "NY" };
  const posted = await publisher.post("/api/v1/lead-intake", { headers: { "X-API-Key": key, "Idempotency-Key": "e2e-post-1" }, data: lead });
  expect(posted.status(), await posted.text()).toBe(201);
  expect((await publisher.post("/api/v1/lead-intake", { headers: { "X-API-Key": "pk_wrong" }, data: lead })).status()).toBe(401);

  // A number a customer asked to be removed by e-mail.
  const manager = await api("manager.isius@demo.test");
  expect((await manager.call("POST", "/dnc-lists/0/numbers", { phone: DNC, reason: "Asked by e-mail", consumer_request: true })).status()).toBe(201);

  // The import: mapping, dry run, progress, report.
  await page.goto("/admin/leads/lists");
  const csv = [
    HEADER,
    ...IMPORTED.map((l) => row(l.id, l.first, l.last, l.phone)),
    row("ISF820003", "Bad", "Phone", "12345"),
    row("ISF820004", "Ivy", "Again", IMPORTED[0]!.phone),
    row("ISF820005", "Dee", "Ncee", DNC),
  ].join("\r\n");
  await page.getByLabel("CSV file of leads").setInputFiles({ name: "spring-web-leads.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByText("Match the columns of spring-web-leads.csv to lead fields")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("combobox", { name: "Lead field of the column Phone" })).toHaveValue(/phone/);
  await page.getByRole("button", { name: "Check the list" }).click();
  const outcomes = page.getByRole("table", { name: "What the rows would become" });
  await expect(outcomes).toBeVisible({ timeout: 30_000 });
  await expect(outcomes.getByRole("row", { name: /New leads/ })).toContainText("2");
  await expect(outcomes.getByRole("row", { name: /Duplicates in the file/ })).toContainText("1");
  await expect(outcomes.getByRole("row", { name: /On a Do Not Call list/ })).toContainText("1");
  await expect(outcomes.getByRole("row", { name: /Invalid/ })).toContainText("1");
  await page.getByRole("button", { name: "Import 2 leads" }).click();
  await expect(page.getByText("Import finished: 2 leads in the list spring-web-leads")).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the refused rows (CSV)" }).click();
  const refused = await (await download).path();
  const { readFileSync } = await import("node:fs");
  const report = readFileSync(refused, "utf8");
  expect(report).toContain("Enter a North American phone number");
  expect(report).toContain("Do Not Call list");
  const lists = page.getByRole("table", { name: /lists/i }).last();
  await expect(lists.getByRole("row", { name: /spring-web-leads/ })).toContainText("2");

  // The qualifier's auto-dialer takes the new leads (after any follow-up due): within a few dials, the posted and the
  // imported leads are called; the Do Not Call number never is.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signIn(agent, "qualifier.isius@demo.test");
  await expect(softphone(agent).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await selector(agent).click();
  await agent.getByRole("menu", { name: "Status" }).getByRole("menuitem", { name: "Ready", exact: true }).click();
  const wanted = new Set([POSTED.name, ...IMPORTED.map((l) => `${l.first} ${l.last}`)]);
  const dialled: string[] = [];
  for (let i = 0; i < 8 && [...wanted].some((n) => !dialled.includes(n)); i++) {
    await expect(callBox(agent)).toBeVisible({ timeout: 20_000 });
    const lead = (await callBox(agent).getAttribute("aria-label"))!.replace(/^Call with /, "");
    dialled.push(lead);
    expect(lead).not.toBe("Dee Ncee");
    await expect(callBox(agent)).toContainText("Established", { timeout: 20_000 });
    await callBox(agent).getByRole("button", { name: "Hang up" }).click();
    await expect(selector(agent)).toHaveText("After Call Work");
    await disposeNotInterested(agent);
    await dispositionPanel(agent).getByRole("button", { name: "Save & Next" }).click();
    await expect(agent.getByText("Successfully disposed the lead!")).toBeVisible();
  }
  expect(dialled).toEqual(expect.arrayContaining([...wanted]));
  await agentContext.close();
});
