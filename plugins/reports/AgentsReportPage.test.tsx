// Agent performance as a manager reads it, over the gateway's answers: today's figures per agent with the team's
// total and its tiles, a column sorted both ways, a preset range asked by its days and grouping, a range the
// contract refuses said at its field before anything is sent, the CSV; and the same in French and Spanish with no
// English left.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply } from "../../src/sdk/testing";
import { agentReport, type AgentRangeRow, type AgentReport } from "./contract";
import plugin from "./index";
import { blankSums } from "./metrics";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { englishLeft } from "./testing";

const manager = { id: 9, roles: ["manager"] };

/** An agent's day: worked, so that the day's quotas are its targets. */
const line = (agentId: number, over: Partial<AgentRangeRow>): AgentRangeRow => ({
  ...blankSums(),
  agent_id: agentId,
  periods_worked: 1,
  ...over,
});

const report = (over: Partial<AgentReport> = {}): AgentReport => ({
  from: "2026-03-11",
  to: "2026-03-11",
  by: "day",
  time_zone: "America/New_York",
  as_of: "2026-03-11T18:00:00.000Z",
  today: "2026-03-11",
  agents: [
    { id: 1, name: "Jordan Reyes", role: "qualifier", active: true },
    { id: 2, name: "Avery Chen", role: "qualifier", active: true },
    { id: 3, name: "Old Timer", role: "advisor", active: false },
    { id: 4, name: "Quiet Disabled", role: "advisor", active: false },
  ],
  per_agent: [
    line(1, {
      status_seconds: { ready: 3600, on_a_call: 1800, after_call_work: 600, break: 900, offline: 100 },
      dials: 40,
      contacts: 10,
      talk_seconds: 1800,
      dispositions: { "Appointment Setup": 3, Voicemail: 20 },
    }),
    line(2, {
      status_seconds: { ready: 1800 },
      dials: 10,
      contacts: 5,
      talk_seconds: 300,
      overstays: 1,
      dispositions: { "Not Interested": 4, Live_Transfer: 1 },
    }),
    line(3, { dials: 2, dispositions: { Sold: 1 } }),
  ],
  // One day: the chart needs two points and is not drawn.
  per_period: [{ ...blankSums(), period: "2026-03-11", dials: 52, contacts: 15 }],
  // A day's quotas: a qualifier 400 dials and 6 bookings, no sales; an advisor 100 dials, 4 bookings, 2 sales.
  quotas: {
    dials: { qualifier: [60, 400, 2000, 8000], advisor: [15, 100, 500, 2000] },
    meetings: { qualifier: [1, 6, 30, 120], advisor: [1, 4, 20, 80] },
    sales: { qualifier: [0, 0, 0, 0], advisor: [1, 2, 10, 40] },
  },
  ...over,
});

async function open(
  language?: "fr" | "es",
  answer: (q: Record<string, string>) => AgentReport = () => report(),
) {
  const gateway = fakeGateway([
    reply(agentReport, ({ query }) => ({
      status: 200,
      data: { data: answer(query as unknown as Record<string, string>) },
    })),
  ]);
  const page = await renderPlugin(plugin, {
    agent: manager,
    gateway,
    adminPage: "reports/agents",
    ...(language && { language }),
  });
  await screen.findByRole("table", { name: /^\d+ agent/ });
  return { ...page, gateway };
}

const bodyRows = () =>
  within(screen.getByRole("table", { name: /^\d+ agent/ }))
    .getAllByRole("row")
    .slice(1, -1);
const names = () => bodyRows().map((r) => within(r).getByRole("rowheader").textContent);

describe("the agent performance page", () => {
  it("shows today's figures per agent, the disabled ones only with figures, and the team's total", async () => {
    await open();
    expect(screen.getByRole("heading", { name: "Agent performance", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Mar 11, 2026 · America/New_York time");
    expect(names()).toEqual(["Avery Chen", "Jordan Reyes", "Old Timer (disabled)"]);
    const jordan = screen.getByRole("row", { name: /Jordan Reyes/ });
    const cells = within(jordan)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    // Logged in (all but offline), ready, on a call, after-call work, away, overstays, dials, contacts, rate, talk,
    // handle = (talk + wrap) / contacts, wrap / contacts, bookings, transfers sent and taken, sales, and the goals
    // met: 40 of 400 dials (10 %) and 3 of 6 bookings (50 %) average 30 % (a qualifier has no sales quota).
    expect(cells).toEqual([
      "1:55:00",
      "1:00:00",
      "30:00",
      "10:00",
      "15:00",
      "0",
      "40",
      "10",
      "25%",
      "30:00",
      "4:00",
      "1:00",
      "3",
      "0",
      "0",
      "0",
      "30%",
    ]);
    expect(within(jordan).getAllByRole("cell").at(-1)).toHaveAttribute(
      "title",
      "Dials 40 of 400 · Bookings 3 of 6 · Sales –",
    );
    const total = screen.getByRole("row", { name: /Team total/ });
    expect(within(total).getAllByRole("cell")[6]).toHaveTextContent("52");
    const tiles = screen.getByRole("region", { name: "The team's figures for the range" });
    expect(tiles).toHaveTextContent("Dials52");
    expect(tiles).toHaveTextContent("Bookings4");
    expect(tiles).toHaveTextContent("Sales1");
  });

  it("sorts by any column, largest first, and back", async () => {
    const { user } = await open();
    const dials = screen.getByRole("columnheader", { name: /Dials/ });
    await user.click(within(dials).getByRole("button"));
    expect(dials).toHaveAttribute("aria-sort", "descending");
    expect(names()).toEqual(["Jordan Reyes", "Avery Chen", "Old Timer (disabled)"]);
    await user.click(within(dials).getByRole("button"));
    expect(dials).toHaveAttribute("aria-sort", "ascending");
    expect(names()).toEqual(["Old Timer (disabled)", "Avery Chen", "Jordan Reyes"]);
  });

  it("asks a preset's days from the call centre's today, grouped to read well, and a chosen range as given", async () => {
    const { user, gateway } = await open();
    await user.selectOptions(screen.getByLabelText("Range"), "this_year");
    // 70 days read by week.
    await waitFor(() =>
      expect(gateway.requests.at(-1)?.url).toContain("from=2026-01-01&to=2026-03-11&by=week"),
    );
    await user.selectOptions(screen.getByLabelText("By"), "month");
    await waitFor(() =>
      expect(gateway.requests.at(-1)?.url).toContain("from=2026-01-01&to=2026-03-11&by=month"),
    );
    const asked = gateway.requests.length;
    await user.clear(screen.getByLabelText("Last day"));
    await user.type(screen.getByLabelText("Last day"), "2025-12-01");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("The last day must be on or after the first.")).toBeInTheDocument();
    expect(gateway.requests.length).toBe(asked);
  });

  it("says everything in French and in Spanish", async () => {
    for (const [language, texts, heading] of [
      ["fr", fr, "Performance des agents"],
      ["es", es, "Rendimiento de los agentes"],
    ] as const) {
      const { unmount } = await open(language);
      expect(screen.getByRole("heading", { name: heading, level: 1 })).toBeInTheDocument();
      expect(englishLeft(texts)).toEqual([]);
      unmount();
    }
  });
});
