import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply } from "../../src/sdk/testing";
import { reconnected } from "../../src/sdk";
import { readAgentHealth, readFloorHealth, type HealthSample } from "../client-health/api";
import { FRAME_MS } from "./service";
import { endAgentCall, notifyAgent, readFloor, setAgentOffline } from "./contract";
import { agentRow, answeredCall, at, snapshot } from "./fixtures";
import plugin from "./index";
import { catalogue } from "../catalogue";
import { readGoalStatistics } from "../goals/api";
import { readLiveSupervisions, superviseAgent } from "../supervision/api";

const manager = { id: 9, roles: ["manager"] };
const jordan = agentRow({ agent_id: 7, name: "Jordan Reyes", status: "ready", since: at(65) });
const maria = agentRow({ agent_id: 8, name: "Maria Lopez", role: "advisor", extension: "2001", status: "break", since: at(1500), overstay_limit: 900 });

/** The wall's table (the plugin's other panel, Needs attention, names agents too). */
const wall = () => screen.getByRole("table", { name: "Agents on the floor" });
const rowOf = (name: string) => within(wall()).getByText(name).closest<HTMLElement>('[role="row"]')!;

describe("the floor wall", () => {
  it("shows each signed-in agent's status and time in it, ticking from the gateway's clock, and overstays in red", async () => {
    const { advance } = await renderPlugin(plugin, {
      agent: manager,
      gateway: fakeGateway([reply(readFloor, { status: 200, data: snapshot([jordan, maria]) })]),
    });
    const table = await screen.findByRole("table", { name: "Agents on the floor" });
    // Longest in status first: Maria's break, then Jordan.
    const names = within(table).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]!.textContent);
    expect(names[0]).toMatch(/Maria Lopez/);
    expect(within(rowOf("Jordan Reyes")).getByText("Ready 1:05")).toBeInTheDocument();
    expect(within(rowOf("Maria Lopez")).getByText("Over its 15:00 limit")).toBeInTheDocument();
    await advance(3000);
    expect(within(rowOf("Jordan Reyes")).getByText("Ready 1:08")).toBeInTheDocument();
    const counters = screen.getByRole("region", { name: "Floor counters" });
    expect(within(counters).getByText("Overstaying").previousSibling).toHaveTextContent("1");
  });

  it("follows pushes: a new call with the lead's name, and ignores a row read before the one it has", async () => {
    const { push, advance } = await renderPlugin(plugin, {
      agent: manager,
      gateway: fakeGateway([reply(readFloor, { status: 200, data: snapshot([jordan]) })]),
    });
    await screen.findByText("Jordan Reyes");
    const onCall = agentRow({
      ...jordan,
      as_of: at(-1),
      status: "on_a_call",
      since: at(0),
      call: answeredCall(),
      today: { ...jordan.today, calls: 5 },
    });
    await push("floor-agent", onCall);
    await advance(FRAME_MS);
    const row = rowOf("Jordan Reyes");
    expect(within(row).getByText("Ashley Walker")).toBeInTheDocument();
    expect(within(row).getByText(/Auto · talking 0:04 · NY 9:00/)).toBeInTheDocument();
    expect(within(row).getByText("5")).toBeInTheDocument();
    // A status change goes ahead of its row; one older than the row the wall has is dropped.
    await push("floor-status", { agent_id: 7, as_of: at(-2), status: "after_call_work", since: at(-2), offset_seconds: 0, overstay_limit: 60 });
    await advance(FRAME_MS);
    expect(within(rowOf("Jordan Reyes")).getByText(/^After Call Work/)).toBeInTheDocument();
    await push("floor-status", { agent_id: 7, as_of: at(10), status: "break", since: at(10), offset_seconds: 0, overstay_limit: 1800 });
    await advance(FRAME_MS);
    expect(within(rowOf("Jordan Reyes")).getByText(/^After Call Work/)).toBeInTheDocument();
    // A push from another gateway instance, read before the row the wall has: dropped.
    await push("floor-agent", { ...jordan, as_of: at(30) });
    await advance(FRAME_MS);
    expect(within(rowOf("Jordan Reyes")).getByText(/^After Call Work/)).toBeInTheDocument();
  });

  it("filters by search and role, and says when nothing matches", async () => {
    await renderPlugin(plugin, {
      agent: manager,
      gateway: fakeGateway([reply(readFloor, { status: 200, data: snapshot([jordan, maria]) })]),
    });
    await screen.findByText("Jordan Reyes");
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "advisor");
    expect(within(wall()).queryByText("Jordan Reyes")).toBeNull();
    expect(within(wall()).getByText("Maria Lopez")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Agent, extension or lead" }), "jordan");
    expect(screen.getByText("No agent matches these filters.")).toBeInTheDocument();
  });

  it("reads the floor again when the socket comes back", async () => {
    const gateway = fakeGateway([reply(readFloor, { status: 200, data: snapshot([jordan]) })]);
    const { emit } = await renderPlugin(plugin, { agent: manager, gateway });
    await screen.findByText("Jordan Reyes");
    gateway.reply(readFloor, { status: 200, data: snapshot([jordan, maria]) });
    await emit(reconnected, {});
    expect(await within(wall()).findByText("Maria Lopez")).toBeInTheDocument();
  });

  it("speaks French", async () => {
    await renderPlugin(plugin, {
      agent: manager,
      language: "fr",
      gateway: fakeGateway([reply(readFloor, { status: 200, data: snapshot([jordan]) })]),
    });
    expect(await screen.findByRole("table", { name: "Agents du plateau" })).toBeInTheDocument();
    expect(screen.getByText("Disponible 1:05")).toBeInTheDocument();
  });

  it("shows each agent's client health, turns red when its page reports packet loss, and opens the detail", async () => {
    const sample = (over: Partial<HealthSample> = {}): HealthSample => ({
      agent_id: 7,
      at: at(5),
      report: {
        socket_reconnects: 0, socket_connected: true, sip: "registered", microphone: "granted", page: "visible", timer_lateness_ms: 4,
        call: { packet_loss_pct: 0.5, jitter_ms: 6, rtt_ms: 40, mic_level: 0.2, mos: 4.3 },
      },
      verdict: "good",
      reasons: [],
      ...over,
    });
    const lossy = sample({
      at: at(0),
      verdict: "bad",
      reasons: ["packet_loss", "mos"],
      report: { ...sample().report, call: { packet_loss_pct: 9.5, jitter_ms: 20, rtt_ms: 60, mic_level: 0.3, mos: 2.8 } },
    });
    const { push, advance } = await renderPlugin(plugin, {
      agent: manager,
      gateway: fakeGateway([
        reply(readFloor, { status: 200, data: snapshot([jordan]) }),
        reply(readFloorHealth, { status: 200, data: { data: [sample()] } }),
        reply(readAgentHealth, { status: 200, data: { data: [sample(), lossy] } }),
      ]),
    });
    const badge = await screen.findByRole("button", { name: "Client health of Jordan Reyes: OK" });
    expect(badge).toBeInTheDocument();
    await push("client-health", lossy);
    await advance(FRAME_MS);
    const red = screen.getByRole("button", { name: "Client health of Jordan Reyes: Poor" });
    expect(red).toHaveAttribute("title", "packet loss, poor audio (MOS)");
    await userEvent.setup().click(red);
    const dialog = await screen.findByRole("dialog", { name: "Client health: Jordan Reyes" });
    expect(await within(dialog).findByRole("row", { name: "Packet loss 9.5 %" })).toBeInTheDocument();
    expect(within(dialog).getByRole("table", { name: "The last hour" })).toBeInTheDocument();
  });

  it("says so when a signed-in agent's page stopped reporting", async () => {
    const old: HealthSample = {
      agent_id: 7, at: at(45), verdict: "good", reasons: [],
      report: { socket_reconnects: 0, socket_connected: true, sip: null, microphone: null, page: "visible", timer_lateness_ms: 0, call: null },
    };
    await renderPlugin(plugin, {
      agent: manager,
      gateway: fakeGateway([reply(readFloor, { status: 200, data: snapshot([jordan]) }), reply(readFloorHealth, { status: 200, data: { data: [old] } })]),
    });
    expect(await screen.findByRole("button", { name: "Client health of Jordan Reyes: No report" })).toBeInTheDocument();
  });

  it("acts on an agent from its row: a message, set offline with a reason, and a stuck call ended after confirming", async () => {
    const onCall = agentRow({
      ...jordan,
      status: "on_a_call",
      call: answeredCall(),
    });
    const gateway = fakeGateway([
      reply(readFloor, { status: 200, data: snapshot([onCall, maria]) }),
      reply(notifyAgent, { status: 201, data: { data: { id: 5 } } }),
      reply(setAgentOffline, { status: 204, data: null }),
      reply(endAgentCall, { status: 200, data: { outcome: "ended" } }),
    ]);
    const { notify } = await renderPlugin(plugin, { agent: manager, gateway });
    const toasts = () => notify.shown.map((n) => n.text);
    const user = userEvent.setup();
    await screen.findByRole("table", { name: "Agents on the floor" });
    // Each menu by its name: the one closed before may still be leaving the screen.
    const menuOf = (name: string) => screen.findByRole("menu", { name: `Actions for ${name}` });
    await user.click(within(wall()).getByRole("button", { name: "Actions for Maria Lopez" }));
    await user.click(within(await menuOf("Maria Lopez")).getByRole("menuitem", { name: "Send a message…" }));
    const dialog = await screen.findByRole("dialog", { name: "A message to Maria Lopez" });
    const send = within(dialog).getByRole("button", { name: "Send" });
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Short");
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), " break is over, please");
    expect(within(dialog).getByRole("textbox", { name: "Message" })).toHaveValue("Short break is over, please");
    await user.click(send);
    await waitFor(() => expect(toasts()).toContain("Message sent to Maria Lopez."));
    const sent = gateway.requests.find((r) => r.path === "/floor/agents/8/notifications")!;
    expect(sent.body).toEqual({ message: "Short break is over, please", type: "warning" });

    await waitFor(() => expect(screen.queryAllByRole("menu", { name: "Actions for Maria Lopez" })).toHaveLength(0));
    await user.click(within(wall()).getByRole("button", { name: "Actions for Maria Lopez" }));
    await user.click(within(await menuOf("Maria Lopez")).getByRole("menuitem", { name: "Set offline…" }));
    const offline = await screen.findByRole("dialog", { name: "Set Maria Lopez offline" });
    await user.type(within(offline).getByRole("textbox", { name: "Why (the agent reads it)" }), "Team meeting in room 2.");
    await user.click(within(offline).getByRole("button", { name: "Set offline" }));
    await waitFor(() => expect(toasts()).toContain("Maria Lopez is offline."));

    // Jordan is on a call: not set offline from here, but the call can be ended.
    await user.click(within(wall()).getByRole("button", { name: "Actions for Jordan Reyes" }));
    const jordansMenu = await menuOf("Jordan Reyes");
    expect(within(jordansMenu).getByRole("menuitem", { name: "Set offline…" })).toHaveAttribute("aria-disabled", "true");
    await user.click(within(jordansMenu).getByRole("menuitem", { name: "End the call" }));
    expect(await screen.findByText("End Jordan Reyes's call with Ashley Walker? The call is hung up for everyone on it.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "End the call" }));
    await waitFor(() => expect(toasts()).toContain("Jordan Reyes's call was ended."));
    expect(gateway.requests.some((r) => r.path === "/floor/agents/7/call-end")).toBe(true);
  });

  it("offers the users area's agent actions in a row's menu: the agent's statistics open in that plugin's dialog", async () => {
    const measure = (current: number, target: number) => ({ current, target });
    const stats = {
      dials: { hourly: measure(12, 60), daily: measure(43, 400) },
      transfers: { hourly: measure(0, 1), daily: measure(2, 6) },
      sales: { hourly: measure(0, 0), daily: measure(0, 0) },
      new_leads: 3, "new-leads-threshold": 1, hours: 4.5, followUps: 2, pickups: 20,
    };
    await renderPlugin(plugin, {
      agent: manager,
      providers: [(await catalogue.users()).default],
      gateway: fakeGateway([
        reply(readFloor, { status: 200, data: snapshot([jordan]) }),
        reply(readGoalStatistics, { status: 200, data: stats }),
      ]),
    });
    const user = userEvent.setup();
    await screen.findByRole("table", { name: "Agents on the floor" });
    await user.click(within(wall()).getByRole("button", { name: "Actions for Jordan Reyes" }));
    await user.click(within(await screen.findByRole("menu", { name: "Actions for Jordan Reyes" })).getByRole("menuitem", { name: "User statistics" }));
    const dialog = await screen.findByRole("dialog", { name: /Jordan Reyes/ });
    expect(await within(dialog).findByText("43")).toBeInTheDocument();
  });
});

