// Status-change benchmark (reference/performance.md X4): in headless Chromium, the agent clicks a status;
// we time click → the gateway commits it (201) → the top bar shows the new status with its timer, over N
// iterations, next to a round-trip floor (a bare HTTP request to the gateway) measured in the same page and run.
// Loopback only, bounded in time. Not part of npm test.
//
//   npx vite build && npx tsx bench/status/run.ts [--iterations 500]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ITERATIONS = arg("iterations", 500);
const PORT = 8197;
const base = `http://127.0.0.1:${PORT}`;
const DEADLINE_MS = 5 * 60_000;
setTimeout(() => {
  console.error("bench/status: time budget exceeded, stopping");
  process.exit(2);
}, DEADLINE_MS).unref();

if (!existsSync("dist/index.html")) {
  console.error("bench/status: build the app first (npx vite build)");
  process.exit(1);
}

const gateway = spawn("npx", ["tsx", "server/index.ts"], {
  env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: "memory", STATIC_DIR: "dist", LOG_LEVEL: "warn", DATABASE_URL: "", REDIS_URL: "", SEED_HISTORY: "false" },
  stdio: "ignore",
  detached: true,
});
const stop = () => gateway.pid && process.kill(-gateway.pid, "SIGKILL");
process.on("exit", stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/docs/json`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 240) throw new Error("gateway did not start");
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const page = await browser.newPage();
// tsx names functions with a __name helper; the page functions below run in the browser, which lacks it.
await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
await page.goto(`${base}/auth/login`);
await page.getByLabel("Login", { exact: true }).fill("qualifier.slica@demo.test");
await page.getByLabel("Password").fill("demo-password");
await page.getByRole("button", { name: "Login" }).click();
await page.getByRole("button", { name: /^Status: Offline/ }).waitFor();

// Everything timed runs inside the page, so the numbers are the agent's, not the automation's.
const result = await page.evaluate(async (iterations) => {
  const button = () => document.querySelector<HTMLButtonElement>(".isi-status__button")!;
  const waitFor = (ok: () => boolean) =>
    new Promise<void>((resolve) => {
      const poll = () => (ok() ? resolve() : requestAnimationFrame(poll));
      poll();
    });
  const statuses = ["Break", "Restroom", "Meeting", "Training"];
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const target = statuses[i % statuses.length]!;
    button().click();
    await waitFor(() => document.querySelector('[role="menu"]') !== null);
    const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((m) => m.textContent === target)!;
    const t0 = performance.now();
    item.click();
    // Committed: the 201 came back and the timer restarted for the new status.
    await waitFor(() => button().getAttribute("aria-label") === `Status: ${target}` && !button().disabled && document.querySelector('[role="timer"]') !== null);
    times.push(performance.now() - t0);
    await waitFor(() => document.querySelector('[role="menu"]') === null);
  }
  return times;
}, ITERATIONS);

// The floor: a bare HTTP round trip from the same page to the same gateway (no auth, no database), the
// least a status change can cost since it is one authenticated POST.
const floor = await page.evaluate(async (n) => {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fetch("/api/docs/json", { cache: "no-store" });
    times.push(performance.now() - t0);
  }
  return times;
}, 200);

await browser.close();
stop();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const row = { iterations: ITERATIONS, p50: pct(result, 50), p99: pct(result, 99), floorP50: pct(floor, 50), floorP99: pct(floor, 99) };
console.log(`status change, click → committed → shown (${ITERATIONS} iterations)`);
console.log(`  p50 ${row.p50.toFixed(1)} ms   p99 ${row.p99.toFixed(1)} ms   (goal p99 ≤ 100 ms)`);
console.log(`  floor (HTTP round trip to the gateway, same page): p50 ${row.floorP50.toFixed(1)} ms  p99 ${row.floorP99.toFixed(1)} ms`);
console.log(`  ratio p50 ${(row.p50 / row.floorP50).toFixed(2)}×   p99 ${(row.p99 / row.floorP99).toFixed(2)}×`);
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/status.json", JSON.stringify(row, null, 2));
process.exit(0);
