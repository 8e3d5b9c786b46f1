// Agent performance on a real test gateway (issue 37, part 1). The rollups are the database's (triggers on the
// core's tables), so the property test writes random histories straight into the core's tables — status changes,
// calls inserted then answered, judged by the PBX, ended or deleted, dispositions given and changed — and checks
// that the report equals the same figures recomputed from those raw rows, day by day in the call centre's zone,
// across a daylight-saving change. Then the route: the range's rules (422 per field), today's open periods
// counted to the minute, and who may read it.
import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agentStatusChanges,
  agentStatuses,
  calls,
  dispositions,
  leads,
  pluginContextOf,
  startTestGateway,
  users,
  type TestClient,
  type TestGateway,
} from "../../server/sdk/testing";
import { rowsOf, startOfLocalDay, startOfLocalHour, wallClock } from "../../server/sdk";
import {
  AGENT_COUNTS,
  AgentReport,
  REPORT_MESSAGES,
  type AgentPeriodRow,
  type AgentSums,
  type ReportPeriod,
} from "./contract";
import { readAgentPeriods, readAgentReport } from "./agents.server";
import { perAgentOf } from "./metrics";
import { readHoursReport } from "./hours.server";
import {
  reportAgentDays,
  reportAgentHours,
  reportAgentMonths,
  reportDispositionDays,
  reportDispositionHours,
  reportDispositionMonths,
  reportStatusDays,
  reportStatusHours,
  reportStatusMonths,
} from "./tables";

const ISIUS = 1;
const ZONE = "America/New_York"; // the demo ISIUS call centre's
/** Saturday 2026-03-07 00:00 in New York: the histories run over the night clocks go forward (Sunday 8th). */
const BASE = Date.parse("2026-03-07T05:00:00Z");
const HOUR = 3_600_000;

let gw: TestGateway;
let manager: TestClient;
let agents: number[];
let leadId: number;

const dayOf = (ms: number) => {
  const w = wallClock(ms, ZONE);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};

beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  const made = await gw.db
    .insert(users)
    .values(
      [1, 2, 3].map((n) => ({
        tenantId: ISIUS,
        email: `report-agent-${n}@test.test`,
        passwordHash: "not-a-hash",
        firstName: "Report",
        lastName: `Agent ${n}`,
        role: n === 3 ? "advisor" : "qualifier",
      })),
    )
    .returning({ id: users.id });
  agents = made.map((u) => u.id);
  const [lead] = await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.tenantId, ISIUS)).limit(1);
  leadId = lead!.id;
});
afterAll(() => gw?.close());

const STATUSES = ["ready", "on_a_call", "after_call_work", "break", "lunch_break", "offline"] as const;
const DISPOSITIONS = [
  "Voicemail",
  "Appointment Setup",
  "Not Interested",
  "Sold",
  "Callback Scheduled",
] as const;

const history = fc.record({
  // Per agent: status changes as gaps (s) and statuses.
  changes: fc.array(
    fc.array(fc.record({ gap: fc.integer({ min: 1, max: 5 * 3600 }), to: fc.constantFrom(...STATUSES) }), {
      maxLength: 14,
    }),
    { minLength: 3, maxLength: 3 },
  ),
  calls: fc.array(
    fc.record({
      agent: fc.integer({ min: 0, max: 2 }),
      at: fc.integer({ min: 0, max: 72 * 3600 }),
      direction: fc.constantFrom(0, 1),
      answered: fc.boolean(),
      amd: fc.constantFrom(null, "AMD-Human-voice", "AMD-Machine-Vm-WA", "AMD-NotSure"),
      duration: fc.integer({ min: 0, max: 3600 }),
      fate: fc.constantFrom("kept", "kept", "deleted", "moved"),
    }),
    { maxLength: 12 },
  ),
  given: fc.array(
    fc.record({
      agent: fc.integer({ min: 0, max: 2 }),
      at: fc.integer({ min: 0, max: 72 * 3600 }),
      value: fc.constantFrom(...DISPOSITIONS),
      changedTo: fc.option(fc.constantFrom(...DISPOSITIONS), { nil: null }),
    }),
    { maxLength: 10 },
  ),
});
type History = typeof history extends fc.Arbitrary<infer H> ? H : never;

