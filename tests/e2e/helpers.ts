import { expect, request as playwrightRequest, type Locator, type Page, gatewayURL } from "./fixtures";

export const DEMO_PASSWORD = "demo-password";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/auth/login");
  const form = page.getByRole("form", { name: "Login form" });
  await form.getByLabel("Login").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

export async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page
      .getByRole("button", { name: /logout/i })
      .or(page.getByRole("button", { name: /user menu/i }))
      .first(),
  ).toBeVisible();
}

/**
 * The gateway's API as one account, outside the page (a manager acting, or a check of the gateway's record).
 * Each account gets its own request context: the sign-in sets a fingerprint cookie that belongs to that
 * session only, and a shared cookie jar would end the other account's session.
 */
export async function api(email: string) {
  const ctx = await playwrightRequest.newContext({ baseURL: gatewayURL() });
  const login = await ctx.post("/api/v1/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(201);
  let token = login.headers()["authorization"]!;
  const call = async (method: "GET" | "POST" | "PUT" | "PATCH", url: string, data?: unknown) => {
    const res = await ctx.fetch(`/api/v1${url}`, { method, data, headers: { authorization: token } });
    token = res.headers()["authorization"] ?? token;
    return res;
  };
  return { call, id: (await login.json()).id as number };
}

/** The account's working language (the user menu's choice, kept on the account): its next sign-in opens in it. */
export async function useLanguage(email: string, language: "en" | "fr" | "es") {
  const account = await api(email);
  expect((await account.call("PUT", "/agents/me/language", { language })).status()).toBe(204);
}

/**
 * Runs `body` with the call centre outside its operation hours, so an agent who goes Ready is not auto-dialed
 * (tests of the status selector and of inbound calls want a Ready agent with no outbound call).
 */
export async function outsideOperationHours(managerEmail: string, body: () => Promise<void>) {
  const manager = await api(managerEmail);
  const saved = await (await manager.call("GET", "/settings/operation-hours")).json();
  const closed = { days: Array.from({ length: 7 }, () => ({ from: "00:00", to: "00:00" })) };
  expect((await manager.call("PUT", "/settings/operation-hours", closed)).status()).toBe(204);
  try {
    await body();
  } finally {
    await manager.call("PUT", "/settings/operation-hours", saved);
  }
}

/** Chooses Not Interested with its first reason in the disposition panel (the caller saves). */
export async function disposeNotInterested(page: Page) {
  const panel = page.getByRole("region", { name: "Disposition" });
  await panel.getByRole("combobox", { name: "Disposition" }).selectOption("Not Interested");
  await panel.getByRole("combobox", { name: /^Not-interested reason/ }).selectOption({ index: 1 });
}

/** Disposes the current lead Not Interested and stops (the agent leaves nothing awaiting a disposition). */
export async function disposeAndStop(page: Page) {
  await disposeNotInterested(page);
  await page.getByRole("region", { name: "Disposition" }).getByRole("button", { name: "Save & Stop" }).click();
  await expect(page.getByText("Successfully disposed the lead!").first()).toBeVisible();
}

/** Keeps every RTCPeerConnection the page makes, so a test can read its stats as chrome://webrtc-internals would. */
export async function recordPeerConnections(page: Page) {
  await page.addInitScript({
    content: `
      globalThis.__pcs = [];
      const Native = globalThis.RTCPeerConnection;
      globalThis.RTCPeerConnection = class extends Native {
        constructor(...args) { super(...args); globalThis.__pcs.push(this); }
      };
    `,
  });
}

/** Audio RTP packets received by the page's newest peer connection. */
export const audioPacketsReceived = (page: Page) =>
  page.evaluate(async () => {
    const pcs = (globalThis as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const pc = pcs[pcs.length - 1];
    if (!pc) return 0;
    let packets = 0;
    (await pc.getStats()).forEach((r: { type: string; kind?: string; packetsReceived?: number }) => {
      if (r.type === "inbound-rtp" && r.kind === "audio") packets += r.packetsReceived ?? 0;
    });
    return packets;
  });

/**
 * Picks the day `n` days from today (UTC, as the call-time picker counts) as a person does: opens the date
 * field's calendar, goes to the next month when the day is there, and clicks the day.
 */
export async function pickDayFromNow(page: Page, field: Locator, n: number) {
  const now = new Date();
  const day = new Date(now.getTime() + n * 86_400_000);
  await field.click();
  const calendar = page.getByRole("dialog", { name: "date picker" });
  if (day.getUTCMonth() !== now.getUTCMonth()) await calendar.getByRole("button", { name: "Next month" }).click();
  await calendar.getByRole("gridcell", { name: String(day.getUTCDate()), exact: true }).click();
  await expect(calendar).toBeHidden();
}

/** Validates a New York ZIP in the booking wizard: what a live transfer waits for. */
export async function validateNewYorkZip(page: Page) {
  const booking = page.getByRole("region", { name: "Booking" });
  await booking.getByRole("textbox", { name: /^Street address/ }).fill("200 East 34th Street");
  await booking.getByRole("textbox", { name: /^City/ }).fill("New York");
  await booking.getByRole("textbox", { name: /^Zip code/ }).fill("10016");
  await booking.getByRole("button", { name: "Validate" }).click();
  await expect(booking.getByText("Validated", { exact: true })).toBeVisible();
}
