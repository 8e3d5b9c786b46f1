// Booking a meeting as a qualifier does it on a call (issue 14): the four steps of the booking panel, the ZIP
// validated with its map and weather, the booking stored, and the advisor finding the meeting among their
// follow-ups. The gateway's clock is Tuesday 2026-03-10, 14:00 in New York.
import { expect, test, type Locator, type Page } from "./fixtures";
import { api, disposeAndStop, signIn } from "./helpers";

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
  await select(when, "Date").press("Escape"); // closes the calendar, as a person does before going on
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

/** Contact Details and Insurance Coverage of one ISIUS client, up to step 3 (the caller has validated a ZIP). */
async function fillIsiusClient(page: Page, booking: Locator, dob: string) {
  await field(booking, "Email").fill("lee.roe@example.com");
  await choose(page, booking, "Reasons for the request", "Final Expense");
  await field(booking, "First name").fill("Lee");
  await field(booking, "Last name").fill("Roe");
  await field(booking, "Date of birth").fill(dob);
  await booking.getByRole("button", { name: "Next" }).click();
  await select(booking, "Height").selectOption({ index: 12 });
  await select(booking, "Weight").selectOption({ index: 12 });
  await field(booking, "Occupation").fill("Farmer");
  await choose(page, booking, "Insurance types", "Life");
  await booking.getByRole("button", { name: "Next" }).click();
}

/** The address, then Validate: editing the address afterwards would take the validation back. */
async function validateZip(booking: Locator, city: string, zip: string) {
  await field(booking, "Street address").fill("12 Main Street");
  await field(booking, "City").fill(city);
  await field(booking, "Zip code").fill(zip);
  await booking.getByRole("button", { name: "Validate" }).click();
  await expect(booking.getByText("Validated", { exact: true })).toBeVisible();
}

test("a 79-year-old client can only be booked by phone, the reason is shown, and a reload in step 3 keeps everything typed", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "qualifier.isius@demo.test");
  await dialFromSoftphone(page, freshNumber());
  const booking = page.getByRole("region", { name: "Booking" });
  await expect(booking.getByText(/^Booking for/)).toBeVisible({ timeout: 20_000 });
  await expect(field(booking, "Phone")).toHaveValue(/^\d{3}\.\d{3}\.\d{4}$/);
  await validateZip(booking, "New York", "10016");
  // 79 years and a few days old by the gateway's calendar: the page keeps the gateway's time (the age the form
  // shows), and the test gateway's clock is pinned months away from this machine's.
  const gatewayNow = Number((await page.request.get("/api/v1/tenant-features")).headers()["x-server-time"]);
  expect(gatewayNow).toBeGreaterThan(0);
  const born = new Date(gatewayNow - 10 * 86_400_000);
  born.setUTCFullYear(born.getUTCFullYear() - 79);
  await fillIsiusClient(page, booking, born.toISOString().slice(0, 10));

  await expect(booking.getByText("The client is older than 78 years 11 months: phone meeting only.")).toBeVisible();
  await expect(booking.getByRole("radio", { name: "Face to face" })).toBeDisabled();
  await expect(booking.getByRole("radio", { name: "Phone" })).toBeChecked();

  // A reload: the wizard comes back at step 3 with every field as typed. Mid-call the browser asks first; the
  // agent confirms.
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(["beforeunload"]);
  await expect(booking.getByText(/^Booking for/)).toBeVisible({ timeout: 20_000 });
  await expect(booking.getByText("The client is older than 78 years 11 months: phone meeting only.")).toBeVisible();
  await expect(booking.getByRole("radio", { name: "Phone" })).toBeChecked();
  await booking.getByRole("button", { name: /^1\. Contact Details/ }).click();
  await expect(field(booking, "Email")).toHaveValue("lee.roe@example.com");
  await expect(field(booking, "First name")).toHaveValue("Lee");
  await expect(field(booking, "Zip code")).toHaveValue("10016");
  await expect(booking.getByText("Validated", { exact: true })).toBeVisible();
  await booking.getByRole("button", { name: /^2\. Insurance Coverage/ }).click();
  await expect(field(booking, "Occupation")).toHaveValue("Farmer");

  // The call outlived the reload (issue 38): the agent's phone was rung back into it. Hung up, the lead awaits
  // its disposition.
  const phone = page.getByRole("region", { name: "Softphone" });
  await expect(phone.getByRole("group", { name: /^Call with / })).toContainText("Established", { timeout: 20_000 });
  await phone.getByRole("button", { name: /hang ?up/i }).click();
  await disposeAndStop(page);
});

