// Headless Chromium as the end-to-end tests and the screenshot script run it: Debian's build (Playwright cannot
// download browsers here) with the flags a container needs, fake media for calls, and the gateway's media peer
// on 127.0.0.1.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  // The softphone's media peer is the gateway on 127.0.0.1 (docs/decisions.md, telephony).
  "--allow-loopback-in-peer-connection",
  "--autoplay-policy=no-user-gesture-required",
];

/** One Chromium launch is retried: a single unexplained SIGKILL of Chromium was once seen on this machine. */
export async function launchChromium(): Promise<Browser> {
  const launch = () =>
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return launch().catch(launch);
}
