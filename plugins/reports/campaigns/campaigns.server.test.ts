// Campaigns and publishers on a real test gateway (issue 37, part 2). The rollups are the database's (triggers on
// the core's calls, dispositions and leads), so the property test writes random histories straight into the core's
// tables — leads made in two campaigns and prefixes, calls inserted then answered, judged, ended, deleted, moved,
// relinked to another lead or moved to another campaign, dispositions given on a call or not, changed or deleted,
// leads moved to another campaign or prefix afterwards — and checks that the report equals the same figures
// recomputed from the rows as they are at the end, per source and local day over a daylight-saving night, with what
// came before the range. Then the routes: 422 per field, another call centre's figures never shown, the CSV.
import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calls,
  dispositions,
  leadCampaigns,
  leads,
  startTestGateway,
  users,
  type TestClient,
  type TestGateway,
} from "../../../server/sdk/testing";
import { wallClock } from "../../../server/sdk";
import { REPORT_MESSAGES } from "../contract";
import { SourceReport, type SourcePeriodRow } from "./contract";
import { campaignsCsv } from "./csv.server";
import { outcomesOf } from "./figures";
import { readSourceReport } from "./report.server";

const ISIUS = 1;
const SLICA = 2;
const ZONE = "America/New_York"; // the demo ISIUS call centre's
/** Saturday 2026-03-07 00:00 in New York: the histories run over the night clocks go forward (Sunday 8th). */
const BASE = Date.parse("2026-03-07T05:00:00Z");
const HOUR = 3_600_000;
/** The report's range: what happens on the 5th and 6th is "before", after the 10th is left out. */
const RANGE = { from: "2026-03-07", to: "2026-03-10" };
const PREFIXES = ["RQA", "RQB"] as const;

let gw: TestGateway;
let manager: TestClient;
let agent: number;
let campaigns: number[];

const dayOf = (ms: number) => {
  const w = wallClock(ms, ZONE);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};

beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  const [u] = await gw.db
    .insert(users)
    .values({
      tenantId: ISIUS,
      email: "campaign-report-agent@test.test",
      passwordHash: "not-a-hash",
      firstName: "Campaign",
      lastName: "Agent",
      role: "qualifier",
    })
    .returning({ id: users.id });
  agent = u!.id;
  const made = await gw.db
    .insert(leadCampaigns)
    .values(
      PREFIXES.map((p, i) => ({
        tenantId: ISIUS,
        slug: `report-${p}`,
        name: `Report campaign ${i + 1}`,
        prefix: p,
      })),
    )
    .returning({ id: leadCampaigns.id });
  campaigns = made.map((c) => c.id);
});
afterAll(() => gw?.close());

const DISPOSITIONS = ["Voicemail", "Appointment Setup", "Not Interested", "Sold", "Live_Transfer"] as const;
/** An hour offset from BASE: from two days before the range to a day after it. */
const at = fc.integer({ min: -48 * 3600, max: 5 * 24 * 3600 });
/** A campaign by index (0, 1) or none (2). */
const campaign = fc.integer({ min: 0, max: 2 });

