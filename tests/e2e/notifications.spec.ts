// Manager notifications, agent side (issue 16 item 7): a manager posts through the API with its token; the
// agent's alert stack shows it live, an expiring one goes by itself, one that does not expire waits for Confirm.
import { expect, request as playwrightRequest, test, gatewayURL } from "./fixtures";
import { api, DEMO_PASSWORD, signIn } from "./helpers";

/** The rest of the manager's team answers a persistent notification too, so later tests never see it. */
async function answerForTheTeam(id: number, except: string) {
  const team = [
    "qualifier.isius@demo.test",
    "advisor.isius@demo.test",
    "qualifier2.isius@demo.test",
    "qualifier3.isius@demo.test",
    "qualifier4.isius@demo.test",
    "qualifier5.isius@demo.test",
    "newcomer@demo.test",
  ].filter((e) => e !== except);
  for (const email of team) {
    const ctx = await playwrightRequest.newContext({ baseURL: gatewayURL() });
    const login = await ctx.post("/api/v1/login", { data: { email, password: DEMO_PASSWORD } });
    const token = login.headers()["authorization"];
    if (login.status() === 201 && token)
      await ctx.put(`/api/v1/agents/me/notifications/${id}`, {
        data: { answer: "dismissed" },
        headers: { authorization: token },
      });
    await ctx.dispose();
  }
}

test("a manager's notifications reach the agent: a toast that goes by itself, an alert popup confirmed", async ({
  page,
}) => {
  const agent = "qualifier3.isius@demo.test";
  await signIn(page, agent);
  await expect(page.getByRole("heading", { name: "Agent workspace" })).toBeVisible();
  // The session is live (its socket up, its status read): a 3 s toast sent before that would be over by the time
  // a slow page first reads the waiting notifications, and is rightly not shown.
  await expect(page.getByText("You must toggle active status in order to receive calls.")).toBeVisible();
  const manager = await api("manager.isius@demo.test");

  const toast = await manager.call("POST", "/notifications", {
    message: "Coffee is ready in the kitchen",
    type: "success",
    // Long enough for a busy machine to measure it before it goes (3 s was not: the toast was gone first).
    timeout: 6,
  });
  expect(toast.status()).toBe(201);
  const toastShown = page.getByRole("status").filter({ hasText: "Coffee is ready in the kitchen" });
  await expect(toastShown).toBeVisible();
  // The toast hangs below the persistent banner, never over it: both stay readable.
  const toastBox = await toastShown.boundingBox();
  const banner = await page.getByText("You must toggle active status in order to receive calls.").boundingBox();
  expect(toastBox!.y).toBeGreaterThanOrEqual(banner!.y + banner!.height);
  await expect(page.getByText("Coffee is ready in the kitchen")).toBeHidden({ timeout: 12_000 });

  const sent = await manager.call("POST", "/notifications", {
    message: "  Please read the new call policy  ",
    type: "warning",
    dismissible: false,
    expires: false,
  });
  expect(sent.status()).toBe(201);
  const id = ((await sent.json()) as { data: { id: number } }).data.id;
  try {
    const popup = page.getByRole("status").filter({ hasText: "Please read the new call policy" });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("button", { name: "Dismiss" })).toHaveCount(0);
    // Persistent: still there after a reload (read back from the gateway), until confirmed.
    await page.reload();
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Please read the new call policy")).toBeHidden();
    // Confirmed is stored: the waiting list read after the next reload no longer has it.
    const waiting = page.waitForResponse((r) => r.url().endsWith("/api/v1/agents/me/notifications"));
    await page.reload();
    expect(
      ((await (await waiting).json()) as { data: { id: number }[] }).data.map((n) => n.id),
    ).not.toContain(id);
    await expect(page.getByRole("heading", { name: "Agent workspace" })).toBeVisible();
    await expect(page.getByText("Please read the new call policy")).toHaveCount(0);
  } finally {
    await answerForTheTeam(id, agent);
  }
});
