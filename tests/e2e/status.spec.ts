// Agent status as agents live it: the selector and its timer, the gateway's record, refusals, auto-ready,
// one tab per agent, and a manager's calling toggle reaching the agent at once.
import { expect, test, type Page } from "./fixtures";
import { api, disposeAndStop, outsideOperationHours, signIn, useLanguage } from "./helpers";

const selector = (page: Page) => page.getByRole("button", { name: /^Status: / });
const timer = (page: Page) => page.getByRole("timer", { name: "Time in status" });

async function choose(page: Page, status: string) {
  await selector(page).click();
  await page
    .getByRole("menu", { name: "Status" })
    .getByRole("menuitem", { name: status, exact: true })
    .click();
}

test("a qualifier goes Ready, Break, Restroom, After Call Work, Offline; the gateway records each", async ({
  page,
}) => {
  // Outside operation hours Ready stays Ready: no lead is auto-dialed meanwhile.
  await outsideOperationHours("manager.isius@demo.test", () => readyBreakRestroom(page));
});

async function readyBreakRestroom(page: Page) {
  await signIn(page, "qualifier.isius@demo.test");
  // A new connection starts offline, with the persistent reminder.
  await expect(selector(page)).toHaveText("Offline");
  await expect(page.getByText("You must toggle active status in order to receive calls.")).toBeVisible();

  await choose(page, "Ready");
  await expect(selector(page)).toHaveText("Ready");
  await expect(selector(page)).toHaveClass(/bp6-intent-success/);
  await expect(timer(page)).toHaveText(/00:0\d/);
  await expect(page.getByText("You must toggle active status in order to receive calls.")).toHaveCount(0);
  await expect(timer(page)).not.toHaveText("00:00", { timeout: 4000 });

  const manager = await api("manager.isius@demo.test");
  const statusOf = async () => {
    const rows = (await (await manager.call("GET", "/agent-statuses")).json()).data as {
      name: string;
      status: string;
    }[];
    return rows.find((r) => r.name === "Jordan Reyes")!.status;
  };
  await expect.poll(statusOf).toBe("ready");

  for (const [label, wire] of [
    ["Break", "break"],
    ["Restroom", "restroom"],
    ["After Call Work", "after_call_work"],
  ] as const) {
    await choose(page, label);
    await expect(selector(page)).toHaveText(label);
    await expect(selector(page)).toHaveClass(/bp6-intent-danger/);
    await expect(timer(page)).toHaveText(/00:0\d/);
    await expect.poll(statusOf).toBe(wire);
  }
  await choose(page, "Offline");
  await expect(selector(page)).toHaveText("Offline");
  await expect(page.getByText("You must toggle active status in order to receive calls.")).toBeVisible();
  await expect.poll(statusOf).toBe("offline");
}

test("an advisor's third break of the day is refused with the specification's message", async ({ page }) => {
  const advisor = await api("advisor.slica@demo.test");
  for (const s of ["break", "ready", "break", "ready"])
    expect((await advisor.call("POST", "/agent-statuses", { status: s })).status()).toBe(201);

  // This advisor works in French; the test reads the English screen.
  await useLanguage("advisor.slica@demo.test", "en");
  await signIn(page, "advisor.slica@demo.test");
  await expect(selector(page)).toBeEnabled();
  await choose(page, "Break");
  await expect(page.getByText("Advisors may not take more than two 15-minute breaks a day.")).toBeVisible();
  await expect(selector(page)).toHaveText("Offline");
});

