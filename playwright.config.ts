// End-to-end tests against the built SPA served by a fresh embedded gateway (PGlite in memory, demo seed).
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/chromium";

const port = Number(process.env.E2E_PORT ?? 8181);
/**
 * Each worker runs its specs against a gateway of its own, port + its index (tests/e2e/fixtures.ts), so no spec
 * sees another worker's agents, calls or settings (issue 32). Two by default: one worker kept this 2-core machine
 * about half busy (≈0.95 of a core: the specs wait on ringing, answering and pushes in real time), two use ≈1.7
 * cores and took the run from 9.5 to 6.7 minutes with no flaky test (docs/testing.md). E2E_WORKERS changes it.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: "tests/e2e",
  // Its own folder: Playwright empties its output folder at start, and npm test keeps Vitest's timings in
  // test-results/ for the run's profile (tests/profile/report.mjs).
  outputDir: "test-results/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    headless: true,
    // A failed test keeps a trace of DOM snapshots, and a screenshot of the end. Not the trace's screencast: it
    // makes Chromium paint and encode frames all through every test, passing ones too, and cost the suite
    // ≈ 30 % of its CPU on this 2-core machine (docs/testing.md).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => gatewayServer(port + index)),
});

/** A fresh embedded gateway for one worker: PGlite in memory, the demo seed, the build in dist. */
function gatewayServer(port: number): Extract<PlaywrightTestConfig["webServer"], unknown[]>[number] {
  return {
    command: "npx tsx server/index.ts",
    url: `http://127.0.0.1:${port}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory",
      // A helper session builds into its own folder (E2E_STATIC_DIR) so two builds never clobber each other.
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? "dist",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
      // The reset test reads its code from the development mailbox (loopback only, never in production).
      DEV_MAILBOX: "true",
      // Every dial reaches a person, so the auto-dialed leads (some seeded with the scripted endings …01
      // machine, …02 busy, …03 no answer) always answer; only the number the telephony test dials for a
      // machine keeps its script.
      SIM_PROFILE: JSON.stringify({
        outcomeWeights: { manual: { human: 1 }, auto: { human: 1 } },
        numberRules: [
          { exact: "*97", outcome: "voicemail-box" },
          { suffix: "2125550101", outcome: "machine" },
          // A transfer target that never answers (the transfers test adds it to the call centre's targets).
          { suffix: "3125550199", outcome: "no-answer" },
        ],
        answerAfterMs: { manual: [1000, 2000], auto: [1000, 3000] },
        // A party that never answers rings out after 8 s rather than a real PBX's 30 (the transfer target that
        // never answers): the outcome the test checks is the same, without 22 s of waiting. Agents' phones and
        // the live transfer's ring-back keep their own timeouts.
        ringTimeoutMs: 8_000,
      }),
      // A Tuesday, 14:00 in New York and Toronto: inside every calling window, with a seeded morning of calls.
      CLOCK_START: process.env.E2E_CLOCK_START ?? "2026-03-10T18:00:00Z",
    },
  };
}