const history = fc.record({
  leads: fc.array(
    fc.record({
      at,
      campaign,
      prefix: fc.integer({ min: 0, max: 2 }),
      /** Afterwards: moved to another campaign and/or prefix, or left. */
      moveTo: fc.option(fc.record({ campaign, prefix: fc.integer({ min: 0, max: 2 }) }), { nil: null }),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  calls: fc.array(
    fc.record({
      lead: fc.nat(),
      at,
      campaign,
      direction: fc.constantFrom(0, 0, 1),
      answered: fc.boolean(),
      amd: fc.constantFrom(null, "AMD-Human-voice", "AMD-Machine-Vm-WA"),
      duration: fc.integer({ min: 0, max: 3600 }),
      fate: fc.constantFrom("kept", "kept", "deleted", "moved", "relinked", "recampaigned"),
    }),
    { maxLength: 10 },
  ),
  given: fc.array(
    fc.record({
      lead: fc.nat(),
      /** On one of the calls kept (by index), or none. */
      call: fc.option(fc.nat(), { nil: null }),
      at,
      value: fc.constantFrom(...DISPOSITIONS),
      changedTo: fc.option(fc.constantFrom(...DISPOSITIONS), { nil: null }),
      deleted: fc.boolean(),
    }),
    { maxLength: 8 },
  ),
});
type History = typeof history extends fc.Arbitrary<infer H> ? H : never;

const campaignOf = (i: number) => (i < 2 ? campaigns[i]! : null);
const prefixOf = (i: number) => (i < 2 ? PREFIXES[i]! : null);
let serial = 0;

/** Writes a history as the core would, with the updates and deletions that the triggers must follow. */
async function write(h: History): Promise<number[]> {
  const { db } = gw;
  const ids: number[] = [];
  for (const l of h.leads) {
    const [row] = await db
      .insert(leads)
      .values({
        tenantId: ISIUS,
        marketingId: `${prefixOf(l.prefix) ?? "MAN-"}${++serial}`,
        prefix: prefixOf(l.prefix),
        campaignId: campaignOf(l.campaign),
        firstName: "Report",
        lastName: "Report-Lead",
        phone: "2125550100",
        country: "US",
        createdAt: new Date(BASE + l.at * 1000),
      })
      .returning({ id: leads.id });
    ids.push(row!.id);
  }
  const lead = (n: number) => ids[n % ids.length]!;
  const kept: number[] = [];
  for (const c of h.calls) {
    const started = new Date(BASE + c.at * 1000);
    const [row] = await db
      .insert(calls)
      .values({
        tenantId: ISIUS,
        agentId: agent,
        leadId: lead(c.lead),
        campaignId: campaignOf(c.campaign),
        type: "auto",
        direction: c.direction,
        phone: "2125550100",
        status: "dialing",
        startedAt: started,
      })
      .returning({ id: calls.id });
    const id = row!.id;
    if (c.answered)
      await db
        .update(calls)
        .set({ status: "answered", answeredAt: new Date(started.getTime() + 5000) })
        .where(eq(calls.id, id));
    if (c.amd) await db.update(calls).set({ amdVerdict: c.amd }).where(eq(calls.id, id));
    await db
      .update(calls)
      .set({
        status: "ended",
        endedAt: new Date(started.getTime() + 60_000),
        duration: c.answered ? c.duration : null,
      })
      .where(eq(calls.id, id));
    if (c.fate === "deleted") await db.delete(calls).where(eq(calls.id, id));
    else kept.push(id);
    if (c.fate === "moved")
      await db
        .update(calls)
        .set({ startedAt: new Date(started.getTime() - 30 * HOUR) })
        .where(eq(calls.id, id));
    if (c.fate === "relinked")
      await db
        .update(calls)
        .set({ leadId: lead(c.lead + 1) })
        .where(eq(calls.id, id));
    if (c.fate === "recampaigned")
      await db
        .update(calls)
        .set({ campaignId: campaignOf((c.campaign + 1) % 3) })
        .where(eq(calls.id, id));
  }
  for (const d of h.given) {
    const callId = d.call !== null && kept.length ? kept[d.call % kept.length]! : null;
    const [row] = await db
      .insert(dispositions)
      .values({
        tenantId: ISIUS,
        leadId: lead(d.lead),
        agentId: agent,
        callId,
        disposition: d.value,
        createdAt: new Date(BASE + d.at * 1000),
      })
      .returning({ id: dispositions.id });
    if (d.changedTo)
      await db.update(dispositions).set({ disposition: d.changedTo }).where(eq(dispositions.id, row!.id));
    if (d.deleted) await db.delete(dispositions).where(eq(dispositions.id, row!.id));
  }
  // Leads moved afterwards: their dispositions (and calls' prefix, first dial) follow.
  for (const [i, l] of h.leads.entries())
    if (l.moveTo)
      await db
        .update(leads)
        .set({ campaignId: campaignOf(l.moveTo.campaign), prefix: prefixOf(l.moveTo.prefix) })
        .where(eq(leads.id, ids[i]!));
  return ids;
}

type Figures = Omit<SourcePeriodRow, "key" | "period">;
const blank = (): Figures & { dispositions: Record<string, number> } => ({
  leads: 0,
  first_dials: 0,
  dials: 0,
  contacts: 0,
  inbound: 0,
  talk_seconds: 0,
  bookings: 0,
  sales: 0,
  dispositions: {},
});

/** The figures recomputed from the rows as they are now, per source key ("campaign|<key>", "publisher|<key>") and local day. */
async function expectedOf(leadIds: number[]) {
  const { db } = gw;
  const ls = await db.select().from(leads).where(inArray(leads.id, leadIds));
  const cs = await db.select().from(calls).where(inArray(calls.leadId, leadIds));
  const ds = await db.select().from(dispositions).where(inArray(dispositions.leadId, leadIds));
  const byLead = new Map(ls.map((l) => [l.id, l]));
  const byCall = new Map(cs.map((c) => [c.id, c]));
  const out = new Map<string, ReturnType<typeof blank>>();
  const add = (
    campaignId: number | null,
    prefix: string | null,
    ms: number,
    f: (e: ReturnType<typeof blank>) => void,
  ) => {
    for (const key of [`campaign|${campaignId ?? ""}`, `publisher|${prefix ?? ""}`]) {
      const k = `${key}|${dayOf(ms)}`;
      if (!out.has(k)) out.set(k, blank());
      f(out.get(k)!);
    }
  };
  for (const l of ls) {
    add(l.campaignId, l.prefix, l.createdAt.getTime(), (e) => e.leads++);
    const dialled = cs
      .filter((c) => c.leadId === l.id && c.direction === 0)
      .map((c) => c.startedAt.getTime());
    if (dialled.length) add(l.campaignId, l.prefix, Math.min(...dialled), (e) => e.first_dials++);
  }
  for (const c of cs) {
    const prefix = byLead.get(c.leadId!)!.prefix;
    add(c.campaignId, prefix, c.startedAt.getTime(), (e) => {
      if (c.direction === 0) e.dials++;
      else e.inbound++;
      if (c.direction === 0 && c.answeredAt && c.amdVerdict !== "AMD-Machine-Vm-WA") e.contacts++;
      e.talk_seconds += c.duration ?? 0;
    });
  }
  for (const d of ds) {
    const l = byLead.get(d.leadId)!;
    const campaignId = d.callId !== null ? byCall.get(d.callId)!.campaignId : l.campaignId;
    add(campaignId, l.prefix, d.createdAt.getTime(), (e) => {
      e.dispositions[d.disposition] = (e.dispositions[d.disposition] ?? 0) + 1;
      const o = outcomesOf({ [d.disposition]: 1 });
      e.bookings += o.bookings;
      e.sales += o.sales;
    });
  }
  return out;
}

/** Takes the test's rows out again; the rollups must come back to nothing for its sources. */
async function clear() {
  const { db } = gw;
  await db.delete(dispositions).where(eq(dispositions.agentId, agent));
  await db.delete(calls).where(eq(calls.agentId, agent));
  await db.delete(leads).where(eq(leads.lastName, "Report-Lead"));
}

async function check(leadIds: number[]) {
  const now = new Date(BASE + 10 * 24 * HOUR);
  const expected = await expectedOf(leadIds);
  for (const group of ["campaign", "publisher"] as const) {
    const report = await readSourceReport(gw.db, group, { tenantId: ISIUS, ...RANGE, by: "day" }, now);
    // The test's own campaigns and prefixes (none, "", is shared with the seed's leads made by agents).
    for (const key of campaignKeys(group)) {
      const inRange: Record<string, number> = {};
      for (
        let t = Date.parse(`${RANGE.from}T12:00:00Z`);
        t <= Date.parse(`${RANGE.to}T12:00:00Z`);
        t += 24 * HOUR
      ) {
        const day = new Date(t).toISOString().slice(0, 10);
        const { dispositions: given, ...e } = expected.get(`${group}|${key}|${day}`) ?? blank();
        for (const [v, n] of Object.entries(given)) inRange[v] = (inRange[v] ?? 0) + n;
        const g = report.rows.find((r) => r.key === key && r.period === day);
        const got: Figures = g
          ? {
              leads: g.leads,
              first_dials: g.first_dials,
              dials: g.dials,
              contacts: g.contacts,
              inbound: g.inbound,
              talk_seconds: g.talk_seconds,
              bookings: g.bookings,
              sales: g.sales,
            }
          : (({ dispositions: _, ...b }) => b)(blank());
        expect(got, `${group} ${key} ${day}`).toEqual(e);
      }
      // Every disposition value over the range.
      expect(report.dispositions.find((d) => d.key === key)?.dispositions ?? {}, `${group} ${key}`).toEqual(
        inRange,
      );
      // Before the range: leads, first dials and dials since the start.
      const b = report.before.find((x) => x.key === key) ?? { key, leads: 0, first_dials: 0, dials: 0 };
      const sum = { key, leads: 0, first_dials: 0, dials: 0 };
      for (const [k, e] of expected) {
        const [g, kk, day] = k.split("|");
        if (g === group && kk === key && day! < RANGE.from) {
          sum.leads += e.leads;
          sum.first_dials += e.first_dials;
          sum.dials += e.dials;
        }
      }
      expect(b, `${group} ${key} before`).toEqual(sum);
    }
  }
}

const campaignKeys = (group: "campaign" | "publisher") =>
  group === "campaign" ? campaigns.map(String) : [...PREFIXES];

describe("campaigns and publishers: the rollups", () => {
  it("equal the figures recomputed from the raw rows, per source and local day, for random histories", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        await clear();
        const ids = await write(h);
        await check(ids);
      }),
      { numRuns: 25 },
    );
    // Everything taken out again: nothing left for the test's sources, in any day.
    await clear();
    for (const group of ["campaign", "publisher"] as const) {
      const left = await readSourceReport(
        gw.db,
        group,
        { tenantId: ISIUS, from: "2026-03-01", to: "2026-03-31", by: "month" },
        new Date(BASE),
      );
      expect(left.rows.filter((r) => campaignKeys(group).includes(r.key))).toEqual([]);
      expect(left.before.filter((r) => campaignKeys(group).includes(r.key))).toEqual([]);
    }
  });
});

