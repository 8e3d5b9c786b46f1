// The gateway dies and comes back: the agent is told, and its status and timer come back from the gateway.
// This spec runs its own gateway (a child process on another port, data on disk) so it can kill it.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_PORT, expect, test } from "./fixtures";
import { DEMO_PASSWORD } from "./helpers";

// Apart from the workers' gateways (E2E_PORT + worker index).
const PORT = E2E_PORT + 50;
const base = `http://127.0.0.1:${PORT}`;
let dataDir: string;
let gateway: ChildProcess | undefined;

// Real time here: a restarted gateway with a pinned CLOCK_START would run its clock backwards.
async function startGateway() {
  gateway = spawn("npx", ["tsx", "server/index.ts"], {
    // No seeded history: this spec needs the accounts only, and writing a day of calls into a fresh on-disk
    // PGlite took over a minute while the workers' gateways and Chromium loaded the machine (14 s without it).
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, STATIC_DIR: process.env.E2E_STATIC_DIR ?? "dist", LOG_LEVEL: "warn", DATABASE_URL: "", REDIS_URL: "", CLOCK_START: "", SEED_HISTORY: "false" },
    stdio: "ignore",
    detached: true,
  });
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${base}/api/docs/json`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the gateway did not start");
}

function stopGateway() {
  if (gateway?.pid) process.kill(-gateway.pid, "SIGKILL");
  gateway = undefined;
}

test.beforeAll(async () => {
  // A first start creates the database on disk: it may take minutes on a loaded machine, a restart does not.
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "dialer-reconnect-"));
  await startGateway();
});
test.afterAll(() => {
  stopGateway();
  rmSync(dataDir, { recursive: true, force: true });
});

test("killing and restarting the gateway shows the connection messages and restores the status", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(`${base}/auth/login`);
  const form = page.getByRole("form", { name: "Login form" });
  await form.getByLabel("Login").fill("qualifier2.isius@demo.test");
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Login" }).click();
  const selector = page.getByRole("button", { name: /^Status: / });
  await expect(selector).toHaveText("Offline");
  await selector.click();
  // The selector shows the choice at once; the kill must come after the gateway has recorded it.
  const recorded = page.waitForResponse((r) => r.url().endsWith("/api/v1/agent-statuses") && r.request().method() === "POST");
  await page.getByRole("menuitem", { name: "Restroom", exact: true }).click();
  expect((await recorded).status()).toBe(201);
  await expect(selector).toHaveText("Restroom");

  stopGateway();
  await expect(page.getByText(/Connection dropped|Attempting to reconnect\.\.\./).first()).toBeVisible({ timeout: 15_000 });
  await startGateway();
  await expect(page.getByText("Reconnected Successfully!")).toBeVisible({ timeout: 30_000 });
  await expect(selector).toHaveText("Restroom");
  await expect(page.getByRole("timer", { name: "Time in status" })).toBeVisible();
});