type Expected = Map<
  string,
  {
    status: Record<string, number>;
    dials: number;
    inbound: number;
    contacts: number;
    talk: number;
    dispositions: Record<string, number>;
  }
>;

/** The figures of a history, from its raw events, by agent and local day. */
function expectedOf(h: History): Expected {
  const out: Expected = new Map();
  const at = (agent: number, day: string) => {
    const key = `${agent}|${day}`;
    if (!out.has(key))
      out.set(key, { status: {}, dials: 0, inbound: 0, contacts: 0, talk: 0, dispositions: {} });
    return out.get(key)!;
  };
  h.changes.forEach((list, i) => {
    let t = BASE;
    let from: string | null = null;
    for (const c of list) {
      const next = t + c.gap * 1000;
      if (from !== null) {
        // The period [t, next) split at the local midnights it crosses.
        for (let a = t; a < next;) {
          const midnight = startOfLocalDay(a, ZONE) + 36 * HOUR; // past the next midnight, whatever the day's length
          const b = Math.min(next, startOfLocalDay(midnight, ZONE));
          const e = at(agents[i]!, dayOf(a));
          e.status[from] = (e.status[from] ?? 0) + (b - a) / 1000;
          a = b;
        }
      }
      from = c.to;
      t = next;
    }
  });
  for (const c of h.calls) {
    if (c.fate === "deleted") continue;
    const started = BASE + c.at * 1000 + (c.fate === "moved" ? 3 * HOUR : 0);
    const e = at(agents[c.agent]!, dayOf(started));
    if (c.direction === 0) e.dials++;
    else e.inbound++;
    if (c.answered && c.amd !== "AMD-Machine-Vm-WA") e.contacts++;
    e.talk += c.answered ? c.duration : 0;
  }
  for (const d of h.given) {
    const e = at(agents[d.agent]!, dayOf(BASE + d.at * 1000));
    const value = d.changedTo ?? d.value;
    e.dispositions[value] = (e.dispositions[value] ?? 0) + 1;
  }
  return out;
}

/** Writes a history as the core would, with the updates and deletions that the triggers must follow. */
async function write(h: History) {
  const { db } = gw;
  for (const [i, list] of h.changes.entries()) {
    let t = BASE;
    let from: string | null = null;
    for (const c of list) {
      t += c.gap * 1000;
      await db.insert(agentStatusChanges).values({
        tenantId: ISIUS,
        userId: agents[i]!,
        fromStatus: from,
        toStatus: c.to,
        at: new Date(t),
        previousDuration: 0,
        source: "agent",
      });
      from = c.to;
    }
  }
  for (const c of h.calls) {
    const started = new Date(BASE + c.at * 1000);
    const [row] = await db
      .insert(calls)
      .values({
        tenantId: ISIUS,
        agentId: agents[c.agent]!,
        leadId,
        type: "auto",
        direction: c.direction,
        phone: "2125550100",
        status: "dialing",
        startedAt: started,
      })
      .returning({ id: calls.id });
    if (c.answered)
      await db
        .update(calls)
        .set({ status: "answered", answeredAt: new Date(started.getTime() + 5000) })
        .where(eq(calls.id, row!.id));
    if (c.amd) await db.update(calls).set({ amdVerdict: c.amd }).where(eq(calls.id, row!.id));
    await db
      .update(calls)
      .set({
        status: "ended",
        endedAt: new Date(started.getTime() + 60_000),
        duration: c.answered ? c.duration : null,
        settledAt: new Date(started.getTime() + 70_000),
      })
      .where(eq(calls.id, row!.id));
    if (c.fate === "deleted") await db.delete(calls).where(eq(calls.id, row!.id));
    if (c.fate === "moved")
      await db
        .update(calls)
        .set({ startedAt: new Date(started.getTime() + 3 * HOUR) })
        .where(eq(calls.id, row!.id));
  }
  for (const d of h.given) {
    const [row] = await db
      .insert(dispositions)
      .values({
        tenantId: ISIUS,
        leadId,
        agentId: agents[d.agent]!,
        disposition: d.value,
        createdAt: new Date(BASE + d.at * 1000),
      })
      .returning({ id: dispositions.id });
    if (d.changedTo)
      await db.update(dispositions).set({ disposition: d.changedTo }).where(eq(dispositions.id, row!.id));
  }
}

