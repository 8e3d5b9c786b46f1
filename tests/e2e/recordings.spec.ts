// An ISIUS advisor records part of a call (Extra recordings: Start, then Stop) and plays it back from the lead's
// history: the recording is a real file as long as it ran (the window the browser saw it run, half a second either
// side), and the browser plays back exactly that long.
import { expect, test, type Page } from "./fixtures";
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
  // Between calls the panel steps aside (the grid closes up over it); it comes with the call.
  const recordings = page.getByRole("region", { name: "Extra recordings" });
  await expect(page.getByRole("region", { name: "User summary" })).toBeVisible();
  await expect(recordings).toHaveCount(0);

  await softphone(page).getByRole("textbox", { name: "Number" }).fill(freshNumber());
  await softphone(page).getByRole("button", { name: "Call", exact: true }).click();
  await expect(softphone(page).getByRole("group", { name: /^Call with / })).toContainText("Established", {
    timeout: 20_000,
  });

  // The recording runs from the gateway's start to its stop: between the start's answer and the stop's request
  // at least, between the start's request and the stop's answer at most (a busy machine widens that window).
  const startAsked = Date.now();
  const startAnswered = page
    .waitForResponse((r) => /\/extra-recordings$/.test(r.url()))
    .then(() => Date.now());
  await recordings.getByRole("button", { name: "Start recording" }).click();
  await expect(recordings.getByRole("status")).toContainText("Recording 1");
  await page.waitForTimeout(5_000);
  const stopAsked = Date.now();
  const stopAnswered = page
    .waitForResponse((r) => /\/extra-recordings\/1$/.test(r.url()))
    .then(() => Date.now());
  await recordings.getByRole("button", { name: "Stop recording" }).click();
  await expect(recordings.getByRole("button", { name: "Start recording" })).toBeVisible();
  const atLeastS = (stopAsked - (await startAnswered)) / 1000;
  const atMostS = ((await stopAnswered) - startAsked) / 1000;

  await softphone(page).getByRole("button", { name: "Hang up" }).click();
  const entry = page.getByText(/^Recording 1 · [\d.]+ s/);
  await expect(entry).toBeVisible({ timeout: 15_000 });
  const listedS = Number(/Recording 1 · ([\d.]+) s/.exec((await entry.textContent()) ?? "")![1]);
  expect(listedS).toBeGreaterThan(atLeastS - 0.5);
  expect(listedS).toBeLessThan(atMostS + 0.5);

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
  expect(Math.abs(playedS - listedS)).toBeLessThan(0.1);
  await disposeAndStop(page);
});