/** One lead of the first test campaign and prefix, dialled at the given hours (answered when `answered`), with a booking. */
async function small(hours: number[]) {
  await clear();
  await write({
    leads: [{ at: 0, campaign: 0, prefix: 0, moveTo: null }],
    calls: hours.map((h) => ({
      lead: 0,
      at: h * 3600,
      campaign: 0,
      direction: 0,
      answered: h === hours[0],
      amd: null,
      duration: 120,
      fate: "kept",
    })),
    given: [
      {
        lead: 0,
        call: 0,
        at: hours[0]! * 3600 + 60,
        value: "Appointment Setup",
        changedTo: null,
        deleted: false,
      },
    ],
  });
}

describe("campaigns and publishers: periods", () => {
  it("group days into weeks from Monday and into months", async () => {
    await small([0, 30, 50, 200]);
    const now = new Date(BASE + 30 * 24 * HOUR);
    const weeks = await readSourceReport(
      gw.db,
      "campaign",
      { tenantId: ISIUS, from: "2026-03-01", to: "2026-03-31", by: "week" },
      now,
    );
    const mine = (r: SourceReport) => r.rows.filter((x) => x.key === String(campaigns[0]));
    // Sat 7th and Sun 8th fall in the week of Monday 2nd; Mon 9th (hour 50) and Sun 15th in the week of the 9th.
    expect(mine(weeks).map((r) => [r.period, r.dials, r.leads, r.first_dials])).toEqual([
      ["2026-03-02", 2, 1, 1],
      ["2026-03-09", 2, 0, 0],
    ]);
    const months = await readSourceReport(
      gw.db,
      "publisher",
      { tenantId: ISIUS, from: "2026-01-01", to: "2026-12-31", by: "month" },
      now,
    );
    expect(
      months.rows.filter((r) => r.key === "RQA").map((r) => [r.period, r.dials, r.contacts, r.bookings]),
    ).toEqual([["2026-03-01", 4, 1, 1]]);
    expect(months.dispositions.find((d) => d.key === "RQA")?.dispositions).toEqual({
      "Appointment Setup": 1,
    });
    // A range starting after the first dial carries it in `before`: the penetration to date stays 1 lead of 1.
    const later = await readSourceReport(
      gw.db,
      "campaign",
      { tenantId: ISIUS, from: "2026-03-09", to: "2026-03-20", by: "day" },
      now,
    );
    expect(later.before.find((b) => b.key === String(campaigns[0]))).toEqual({
      key: String(campaigns[0]),
      leads: 1,
      first_dials: 1,
      dials: 2,
    });
  });
});