/** Takes the test agents' rows out again (the trail's and the plugin's own), for the next history. */
async function clear() {
  const { db } = gw;
  await db.delete(dispositions).where(inArray(dispositions.agentId, agents));
  await db.delete(calls).where(inArray(calls.agentId, agents));
  await db.delete(agentStatusChanges).where(inArray(agentStatusChanges.userId, agents));
  for (const t of [reportAgentHours, reportStatusHours, reportDispositionHours])
    await db.delete(t).where(inArray(t.agentId, agents));
  // Deleting the hours took their sums back from the days; their rows of zeros go too.
  for (const t of [reportAgentDays, reportStatusDays, reportDispositionDays])
    await db.delete(t).where(inArray(t.agentId, agents));
  // And deleting the days took theirs back from the months.
  for (const t of [reportAgentMonths, reportStatusMonths, reportDispositionMonths])
    await db.delete(t).where(inArray(t.agentId, agents));
}

/**
 * Rows where a coarser rollup differs from the finer one summed per its period (none when they agree): the days
 * against their hours (`hour::date`), the months against their days.
 */
async function apart(fine: "hours" | "days", coarse: "days" | "months"): Promise<unknown[]> {
  const ids = sql.raw(agents.join(","));
  const key = sql.raw(coarse === "days" ? "day" : "month");
  const of = sql.raw(fine === "hours" ? "hour::date" : "date_trunc('month', day)::date");
  const table = (figures: string, grain: string) => sql.raw(`report_${figures}_${grain}`);
  return rowsOf(
    await gw.db.execute(sql`
      select 'agent' as t, c.agent_id, c.${key}::text from ${table("agent", coarse)} c full join (
        select agent_id, ${of} as ${key}, sum(dials) dials, sum(inbound) inbound, sum(contacts) contacts,
               sum(talk_seconds) talk, sum(transfers_sent) sent, sum(transfers_taken) taken, sum(overstays) overstays
          from ${table("agent", fine)} where agent_id in (${ids}) group by 1, 2) f using (agent_id, ${key})
       where coalesce(c.agent_id, f.agent_id) in (${ids})
         and (coalesce(c.dials, 0), coalesce(c.inbound, 0), coalesce(c.contacts, 0), coalesce(c.talk_seconds, 0),
              coalesce(c.transfers_sent, 0), coalesce(c.transfers_taken, 0), coalesce(c.overstays, 0))
             is distinct from (coalesce(f.dials, 0), coalesce(f.inbound, 0), coalesce(f.contacts, 0), coalesce(f.talk, 0),
              coalesce(f.sent, 0), coalesce(f.taken, 0), coalesce(f.overstays, 0))
      union all
      select 'status', c.agent_id, c.${key}::text from ${table("status", coarse)} c full join (
        select agent_id, ${of} as ${key}, status, sum(seconds) seconds from ${table("status", fine)}
         where agent_id in (${ids}) group by 1, 2, 3) f using (agent_id, ${key}, status)
       where coalesce(c.agent_id, f.agent_id) in (${ids}) and abs(coalesce(c.seconds, 0) - coalesce(f.seconds, 0)) > 0.001
      union all
      select 'disposition', c.agent_id, c.${key}::text from ${table("disposition", coarse)} c full join (
        select agent_id, ${of} as ${key}, disposition, sum(n) n from ${table("disposition", fine)}
         where agent_id in (${ids}) group by 1, 2, 3) f using (agent_id, ${key}, disposition)
       where coalesce(c.agent_id, f.agent_id) in (${ids}) and coalesce(c.n, 0) <> coalesce(f.n, 0)`),
  );
}

const zeroless = (d: Record<string, number>) =>
  Object.fromEntries(Object.entries(d).filter(([, n]) => n !== 0));

/** Sums equal to others: the counts and dispositions exactly, the seconds to the millisecond. */
function expectSums(got: AgentSums, want: AgentSums, what: string) {
  expect(Object.fromEntries(AGENT_COUNTS.map((c) => [c, got[c]])), what).toEqual(
    Object.fromEntries(AGENT_COUNTS.map((c) => [c, want[c]])),
  );
  expect(zeroless(got.dispositions), what).toEqual(zeroless(want.dispositions));
  const [g, w] = [got.status_seconds, want.status_seconds] as Record<string, number>[];
  for (const s of new Set([...Object.keys(g!), ...Object.keys(w!)]))
    expect(g![s] ?? 0, `${what}: ${s}`).toBeCloseTo(w![s] ?? 0, 3);
}

