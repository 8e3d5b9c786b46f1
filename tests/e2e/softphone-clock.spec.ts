// A softphone on a PC whose clock is hours off, through a whole shift's credential refresh (issue 33, defect 1).
// The gateway's SIP credentials last 12 hours by the gateway's clock, and the authorization user carries
// their expiry. The browser's clock here runs 13 hours ahead of the gateway's (as the demo's pinned gateway
// clock leaves it); Playwright's clock then jumps the page 13 hours on, as a laptop lid closed for a night
// would: the softphone must refresh its credentials once, register with the whole new pair, stay Connected
// through the registrar's next refresh, and still call.
import type { WebSocket } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";
import { api, disposeAndStop, recordPeerConnections, signIn } from "./helpers";

const HOUR = 3600_000;
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });

/** The final answers (not 1xx, not the 401 challenge) the registrar gives the page's REGISTERs, in order. */
function registrarAnswers(page: Page) {
  const answers: number[] = [];
  page.on("websocket", (ws: WebSocket) =>
    ws.on("framereceived", ({ payload }) => {
      const text = String(payload);
      const status = /^SIP\/2\.0 (\d{3})/.exec(text)?.[1];
      if (status && /^CSeq:\s*\d+ REGISTER/im.test(text) && status !== "401" && !status.startsWith("1"))
        answers.push(Number(status));
    }),
  );
  return answers;
}

test("a softphone whose PC clock is 13 hours off refreshes its credentials once, stays Connected and can call", async ({
  page,
}) => {
  await recordPeerConnections(page);
  // The gateway's time, as the agent's status snapshot tells it.
  const snapshot = await (await (await api("qualifier.isius@demo.test")).call("GET", "/agents/me/status")).json();
  const gatewayNow = Date.parse(snapshot.data.server_time);
  expect(gatewayNow).toBeGreaterThan(0);
  await page.clock.install({ time: gatewayNow + 13 * HOUR });
  const registrar = registrarAnswers(page);
  const credentials: string[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/api/v1/webrtc/credentials")) credentials.push(r.status() === 200 ? "ok" : String(r.status()));
  });

  await signIn(page, "qualifier.isius@demo.test");
  await expect(softphone(page).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  expect(credentials).toEqual(["ok"]);

  // A minute on, then two: no refresh yet (the credentials are good for 12 hours of the gateway's time).
  await page.clock.runFor(2 * 60_000);
  await expect(softphone(page).getByRole("status")).toHaveText("Connected");
  expect(credentials).toEqual(["ok"]);

  // Thirteen hours on: the refresh falls due once, and the page registers with the new pair at once.
  const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/v1/webrtc/credentials"));
  const before = registrar.length;
  await page.clock.fastForward(13 * HOUR);
  expect((await refreshed).status()).toBe(200);
  await expect.poll(() => registrar.slice(before), { timeout: 20_000 }).toContain(200);

  // The registrar's own refresh, with whatever the page holds now: still accepted.
  const beforeRefresh = registrar.length;
  await page.clock.fastForward(2 * 60_000);
  await expect.poll(() => registrar.length, { timeout: 20_000 }).toBeGreaterThan(beforeRefresh);
  expect(registrar.slice(beforeRefresh)).toEqual(registrar.slice(beforeRefresh).map(() => 200));
  await expect(softphone(page).getByRole("status")).toHaveText("Connected");
  await expect(softphone(page).getByRole("alert")).toHaveCount(0);
  expect(credentials).toEqual(["ok", "ok"]);

  // And it calls.
  await softphone(page).getByRole("textbox", { name: "Number" }).fill("2125550188");
  await softphone(page).getByRole("button", { name: "Call", exact: true }).click();
  const callBox = softphone(page).getByRole("group", { name: /^Call with / });
  await expect(callBox).toContainText("Established", { timeout: 15_000 });
  await callBox.getByRole("button", { name: "Hang up" }).click();
  await disposeAndStop(page);
});
