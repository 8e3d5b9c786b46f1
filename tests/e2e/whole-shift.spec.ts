// A whole shift without a dead end (issue 33), as the agents live it: the ISIUS qualifier goes Ready and meets
// every way an auto dial can end (no answer, busy, failed, a machine, a person), hands the person live to the
// advisor who goes Ready for it, disposes a callback and stops with Save & Stop; the SLICA qualifier works the
// same loop in French, from the account's language. The simulated PBX is told, per extension, what the next auto
// dials do (PUT /sim-pbx/extensions/{ext}/dial-outcomes), whatever lead the dialer picks.
import { expect, test, type Page } from "./fixtures";
import { api, disposeAndStop, pickDayFromNow, signIn, useLanguage, validateNewYorkZip } from "./helpers";

const SMALL_SCREEN = { width: 1366, height: 768 };
const selector = (page: Page) => page.getByRole("button", { name: /^(Status|Statut) ?: / });
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });
const disposition = (page: Page) => page.getByRole("region", { name: "Disposition" });

async function choose(page: Page, status: string) {
  await selector(page).click();
  await page.getByRole("menu").getByRole("menuitem", { name: status, exact: true }).click();
}


test("ISIUS: every auto-dial outcome, a live transfer to an advisor who goes Ready, a callback and Save & Stop", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const manager = await api("manager.isius@demo.test");
  const script = (outcomes: string[]) =>
    manager.call("PUT", "/sim-pbx/extensions/1001/dial-outcomes", { outcomes });
  expect((await script(["no-answer", "busy", "failed", "machine", "human"])).status()).toBe(204);
  // The smallest screen the call centres use: what an agent must press within seconds is in sight there.
  await page.setViewportSize(SMALL_SCREEN);
  const advisorContext = await browser.newContext({ viewport: SMALL_SCREEN });
  try {
    await signIn(page, "qualifier.isius@demo.test");
    await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
    await choose(page, "Ready");

    // No answer, busy, failed: each says why, asks no disposition (a lead awaiting one would hold the dialer),
    // and the dialer goes on by itself: the next outcome comes without the agent doing anything.
    for (const said of ["The lead did not answer.", "The line is busy.", "The call could not be placed."]) {
      await expect(page.getByText(said).first()).toBeVisible({ timeout: 45_000 });
      await expect(selector(page)).not.toHaveText("After Call Work");
    }

    // A machine: the voicemail panel counts down and disposes Voicemail by itself.
    const voicemail = page.getByRole("region", { name: "Voicemail detection" });
    await expect(voicemail.getByRole("button", { name: "Not a voicemail" })).toBeVisible({ timeout: 30_000 });
    await expect(voicemail.getByRole("button", { name: "Not a voicemail" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByText("Successfully disposed the lead!").first()).toBeVisible({ timeout: 25_000 });
    await expect(selector(page)).toHaveText("After Call Work");

    // A person: the qualifier asks for an advisor, and the advisor goes Ready for it.
    await choose(page, "Ready");
    await expect(callBox(page)).toContainText("Established", { timeout: 30_000 });
    await expect(selector(page)).toHaveText("On a Call");
    await expect(callBox(page).getByRole("button", { name: "Hang up" })).toBeInViewport({ ratio: 1 });
    await validateNewYorkZip(page);
    const transfers = page.getByRole("region", { name: "Transfers" });
    await transfers.getByRole("textbox", { name: "Notes for the advisor" }).fill("Asks about final expense");
    await transfers.getByRole("button", { name: "Live transfer" }).click();
    await expect(transfers.getByText("Looking for an advisor…")).toBeVisible({ timeout: 10_000 });

    const advisor = await advisorContext.newPage();
    await signIn(advisor, "advisor.isius@demo.test");
    await expect(softphone(advisor).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
    await choose(advisor, "Ready");
    // The lead already on the line comes before the advisor's own next dial.
    const offer = advisor.getByRole("dialog", { name: "Live transfer offered" });
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await expect(offer.getByText("Asks about final expense")).toBeVisible();
    await expect(offer.getByRole("button", { name: "Accept" })).toBeInViewport({ ratio: 1 });
    await offer.getByRole("button", { name: "Accept" }).click();
    await expect(
      transfers.getByText("Maria Lopez is on the call: introduce the lead, then leave."),
    ).toBeVisible({ timeout: 20_000 });
    await transfers.getByRole("button", { name: "Leave the call" }).click();
    await expect(page.getByText("The lead was handed over to Maria Lopez.").first()).toBeVisible({
      timeout: 15_000,
    });
    await expect(selector(page)).toHaveText("After Call Work");
    // The advisor has the lead on the line, and the qualifier's notes on its lead card.
    await expect(selector(advisor)).toHaveText("On a Call", { timeout: 15_000 });
    await softphone(advisor)
      .getByRole("button", { name: /hang ?up/i })
      .first()
      .click();
    await expect(selector(advisor)).not.toHaveText("On a Call", { timeout: 15_000 });
    await disposeAndStop(advisor);

    // The next lead: a callback for tomorrow, then Save & Stop holds the qualifier in after-call work.
    await choose(page, "Ready");
    await expect(callBox(page)).toContainText("Established", { timeout: 30_000 });
    await callBox(page).getByRole("button", { name: "Hang up" }).click();
    await expect(selector(page)).toHaveText("After Call Work");
    const panel = disposition(page);
    await panel.getByRole("combobox", { name: "Disposition" }).selectOption("Callback Scheduled");
    await pickDayFromNow(page, panel.getByRole("combobox", { name: "Callback date" }), 1);
    await panel.getByRole("combobox", { name: "Callback time" }).selectOption({ label: "10:00 AM" });
    await expect(panel.getByRole("button", { name: "Save & Stop" })).toBeInViewport({ ratio: 1 });
    await panel.getByRole("button", { name: "Save & Stop" }).click();
    await expect(page.getByText("Successfully disposed the lead!").first()).toBeVisible();
    await expect(selector(page)).toHaveText("After Call Work");
    // Stopped means stopped: no call comes while the agent is in after-call work.
    await expect(callBox(page)).toHaveCount(0);
    await page.waitForTimeout(4_000);
    await expect(callBox(page)).toHaveCount(0);
    await expect(selector(page)).toHaveText("After Call Work");
  } finally {
    await script([]);
    await advisorContext.close();
  }
});

test("SLICA: the qualifier works in French from the account's language: auto-dialled, disposes, Save & Stop", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SMALL_SCREEN);
  // The account works in French (another test may have switched it to English).
  await useLanguage("qualifier.slica@demo.test", "fr");
  await signIn(page, "qualifier.slica@demo.test");
  await expect(selector(page)).toHaveText("Hors ligne");
  await choose(page, "Disponible");
  await expect(selector(page)).toHaveText("En appel", { timeout: 15_000 });
  // The agent hangs up on its desk phone (the simulated Bria).
  const agent = await api("qualifier.slica@demo.test");
  await expect
    .poll(
      async () =>
        ((await (await agent.call("GET", "/calls/current")).json()).data as { status: string } | null)
          ?.status,
      { timeout: 15_000 },
    )
    .toBe("answered");
  expect((await agent.call("POST", "/sim-pbx/extensions/2001/hangup")).status()).toBe(204);
  await expect(selector(page)).toHaveText("Après-appel");
  const panel = page.getByRole("region", { name: "Qualification" });
  await panel.getByRole("combobox", { name: "Qualification" }).selectOption("Not Interested");
  await panel.getByRole("combobox", { name: /^Raison du refus/ }).selectOption({ index: 1 });
  await expect(panel.getByRole("button", { name: "Enregistrer et arrêter" })).toBeInViewport({ ratio: 1 });
  await panel.getByRole("button", { name: "Enregistrer et arrêter" }).click();
  await expect(page.getByText("Le prospect a été qualifié avec succès !").first()).toBeVisible();
  await expect(selector(page)).toHaveText("Après-appel");
  await page.waitForTimeout(3_000);
  await expect(selector(page)).toHaveText("Après-appel");
});
