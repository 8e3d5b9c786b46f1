// An ISIUS advisor on a call with a Minnesota lead reads GTL's disclosure (the aa wording Minnesota keeps) and
// plays its recorded audio into the call: the page's WebRTC stats show the audio it receives getting louder
// while the clip plays over the lead's voice. The disclosure and the clip are then in the lead's history.
import { expect, test, type Page } from "./fixtures";
import { disposeAndStop, recordPeerConnections, signIn } from "./helpers";

const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const freshNumber = () => `21255${String(Date.now() % 100_000).padStart(5, "0")}`.replace(/0[123]$/, "44");

/** The audio energy the page's newest peer connection has received so far (RTCInboundRtpStreamStats). */
const audioEnergy = (page: Page) =>
  page.evaluate(async () => {
    const pcs = (globalThis as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    let energy = 0;
    (await pcs[pcs.length - 1]!.getStats()).forEach(
      (r: { type: string; kind?: string; totalAudioEnergy?: number }) => {
        if (r.type === "inbound-rtp" && r.kind === "audio") energy += r.totalAudioEnergy ?? 0;
      },
    );
    return energy;
  });

/** How much audio energy arrives over `ms`. */
async function energyOver(page: Page, ms: number) {
  const before = await audioEnergy(page);
  await page.waitForTimeout(ms);
  return (await audioEnergy(page)) - before;
}

test.beforeEach(async ({ page }) => {
  await recordPeerConnections(page);
});

test("an ISIUS advisor gives GTL's disclosure to a Minnesota lead and plays its audio into the call", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "advisor.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await softphone(page).getByRole("textbox", { name: "Number" }).fill(freshNumber());
  await softphone(page).getByRole("button", { name: "Call", exact: true }).click();
  await expect(softphone(page).getByRole("group", { name: /^Call with / })).toContainText("Established", {
    timeout: 20_000,
  });

  // The lead lives in Minneapolis.
  const booking = page.getByRole("region", { name: "Booking" });
  await booking.getByRole("textbox", { name: /^Street address/ }).fill("350 South 5th Street");
  await booking.getByRole("textbox", { name: /^City/ }).fill("Minneapolis");
  await booking.getByRole("textbox", { name: /^Zip code/ }).fill("55415");
  await booking.getByRole("button", { name: "Validate" }).click();
  await expect(booking.getByText("Validated", { exact: true })).toBeVisible();

  const disclosures = page.getByRole("region", { name: "Disclosures" });
  await disclosures.getByRole("button", { name: "GTL" }).click();
  const popup = page.getByRole("dialog", { name: "Guarantee Trust Life Insurance Company: disclosure" });
  await expect(popup).toBeVisible();
  await expect(popup.getByText("Standard wording")).toBeVisible();
  await expect(popup.getByText(/this call is recorded for quality and compliance/)).toBeVisible();

  // The lead's voice alone, then the disclosure played over it: the page receives more audio while it plays.
  const voiceOnly = await energyOver(page, 4_000);
  await popup.getByRole("button", { name: "Start audio" }).click();
  await expect(popup.getByText("The recorded disclosure is playing to the lead.")).toBeVisible();
  const withDisclosure = await energyOver(page, 4_000);
  expect(voiceOnly).toBeGreaterThan(0);
  expect(withDisclosure).toBeGreaterThan(voiceOnly * 1.3);

  await popup.getByRole("button", { name: "Stop audio" }).click();
  await expect(popup.getByRole("button", { name: "Start audio" })).toBeVisible();
  await popup.getByRole("button", { name: "Next" }).click();
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toBeHidden();

  await softphone(page).getByRole("button", { name: "Hang up" }).click();
  // The proof is with the call: the lead's history shows the disclosure given and the audio played.
  await expect(
    page.getByText(/^Disclosure Guarantee Trust Life Insurance Company \(EN\): 2 steps/),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Disclosure audio played [\d.]+ s · stopped by the agent/)).toBeVisible();
  await disposeAndStop(page);
});
