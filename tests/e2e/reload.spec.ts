// A call survives the agent's page reload (issue 38): the WebRTC qualifier on a call reloads the page; the
// gateway keeps the lead on hold, rings the reloaded page's softphone back into the same call, and the audio,
// the call's answer time (its duration), the booking draft and the disposition go on where they were.
import { expect, gatewayURL, test, type Page } from "./fixtures";
import { api, audioPacketsReceived, disposeAndStop, recordPeerConnections, signIn } from "./helpers";

const selector = (page: Page) => page.getByRole("button", { name: /^Status: / });
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });

/** The WebRTC qualifier signed in and on an answered manual call to a simulated lead who speaks. */
async function onACall(page: Page) {
  await signIn(page, "qualifier.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await softphone(page).getByRole("textbox", { name: "Number" }).fill("2125550188");
  await softphone(page).getByRole("button", { name: "Call", exact: true }).click();
  await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
}

test("a page reload mid-call brings the agent back into the same call with audio, its duration unbroken", async ({
  page,
}) => {
  await recordPeerConnections(page);
  // The browser asks "Leave site?" before a reload mid-call (a closed tab still leaves the lead waiting).
  page.on("dialog", (d) => void d.accept());
  const gateway = await api("qualifier.isius@demo.test");
  const current = async () => (await (await gateway.call("GET", "/calls/current")).json()).data;

  await onACall(page);
  await expect.poll(() => audioPacketsReceived(page), { timeout: 15_000 }).toBeGreaterThan(50);
  const before = await current();
  expect(before).toMatchObject({ status: "answered", bridged: true });
  // What the agent typed in the booking wizard is the lead's draft on the gateway: it outlives the page too.
  const booking = page.getByRole("region", { name: "Booking" });
  await booking.getByRole("textbox", { name: "Email" }).fill("pat.doe@example.com");

  const reloadedAt = Date.now();
  await page.reload();
  // Back in the same call: the softphone answered the gateway's ring-back, and the lead is heard again on the
  // new page's own peer connection.
  await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
  await expect.poll(() => audioPacketsReceived(page), { timeout: 15_000 }).toBeGreaterThan(20);
  const backInMs = Date.now() - reloadedAt;
  test.info().annotations.push({
    type: "back in the call with audio after the reload",
    description: `${backInMs} ms`,
  });
  console.log(`reload: back in the call with audio ${backInMs} ms after the reload began`);
  const after = await current();
  expect(after).toMatchObject({
    callId: before.callId,
    answeredAt: before.answeredAt,
    status: "answered",
    rejoin: null,
  });
  await expect(selector(page)).toHaveText("On a Call");
  await expect(booking.getByRole("textbox", { name: "Email" })).toHaveValue("pat.doe@example.com");

  await callBox(page).getByRole("button", { name: "Hang up" }).click();
  await expect(selector(page)).toHaveText("After Call Work");
  await disposeAndStop(page);
});

test("after a browser crash mid-call, the agent who signs in again is back in the same call with audio", async ({
  page,
  browser,
}) => {
  await recordPeerConnections(page);
  const gateway = await api("qualifier.isius@demo.test");
  const current = async () => (await (await gateway.call("GET", "/calls/current")).json()).data;
  await onACall(page);
  const before = await current();
  expect(before).toMatchObject({ status: "answered" });

  // The renderer dies: no pagehide, no BYE, no goodbye; only the connections drop.
  const crashed = page.waitForEvent("crash");
  await page.goto("chrome://crash").catch(() => {});
  await crashed;
  // A browser started again: nothing of the crashed page is left, the agent signs in anew. Its context is closed at
  // the end, whatever happens: left open, its page keeps the agent's socket, and the next spec on this gateway that
  // signs the agent in is refused as a second tab.
  const restarted = await browser.newContext({ baseURL: gatewayURL() });
  try {
    const next = await restarted.newPage();
    await recordPeerConnections(next);
    await signIn(next, "qualifier.isius@demo.test");
    await expect(callBox(next)).toContainText("Established", { timeout: 20_000 });
    await expect.poll(() => audioPacketsReceived(next), { timeout: 15_000 }).toBeGreaterThan(20);
    expect(await current()).toMatchObject({
      callId: before.callId,
      answeredAt: before.answeredAt,
      status: "answered",
      rejoin: null,
    });
    await expect(selector(next)).toHaveText("On a Call");
    await callBox(next).getByRole("button", { name: "Hang up" }).click();
    await expect(selector(next)).toHaveText("After Call Work");
    await disposeAndStop(next);
  } finally {
    await restarted.close();
  }
});
