import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { listOverstays, type Overstay } from "../../src/contract/status";
import { fakeGateway, renderPlugin, reply } from "../../src/sdk/testing";
import plugin from "./index";

const overstay = (id: number, over: Partial<Overstay> = {}): Overstay => ({
  id,
  agent_id: 7,
  agent_name: "Jordan Reyes",
  extension: "1001",
  role: "qualifier",
  status: "break",
  message: "users.overstayed.qualifier.break",
  limit: 1800,
  grace: 45,
  started_at: "2026-03-10T17:00:00Z",
  agent_notified_at: "2026-03-10T17:30:00Z",
  rtv_notified_at: "2026-03-10T17:30:45Z",
  ended_at: null,
  ...over,
});

describe("overstays feed", () => {
  it("shows a manager the feed from the gateway, and pushed overstays on top as they come", async () => {
    const { push } = await renderPlugin(plugin, {
      agent: { roles: ["manager"] },
      gateway: fakeGateway([reply(listOverstays, { status: 200, data: { data: [overstay(1)] } })]),
    });
    const rows = await screen.findAllByRole("row");
    expect(within(rows[1]!).getByText("Jordan Reyes (1001)")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Break")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("30 minutes")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Still in it")).toBeInTheDocument();
    await push("overstay-feed", overstay(2, { agent_name: "Aisha Johnson", extension: "1012", status: "meeting" }));
    await screen.findByText("Aisha Johnson (1012)");
    const updated = screen.getAllByRole("row");
    expect(within(updated[1]!).getByText("Aisha Johnson (1012)")).toBeInTheDocument();
    expect(within(updated[1]!).getByText("Meeting")).toBeInTheDocument();
  });

  it("says when nobody overstayed", async () => {
    await renderPlugin(plugin, { agent: { roles: ["manager"] }, gateway: fakeGateway([reply(listOverstays, { status: 200, data: { data: [] } })]) });
    expect(await screen.findByText("No agent has overstayed a status today.")).toBeInTheDocument();
  });
});