// bench/reports' sample (15,000 leads' calls in one INSERT) ended in "out of shared memory" on PostgreSQL: the
// first-dial sync took an advisory lock per lead, and a transaction holds at most a few thousand locks (64 × the
// connections by default). It takes the lead's row now. PGlite has no such limit, so this runs on PostgreSQL only
// (the suite's server-pg project, in CI).
describe.runIf(process.env.TEST_DB === "postgres")(
  "campaigns and publishers: a statement that writes thousands of calls",
  () => {
    it("counts each lead's first dial, whatever the number of leads a transaction writes calls for", async () => {
      const N = 8000;
      const [bulk] = await gw.db
        .insert(leadCampaigns)
        .values({ tenantId: ISIUS, slug: "report-bulk", name: "Bulk campaign", prefix: "RQZ" })
        .returning({ id: leadCampaigns.id });
      const started = new Date(BASE + 12 * HOUR).toISOString();
      await gw.db.execute(sql`
      insert into leads (tenant_id, marketing_id, prefix, campaign_id, first_name, last_name, phone, country, created_at)
      select ${ISIUS}, 'RQZ' || g, 'RQZ', ${bulk!.id}, 'Bulk', 'Lead ' || g, '+1212' || lpad(g::text, 7, '0'), 'US',
             ${started}::timestamptz
        from generate_series(1, ${N}) g`);
      await gw.db.execute(sql`
      insert into calls (tenant_id, agent_id, lead_id, campaign_id, type, direction, phone, status, started_at)
      select ${ISIUS}, ${agent}, id, ${bulk!.id}, 'auto', 0, '2125550100', 'dialing', ${started}::timestamptz
        from leads where campaign_id = ${bulk!.id}`);
      const day = dayOf(BASE + 12 * HOUR);
      const report = await readSourceReport(
        gw.db,
        "campaign",
        { tenantId: ISIUS, from: day, to: day, by: "day" },
        new Date(BASE + 13 * HOUR),
      );
      const row = report.rows.find((r) => r.key === String(bulk!.id));
      expect(row).toMatchObject({ leads: N, first_dials: N, dials: N });
      // 8,000 calls through the rollups' row triggers in one statement: 23 s on a clean-clone CI run and past the
      // suite's 30 s limit on the next; 100 s on a machine running a CI beside it (the same before and after the
      // sessions' change of issue 39). A limit of its own.
    }, 120_000);
  },
);

