// Screenshots of every demo account's workspace at the three sizes agents use (1366×768, 1440×900, 1920×1080),
// in each account's own language where the call centre offers another one, into docs/screenshots/. Starts
// its own gateway on a free port (PGlite in memory, the demo seed, a pinned weekday afternoon) over the built
// SPA in dist/ (run `npm run build` first):
//
//   npm run build && npx tsx scripts/screenshots.ts [--only qualifier.isius] [--out docs/screenshots]
//
// The WebRTC qualifier and advisor are also shot on a call (a manual dial from the softphone), since that is where panels
// and the softphone compete for room.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/chromium";

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const out = arg("out") ?? "docs/screenshots";
const only = arg("only");
const port = 8300 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;

const SIZES = [
  { name: "1366x768", width: 1366, height: 768 },
  { name: "1440x900", width: 1440, height: 900 },
  { name: "1920x1080", width: 1920, height: 1080 },
];
const ACCOUNTS: { email: string; language?: "fr" | "es"; call?: boolean }[] = [
  { email: "qualifier.isius@demo.test", call: true },
  { email: "qualifier.isius@demo.test", language: "es" },
  { email: "advisor.isius@demo.test", call: true },
  { email: "qualifier2.isius@demo.test" },
  { email: "qualifier.slica@demo.test" },
  { email: "qualifier.slica@demo.test", language: "fr" },
  { email: "advisor.slica@demo.test", language: "fr" },
  { email: "manager.isius@demo.test" },
  { email: "admin@demo.test" },
  { email: "ops@demo.test" },
];

async function startGateway() {
  const child = spawn("npx", ["tsx", "server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory",
      STATIC_DIR: process.env.STATIC_DIR ?? "dist", // a helper session shoots its own build
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
      CLOCK_START: "2026-03-10T18:00:00Z",
      SIM_PROFILE: JSON.stringify({ outcomeWeights: { manual: { human: 1 }, auto: { human: 1 } } }),
    },
    stdio: ["ignore", "ignore", "inherit"],
    // Its own process group, so that stopping it stops npx and the gateway under it.
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/docs/json`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop(child);
  throw new Error("the gateway did not start");
}

async function shoot(page: Page, name: string) {
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

async function fillSignIn(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Login form" });
  await form.getByLabel("Login").fill(email);
  await form.getByLabel("Password").fill("demo-password");
  await form.getByRole("button", { name: "Login" }).click();
}

/** Until the workspace and its panels have loaded (no spinner left), so a busy machine never shoots a spinner. */
async function settled(page: Page) {
  await page
    .waitForFunction(() => document.querySelectorAll(".bp6-spinner").length === 0, null, { timeout: 45_000 })
    .catch(() => console.warn("still loading after 45 s: shot as it is"));
  await page.waitForTimeout(1000);
}

async function signIn(page: Page, email: string) {
  await page.goto(`${base}/auth/login`);
  await fillSignIn(page, email);
  await page.waitForURL(`${base}/`);
  await page.locator(".react-grid-layout, main").first().waitFor();
  await settled(page);
}

/** The user menu's language switch, as an agent uses it. */
async function chooseLanguage(page: Page, language: string) {
  await page.getByRole("button", { name: /\S+ \S+/ }).filter({ has: page.locator(".bp6-icon-user") }).click();
  await page.getByRole("menuitem", { name: language.toUpperCase(), exact: true }).click();
  await page.keyboard.press("Escape");
  await settled(page);
}

async function main() {
  mkdirSync(out, { recursive: true });
  const gateway = await startGateway();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    if (!only) {
      // Before any account: the sign-in page, and the newcomer's first sign-in, which asks for a password.
      for (const size of SIZES) {
        const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
        const page = await context.newPage();
        await page.goto(`${base}/auth/login`);
        await page.getByRole("form", { name: "Login form" }).waitFor();
        await shoot(page, `sign-in-${size.name}`);
        await fillSignIn(page, "newcomer@demo.test");
        await page.getByRole("heading", { name: /password/i }).first().waitFor();
        await shoot(page, `newcomer-create-password-${size.name}`);
        await context.close();
      }
    }
    for (const account of ACCOUNTS) {
      if (only && !account.email.startsWith(only)) continue;
      const who = account.email.replace("@demo.test", "") + (account.language ? `-${account.language}` : "");
      for (const size of SIZES) {
        const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
        const page = await context.newPage();
        await signIn(page, account.email);
        if (account.language) await chooseLanguage(page, account.language);
        await shoot(page, `${who}-${size.name}`);
        if (account.call) {
          const softphone = page.getByRole("region", { name: "Softphone" });
          await softphone.getByText("Connected").waitFor({ timeout: 20_000 }).catch(() => {});
          await softphone.getByRole("textbox", { name: "Number" }).fill("2125550177");
          await softphone.getByRole("button", { name: "Call", exact: true }).click();
          await page.waitForTimeout(5000);
          await shoot(page, `${who}-on-a-call-${size.name}`);
          await softphone.getByRole("button", { name: /hang ?up/i }).click().catch(() => {});
          await page.waitForTimeout(1500);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    stop(gateway);
  }
}

function stop(child: ReturnType<typeof spawn>) {
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}

await main();