test("no advisors in the area: force booking comes on with its first reason, face to face can only be forced, and the meeting is booked", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "qualifier.isius@demo.test");
  await dialFromSoftphone(page, freshNumber());
  const booking = page.getByRole("region", { name: "Booking" });
  await expect(booking.getByText(/^Booking for/)).toBeVisible({ timeout: 20_000 });
  await expect(field(booking, "Phone")).toHaveValue(/^\d{3}\.\d{3}\.\d{4}$/);
  await validateZip(booking, "Jordan", "59337"); // rural Montana: no field advisor within reach
  await fillIsiusClient(page, booking, "1962-09-14");

  await expect(booking.getByRole("status").filter({ hasText: "Advisors available in the area: 0, fewer than the 3 needed." })).toBeVisible();
  await expect(booking.getByText(/A face-to-face meeting can only be force-booked\./)).toBeVisible();
  await expect(booking.getByRole("checkbox", { name: "Force booking" })).toBeChecked();
  await expect(booking.getByRole("button", { name: named("Force booking reasons") })).toHaveText(/No field advisor in the area/);
  const when = booking.getByRole("group", { name: named("Meeting date and time") });
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await select(when, "Date").click();
  await select(when, "Date").pressSequentially(day);
  await select(when, "Date").press("Escape"); // closes the calendar, as a person does before going on
  await select(when, "Time").selectOption({ label: "4:00 PM" });
  await booking.getByRole("button", { name: "Next" }).click();

  await expect(booking.getByText(/^Yes · No field advisor in the area/)).toBeVisible();
  await booking.getByRole("button", { name: "Book", exact: true }).click();
  await expect(booking.getByText(/Meeting ID: MTG-\d{8}/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole("region", { name: "Softphone" }).getByRole("button", { name: /hang ?up/i }).click();
  const disposition = page.getByRole("region", { name: "Disposition" });
  await disposition.getByRole("combobox", { name: "Disposition" }).selectOption("Appointment Setup");
  await disposition.getByRole("button", { name: "Save & Stop" }).click();
  await expect(page.getByText("Successfully disposed the lead!").first()).toBeVisible();
});