describe("GET /reports/campaigns and /reports/publishers", () => {
  it("answer the call centre's sources with their figures, and never another call centre's", async () => {
    await small([0, 2]);
    const ask = (client: TestClient, path: string) =>
      client.request("GET", `${path}?from=2026-03-07&to=2026-03-08&by=day`);
    const first = await ask(manager, "/reports/campaigns");
    expect(first.statusCode, first.body).toBe(200);
    const report = SourceReport.parse(first.json()).data;
    expect(report.sources.find((s) => s.key === String(campaigns[0]))).toEqual({
      key: String(campaigns[0]),
      name: "Report campaign 1",
      prefixes: ["RQA"],
      active: true,
    });
    expect(report.rows.find((r) => r.key === String(campaigns[0]))).toMatchObject({
      period: "2026-03-07",
      leads: 1,
      first_dials: 1,
      dials: 2,
      contacts: 1,
      bookings: 1,
      sales: 0,
    });
    const publishers = SourceReport.parse((await ask(manager, "/reports/publishers")).json()).data;
    expect(publishers.rows.find((r) => r.key === "RQA")).toMatchObject({ dials: 2, contacts: 1 });

    // A manager of SLICA: none of ISIUS's campaigns, prefixes or figures.
    const [hash] = await gw.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(eq(users.email, "manager.isius@demo.test"));
    await gw.db.insert(users).values({
      tenantId: SLICA,
      email: "report-manager.slica@test.test",
      passwordHash: hash!.h,
      firstName: "Slica",
      lastName: "Manager",
      role: "manager",
    });
    const slica = await gw.signIn("report-manager.slica@test.test");
    for (const path of ["/reports/campaigns", "/reports/publishers"]) {
      const other = SourceReport.parse((await ask(slica, path)).json()).data;
      expect(other.sources.map((s) => s.key)).not.toContain(String(campaigns[0]));
      expect(other.sources.map((s) => s.key)).not.toContain("RQA");
      expect(other.rows.filter((r) => r.key === String(campaigns[0]) || r.key === "RQA")).toEqual([]);
    }
  });

  it("refuse a range they cannot read with 422 on the field, and agents with 403", async () => {
    for (const path of ["/reports/campaigns", "/reports/publishers"]) {
      const ask = (q: string) => manager.request("GET", `${path}?${q}`);
      const swapped = await ask("from=2026-03-10&to=2026-03-01");
      expect(swapped.statusCode).toBe(422);
      expect(swapped.json().errors.to).toEqual([REPORT_MESSAGES.order]);
      expect((await ask("from=2025-01-01&to=2026-03-01")).json().errors.to).toEqual([REPORT_MESSAGES.span]);
      expect((await ask("from=2026-02-30")).json().errors.from).toEqual([REPORT_MESSAGES.date]);
      expect((await ask("from=2026-03-01&by=year")).json().errors.by).toEqual([REPORT_MESSAGES.period]);
      expect((await ask("from=2026-03-01&group=campaign")).statusCode).toBe(422);
      expect((await ask("from=2026-03-01&to=2026-03-31&by=week")).statusCode).toBe(200);
      const agentClient = await gw.signIn("qualifier.isius@demo.test");
      expect((await agentClient.request("GET", path)).statusCode).toBe(403);
    }
  });
});

