// Campaigns, lists and publishers as a manager reads them, over the gateway's answers: each campaign's figures with
// the total and the tiles, cost per booking unknown, a column sorted both ways, a campaign picked for its charts'
// figures and its dispositions, the publishers named by their keys, the lead lists as they stand; and the same in
// French and Spanish with no English left.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway, renderPlugin, reply } from "../../../src/sdk/testing";
import { listPublisherKeys, readLeadLists, type LeadList, type PublisherKey } from "../../lead-lists/api";
import plugin from "../index";
import { englishLeft } from "../testing";
import esRoot from "../locales/es.json";
import frRoot from "../locales/fr.json";
import { campaignReport, publisherReport, type SourcePeriodRow, type SourceReport } from "./contract";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";

const manager = { id: 9, roles: ["manager"] };

const row = (key: string, period: string, over: Partial<SourcePeriodRow>): SourcePeriodRow => ({
  key,
  period,
  leads: 0,
  first_dials: 0,
  dials: 0,
  contacts: 0,
  inbound: 0,
  talk_seconds: 0,
  bookings: 0,
  sales: 0,
  ...over,
});

const dated = {
  from: "2026-03-10",
  to: "2026-03-11",
  by: "day" as const,
  time_zone: "America/New_York",
  as_of: "2026-03-11T18:00:00.000Z",
  today: "2026-03-11",
};

const campaigns: SourceReport = {
  ...dated,
  group: "campaign",
  sources: [
    { key: "1", name: "Final Expense", prefixes: ["FEX"], active: true },
    { key: "2", name: "Medicare", prefixes: ["MED", "MDX"], active: true },
    { key: "3", name: "Old Campaign", prefixes: ["OLD"], active: false },
  ],
  rows: [
    row("1", "2026-03-10", { leads: 10, first_dials: 8, dials: 30, contacts: 10, bookings: 2 }),
    row("1", "2026-03-11", { leads: 10, first_dials: 6, dials: 20, contacts: 10, bookings: 2, sales: 1 }),
    row("2", "2026-03-10", { leads: 4, first_dials: 4, dials: 8, contacts: 2 }),
    row("3", "2026-03-11", { dials: 2 }),
  ],
  dispositions: [
    { key: "1", dispositions: { "Appointment Setup": 4, Voicemail: 12, Sold: 1 } },
    { key: "2", dispositions: { "Not Interested": 2 } },
  ],
  // Final Expense had 20 leads before, all dialled, 40 times.
  before: [{ key: "1", leads: 20, first_dials: 20, dials: 40 }],
};

const publishers: SourceReport = {
  ...dated,
  group: "publisher",
  sources: [
    { key: "FEX", name: "FEX", prefixes: ["FEX"], active: true },
    { key: "MED", name: "MED", prefixes: ["MED"], active: true },
  ],
  rows: [row("FEX", "2026-03-10", { leads: 5, first_dials: 5, dials: 9, contacts: 3 })],
  dispositions: [],
  before: [],
};

const list = (
  id: number,
  name: string,
  kind: LeadList["kind"],
  total: number,
  dialled: number,
): LeadList => ({
  id,
  name,
  kind,
  campaign_id: 1,
  paused: false,
  created_at: "2026-03-01T15:00:00.000Z",
  created_by: null,
  counts: { total, dialable: 0, dialled, contacted: 5, booked: 2, exhausted: 1, dnc: 0 },
});

const keys: PublisherKey[] = [
  {
    id: 1,
    name: "Acme Leads",
    key_start: "pk_abcdefghi",
    prefixes: ["FEX"],
    per_minute: 120,
    created_at: "2026-03-01T15:00:00.000Z",
    created_by: null,
    last_used_at: null,
    revoked_at: null,
    list_id: 7,
    leads_posted: 5,
  } as PublisherKey,
];

async function open(language?: "fr" | "es") {
  const gateway = fakeGateway([
    reply(campaignReport, () => ({ status: 200, data: { data: campaigns } })),
    reply(publisherReport, () => ({ status: 200, data: { data: publishers } })),
    reply(readLeadLists, () => ({
      status: 200,
      data: {
        data: [list(7, "Acme Leads", "publisher", 40, 30), list(8, "March import", "import", 100, 10)],
      },
    })),
    reply(listPublisherKeys, () => ({ status: 200, data: { data: keys } })),
  ]);
  const page = await renderPlugin(plugin, {
    agent: manager,
    gateway,
    adminPage: "reports/campaigns",
    ...(language && { language }),
  });
  await screen.findByRole("table", { name: /^\d+ (campaign|campagne|campaña)/ });
  return { ...page, gateway };
}

const table = () => screen.getByRole("table", { name: /^\d+ campaign/ });
const names = () =>
  within(table())
    .getAllByRole("row")
    .slice(1, -1)
    .map((r) => within(r).getByRole("rowheader").textContent);
const cells = (name: RegExp) =>
  within(screen.getByRole("row", { name }))
    .getAllByRole("cell")
    .map((c) => c.textContent);