test("an advisor with auto-ready is told, then switched to Ready", async ({ page }) => {
  const manager = await api("manager.isius@demo.test");
  const globals = await (await manager.call("GET", "/settings/globals")).json();
  expect(
    (
      await manager.call("PUT", "/settings/globals", {
        ...globals,
        "auto-ready:after-call-work-threshold": 4,
      })
    ).status(),
  ).toBe(204);
  try {
    // Outside operation hours, so that Ready is not followed at once by an auto-dialled call.
    await outsideOperationHours("manager.isius@demo.test", async () => {
      await signIn(page, "advisor.isius@demo.test");
      await choose(page, "After Call Work");
      await expect(page.getByText("You will be automatically switched to ready")).toBeVisible();
      await expect(page.getByRole("button", { name: "Postpone" })).toBeVisible();
      await expect(selector(page)).toHaveText("Ready", { timeout: 10_000 });
    });
  } finally {
    await manager.call("PUT", "/settings/globals", globals);
  }
});

test("Save & Stop stops an auto-ready advisor: no automatic Ready and no dial until it chooses Ready itself", async ({ page }) => {
  test.setTimeout(90_000);
  const manager = await api("manager.isius@demo.test");
  const globals = await (await manager.call("GET", "/settings/globals")).json();
  expect(
    (await manager.call("PUT", "/settings/globals", { ...globals, "auto-ready:after-call-work-threshold": 4 })).status(),
  ).toBe(204);
  try {
    await signIn(page, "advisor.isius@demo.test");
    const softphone = page.getByRole("region", { name: "Softphone" });
    await expect(softphone.getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
    // A call of the advisor's own (a follow-up from its list), then Save & Stop.
    const summary = page.getByRole("region", { name: "User summary" });
    await summary.getByRole("tab", { name: /^Follow-ups/ }).click();
    await summary.getByRole("button", { name: "Dial" }).first().click();
    const callBox = softphone.getByRole("group", { name: /^Call with / });
    await expect(callBox).toContainText("Established", { timeout: 20_000 });
    await expect(selector(page)).toHaveText("On a Call");
    await callBox.getByRole("button", { name: "Hang up" }).click();
    // A follow-up's call ends in Follow Up; Save & Stop then holds the advisor in After Call Work.
    await expect(selector(page)).toHaveText("Follow Up");
    await disposeAndStop(page);
    await expect(selector(page)).toHaveText("After Call Work");
    // Three times the auto-ready threshold: still in after-call work, nothing dialled, no notice of a switch.
    await page.waitForTimeout(12_000);
    await expect(selector(page)).toHaveText("After Call Work");
    await expect(callBox).toHaveCount(0);
    await expect(page.getByText("You will be automatically switched to ready")).toHaveCount(0);
  } finally {
    await manager.call("PUT", "/settings/globals", globals);
  }
});

test("a second tab of the same agent is refused, and takes over when the first closes", async ({
  context,
}) => {
  const first = await context.newPage();
  await signIn(first, "qualifier3.isius@demo.test");
  await expect(selector(first)).toBeVisible();
  const second = await context.newPage();
  await second.goto("/");
  await expect(
    second.getByText("The Dialer is already open in another tab. Please close this tab!"),
  ).toBeVisible();
  await expect(second.getByRole("button", { name: /^Status: / })).toHaveCount(0);
  await first.close();
  await expect(selector(second)).toBeVisible({ timeout: 5000 });
});

test("a manager disabling calling reaches the agent at once", async ({ page }) => {
  await signIn(page, "qualifier5.isius@demo.test");
  await expect(selector(page)).toBeVisible();
  const manager = await api("manager.isius@demo.test");
  const agents = (await (await manager.call("GET", "/agent-statuses")).json()).data as {
    agent_id: number;
    name: string;
  }[];
  const rachel = agents.find((a) => a.name === "Rachel Kim")!;
  expect(
    (
      await manager.call("PATCH", `/agents/${rachel.agent_id}/calling-statuses`, { deactivated: true })
    ).status(),
  ).toBe(204);
  try {
    await expect(page.getByText("A manager disabled calling for your extension").first()).toBeVisible();
    await expect(page.getByText("deactivated", { exact: true })).toBeVisible();
    await expect(selector(page)).toHaveCount(0);
  } finally {
    await manager.call("PATCH", `/agents/${rachel.agent_id}/calling-statuses`, { deactivated: false });
  }
  await expect(selector(page)).toBeVisible();
});
