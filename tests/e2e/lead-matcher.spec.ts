// The lead matcher as a qualifier lives it: a caller rings from a number the call centre does not know (the
// call arrives on a new "Inbound caller" lead), gives the number the call centre has for them, and the qualifier
// links the call to that lead after the confirmation; the disposition then lands on it, and the lead's history
// shows the inbound call.
import { expect, test, type Page } from "./fixtures";
import { api, disposeAndStop, outsideOperationHours, signIn } from "./helpers";

const selector = (page: Page) => page.getByRole("button", { name: /^Status: / });
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });

/** Numbers of their own per run, outside the demo's 555-01XX lead book. */
const stamp = String(Date.now() % 1_000_000).padStart(6, "0");
const KNOWN = `2127${stamp}`;
const CALLER = `3127${stamp}`;

test("a qualifier links an inbound call to an existing lead by phone", async ({ page }) => {
  test.setTimeout(120_000);
  // The lead the call centre already has for the caller, under the number it knows.
  const self = await api("qualifier.isius@demo.test");
  const created = await self.call("POST", "/leads", { phone: KNOWN, type: "manual" });
  expect(created.status()).toBe(201);
  const existing = (await created.json()).data.id as number;
  expect(
    (await self.call("PUT", `/leads/${existing}`, { first_name: "Morgan", last_name: "Reyes" })).status(),
  ).toBe(204);

  await signIn(page, "qualifier.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  const matcher = page.getByRole("region", { name: "Link to existing lead" });
  await expect(matcher).toContainText("On a call, links it to a lead the call centre already has.");

  // Outside operation hours the Ready agent waits for inbound calls only (no auto-dial meanwhile).
  await outsideOperationHours("manager.isius@demo.test", async () => {
    await selector(page).click();
    await page
      .getByRole("menu", { name: "Status" })
      .getByRole("menuitem", { name: "Ready", exact: true })
      .click();
    await expect(selector(page)).toHaveText("Ready");
    const manager = await api("manager.isius@demo.test");
    expect((await manager.call("POST", "/sim-pbx/inbound-calls", { from: `+1${CALLER}` })).status()).toBe(
      201,
    );

    const alert = page.getByRole("dialog", { name: "Inbound Call Alert" });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await callBox(page).getByRole("button", { name: "Answer" }).click();
    await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
    const card = page.getByRole("region", { name: "Current lead" });
    await expect(card).toContainText("Inbound caller");

    // The phone is required, and has ten digits.
    const phone = matcher.getByRole("textbox", { name: "Phone (required)" });
    await matcher.getByRole("button", { name: "Search" }).click();
    await expect(matcher.getByText("The phone is required.")).toBeVisible();
    await phone.fill(KNOWN.slice(0, 9));
    await matcher.getByRole("button", { name: "Search" }).click();
    await expect(matcher.getByText("Please enter a valid phone number")).toBeVisible();

    // Typed as the caller says it: the lead the call centre has is found.
    await phone.fill(`(${KNOWN.slice(0, 3)}) ${KNOWN.slice(3, 6)}-${KNOWN.slice(6)}`);
    await matcher.getByRole("button", { name: "Search" }).click();
    const found = matcher.getByRole("group", { name: "A lead already has this phone number." });
    await expect(found).toContainText("Morgan Reyes");
    await found.getByRole("button", { name: "Link" }).click();
    const confirm = page.getByRole("dialog", { name: "Link to existing lead" });
    await expect(confirm).toContainText("Link this call to Morgan Reyes");
    await confirm.getByRole("button", { name: "Link the call" }).click();
    await expect(page.getByText("The call is now linked to Morgan Reyes.")).toBeVisible();
    await expect(confirm).toHaveCount(0);

    // The desk's lead is the existing one, and its history already holds this inbound call.
    await expect(card).toContainText("Morgan Reyes");
    await expect(card).not.toContainText("Inbound caller");
    await expect(card).toContainText("Inbound · incoming");

    await callBox(page).getByRole("button", { name: "Hang up" }).click();
    await expect(selector(page)).toHaveText("After Call Work");
    await disposeAndStop(page);
  });

  // On the gateway: the call and its disposition are the existing lead's; the lead made for the call is gone.
  const history = (await (await self.call("GET", `/leads/${existing}/history`)).json()).data;
  expect(history.calls).toEqual(
    expect.arrayContaining([expect.objectContaining({ type: "inbound", direction: 1 })]),
  );
  expect(history.dispositions[0]).toMatchObject({ disposition: "Not Interested" });
  expect((await self.call("GET", `/leads/by-phone/${CALLER}?type=match`)).status()).toBe(404);
});