describe("supervision from the wall", () => {
  it("offers listen, whisper and barge on an answered call only, and shows who supervises a call", async () => {
    const onCall = agentRow({
      ...jordan,
      status: "on_a_call",
      call: answeredCall({ call_id: 31, started_at: at(40), answered_at: at(30) }),
    });
    const supervision = {
      id: 4, manager_id: 9, manager_name: "Dana Whitfield", agent_id: 7, agent_name: "Jordan Reyes", call_id: 31,
      mode: "monitor", state: "live", started_at: at(5), answered_at: at(4), ended_at: null, end_reason: null,
    } as const;
    const gateway = fakeGateway([
      reply(readFloor, { status: 200, data: snapshot([onCall, maria]) }),
      reply(readLiveSupervisions, { status: 200, data: { data: [] } }),
      reply(superviseAgent, { status: 200, data: { data: supervision } }),
    ]);
    const { push } = await renderPlugin(plugin, {
      agent: manager,
      providers: [(await catalogue.supervision()).default],
      gateway,
    });
    const user = userEvent.setup();
    await screen.findByRole("table", { name: "Agents on the floor" });
    // Maria is on a break: nothing to listen to.
    await user.click(within(wall()).getByRole("button", { name: "Actions for Maria Lopez" }));
    const mariasMenu = await screen.findByRole("menu", { name: "Actions for Maria Lopez" });
    expect(within(mariasMenu).queryByRole("menuitem", { name: "Listen to the call" })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.click(within(wall()).getByRole("button", { name: "Actions for Jordan Reyes" }));
    const menu = await screen.findByRole("menu", { name: "Actions for Jordan Reyes" });
    expect(within(menu).getByRole("menuitem", { name: "Whisper to the agent" })).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Barge into the call" })).toBeInTheDocument();
    await user.click(within(menu).getByRole("menuitem", { name: "Listen to the call" }));
    await waitFor(() =>
      expect(gateway.requests.find((r) => r.path === "/supervision/agents/7")?.body).toEqual({ mode: "monitor" }),
    );
    await push("supervision-changed", supervision);
    expect(await within(rowOf("Jordan Reyes")).findByLabelText("Dana Whitfield listening")).toHaveTextContent("Monitored");
  });
});