test("SLICA: a qualifier working in French books one meeting for two clients with a Canadian postal code", async ({ page }) => {
  test.setTimeout(120_000);
  const fr = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(obligatoire\\))?$`);
  const champ = (scope: Locator, label: string) => scope.getByRole("textbox", { name: fr(label) });
  const liste = (scope: Locator, label: string) => scope.getByRole("combobox", { name: fr(label) });
  await signIn(page, "qualifier.slica@demo.test");
  await page.getByRole("button", { name: "Émilie Tremblay" }).click();
  await page.getByRole("menuitem", { name: "FR" }).click();
  await page.getByRole("button", { name: /^Statut/ }).click();
  await page.getByRole("menu", { name: "Statut" }).getByRole("menuitem", { name: "Disponible", exact: true }).click();

  // The dialer places a seeded Canadian lead on the agent's desk phone; the wizard opens on it.
  const booking = page.getByRole("region", { name: "Prise de rendez-vous" });
  await expect(booking.getByText(/^Rendez-vous pour/)).toBeVisible({ timeout: 30_000 });
  await champ(booking, "Ville").fill("Montréal");
  await liste(booking, "Province").selectOption({ label: "Québec" });
  await champ(booking, "Code postal").fill("h3b2y5");
  await booking.getByRole("button", { name: "Valider" }).click();
  await expect(booking.getByText("Validé", { exact: true })).toBeVisible();
  await expect(champ(booking, "Code postal")).toHaveValue("H3B 2Y5");
  await expect(booking.getByRole("region", { name: "Météo à Montréal" })).toBeVisible();
  await booking.getByRole("button", { name: fr("Motifs de la demande") }).click();
  await page.getByRole("group", { name: "Motifs de la demande" }).getByText("Assurance vie", { exact: true }).click();
  await page.keyboard.press("Escape");
  // A SLICA lead has up to two clients: the second is the spouse.
  const addSecond = booking.getByRole("button", { name: "Ajouter un deuxième client" });
  if (await addSecond.isVisible()) await addSecond.click();
  const second = booking.getByRole("group", { name: "Client 2" });
  // Its label, as a person clicks it: the wizard's footer may cover the hidden input at the area's bottom edge.
  await second.getByText("Femme", { exact: true }).click();
  await expect(second.getByRole("radio", { name: "Femme" })).toBeChecked();
  await champ(second, "Prénom").fill("Marie");
  await champ(second, "Nom de famille").fill("Gagnon");
  await champ(second, "Date de naissance").fill("1968-05-04");
  await booking.getByRole("button", { name: "Suivant" }).click();

  // Insurance Coverage: one block per client.
  for (const n of [1, 2]) {
    const client = booking.getByRole("region", { name: new RegExp(`^Client ${n}\\s:\\s`) });
    await liste(client, "Taille").selectOption({ index: 12 });
    await liste(client, "Poids").selectOption({ index: 12 });
    await champ(client, "Profession").fill(n === 1 ? "Mécanicien" : "Infirmière");
    const types = client.getByRole("button", { name: fr("Types d'assurance") });
    if ((await types.textContent())?.includes("Choisissez")) {
      await types.click();
      await page.getByRole("group", { name: "Types d'assurance" }).getByText("Vie", { exact: true }).click();
      await page.keyboard.press("Escape");
    }
  }
  await booking.getByRole("button", { name: "Suivant" }).click();

  // Meeting Setup: Montreal has enough advisors for a face-to-face meeting.
  await expect(booking.getByText(/Conseillers disponibles dans la région\s:\s\d+\./)).toBeVisible();
  await expect(booking.getByRole("radio", { name: "En personne" })).toBeChecked();
  const when = booking.getByRole("group", { name: fr("Date et heure du rendez-vous") });
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await liste(when, "Jour").click();
  await liste(when, "Jour").pressSequentially(day);
  await liste(when, "Jour").press("Escape");
  await liste(when, "Heure").selectOption({ label: "3:00 PM" });
  await booking.getByRole("button", { name: "Suivant" }).click();

  // Meeting Summary: both clients, the amount in Canadian dollars, then the booking.
  await expect(booking.getByRole("region", { name: "Client 2" }).getByText("Marie Gagnon", { exact: false })).toBeVisible();
  await expect(booking.getByRole("region", { name: "Client 2" }).getByText("Infirmière")).toBeVisible();
  await expect(booking.getByText(/US/)).toHaveCount(0);
  await booking.getByRole("button", { name: "Prendre le rendez-vous" }).click();
  await expect(booking.getByText(/Numéro du rendez-vous\s:\sMTG-\d{8}/)).toBeVisible({ timeout: 15_000 });

  // The agent hangs up on the desk phone, disposes the lead, and goes back to English for the next tests.
  const agent = await api("qualifier.slica@demo.test");
  expect((await agent.call("POST", "/sim-pbx/extensions/2001/hangup")).status()).toBe(204);
  const disposition = page.getByRole("region", { name: "Qualification" });
  await disposition.getByRole("combobox", { name: "Qualification" }).selectOption({ label: "Rendez-vous fixé" });
  await disposition.getByRole("button", { name: "Enregistrer et arrêter" }).click();
  await expect(page.getByText("Le prospect a été qualifié avec succès !").first()).toBeVisible();
  await page.getByRole("button", { name: "Émilie Tremblay" }).click();
  await page.getByRole("menuitem", { name: "EN" }).click();
});
