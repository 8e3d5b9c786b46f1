// Supervision as a manager lives it (issue 35, part 3): from the wall, the ISIUS manager listens to an agent's
// auto-dialled call on its own softphone (its page receives the call's audio), whispers (the agent's leg receives
// the manager's voice, the lead's does not, and the agent's page says who coaches it), barges (the lead hears the
// manager too) and leaves; the admin then reads the supervision in the audit trail. Both pages use Chromium's fake
// microphone, a tone: real audio the simulated PBX's media edge counts per leg.
import { expect, test, type Page } from "./fixtures";
import { api, audioPacketsReceived, disposeAndStop, recordPeerConnections, signIn } from "./helpers";

const selector = (page: Page) => page.getByRole("button", { name: /^Status: / });
const softphone = (page: Page) => page.getByRole("region", { name: "Softphone" });
const callBox = (page: Page) => softphone(page).getByRole("group", { name: /^Call with / });

interface MediaLeg {
  legId: string;
  role: string;
  state: string;
  heard: Record<string, number>;
}

/** What each leg of the agent's call received, as the media edge counts it (the simulated PBX's report). */
async function mediaOf(manager: Awaited<ReturnType<typeof api>>, agentId: number) {
  const floor = (await (await manager.call("GET", "/floor")).json()) as { agents: { agent_id: number; call: { call_id: number } | null }[] };
  const callId = floor.agents.find((a) => a.agent_id === agentId)?.call?.call_id;
  if (!callId) return null;
  const res = await manager.call("GET", `/sim-pbx/calls/${callId}/media`);
  if (res.status() !== 200) return null;
  const legs = ((await res.json()) as { data: { legs: MediaLeg[] } }).data.legs;
  const live = (role: string) => legs.find((l) => l.role === role && l.state !== "ended");
  const agent = live("agent");
  const supervisor = live("supervisor");
  const lead = live("lead");
  if (!agent || !supervisor || !lead) return null;
  return {
    supervisorHeardAgent: supervisor.heard[agent.legId] ?? 0,
    agentHeardManager: agent.heard[supervisor.legId] ?? 0,
    leadHeardManager: lead.heard[supervisor.legId] ?? 0,
  };
}

test("the manager listens, whispers and barges on an agent's call with real audio, and the admin reads it in the audit trail", async ({
  browser,
  page: wallPage,
}) => {
  test.setTimeout(180_000);
  await recordPeerConnections(wallPage);
  await signIn(wallPage, "manager.isius@demo.test");
  const wall = wallPage.getByRole("table", { name: "Agents on the floor" });
  await expect(wall).toBeVisible({ timeout: 20_000 });
  // The manager's own softphone, listen-only: no number to dial.
  await expect(softphone(wallPage).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
  await expect(softphone(wallPage).getByRole("button", { name: "Call", exact: true })).toHaveCount(0);
  await wallPage.getByText("Signed-out agents", { exact: true }).click();
  await wallPage.getByRole("searchbox", { name: "Agent, extension or lead" }).fill("Jordan");
  const row = wall.getByRole("row").filter({ hasText: "Jordan Reyes" });
  await expect(row).toBeVisible();

  const manager = await api("manager.isius@demo.test");
  const jordan = (await api("qualifier.isius@demo.test")).id;
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  try {
    await signIn(agent, "qualifier.isius@demo.test");
    await expect(softphone(agent).getByRole("status")).toHaveText("Connected", { timeout: 20_000 });
    await selector(agent).click();
    await agent.getByRole("menu", { name: "Status" }).getByRole("menuitem", { name: "Ready", exact: true }).click();
    await expect(callBox(agent)).toContainText("Established", { timeout: 20_000 });
    await expect(row.getByRole("cell").nth(2)).toContainText(/ · talking \d+:\d\d/, { timeout: 5_000 });

    // Listen: the manager's phone takes the leg by itself, and its page receives the call's audio.
    await row.getByRole("button", { name: "Actions for Jordan Reyes" }).click();
    await wallPage.getByRole("menuitem", { name: "Listen to the call" }).click();
    const bar = wallPage.getByRole("region", { name: "Supervision" });
    await expect(bar).toContainText("Listening to Jordan Reyes");
    await expect(bar).toContainText(/\d+:\d\d/, { timeout: 15_000 });
    await expect(callBox(wallPage)).toContainText("Established");
    await expect.poll(() => audioPacketsReceived(wallPage), { timeout: 15_000 }).toBeGreaterThan(50);
    await expect(row.getByLabel("Dana Whitfield listening")).toHaveText("Monitored");
    await expect(agent.getByRole("status").filter({ hasText: "Dana Whitfield is listening to this call." })).toBeVisible();
    await expect.poll(async () => (await mediaOf(manager, jordan))?.supervisorHeardAgent ?? 0, { timeout: 15_000 }).toBeGreaterThan(25);
    const monitored = (await mediaOf(manager, jordan))!;
    expect(monitored.agentHeardManager).toBe(0);
    expect(monitored.leadHeardManager).toBe(0);

    // Whisper: the agent's leg receives the manager's voice, the lead's does not.
    await bar.getByRole("button", { name: "Whisper" }).click();
    await expect(bar).toContainText("Whispering to Jordan Reyes");
    await expect(agent.getByRole("status").filter({ hasText: "Dana Whitfield is coaching you: only you hear them." })).toBeVisible();
    await expect.poll(async () => (await mediaOf(manager, jordan))?.agentHeardManager ?? 0, { timeout: 15_000 }).toBeGreaterThan(25);
    expect((await mediaOf(manager, jordan))!.leadHeardManager).toBe(0);

    // Barge: three-way, the lead hears the manager too; the same phone leg all along.
    await bar.getByRole("button", { name: "Barge" }).click();
    await expect(bar).toContainText("On the call with Jordan Reyes");
    await expect(agent.getByRole("status").filter({ hasText: "Dana Whitfield has joined this call" })).toBeVisible();
    await expect.poll(async () => (await mediaOf(manager, jordan))?.leadHeardManager ?? 0, { timeout: 15_000 }).toBeGreaterThan(25);

    await bar.getByRole("button", { name: "Leave" }).click();
    await expect(bar).toBeHidden();
    await expect(callBox(wallPage)).toBeHidden({ timeout: 10_000 });
    await expect(agent.getByText(/Dana Whitfield/)).toBeHidden({ timeout: 5_000 });
    // The call goes on without the manager.
    await expect(callBox(agent)).toContainText("Established");
    await callBox(agent).getByRole("button", { name: "Hang up" }).click();
    await expect(selector(agent)).toHaveText("After Call Work");
    await disposeAndStop(agent);
  } finally {
    await agentContext.close();
  }

  // The admin reads it: who, whom, each mode, and how it ended.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.test");
  await admin.getByRole("button", { name: "Admin Panel" }).click();
  await admin.getByRole("link", { name: "Supervision" }).click();
  const audit = admin.getByRole("table", { name: "Audit trail" });
  const first = audit.getByRole("row").nth(1);
  await expect(first).toContainText("Dana Whitfield");
  await expect(first).toContainText("Jordan Reyes");
  await expect(first).toContainText(/Listen \(.+\) → Whisper \(.+\) → Barge \(.+\)/);
  await expect(first).toContainText("Manager left");
  await adminContext.close();
});
