// The dialer's loop as agents live it, for both call centres: Ready → the gateway auto-dials a lead → the
// call → hang up → a disposition → Save & Next → the next lead; a Callback Scheduled disposition becomes a
// follow-up that the agent reschedules and dials from the user summary.
import { expect, test, type Page } from "./fixtures";
import { api, disposeAndStop, disposeNotInterested, pickDayFromNow, signIn, useLanguage } from "./helpers";

const selector = (page: Page) => page.getByRole("button", { name: /^Status: / });
const callType = (page: Page) => page.getByRole("status", { name: "Call type" });
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });
const dispositionPanel = (page: Page) => page.getByRole("region", { name: "Disposition" });

async function choose(page: Page, status: string) {
  await selector(page).click();
  await page.getByRole("menu", { name: "Status" }).getByRole("menuitem", { name: status, exact: true }).click();
}

/** What the auto-dialer places: a new lead, or one of the agent's due callbacks and follow-ups first. */
const AUTO_DIALED = /^(Auto|Callback|Follow-up)$/;



test("ISIUS: Ready, auto-dialed within 5 s, talk, hang up, Not Interested, Save & Next, dialed again; a callback becomes a follow-up that is rescheduled and dialed", async ({ page }) => {
  test.setTimeout(120_000);
  // Blueprint's calendars get their date-fns locale as an object: no run-time locale import to fail.
  const localeErrors: string[] = [];
  page.on("console", (m) => {
    if (/date-fns locale/.test(m.text())) localeErrors.push(m.text());
  });
  await signIn(page, "qualifier.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await expect(dispositionPanel(page)).toContainText("No lead to dispose");

  await choose(page, "Ready");
  // Auto-dialed within 5 s of Ready: the first dial goes as soon as the gateway records Ready, not at the
  // first 10 s tick (a callback of the seeded morning may come first); then the lead answers.
  await expect(callBox(page)).toBeVisible({ timeout: 5_000 });
  await expect(callType(page)).toHaveText(AUTO_DIALED);
  await expect(callBox(page)).toContainText("Established", { timeout: 20_000 });
  await expect(selector(page)).toHaveText("On a Call");
  await callBox(page).getByRole("button", { name: "Hang up" }).click();
  await expect(selector(page)).toHaveText("After Call Work");

  // The disposition, then the next lead.
  await disposeNotInterested(page);
  await dispositionPanel(page).getByRole("button", { name: "Save & Next" }).click();
  await expect(page.getByText("Successfully disposed the lead!")).toBeVisible();
  await expect(callBox(page)).toContainText("Established", { timeout: 20_000 });
  await expect(callType(page)).toHaveText(AUTO_DIALED);
  const lead = (await callBox(page).getAttribute("aria-label"))!.replace(/^Call with /, "");
  await callBox(page).getByRole("button", { name: "Hang up" }).click();
  await expect(selector(page)).toHaveText("After Call Work");

  // A callback for tomorrow: it becomes a follow-up.
  const panel = dispositionPanel(page);
  await panel.getByRole("combobox", { name: "Disposition" }).selectOption("Callback Scheduled");
  await pickDayFromNow(page, panel.getByRole("combobox", { name: "Callback date" }), 1);
  await panel.getByRole("combobox", { name: "Callback time" }).selectOption({ label: "10:00 AM" });
  // The UTC time comes with the lead's own clock beside it.
  await expect(panel.getByRole("status")).toContainText(/^(Lead's local time: .+|The lead's time zone is unknown\.)$/);
  await panel.getByRole("button", { name: "Save & Stop" }).click();
  await expect(page.getByText("Successfully disposed the lead!").first()).toBeVisible();
  await expect(selector(page)).toHaveText("After Call Work");

  const summary = page.getByRole("region", { name: "User summary" });
  await summary.getByRole("tab", { name: /^Follow-ups/ }).click();
  const row = summary
    .getByRole("table", { name: "Follow-ups" })
    .getByRole("row")
    .filter({ has: page.getByRole("combobox", { name: `New date for ${lead}` }) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await pickDayFromNow(page, row.getByRole("combobox", { name: `New date for ${lead}` }), 2);
  await expect(row.getByRole("status")).toContainText("Your local time: ");
  await row.getByRole("button", { name: `Save the new time for ${lead}` }).click();
  await expect(row.getByRole("button", { name: `Dial ${lead}` })).toBeEnabled({ timeout: 10_000 });
  await row.getByRole("button", { name: `Dial ${lead}` }).click();
  await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
  // Rescheduled through Pocket (agent-workspace §4), it is now a follow-up call.
  await expect(callType(page)).toHaveText("Follow-up");
  await callBox(page).getByRole("button", { name: "Hang up" }).click();
  await expect(selector(page)).toHaveText("After Call Work");
  // The agent leaves nothing undisposed (a lead awaiting its disposition locks the status selector).
  await disposeAndStop(page);
  expect(localeErrors).toEqual([]);
});

test("SLICA: an agent on an external phone is auto-dialed, hangs up on the phone, disposes, and is dialed again", async ({ page }) => {
  test.setTimeout(90_000);
  // This agent works in French; the test reads the English screen.
  await useLanguage("qualifier.slica@demo.test", "en");
  await signIn(page, "qualifier.slica@demo.test");
  await expect(selector(page)).toHaveText("Offline");
  await choose(page, "Ready");
  // Dialled within 5 s of Ready (the first dial no longer waits for the 10 s tick).
  await expect(callType(page)).toHaveText(AUTO_DIALED, { timeout: 5_000 });
  await expect(selector(page)).toHaveText("On a Call");

  // The agent hangs up on its desk phone (the simulated Bria).
  const agent = await api("qualifier.slica@demo.test");
  const current = async () => (await (await agent.call("GET", "/calls/current")).json()).data as { callId: number; status: string } | null;
  // The desk phone picks up, then the lead answers.
  await expect.poll(async () => (await current())?.status, { timeout: 15_000 }).toBe("answered");
  const first = (await current())!;
  await hangUpOnThePhone(agent);
  await expect(selector(page)).toHaveText("After Call Work");

  await disposeNotInterested(page);
  await dispositionPanel(page).getByRole("button", { name: "Save & Next" }).click();
  await expect(page.getByText("Successfully disposed the lead!")).toBeVisible();
  // Save & Next records Ready and the next call is placed at once; the lead answers it.
  await expect
    .poll(async () => {
      const next = await current();
      return next && next.callId !== first.callId ? next.status : "no new call";
    }, { timeout: 30_000 })
    .toBe("answered");
  await expect(callType(page)).toHaveText(AUTO_DIALED, { timeout: 15_000 });
  await hangUpOnThePhone(agent);
  await expect(selector(page)).toHaveText("After Call Work");
  await disposeAndStop(page);
});

/** The SLICA qualifier hangs up on its desk phone (the simulated Bria's hang-up button). */
async function hangUpOnThePhone(agent: Awaited<ReturnType<typeof api>>) {
  expect((await agent.call("POST", "/sim-pbx/extensions/2001/hangup")).status()).toBe(204);
}

