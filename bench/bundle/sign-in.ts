// Sign-in benchmark (issue 39 part 4): the time from the click on Login to the workspace's panels on screen, and
// from the page's request to the login form, in headless Chromium with an empty cache each time (a first visit),
// for two builds side by side in the same run: one made before a change and one after. Each build gets its own
// gateway (PGlite in memory, the demo seed); the iterations alternate between them so the machine's noise falls
// on both. The agent takes a moment over the password, as a person does (`--typing`, default 1,500 ms): the
// split sign-in page fetches the workspace's code then. Loopback only, bounded in time. Not part of npm test.
//
//   npx vite build --outDir /tmp/dist-after
//   (a checkout of the earlier commit) npx vite build --outDir /tmp/dist-before
//   npx tsx bench/bundle/sign-in.ts --before /tmp/dist-before --after /tmp/dist-after [--iterations 15]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/chromium";

const option = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const ITERATIONS = Number(option("iterations", "15"));
const TYPING_MS = Number(option("typing", "1500"));
const BUILDS = { before: option("before", ""), after: option("after", "dist") };
const ACCOUNT = "qualifier.slica@demo.test";
const DEADLINE_MS = 10 * 60_000;
setTimeout(() => {
  console.error("bench/bundle/sign-in: time budget exceeded, stopping");
  process.exit(2);
}, DEADLINE_MS).unref();

for (const [name, dir] of Object.entries(BUILDS)) {
  if (!dir || !existsSync(`${dir}/index.html`)) {
    console.error(
      `bench/bundle/sign-in: --${name} must name a build (a folder with index.html); see the file's head`,
    );
    process.exit(1);
  }
}

const gateways: number[] = [];
process.on("exit", () => gateways.forEach((pid) => process.kill(-pid, "SIGKILL")));

async function startGateway(staticDir: string, port: number) {
  const child = spawn("npx", ["tsx", "server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory",
      STATIC_DIR: staticDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
      SEED_HISTORY: "false",
    },
    stdio: "ignore",
    detached: true,
  });
  gateways.push(child.pid!);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/docs/json`)).ok) return base;
    } catch {
      /* starting */
    }
    if (i > 240) throw new Error(`the gateway for ${staticDir} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface Sample {
  /** Navigation start → the login form on screen. */
  form: number;
  /** Click on Login → the first workspace panel on screen. */
  panels: number;
}

async function signInOnce(browser: Browser, base: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
  await page.goto(`${base}/auth/login`);
  const form = page.getByRole("form", { name: "Login form" });
  await form.waitFor();
  const formAt = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    return performance.now() - (nav?.startTime ?? 0);
  });
  await page.getByLabel("Login", { exact: true }).fill(ACCOUNT);
  await page.getByLabel("Password").fill("demo-password");
  await page.waitForTimeout(TYPING_MS);
  // Timed in the page: from the click's own event to the frame that shows a panel.
  const panels = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const button = document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
        button.addEventListener(
          "click",
          () => {
            const t0 = performance.now();
            const poll = () => {
              const panel = document.querySelector<HTMLElement>(".isi-panel");
              if (panel && panel.getBoundingClientRect().height > 0) resolve(performance.now() - t0);
              else requestAnimationFrame(poll);
            };
            poll();
          },
          { capture: true, once: true },
        );
      }),
  );
  await page.getByRole("button", { name: "Login" }).click();
  const sample = { form: formAt, panels: await panels };
  await context.close();
  return sample;
}

const [before, after] = await Promise.all([
  startGateway(BUILDS.before, 8201),
  startGateway(BUILDS.after, 8202),
]);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
// One sign-in each first: the gateways' own first answers (the seed's first reads) are not the page's cost.
await signInOnce(browser, before);
await signInOnce(browser, after);
const samples = { before: [] as Sample[], after: [] as Sample[] };
for (let i = 0; i < ITERATIONS; i++) {
  // Alternating which goes first, so neither always follows the other's garbage collection.
  const order = i % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const);
  for (const name of order) samples[name].push(await signInOnce(browser, name === "before" ? before : after));
}
await browser.close();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const summary = Object.fromEntries(
  (["before", "after"] as const).map((name) => {
    const form = samples[name].map((s) => s.form);
    const panels = samples[name].map((s) => s.panels);
    return [
      name,
      {
        formP50: pct(form, 50),
        formP90: pct(form, 90),
        panelsP50: pct(panels, 50),
        panelsP90: pct(panels, 90),
      },
    ];
  }),
) as Record<"before" | "after", { formP50: number; formP90: number; panelsP50: number; panelsP90: number }>;

console.log(
  `sign-in, first visit (empty cache), ${ITERATIONS} iterations each, ${TYPING_MS} ms over the password`,
);
for (const name of ["before", "after"] as const) {
  const s = summary[name];
  console.log(
    `  ${name.padEnd(6)} login form p50 ${s.formP50.toFixed(0)} ms p90 ${s.formP90.toFixed(0)} ms   ` +
      `click → panels p50 ${s.panelsP50.toFixed(0)} ms p90 ${s.panelsP90.toFixed(0)} ms`,
  );
}
const ratio = (key: keyof (typeof summary)["after"]) => (summary.after[key] / summary.before[key]).toFixed(2);
console.log(
  `  after / before: login form p50 ${ratio("formP50")}×, click → panels p50 ${ratio("panelsP50")}× p90 ${ratio("panelsP90")}×`,
);
mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/sign-in.json",
  JSON.stringify({ iterations: ITERATIONS, typingMs: TYPING_MS, ...summary }, null, 2),
);
process.exit(0);
