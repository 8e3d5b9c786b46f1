// Calls as agents live them, in Chromium with fake media devices against the embedded gateway: the WebRTC
// qualifier dials from the softphone and hears the simulated lead (the page's WebRTC stats count audio
// packets), holds, mutes, sends DTMF, transfers, conferences and hangs up into after-call-work; an inbound
// call rings, is answered and ends; a number that reaches a machine is disposed Voicemail by itself; an
// agent on an external phone is refused Ready while it is closed and gets the call on it when open.
import { expect, test, type Page } from "./fixtures";
import { api, audioPacketsReceived, disposeAndStop, outsideOperationHours, recordPeerConnections, signIn } from "./helpers";

const selector = (page: Page) => page.getByRole("button", { name: /^Status: / });
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });

async function choose(page: Page, status: string) {
  await selector(page).click();
  await page
    .getByRole("menu", { name: "Status" })
    .getByRole("menuitem", { name: status, exact: true })
    .click();
}

/** The softphone sits folded in the top bar; its dial pad, transfer and conference unfold on demand. */
async function openSoftphone(page: Page) {
  const toggle = softphone(page).getByRole("button", { name: "Softphone", exact: true });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

async function dial(page: Page, number: string) {
  await softphone(page).getByRole("textbox", { name: "Number" }).fill(number);
  await softphone(page).getByRole("button", { name: "Call", exact: true }).click();
}


test.beforeEach(async ({ page }) => {
  await recordPeerConnections(page);
});

test("the WebRTC qualifier dials a lead from the softphone, hears the lead, holds, mutes, sends DTMF and hangs up into after-call-work", async ({
  page,
}) => {
  await signIn(page, "qualifier.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });

  await dial(page, "2125550188");
  await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
  await expect(page.getByRole("status", { name: "Call type" })).toHaveText("Manual");
  await expect(selector(page)).toHaveText("On a Call");
  // The simulated lead speaks: audio packets arrive from the gateway's media peer.
  await expect.poll(() => audioPacketsReceived(page), { timeout: 15_000 }).toBeGreaterThan(50);

  await callBox(page).getByRole("button", { name: "Hold" }).click();
  await expect(callBox(page).getByRole("button", { name: "Resume" })).toBeVisible();
  await callBox(page).getByRole("button", { name: "Resume" }).click();
  await callBox(page).getByRole("button", { name: "Mute" }).click();
  await expect(callBox(page).getByRole("button", { name: "Unmute" })).toBeVisible();
  await callBox(page).getByRole("button", { name: "Unmute" }).click();
  await openSoftphone(page);
  await softphone(page).getByRole("button", { name: "5", exact: true }).click();

  await callBox(page).getByRole("button", { name: "Hang up" }).click();
  await expect(callBox(page)).toHaveCount(0);
  await expect(selector(page)).toHaveText("After Call Work");
  await expect(page.getByRole("status", { name: "Call type" })).toHaveCount(0);
  await disposeAndStop(page);
});

test("a blind transfer hands the lead on and ends the agent's call; a conference calls, merges and kicks a second party", async ({
  page,
}) => {
  await signIn(page, "qualifier.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });

  await dial(page, "2125550177");
  await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
  await openSoftphone(page);
  const conference = softphone(page).getByRole("group", { name: "Conference" });
  await conference.getByRole("textbox", { name: "Conference destination" }).fill("2125550166");
  await conference.getByRole("button", { name: "Call" }).click();
  await expect(conference.getByRole("button", { name: "Merge" })).toBeEnabled({ timeout: 10_000 });
  await conference.getByRole("button", { name: "Merge" }).click();
  await expect(conference.getByRole("button", { name: "Kick second party" })).toBeEnabled();
  await conference.getByRole("button", { name: "Kick second party" }).click();
  // The second party is gone: the agent is back with the lead alone.
  await expect(conference.getByRole("button", { name: "Kick second party" })).toBeDisabled({
    timeout: 10_000,
  });
  await expect(callBox(page)).toContainText("Established");

  const transfer = softphone(page).getByRole("button", { name: "Transfer", exact: true });
  await expect(transfer).toBeDisabled();
  await softphone(page).getByRole("textbox", { name: "Transfer destination" }).fill("2125550155");
  await transfer.click();
  await expect(callBox(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(selector(page)).toHaveText("After Call Work");
  await disposeAndStop(page);
});

test("an inbound call rings with the Inbound Call Alert, is answered in the softphone, and ends", async ({
  page,
}) => {
  // Outside operation hours the Ready agent waits for inbound calls only (no auto-dial meanwhile).
  await outsideOperationHours("manager.isius@demo.test", () => inboundCall(page));
});

async function inboundCall(page: Page) {
  await signIn(page, "qualifier.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await choose(page, "Ready");
  await expect(selector(page)).toHaveText("Ready");

  // The caller is one of the agent's own leads: the gateway routes the call to its owner.
  const self = await api("qualifier.isius@demo.test");
  expect((await self.call("POST", "/leads", { phone: "3125550144", type: "manual" })).status()).toBe(201);
  const manager = await api("manager.isius@demo.test");
  expect((await manager.call("POST", "/sim-pbx/inbound-calls", { from: "+13125550144" })).status()).toBe(201);

  const alert = page.getByRole("dialog", { name: "Inbound Call Alert" });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await alert.getByRole("button", { name: "Dismiss" }).click();
  await expect(alert).toHaveCount(0);

  await callBox(page).getByRole("button", { name: "Answer" }).click();
  await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
  await expect(page.getByRole("status", { name: "Call type" })).toHaveText("Inbound");
  await expect(selector(page)).toHaveText("On a Call");
  await expect.poll(() => audioPacketsReceived(page), { timeout: 15_000 }).toBeGreaterThan(50);
  await callBox(page).getByRole("button", { name: "Hang up" }).click();
  await expect(selector(page)).toHaveText("After Call Work");
}

test("a number that reaches a machine opens the voicemail panel and is disposed Voicemail by itself", async ({
  page,
}) => {
  // The smallest screen the call centres use: what the agent must press within seconds is in sight without
  // scrolling, in the default layout (not below the panel's visible area, not below the fold).
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, "qualifier.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await dial(page, "2125550101");
  await expect(callBox(page)).toContainText("Established", { timeout: 15_000 });
  const panel = page.getByRole("region", { name: "Voicemail detection" });
  const notAVoicemail = panel.getByRole("button", { name: "Not a voicemail" });
  await expect(notAVoicemail).toBeVisible({ timeout: 15_000 });
  await expect(notAVoicemail).toBeInViewport({ ratio: 1 });
  await expect(callBox(page).getByRole("button", { name: "Hang up" })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("region", { name: "Disposition" }).getByRole("button", { name: "Save & Next" })).toBeInViewport({ ratio: 1 });
  await expect(panel).toContainText(/disposed as Voicemail in \d+ seconds?/);
  // After the countdown (10 s) the call ends and the lead is disposed.
  await expect(page.getByText("Successfully disposed the lead!")).toBeVisible({ timeout: 20_000 });
  await expect(callBox(page)).toHaveCount(0);
  await expect(selector(page)).toHaveText("After Call Work");
});

test("an agent on an external phone is refused Ready while it is closed, and gets the call on it when open", async ({
  page,
}) => {
  const manager = await api("manager.isius@demo.test");
  await signIn(page, "qualifier2.isius@demo.test");
  await expect(selector(page)).toHaveText("Offline");
  // No WebRTC: no softphone.
  await expect(softphone(page)).toHaveCount(0);
  expect((await manager.call("PUT", "/sim-pbx/extensions/1011", { open: false })).status()).toBe(204);
  await choose(page, "Ready");
  await expect(page.getByText("Bria is closed or inactive")).toBeVisible();
  await expect(selector(page)).toHaveText("Offline");

  expect((await manager.call("PUT", "/sim-pbx/extensions/1011", { open: true })).status()).toBe(204);
  // Outside operation hours: Ready is not followed at once by an auto-dialled call, and the inbound call
  // below finds the agent free.
  await outsideOperationHours("manager.isius@demo.test", () => readyForInbound(page, manager));
});

async function readyForInbound(page: Page, manager: Awaited<ReturnType<typeof api>>) {
  await choose(page, "Ready");
  await expect(selector(page)).toHaveText("Ready");
  // An inbound call from one of the agent's leads reaches its open external phone, which picks up: the
  // workspace shows the call.
  const agent = await api("qualifier2.isius@demo.test");
  expect((await agent.call("POST", "/leads", { phone: "3125550133", type: "manual" })).status()).toBe(201);
  expect((await manager.call("POST", "/sim-pbx/inbound-calls", { from: "+13125550133" })).status()).toBe(201);
  await expect(page.getByRole("status", { name: "Call type" })).toHaveText("Inbound", { timeout: 15_000 });
  await expect(selector(page)).toHaveText("On a Call");
  const current = (await (await agent.call("GET", "/calls/current")).json()).data;
  expect(current).toMatchObject({ type: "inbound", status: "answered", phone: "+13125550133" });
  // The agent hangs up on the desk phone and disposes: nothing stays live for the next page of this agent.
  expect((await agent.call("POST", "/sim-pbx/extensions/1011/hangup")).status()).toBe(204);
  await expect(selector(page)).toHaveText("After Call Work");
  await disposeAndStop(page);
}
