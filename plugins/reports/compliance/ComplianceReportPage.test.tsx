// The compliance report as a manager reads it, over the gateway's answers: each rule with its citation and whether
// it was met, the abandon rate per campaign, the call placed at night listed with its zone and window and its number
// masked, no dial to a Do Not Call number, the disclosures per advisor; a preset asked by its days, a range the
// contract refuses said at its field before anything is sent; the CSV; and the same in French and Spanish with no
// English left.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply } from "../../../src/sdk/testing";
import plugin from "../index";
import rootEs from "../locales/es.json";
import rootFr from "../locales/fr.json";
import { englishLeft } from "../testing";
import { complianceReport, type AbandonCampaign, type ComplianceReport } from "./contract";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";

const manager = { id: 9, roles: ["manager"] };
const DAY = "2026-03-11";

const campaign = (over: Partial<AbandonCampaign>): AbandonCampaign => ({
  campaign_id: 1,
  name: "Final Expense East",
  persons: 200,
  abandoned: 0,
  days: [{ day: DAY, persons: 200, abandoned: 0, rate: 0, persons_30: 4000, abandoned_30: 0, rate_30: 0 }],
  worst_rate_30: 0,
  met: true,
  ...over,
});

const report = (over: Partial<ComplianceReport> = {}): ComplianceReport => ({
  from: DAY,
  to: DAY,
  time_zone: "America/New_York",
  as_of: "2026-03-11T18:00:00.000Z",
  today: DAY,
  abandon: {
    met: false,
    campaigns: [
      campaign({}),
      campaign({
        campaign_id: 2,
        name: "Medicare West",
        persons: 50,
        abandoned: 3,
        days: [
          {
            day: DAY,
            persons: 50,
            abandoned: 3,
            rate: 0.06,
            persons_30: 1000,
            abandoned_30: 41,
            rate_30: 0.041,
          },
        ],
        worst_rate_30: 0.041,
        met: false,
      }),
    ],
  },
  windows: {
    met: false,
    count: 1,
    calls: [
      {
        call_id: 4711,
        at: "2026-03-11T07:30:00.000Z",
        phone: "•••••••0123",
        agent_id: 1,
        agent: "Jordan Reyes",
        reason: "window_closed",
        values: { time: "00:30", zone: "America/Los_Angeles", from: "08:00", to: "21:00", label: "TCPA" },
      },
    ],
  },
  dnc: { met: true, count: 0, calls: [] },
  disclosures: {
    met: false,
    given: 2,
    completed: 1,
    advisors: [{ agent_id: 3, name: "Avery Chen", calls: 2, given: 2, completed: 1, audio_done: 1 }],
    calls: [
      {
        call_id: 5001,
        at: "2026-03-11T15:00:00.000Z",
        agent_id: 3,
        carrier: "aa",
        wording: "pio",
        language: "en",
        steps: 4,
        completed: false,
        audio: "stopped",
      },
      {
        call_id: 5002,
        at: "2026-03-11T16:00:00.000Z",
        agent_id: 3,
        carrier: "gtl",
        wording: "aa",
        language: "es",
        steps: 8,
        completed: true,
        audio: "done",
      },
    ],
  },
  ...over,
});

async function open(language?: "fr" | "es") {
  const gateway = fakeGateway([reply(complianceReport, () => ({ status: 200, data: { data: report() } }))]);
  const page = await renderPlugin(plugin, {
    agent: manager,
    gateway,
    adminPage: "reports/compliance",
    ...(language && { language }),
  });
  await screen.findAllByRole("heading", { level: 2 });
  return { ...page, gateway };
}

const part = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });

describe("the compliance report page", () => {
  it("shows each rule with its citation, met or not, and what broke it", async () => {
    await open();
    expect(screen.getByRole("heading", { name: "Compliance", level: 1 })).toBeInTheDocument();
    const tiles = screen.getByRole("region", { name: "Each rule over the range" });
    expect(tiles).toHaveTextContent("Abandoned calls per campaignNot met Highest 30-day rate 4.1%");
    expect(tiles).toHaveTextContent("Calls placed outside a calling windowNot met 1 call");
    expect(tiles).toHaveTextContent("Dials to Do Not Call numbersMet 0 dials");
    expect(tiles).toHaveTextContent("Disclosures per advisorNot met 1 of 2 read to the end");

    const abandon = part("Abandoned calls per campaign");
    expect(abandon).toHaveTextContent("16 CFR 310.4(b)(4)(i)");
    expect(abandon).toHaveTextContent("within 2 seconds");
    const west = within(abandon).getByRole("row", { name: /Medicare West/ });
    expect(
      within(west)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["50", "3", "6%", "4.1%", "Not met"]);
    const east = within(abandon).getByRole("row", { name: /Final Expense East/ });
    expect(within(east).getAllByRole("cell").at(-1)).toHaveTextContent("Met");

    const windows = part("Calls placed outside a calling window");
    expect(windows).toHaveTextContent("47 CFR 64.1200(c)(1)");
    expect(windows).toHaveTextContent("1 call was placed outside its calling window.");
    const night = within(within(windows).getByRole("table")).getAllByRole("row")[1]!;
    expect(
      within(night)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "4711",
      "3/11/26, 3:30 AM",
      "•••••••0123",
      "Jordan Reyes",
      "00:30 in America/Los_Angeles; calls allowed from 08:00 to 21:00 (TCPA).",
    ]);

    const dnc = part("Dials to Do Not Call numbers");
    expect(dnc).toHaveTextContent("47 CFR 64.1200(c)(2) and (d)");
    expect(dnc).toHaveTextContent("None: no number dialled was on a Do Not Call list at that moment.");
    expect(within(dnc).queryByRole("table")).toBeNull();

    const disclosures = part("Disclosures per advisor");
    const perAdvisor = within(disclosures).getByRole("table", { name: "Disclosures per advisor" });
    const avery = within(perAdvisor).getByRole("row", { name: /Avery Chen/ });
    expect(
      within(avery)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "2", "1", "1"]);
    expect(within(disclosures).getByRole("table", { name: "Not read to the end" })).toHaveTextContent(
      "AA, wording PIO, EN: 4 steps read; audio stopped by the advisor.",
    );
  });

  it("asks a preset's days, and says a refused range at its field without asking", async () => {
    const { user, gateway } = await open();
    await user.selectOptions(screen.getByLabelText("Range"), "last_30_days");
    await waitFor(() => expect(gateway.requests.at(-1)?.url).toContain("from=2026-02-10&to=2026-03-11"));
    const asked = gateway.requests.length;
    await user.clear(screen.getByLabelText("Last day"));
    await user.type(screen.getByLabelText("Last day"), "2025-12-01");
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("The last day must be on or after the first.")).toBeInTheDocument();
    expect(gateway.requests.length).toBe(asked);
  });

  it("exports every rule's lines as CSV", async () => {
    const { user } = await open();
    const links: string[] = [];
    const keep = (e: Event) => {
      if (e.target instanceof HTMLAnchorElement) {
        links.push(e.target.href);
        e.preventDefault();
      }
    };
    document.addEventListener("click", keep, true);
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    document.removeEventListener("click", keep, true);
    const text = decodeURIComponent(links[0]!.slice(links[0]!.indexOf(",") + 1));
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      'Section,Rule,Result,Day or time,Campaign or agent,Call,Number,Answered by a person,Abandoned,Rate of the day,"Answered by a person, 30 days","Abandoned, 30 days",Rate over 30 days,Detail',
    );
    expect(lines.find((l) => l.includes("Medicare West"))).toContain(
      `Not met,${DAY},Medicare West,,,50,3,6%,1000,41,4.1%,`,
    );
    expect(lines.find((l) => l.includes("4711"))).toContain(
      'Not met,"3/11/26, 3:30 AM",Jordan Reyes,4711,•••••••0123,,,,,,,00:30 in America/Los_Angeles; calls allowed from 08:00 to 21:00 (TCPA).',
    );
    expect(text).toContain("None: no number dialled was on a Do Not Call list at that moment.");
  });

  it("says everything in French and in Spanish", async () => {
    for (const [language, root, own, heading] of [
      ["fr", rootFr, fr, "Conformité"],
      ["es", rootEs, es, "Cumplimiento"],
    ] as const) {
      const { unmount } = await open(language);
      expect(screen.getByRole("heading", { name: heading, level: 1 })).toBeInTheDocument();
      expect(englishLeft(root)).toEqual([]);
      expect(englishLeft(own, en)).toEqual([]);
      unmount();
    }
  });
});
