// An ISIUS advisor records part of a call (Extra recordings: Start, then Stop) and plays it back from the lead's
// history: the recording is a real file whose duration is the time it ran, within a second.
import { expect, test, type Page } from "@playwright/test";
import { disposeAndStop, signIn } from "./helpers";

const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const freshNumber = () =>
  `21255${String((Date.now() + 7) % 100_000).padStart(5, "0")}`.replace(/0[123]$/, "44");

test("an ISIUS advisor records part of a call and plays it back from the lead's history", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "advisor.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  const recordings = page.getByRole("region", { name: "Extra recordings" });
  await expect(recordings.getByRole("button", { name: "Start recording" })).toBeDisabled();

  await softphone(page).getByRole("textbox", { name: "Number" }).fill(freshNumber());
  await softphone(page).getByRole("button", { name: "Call", exact: true }).click();
  await expect(softphone(page).getByRole("group", { name: /^Call with / })).toContainText("Established", {
    timeout: 20_000,
  });

  await recordings.getByRole("button", { name: "Start recording" }).click();
  await expect(recordings.getByRole("status")).toContainText("Recording 1");
  const started = Date.now();
  await page.waitForTimeout(5_000);
  await recordings.getByRole("button", { name: "Stop recording" }).click();
  await expect(recordings.getByRole("button", { name: "Start recording" })).toBeVisible();
  const recordedS = (Date.now() - started) / 1000;

  await softphone(page).getByRole("button", { name: "Hang up" }).click();
  const entry = page.getByText(/^Recording 1 · [\d.]+ s/);
  await expect(entry).toBeVisible({ timeout: 15_000 });
  const listedS = Number(/Recording 1 · ([\d.]+) s/.exec((await entry.textContent()) ?? "")![1]);
  expect(Math.abs(listedS - recordedS)).toBeLessThan(1);

  await page.getByRole("button", { name: "Play Recording 1" }).click();
  const player = page.locator("audio[aria-label='Recording 1']");
  await expect(player).toBeVisible();
  const playedS = await player.evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((resolve) =>
        a.readyState >= 1
          ? resolve(a.duration)
          : a.addEventListener("loadedmetadata", () => resolve(a.duration)),
      ),
  );
  expect(Math.abs(playedS - recordedS)).toBeLessThan(1);
  await disposeAndStop(page);
});
