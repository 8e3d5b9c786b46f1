import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply } from "../../src/sdk/testing";
import { readFloorHealth, type HealthSample } from "../client-health/api";
import { readFloor } from "./contract";
import { agentRow, at, snapshot } from "./fixtures";
import plugin from "./index";

const manager = { id: 9, roles: ["manager"] };

const health = (agent_id: number, verdict: HealthSample["verdict"], secondsAgo = 3): HealthSample => ({
  agent_id,
  at: at(secondsAgo),
  verdict,
  reasons: verdict === "good" ? [] : ["packet_loss"],
  report: { socket_reconnects: 0, socket_connected: true, sip: "registered", microphone: "granted", page: "visible", timer_lateness_ms: 0, call: null },
});

describe("needs attention", () => {
  it("lists the agents a manager should look at, most reasons first, and leaves the others out", async () => {
    const rows = [
      agentRow({ agent_id: 1, name: "Ana Avila", status: "ready" }),
      agentRow({ agent_id: 2, name: "Ben Ortiz", status: "break", since: at(2000), overstay_limit: 1800 }),
      agentRow({ agent_id: 3, name: "Cara Li", status: "not_synced", since: at(30) }),
      agentRow({ agent_id: 4, name: "Dev Shah", status: "offline", overstayed: true }),
    ];
    await renderPlugin(plugin, {
      agent: manager,
      gateway: fakeGateway([
        reply(readFloor, { status: 200, data: snapshot(rows) }),
        reply(readFloorHealth, { status: 200, data: { data: [health(1, "good"), health(2, "bad"), health(3, "good", 120)] } }),
      ]),
    });
    const list = await screen.findByRole("list", { name: "Agents who need attention" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Ben Ortiz Break 33:20OverstayPoor health$/),
      expect.stringMatching(/^Cara Li Not Synced 0:30System statusPage silent$/),
    ]);
  });

  it("says when nobody needs attention", async () => {
    await renderPlugin(plugin, {
      agent: manager,
      gateway: fakeGateway([reply(readFloor, { status: 200, data: snapshot([agentRow()]) })]),
    });
    expect(await screen.findByText("Nobody needs attention right now.")).toBeInTheDocument();
  });
});
