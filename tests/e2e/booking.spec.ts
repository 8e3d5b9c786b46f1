// Booking a meeting as a qualifier does it on a call (issue 14): the four steps of the booking panel, the ZIP
// validated with its map and weather, the booking stored, and the advisor finding the meeting among their
// follow-ups. The gateway's clock is Tuesday 2026-03-10, 14:00 in New York.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/** A number of its own per run, so the lead is new (the demo's by-phone lookup would reopen an older one). */
const freshNumber = () => `21255${String(Date.now() % 100_000).padStart(5, "0")}`.replace(/0[123]$/, "44");

async function dialFromSoftphone(page: Page, number: string) {
  const softphone = page.getByRole("region", { name: "Softphone" });
  await expect(softphone.getByText("Connected")).toBeVisible({ timeout: 20_000 });
  await softphone.getByRole("textbox", { name: "Number" }).fill(number);
  await softphone.getByRole("button", { name: "Call", exact: true }).click();
  return softphone;
}

/** A field's accessible name: its label, followed by "(required)" when the field is. */
const named = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(required\\))?$`);
const field = (scope: Locator, label: string) => scope.getByRole("textbox", { name: named(label) });
const select = (scope: Locator, label: string) => scope.getByRole("combobox", { name: named(label) });

/** A multi-select: open it, tick the options by their text, close it. */
async function choose(page: Page, scope: Locator, label: string, ...options: string[]) {
  await scope.getByRole("button", { name: named(label) }).click();
  const menu = page.getByRole("group", { name: label });
  for (const o of options) await menu.getByText(o, { exact: true }).click();
  await page.keyboard.press("Escape");
}

test("ISIUS: a qualifier on a call validates the ZIP (map and weather), fills the client, insurance and a face-to-face meeting, books it, and the advisor sees it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "qualifier.isius@demo.test");
  await dialFromSoftphone(page, freshNumber());
  const booking = page.getByRole("region", { name: "Booking" });
  await expect(booking.getByText(/^Booking for/)).toBeVisible({ timeout: 20_000 });
  // The lead's own values are in the form once its phone shows.
  await expect(field(booking, "Phone")).toHaveValue(/^\d{3}\.\d{3}\.\d{4}$/);

  // 1 Contact Details. Next refuses an incomplete step, and says so.
  await booking.getByRole("button", { name: "Next" }).click();
  await expect(booking.getByText("Required fields missing")).toBeVisible();
  await field(booking, "Email").fill("pat.doe@example.com");
  await choose(page, booking, "Reasons for the request", "Final Expense");
  await field(booking, "Street address").fill("200 East 34th Street");
  await field(booking, "City").fill("New York");
  await field(booking, "Zip code").fill("10016");
  await booking.getByRole("button", { name: "Validate" }).click();
  await expect(booking.getByText("Validated", { exact: true })).toBeVisible();
  await expect(booking.getByRole("region", { name: /Weather/ })).toBeVisible();
  await booking.getByLabel("Show the map").check({ force: true });
  await expect(booking.getByRole("application", { name: /map/i }).or(booking.locator(".leaflet-container"))).toBeVisible();
  await field(booking, "First name").fill("Pat");
  await field(booking, "Last name").fill("Doe");
  await field(booking, "Date of birth").fill("1960-04-02");
  await booking.getByRole("button", { name: "Next" }).click();

  // 2 Insurance Coverage.
  await expect(field(booking, "Occupation")).toBeVisible();
  await select(booking, "Height").selectOption({ index: 12 });
  await select(booking, "Weight").selectOption({ index: 12 });
  await field(booking, "Occupation").fill("Teacher");
  await choose(page, booking, "Insurance types", "Life");
  await booking.getByRole("button", { name: "Next" }).click();

  // 3 Meeting Setup: advisors in the area of 10016, a face-to-face meeting in two days at 3:00 PM (UTC).
  await expect(booking.getByText(/Advisors available in the area: \d+\./)).toBeVisible();
  await booking.getByLabel("Face to face").check({ force: true });
  const when = booking.getByRole("group", { name: named("Meeting date and time") });
  // The picker offers days from the browser's today (the gateway's clock is pinned for the demo's calls).
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await select(when, "Date").click();
  await select(when, "Date").pressSequentially(day);
  await select(when, "Date").press("Tab");
  await select(when, "Time").selectOption({ label: "3:00 PM" });
  await booking.getByRole("button", { name: "Next" }).click();

  // 4 Meeting Summary, and Book.
  await expect(booking.getByText("Pat Doe").first()).toBeVisible();
  await booking.getByRole("button", { name: "Book", exact: true }).click();
  await expect(booking.getByText(/Meeting ID: MTG-\d{8}/)).toBeVisible({ timeout: 15_000 });

  // The advisor finds it among their follow-ups.
  const advisorContext = await browser.newContext();
  const advisor = await advisorContext.newPage();
  await signIn(advisor, "advisor.isius@demo.test");
  const summary = advisor.getByRole("region", { name: "User summary" });
  await summary.getByRole("tab", { name: /^Follow-ups/ }).click();
  await expect(summary.getByRole("cell", { name: "Pat Doe", exact: true })).toBeVisible({ timeout: 15_000 });
  await advisorContext.close();

  // The qualifier hangs up and disposes the call Appointment Setup; the meeting stays the advisor's.
  await page.getByRole("region", { name: "Softphone" }).getByRole("button", { name: /hang ?up/i }).click();
  const disposition = page.getByRole("region", { name: "Disposition" });
  await disposition.getByRole("combobox", { name: "Disposition" }).selectOption("Appointment Setup");
  await disposition.getByRole("button", { name: "Save & Stop" }).click();
  await expect(page.getByText("Successfully disposed the lead!").first()).toBeVisible();
});