/**
 * The page's report (per agent over the range and per period over the team, added up in SQL) equals the report per
 * agent and period (itself held to the raw rows) added up: every agent's sums and periods worked, every period's.
 */
async function expectSumsOf(range: { from: string; to: string; by: ReportPeriod }, now: Date) {
  const ctx = pluginContextOf(gw, "reports");
  const q = { tenantId: ISIUS, ...range };
  const rows = (await readAgentPeriods(ctx, q, now)).rows;
  const report = await readAgentReport(ctx, q, now);
  const what = `${range.from}–${range.to} by ${range.by}`;
  const perAgent = perAgentOf(rows);
  expect(
    report.per_agent.map((r) => [r.agent_id, r.periods_worked]),
    what,
  ).toEqual(perAgent.map((r) => [r.agent_id, r.periods_worked]));
  perAgent.forEach((want, i) => expectSums(report.per_agent[i]!, want, `${what}, agent ${want.agent_id}`));
  const periods = [...new Set(rows.map((r) => r.period))].sort();
  expect(
    report.per_period.map((p) => p.period),
    what,
  ).toEqual(periods);
  const team = (period: string): AgentPeriodRow[] =>
    rows.filter((r) => r.period === period).map((r) => ({ ...r, agent_id: 0 }));
  for (const p of report.per_period) expectSums(p, perAgentOf(team(p.period))[0]!, `${what}, ${p.period}`);
}