describe("campaignsCsv", () => {
  it("streams every campaign and publisher per period with its total, rates as fractions and no cost", async () => {
    await small([0, 2, 30]);
    let text = "";
    for await (const chunk of campaignsCsv(
      gw.db,
      ISIUS,
      { ...RANGE, by: "day" },
      new Date(BASE + 10 * 24 * HOUR),
    ))
      text += chunk;
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "Group,Source,Period,Leads,Dials,Contacts,Contact rate,Bookings,Booking conversion,Sales,Sale conversion,Cost per booking,Dials per lead,Penetration,Appointment Setup",
    );
    // Saturday: the lead came in and was dialled twice, answered once, booked; Sunday one more dial.
    expect(lines).toContain("Campaign,Report campaign 1,2026-03-07,1,2,1,0.5,1,1,0,0,,2,1");
    expect(lines).toContain("Campaign,Report campaign 1,2026-03-08,0,1,0,0,0,,0,,,3,1");
    expect(lines).toContain("Campaign,Report campaign 1,2026-03-07 – 2026-03-10,1,3,1,0.3333,1,1,0,0,,3,1,1");
    expect(lines).toContain("Publisher,RQA,2026-03-07 – 2026-03-10,1,3,1,0.3333,1,1,0,0,,3,1,1");
  });
});
