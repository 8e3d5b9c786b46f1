// An ISIUS advisor sends the lead on the call to iApp: with iApp 2 also offered, the panel asks Yes/No first;
// the client application page (the embedded demo receiver, as `npm start` has it) opens in a new tab.
import { expect, test, type Page } from "./fixtures";
import { disposeAndStop, signIn } from "./helpers";

const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const freshNumber = () =>
  `21256${String((Date.now() + 11) % 100_000).padStart(5, "0")}`.replace(/0[123]$/, "45");

test("an ISIUS advisor sends the lead on the call to iApp, and the client application page opens in a new tab", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "advisor.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  const iapp = page.getByRole("region", { name: "Send to iApp" });
  await expect(iapp).toContainText("No lead on the desk");

  await softphone(page).getByRole("textbox", { name: "Number" }).fill(freshNumber());
  await softphone(page).getByRole("button", { name: "Call", exact: true }).click();
  await expect(softphone(page).getByRole("group", { name: /^Call with / })).toContainText("Established", {
    timeout: 20_000,
  });

  // The demo advisor is an iApp 2 agent and ISIUS offers the choice: two buttons, then Yes/No.
  await iapp.getByRole("button", { name: "ISI iApp 2" }).click();
  await expect(iapp.getByText(/^Send .*to iApp 2\?$/)).toBeVisible();
  await iapp.getByRole("button", { name: "No" }).click();
  await iapp.getByRole("button", { name: "ISI iApp", exact: true }).click();
  const tab = context.waitForEvent("page");
  await iapp.getByRole("button", { name: "Yes" }).click();
  const application = await tab;
  await expect(application.getByRole("heading", { name: "Client application" })).toBeVisible();
  await expect(application.getByText("Maria Lopez").first()).toBeVisible();
  await expect(application.getByText("iApp", { exact: true })).toBeVisible();
  await application.close();

  await expect(iapp.getByRole("status")).toHaveText("Sent to iApp.");
  await expect(iapp.getByRole("button", { name: "Open the iApp application" })).toBeVisible();
  await softphone(page).getByRole("button", { name: "Hang up" }).click();
  await disposeAndStop(page);
});