describe("agent performance: the rollups", () => {
  it("equal the figures recomputed from the raw rows, per agent and local day, for random histories", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        await clear();
        await write(h);
        const report = await readAgentPeriods(
          pluginContextOf(gw, "reports"),
          { tenantId: ISIUS, from: "2026-03-07", to: "2026-03-11", by: "day" },
          new Date(BASE + 10 * 24 * HOUR),
        );
        const expected = expectedOf(h);
        const got = report.rows.filter((r) => agents.includes(r.agent_id));
        for (const r of got) {
          const e = expected.get(`${r.agent_id}|${r.period}`) ?? {
            status: {},
            dials: 0,
            inbound: 0,
            contacts: 0,
            talk: 0,
            dispositions: {},
          };
          expect({ dials: r.dials, inbound: r.inbound, contacts: r.contacts, talk: r.talk_seconds }).toEqual({
            dials: e.dials,
            inbound: e.inbound,
            contacts: e.contacts,
            talk: e.talk,
          });
          const zeroless = Object.fromEntries(Object.entries(r.dispositions).filter(([, n]) => n !== 0));
          expect(zeroless).toEqual(e.dispositions);
          for (const s of new Set([...Object.keys(r.status_seconds), ...Object.keys(e.status)]))
            expect((r.status_seconds as Record<string, number>)[s] ?? 0).toBeCloseTo(e.status[s] ?? 0, 3);
        }
        // Every expected agent-day is in the report.
        for (const [key, e] of expected) {
          const [agent, day] = key.split("|");
          const anything =
            e.dials + e.inbound + Object.keys(e.dispositions).length + Object.keys(e.status).length;
          if (anything > 0)
            expect(
              got.some((r) => r.agent_id === Number(agent) && r.period === day),
              key,
            ).toBe(true);
        }
        // The day rollups are their hours summed, row for row (the report by day, week and month reads them),
        // and the month rollups their days summed.
        expect(await apart("hours", "days")).toEqual([]);
        // The page's report, added up in SQL per agent and per period, is those rows added up, by day, week and month.
        for (const by of ["day", "week", "month"] as const)
          await expectSumsOf({ from: "2026-03-07", to: "2026-03-11", by }, new Date(BASE + 10 * 24 * HOUR));
        await expectSumsOf(
          { from: "2026-03-09", to: "2026-04-30", by: "month" },
          new Date(BASE + 40 * 24 * HOUR),
        );
        expect(await apart("days", "months")).toEqual([]);
        // By month: March whole (read from the month rollup), and March cut on the 9th with April whole (March's
        // days from the day rollup, April from the month's), each equal to the raw rows of its days.
        for (const [from, to] of [
          ["2026-03-01", "2026-03-31"],
          ["2026-03-09", "2026-04-30"],
        ] as const) {
          const months = await readAgentPeriods(
            pluginContextOf(gw, "reports"),
            { tenantId: ISIUS, from, to, by: "month" },
            new Date(BASE + 40 * 24 * HOUR),
          );
          for (const [i, agent] of agents.entries()) {
            const within = [...expected].filter(([key]) => {
              const [a, day] = key.split("|");
              return Number(a) === agent && day! >= from && day! <= to;
            });
            const rows = months.rows.filter((r) => r.agent_id === agent);
            expect(rows.every((r) => r.period === "2026-03-01" || r.period === "2026-04-01")).toBe(true);
            const sum = (f: (e: (typeof within)[number][1]) => number) =>
              within.reduce((t, [, e]) => t + f(e), 0);
            const got = (f: (r: (typeof rows)[number]) => number) => rows.reduce((t, r) => t + f(r), 0);
            expect({
              i,
              from,
              dials: got((r) => r.dials),
              contacts: got((r) => r.contacts),
              talk: got((r) => r.talk_seconds),
            }).toEqual({
              i,
              from,
              dials: sum((e) => e.dials),
              contacts: sum((e) => e.contacts),
              talk: sum((e) => e.talk),
            });
            const given = (src: Record<string, number>[]) => {
              const out: Record<string, number> = {};
              for (const d of src) for (const [k, n] of Object.entries(d)) if (n) out[k] = (out[k] ?? 0) + n;
              return out;
            };
            expect(given(rows.map((r) => r.dispositions))).toEqual(
              given(within.map(([, e]) => e.dispositions)),
            );
            for (const status of STATUSES)
              expect(got((r) => (r.status_seconds as Record<string, number>)[status] ?? 0)).toBeCloseTo(
                sum((e) => e.status[status] ?? 0),
                3,
              );
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it("group hours into weeks from Monday and into months", async () => {
    await clear();
    await write({
      changes: [[], [], []],
      calls: [0, 30, 50, 200].map((hours) => ({
        agent: 0,
        at: hours * 3600,
        direction: 0,
        answered: false,
        amd: null,
        duration: 0,
        fate: "kept",
      })),
      given: [],
    });
    const now = new Date(BASE + 30 * 24 * HOUR);
    const weeks = await readAgentPeriods(
      pluginContextOf(gw, "reports"),
      { tenantId: ISIUS, from: "2026-03-01", to: "2026-03-31", by: "week" },
      now,
    );
    // Sat 7th and Sun 8th fall in the week of Monday 2nd; Mon 9th (hour 50) and Sun 15th in the week of the 9th.
    expect(weeks.rows.filter((r) => r.agent_id === agents[0]).map((r) => [r.period, r.dials])).toEqual([
      ["2026-03-02", 2],
      ["2026-03-09", 2],
    ]);
    const months = await readAgentPeriods(
      pluginContextOf(gw, "reports"),
      { tenantId: ISIUS, from: "2026-01-01", to: "2026-12-31", by: "month" },
      now,
    );
    expect(months.rows.filter((r) => r.agent_id === agents[0]).map((r) => [r.period, r.dials])).toEqual([
      ["2026-03-01", 4],
    ]);
  });
});

/** The figures of a history by local weekday (0 Monday) and hour: dials, contacts, logged-in seconds. */
function hoursOf(h: History): Map<string, { dials: number; contacts: number; seconds: number }> {
  const out = new Map<string, { dials: number; contacts: number; seconds: number }>();
  const at = (ms: number) => {
    const w = wallClock(ms, ZONE);
    const key = `${(w.weekday + 6) % 7}|${w.hour}`;
    if (!out.has(key)) out.set(key, { dials: 0, contacts: 0, seconds: 0 });
    return out.get(key)!;
  };
  h.changes.forEach((list) => {
    let t = BASE;
    let from: string | null = null;
    for (const c of list) {
      const next = t + c.gap * 1000;
      if (from !== null && from !== "offline")
        for (let a = t; a < next;) {
          const b = Math.min(next, startOfLocalHour(a, ZONE) + HOUR);
          at(a).seconds += (b - a) / 1000;
          a = b;
        }
      from = c.to;
      t = next;
    }
  });
  for (const c of h.calls) {
    if (c.fate === "deleted") continue;
    const e = at(BASE + c.at * 1000 + (c.fate === "moved" ? 3 * HOUR : 0));
    if (c.direction === 0) e.dials++;
    if (c.answered && c.amd !== "AMD-Machine-Vm-WA") e.contacts++;
  }
  return out;
}

describe("hours of the week: the rollups", () => {
  it("equal the dials, contacts and logged-in seconds recomputed from the raw rows, per local weekday and hour", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        await clear();
        // The other agents of the call centre have history too: the test's agents are the call centre's only ones
        // in this week of 2026 (the demo seed's history is today's, at the harness's clock).
        await write(h);
        const report = await readHoursReport(
          gw.db,
          ISIUS,
          { from: "2026-03-07", to: "2026-03-11" },
          new Date(BASE + 10 * 24 * HOUR),
        );
        const expected = hoursOf(h);
        const got = new Map(report.cells.map((c) => [`${c.weekday}|${c.hour}`, c]));
        for (const key of new Set([...expected.keys(), ...got.keys()])) {
          const e = expected.get(key) ?? { dials: 0, contacts: 0, seconds: 0 };
          const g = got.get(key) ?? { dials: 0, contacts: 0, agent_seconds: 0 };
          expect({ key, dials: g.dials, contacts: g.contacts }).toEqual({
            key,
            dials: e.dials,
            contacts: e.contacts,
          });
          expect(g.agent_seconds, key).toBeCloseTo(e.seconds, 3);
        }
        // Sat 7 … Wed 11: one Monday, Tuesday, Wednesday, Saturday and Sunday.
        expect(report.weekdays).toEqual([1, 1, 1, 0, 0, 1, 1]);
      }),
      { numRuns: 8 },
    );
  });
});