describe("the campaigns, lists and publishers page", () => {
  it("shows each campaign's figures for the range, the inactive ones only with figures, and the total", async () => {
    await open();
    expect(
      screen.getByRole("heading", { name: "Campaigns, lists and publishers", level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "3 campaigns" })).toBeInTheDocument();
    expect(names()).toEqual(["Final Expense", "Medicare", "Old Campaign (inactive)"]);
    // Leads in, dials, contacts, contact rate, bookings, conversion per contact, sales, conversion, cost (unknown),
    // dials per lead to date (40 + 50 dials over 20 + 14 leads dialled), penetration to date (34 of 40 leads).
    expect(cells(/Final Expense/)).toEqual([
      "20",
      "50",
      "20",
      "40%",
      "4",
      "20%",
      "1",
      "5%",
      "—",
      "2.6",
      "85%",
    ]);
    expect(
      within(screen.getByRole("row", { name: /Final Expense/ })).getAllByRole("cell")[8],
    ).toHaveAttribute("title", en.campaigns.no_cost);
    expect(cells(/Total/)).toEqual([
      "24",
      "60",
      "22",
      "36.7%",
      "4",
      "18.2%",
      "1",
      "4.5%",
      "—",
      "2.6",
      "86.4%",
    ]);
    const tiles = screen.getByRole("region", { name: "The figures of every source for the range" });
    expect(tiles).toHaveTextContent("Dials60");
    expect(tiles).toHaveTextContent("Bookings4");
    expect(tiles).toHaveTextContent("Penetration86.4%");
    // Both charts' figures, for a screen reader, per period.
    const outcomes = await screen.findByRole("table", {
      name: /^Dials, contacts, bookings and sales by day: all campaigns/,
    });
    expect(
      within(outcomes)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["DayDialsContactsBookingsSales", "Mar 10, 2026381220", "Mar 11, 2026221021"]);
    const penetration = screen.getByRole("table", { name: "List penetration over time: all campaigns" });
    expect(
      within(penetration)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["DayPenetration", "Mar 10, 202694.1%", "Mar 11, 202686.4%"]);
    const breakdown = screen.getByRole("region", { name: "Dispositions: all campaigns" });
    expect(
      within(breakdown)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["Voicemail1263.2%", "Appointment Setup421.1%", "Not Interested210.5%", "Sold15.3%"]);
  });

  it("sorts by any column, largest first, and back; unknown figures last", async () => {
    const { user } = await open();
    const dials = within(table()).getByRole("columnheader", { name: "Dials" });
    await user.click(within(dials).getByRole("button"));
    expect(dials).toHaveAttribute("aria-sort", "descending");
    expect(names()).toEqual(["Final Expense", "Medicare", "Old Campaign (inactive)"]);
    await user.click(within(dials).getByRole("button"));
    expect(names()).toEqual(["Old Campaign (inactive)", "Medicare", "Final Expense"]);
    const penetration = within(table()).getByRole("columnheader", { name: "Penetration" });
    await user.click(within(penetration).getByRole("button"));
    // Medicare 4 of 4, Final Expense 34 of 40, the old campaign no lead at all.
    expect(names()).toEqual(["Medicare", "Final Expense", "Old Campaign (inactive)"]);
  });

  it("shows a picked campaign's charts and dispositions", async () => {
    const { user } = await open();
    await user.click(screen.getByRole("button", { name: "Medicare" }));
    expect(screen.getByRole("button", { name: "Medicare" })).toHaveAttribute("aria-pressed", "true");
    const breakdown = screen.getByRole("region", { name: "Dispositions: Medicare" });
    expect(
      within(breakdown)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["Not Interested2100%"]);
    // One period only for Medicare: no chart, and the page says why.
    expect(screen.getByText(en.campaigns.chart.one_period)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Medicare" }));
    expect(screen.getByRole("region", { name: "Dispositions: all campaigns" })).toBeInTheDocument();
  });

  it("names the publishers by their keys, and lists the lead lists as they stand", async () => {
    const { user } = await open();
    await user.click(screen.getByRole("button", { name: "Publishers" }));
    const pub = await screen.findByRole("table", { name: "2 publishers" });
    expect(within(pub).getByRole("row", { name: /FEX · Acme Leads/ })).toBeInTheDocument();
    expect(cells(/FEX · Acme Leads/).slice(0, 4)).toEqual(["5", "9", "3", "33.3%"]);
    await user.click(screen.getByRole("button", { name: "Lead lists" }));
    const lists = await screen.findByRole("table", { name: "2 lead lists" });
    expect(within(lists).getByRole("row", { name: /March import/ })).toHaveTextContent("import");
    // Leads, dialled, penetration, reached and its rate, booked and its rate, exhausted, Do Not Call, cost.
    expect(cells(/March import/)).toEqual(["100", "10", "10%", "5", "5%", "2", "2%", "1", "0", "—"]);
    expect(cells(/Acme Leads/)).toEqual(["40", "30", "75%", "5", "12.5%", "2", "5%", "1", "0", "—"]);
  });

  it("asks the campaigns and the publishers of the range chosen, together", async () => {
    const { user, gateway } = await open();
    await user.selectOptions(screen.getByLabelText("Range"), "last_30_days");
    await waitFor(() => {
      const urls = gateway.requests.slice(-2).map((r) => r.url);
      expect(urls.some((u) => u.startsWith("/reports/campaigns?from=2026-02-10&to=2026-03-11&by=day"))).toBe(
        true,
      );
      expect(urls.some((u) => u.startsWith("/reports/publishers?from=2026-02-10&to=2026-03-11&by=day"))).toBe(
        true,
      );
    });
  });

  it("says everything in French and in Spanish", async () => {
    for (const [language, own, root, heading] of [
      ["fr", fr, frRoot, "Campagnes, listes et fournisseurs"],
      ["es", es, esRoot, "Campañas, listas y proveedores"],
    ] as const) {
      const { unmount, user } = await open(language);
      expect(screen.getByRole("heading", { name: heading, level: 1 })).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Medicare" }));
      expect(englishLeft({ ...root, ...own })).toEqual([]);
      expect(screen.queryByText("Not Interested")).toBeNull();
      await user.click(screen.getByRole("button", { name: own.campaigns.views.list }));
      await screen.findByRole("table", { name: /^2 / });
      expect(englishLeft({ ...root, ...own })).toEqual([]);
      unmount();
    }
  });
});