describe("GET /reports/agents", () => {
  it("counts today's open status periods until the minute asked", async () => {
    await clear();
    const agent = agents[1]!;
    const began = gw.clock.now() - 10 * 60_000;
    const [change] = await gw.db
      .insert(agentStatusChanges)
      .values({
        tenantId: ISIUS,
        userId: agent,
        fromStatus: null,
        toStatus: "ready",
        at: new Date(began),
        previousDuration: 0,
        source: "agent",
      })
      .returning({ id: agentStatusChanges.id });
    await gw.db.insert(agentStatuses).values({
      userId: agent,
      tenantId: ISIUS,
      status: "ready",
      since: new Date(began),
      periodId: change!.id,
      source: "agent",
    });
    const first = await manager.request("GET", "/reports/agents");
    expect(first.statusCode, first.body).toBe(200);
    const report = AgentReport.parse(first.json()).data;
    expect(report.from).toBe(report.today);
    const mine = (r: AgentReport) => r.per_agent.find((a) => a.agent_id === agent);
    expect(mine(report)?.status_seconds.ready).toBeCloseTo(600, 0);
    // Today is a day worked, though nothing of it is closed yet: its quotas are the goals' targets.
    expect(mine(report)?.periods_worked).toBe(1);
    expect(report.per_period.map((p) => p.period)).toEqual([report.today]);
    gw.clock.advance(60_000);
    const later = AgentReport.parse((await manager.request("GET", "/reports/agents")).json()).data;
    expect(mine(later)?.status_seconds.ready).toBeCloseTo(660, 0);
    expect(later.agents.find((a) => a.id === agent)).toMatchObject({
      name: "Report Agent 2",
      role: "qualifier",
      active: true,
    });
    await gw.db.delete(agentStatuses).where(eq(agentStatuses.userId, agent));
  });

  it("refuses a range it cannot read with 422 on the field, and agents with 403", async () => {
    const ask = (q: string) => manager.request("GET", `/reports/agents?${q}`);
    const swapped = await ask("from=2026-03-10&to=2026-03-01");
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json().errors.to).toEqual([REPORT_MESSAGES.order]);
    expect((await ask("from=2025-01-01&to=2026-03-01")).json().errors.to).toEqual([REPORT_MESSAGES.span]);
    expect((await ask("from=2026-02-30")).json().errors.from).toEqual([REPORT_MESSAGES.date]);
    expect((await ask("from=2026-03-01&by=year")).statusCode).toBe(422);
    expect((await ask("from=2026-03-01&to=2026-03-31&by=week")).statusCode).toBe(200);
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("GET", "/reports/agents")).statusCode).toBe(403);
  });
});
