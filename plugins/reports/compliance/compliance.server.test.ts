// The compliance report on a real test gateway (issue 37, part 5). Its figures are the database's (triggers on the
// core's calls), so the property tests write random histories straight into calls — placed, answered by the
// party, bridged or not, judged by the PBX, ended, then moved, re-campaigned or deleted — and check the report
// against the same figures recomputed from the raw rows: the abandon figures per campaign and local day and over
// rolling 30 days, and the calls outside a calling window, each judged on its own by the gate's rules. Then a call
// at night and a dial to a Do Not Call number inserted as if the gate had failed are listed; the migration's
// backfill equals what the triggers keep; the route's 422s, who may read it, and each call centre its own.
import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calls,
  leadCampaigns,
  leads,
  startTestGateway,
  users,
  type TestClient,
  type TestGateway,
} from "../../../server/sdk/testing";
import { rowsOf, wallClock } from "../../../server/sdk";
import { disclosurePlaybacks, disclosureProofs } from "../../disclosures/tables";
import { REPORT_MESSAGES } from "../contract";
import { ABANDON_LIMIT, ComplianceReport } from "./contract";
import { complianceCsv } from "./csv.server";
import { readComplianceReport, readWindowBreaches } from "./report.server";
import { spanOf } from "../span.server";
import { closedSlots, placeOfPrefix, SLOT_MS, windowVerdict } from "./windows.server";

const ISIUS = 1;
const ZONE = "America/New_York";
/** Sunday 2026-02-01 00:00 in New York; histories run 45 days, over the night clocks go forward (March 8th). */
const BASE = Date.parse("2026-02-01T05:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AFTER = new Date(BASE + 60 * DAY);

let gw: TestGateway;
let manager: TestClient;
let agents: number[];
let campaigns: number[];
let leadId: number;

const dayOf = (ms: number) => {
  const w = wallClock(ms, ZONE);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
};
const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  const made = await gw.db
    .insert(users)
    .values(
      [1, 2].map((n) => ({
        tenantId: ISIUS,
        email: `compliance-agent-${n}@test.test`,
        passwordHash: "not-a-hash",
        firstName: "Compliance",
        lastName: `Agent ${n}`,
        role: "qualifier",
      })),
    )
    .returning({ id: users.id });
  agents = made.map((u) => u.id);
  const made2 = await gw.db
    .insert(leadCampaigns)
    .values(
      ["Final Expense East", "Medicare West"].map((name, i) => ({
        tenantId: ISIUS,
        slug: `compliance-test-${i}`,
        name,
        prefix: `CT${i}`,
      })),
    )
    .returning({ id: leadCampaigns.id });
  campaigns = made2.map((c) => c.id);
  const [lead] = await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.tenantId, ISIUS)).limit(1);
  leadId = lead!.id;
});
afterAll(() => gw?.close());

/** Takes the test agents' calls out again (the triggers take their shares back). */
async function clear() {
  await gw.db.delete(calls).where(inArray(calls.agentId, agents));
}

const AMD = [null, "AMD-Human-voice", "AMD-Machine-Vm-WA", "AMD-NotSure", "AMD-Hangup"] as const;

const history = fc.array(
  fc.record({
    agent: fc.integer({ min: 0, max: 1 }),
    /** 0, 1: the test's campaigns; 2: none. */
    campaign: fc.integer({ min: 0, max: 2 }),
    at: fc.integer({ min: 0, max: 45 * 24 * 3600 }),
    direction: fc.constantFrom(0, 0, 0, 1),
    /** The party's answer, ms after the start; null: nobody answered. */
    party: fc.option(fc.integer({ min: 1000, max: 30_000 }), { nil: null }),
    /** The bridge to the agent, ms after the party's answer (may come first); null: never bridged. */
    bridge: fc.option(fc.integer({ min: -500, max: 4000 }), { nil: null }),
    amd: fc.constantFrom(...AMD),
    ended: fc.boolean(),
    fate: fc.constantFrom("kept", "kept", "kept", "deleted", "moved", "recampaigned", "unbridged"),
  }),
  { maxLength: 25 },
);
type History = typeof history extends fc.Arbitrary<infer H> ? H : never;
type Call = History[number];

/** A call's row as it stands once written: its start, campaign and answers after its fate. */
function finalOf(c: Call) {
  const started = BASE + c.at * 1000 + (c.fate === "moved" ? 2 * DAY + 5 * HOUR : 0);
  const campaign = c.fate === "recampaigned" ? (c.campaign + 1) % 3 : c.campaign;
  const party = c.party === null ? null : BASE + c.at * 1000 + c.party;
  const bridge = c.fate === "unbridged" || c.bridge === null || party === null ? null : party + c.bridge;
  return { started, campaign, party, bridge };
}

/** The abandon figures of a history, from its raw calls: per campaign key (0, 1, 2) and local day. */
function expectedOf(h: History) {
  const out = new Map<string, { persons: number; abandoned: number }>();
  for (const c of h) {
    if (c.fate === "deleted" || c.direction !== 0) continue;
    const f = finalOf(c);
    // Answered by a person: the party's own answer (or the bridge), no machine by the PBX's verdict.
    const answered = f.party ?? f.bridge;
    if (answered === null || c.amd === "AMD-Machine-Vm-WA") continue;
    const key = `${f.campaign}|${dayOf(f.started)}`;
    const e = out.get(key) ?? { persons: 0, abandoned: 0 };
    e.persons++;
    const abandoned = f.bridge === null ? c.ended : f.bridge - answered > 2000;
    if (abandoned) e.abandoned++;
    out.set(key, e);
  }
  return out;
}

/** Writes a history as the core would: the row, the party's answer, the bridge, the verdict, the end, its fate. */
async function write(h: History) {
  const { db } = gw;
  for (const c of h) {
    const started = new Date(BASE + c.at * 1000);
    const [row] = await db
      .insert(calls)
      .values({
        tenantId: ISIUS,
        agentId: agents[c.agent]!,
        leadId,
        type: "auto",
        direction: c.direction,
        phone: "+12125550100",
        status: "dialing",
        startedAt: started,
        campaignId: campaigns[c.campaign] ?? null,
      })
      .returning({ id: calls.id });
    const id = row!.id;
    const party = c.party === null ? null : new Date(started.getTime() + c.party);
    if (party) await db.update(calls).set({ partyAnsweredAt: party }).where(eq(calls.id, id));
    if (party && c.bridge !== null)
      await db
        .update(calls)
        .set({ status: "answered", answeredAt: new Date(party.getTime() + c.bridge) })
        .where(eq(calls.id, id));
    if (c.amd) await db.update(calls).set({ amdVerdict: c.amd }).where(eq(calls.id, id));
    if (c.ended)
      await db
        .update(calls)
        .set({ status: "ended", endedAt: new Date(started.getTime() + 60_000) })
        .where(eq(calls.id, id));
    if (c.fate === "deleted") await db.delete(calls).where(eq(calls.id, id));
    if (c.fate === "moved")
      await db
        .update(calls)
        .set({ startedAt: new Date(started.getTime() + 2 * DAY + 5 * HOUR) })
        .where(eq(calls.id, id));
    if (c.fate === "recampaigned")
      await db
        .update(calls)
        .set({ campaignId: campaigns[(c.campaign + 1) % 3] ?? null })
        .where(eq(calls.id, id));
    if (c.fate === "unbridged") await db.update(calls).set({ answeredAt: null }).where(eq(calls.id, id));
  }
}

describe("the abandon rate: the rollup", () => {
  it("equals the figures recomputed from the raw calls, per campaign, per day and over rolling 30 days", async () => {
    const from = "2026-03-05";
    const to = "2026-03-20";
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        await clear();
        await write(h);
        const report = await readComplianceReport(gw.db, ISIUS, { from, to }, AFTER);
        const expected = expectedOf(h);
        const at = (key: number, day: string) =>
          expected.get(`${key}|${day}`) ?? { persons: 0, abandoned: 0 };
        for (const key of [0, 1, 2]) {
          const id = campaigns[key] ?? null;
          const got = report.abandon.campaigns.find((c) => c.campaign_id === id);
          let any = false;
          for (let d = from, i = 0; d <= to; d = addDays(d, 1), i++) {
            let persons30 = 0;
            let abandoned30 = 0;
            for (let k = 0; k < 30; k++) {
              persons30 += at(key, addDays(d, -k)).persons;
              abandoned30 += at(key, addDays(d, -k)).abandoned;
            }
            any ||= persons30 > 0;
            const day = got?.days[i] ?? { day: d, persons: 0, abandoned: 0, persons_30: 0, abandoned_30: 0 };
            expect({
              key,
              day: day.day,
              p: day.persons,
              a: day.abandoned,
              p30: day.persons_30,
              a30: day.abandoned_30,
            }).toEqual({
              key,
              day: d,
              p: at(key, d).persons,
              a: at(key, d).abandoned,
              p30: persons30,
              a30: abandoned30,
            });
            if (got && persons30 > 0) expect(got.days[i]!.rate_30).toBeCloseTo(abandoned30 / persons30, 10);
          }
          if (got) {
            const worst = Math.max(...got.days.map((d) => d.rate_30 ?? 0));
            expect(got.met).toBe(worst <= ABANDON_LIMIT);
          } else expect(any).toBe(false);
        }
      }),
      { numRuns: 15 },
    );
  });

  it("reads 0 % with progressive dialling, where the agent is on the line before the party answers", async () => {
    await clear();
    await write(
      Array.from({ length: 12 }, (_, i) => ({
        agent: 0,
        campaign: 0,
        at: 35 * 24 * 3600 + i * 600,
        direction: 0,
        party: 4000,
        bridge: 150,
        amd: "AMD-Human-voice" as const,
        ended: true,
        fate: "kept" as const,
      })),
    );
    const report = await readComplianceReport(gw.db, ISIUS, { from: "2026-03-08", to: "2026-03-08" }, AFTER);
    const east = report.abandon.campaigns.find((c) => c.campaign_id === campaigns[0])!;
    expect(east).toMatchObject({
      name: "Final Expense East",
      persons: 12,
      abandoned: 0,
      worst_rate_30: 0,
      met: true,
    });
  });
});

// ---------------------------------------------------------------- calling windows

/** Numbers of places whose rules differ: New York, Los Angeles, Honolulu, Newfoundland, Toronto, Alabama (no
 * Sundays), Florida (8 p.m.), London, and a non-geographic 800 number (no zone: never callable). */
const PHONES = [
  "+12125550100",
  "(213) 555-0142",
  "+18085550100",
  "+17095550100",
  "4165550100",
  "+12055550100",
  "13055550100",
  "+442071234567",
  "+18005550100",
];

const dials = fc.array(
  fc.record({
    phone: fc.constantFrom(...PHONES),
    at: fc.integer({ min: 0, max: 45 * 24 * 3600 }),
    fate: fc.constantFrom("kept", "kept", "kept", "deleted", "moved", "renumbered"),
  }),
  { maxLength: 30 },
);

describe("calls outside a calling window", () => {
  it("are those the gate's rules refuse, judged call by call, for random dials at any hour", async () => {
    const from = "2026-02-03";
    const to = "2026-03-12";
    await fc.assert(
      fc.asyncProperty(dials, async (ds) => {
        await clear();
        const expected: number[] = [];
        const startOf = new Map<number, number>();
        for (const d of ds) {
          const started = BASE + d.at * 1000;
          const [row] = await gw.db
            .insert(calls)
            .values({
              tenantId: ISIUS,
              agentId: agents[0]!,
              leadId,
              type: "manual",
              direction: 0,
              phone: d.phone,
              status: "dialing",
              startedAt: new Date(started),
            })
            .returning({ id: calls.id });
          let at = started;
          let phone = d.phone;
          if (d.fate === "deleted") {
            await gw.db.delete(calls).where(eq(calls.id, row!.id));
            continue;
          }
          if (d.fate === "moved") {
            at = started + 7 * HOUR;
            await gw.db
              .update(calls)
              .set({ startedAt: new Date(at) })
              .where(eq(calls.id, row!.id));
          }
          if (d.fate === "renumbered") {
            phone = "+13125550100";
            await gw.db.update(calls).set({ phone }).where(eq(calls.id, row!.id));
          }
          if (dayOf(at) < from || dayOf(at) > to) continue;
          if (!windowVerdict(phone, at)!.callable) {
            expected.push(row!.id);
            startOf.set(row!.id, at);
          }
        }
        const span = await spanOf(gw.db, ISIUS, { from, to }, AFTER);
        const got = await readWindowBreaches(gw.db, span, Infinity);
        expect(got.count).toBe(expected.length);
        expect(got.calls.map((c) => c.call_id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        // The first few only: the oldest, whatever stretch they are in.
        const first = await readWindowBreaches(gw.db, span, 3);
        expect(first.count).toBe(expected.length);
        expect(first.calls.map((c) => c.call_id)).toEqual(
          [...expected].sort((a, b) => startOf.get(a)! - startOf.get(b)! || a - b).slice(0, 3),
        );
      }),
      { numRuns: 15 },
    );
  });

  it("judges a quarter-hour as the gate judges every instant of it", () => {
    // The walk over a place's quarter-hours against the gate's verdict at each one, and at an instant inside it.
    fc.assert(
      fc.property(
        fc.constantFrom(
          ...PHONES.map((p) =>
            placeOfPrefix(
              `${p.replace(/[^0-9+*#]/g, "").slice(0, 5)}:${p.replace(/[^0-9+*#]/g, "").length}`,
            )!,
          ),
        ),
        fc.uniqueArray(fc.integer({ min: 0, max: 14 * 96 }), { maxLength: 200 }),
        fc.integer({ min: 0, max: SLOT_MS - 1 }),
        (p, ks, inside) => {
          const slots = ks.map((k) => BASE + k * SLOT_MS).sort((a, b) => a - b);
          const shut = closedSlots(p, slots);
          const to = p.place ? `+${p.place.callingCode}${p.place.npa ?? "20"}5550100` : "+18005550100";
          for (const s of slots) {
            expect(shut.has(s), `${p.key} ${new Date(s).toISOString()}`).toBe(
              !windowVerdict(to, s)!.callable,
            );
            expect(windowVerdict(to, s + inside)!.callable).toBe(windowVerdict(to, s)!.callable);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

// ---------------------------------------------------------------- what the gate should have refused

describe("the calls the gate should have refused", () => {
  it("lists a call at night and a dial to a Do Not Call number, with the zone and window or the list", async () => {
    await clear();
    const night = Date.parse("2026-03-10T07:30:00Z"); // 03:30 in New York, 00:30 in Los Angeles
    const day = Date.parse("2026-03-10T16:00:00Z"); // noon in New York
    await gw.db.execute(sql`
      insert into dnc_numbers (tenant_id, list_id, phone, added_at, expires_at, source)
      values (${ISIUS}, 0, '2125550199', '2026-03-01T00:00:00Z', '2029-03-01T00:00:00Z', 'manual'),
             (${ISIUS}, 0, '2125550188', '2026-03-11T00:00:00Z', '2029-03-01T00:00:00Z', 'manual'),
             (${ISIUS}, 0, '2125550177', '2025-01-01T00:00:00Z', '2026-03-01T00:00:00Z', 'manual')`);
    const dial = async (phone: string, at: number) =>
      (
        await gw.db
          .insert(calls)
          .values({
            tenantId: ISIUS,
            agentId: agents[1]!,
            leadId,
            type: "manual",
            direction: 0,
            phone,
            status: "ended",
            startedAt: new Date(at),
          })
          .returning({ id: calls.id })
      )[0]!.id;
    const atNight = await dial("+13105550123", night);
    const listed = await dial("+12125550199", day);
    await dial("+12125550188", day); // added to the list the day after: not then
    await dial("+12125550177", day); // its entry had expired
    await dial("+12125550100", day); // never listed, in its window
    // An entry removed after the dial does not undo it.
    await gw.db.execute(sql`delete from dnc_numbers where tenant_id = ${ISIUS} and phone = '2125550199'`);

    const res = await manager.request("GET", "/reports/compliance?from=2026-03-10&to=2026-03-10");
    expect(res.statusCode, res.body).toBe(200);
    const report = ComplianceReport.parse(res.json()).data;
    expect(report.windows).toMatchObject({ met: false, count: 1 });
    expect(report.windows.calls).toEqual([
      {
        call_id: atNight,
        at: new Date(night).toISOString(),
        phone: "•••••••0123",
        agent_id: agents[1],
        agent: "Compliance Agent 2",
        reason: "window_closed",
        values: expect.objectContaining({
          zone: "America/Los_Angeles",
          time: "00:30",
          from: "08:00",
          to: "21:00",
        }),
      },
    ]);
    expect(report.dnc).toMatchObject({ met: false, count: 1 });
    expect(report.dnc.calls).toEqual([
      expect.objectContaining({
        call_id: listed,
        phone: "•••••••0199",
        agent: "Compliance Agent 2",
        reason: "dnc_listed",
        values: { since: "2026-03-01" },
      }),
    ]);
    // No digit of the numbers but their last four leaves the gateway.
    expect(res.body).not.toContain("3105550123");
    expect(res.body).not.toContain("2125550199");

    const lines: string[] = [];
    for await (const line of complianceCsv(gw.db, ISIUS, { from: "2026-03-10", to: "2026-03-10" }, AFTER))
      lines.push(line);
    expect(lines[0]).toMatch(/^Section,Rule,Result,/);
    expect(lines.join("")).toContain(
      `2026-03-10 03:30,Compliance Agent 2,${atNight},•••••••0123,,,,,,,00:30 in America/Los_Angeles; calls allowed from 08:00 to 21:00 (TCPA).`,
    );
    expect(lines.join("")).toContain("On the call centre's Do Not Call list since 2026-03-01.");
    expect(lines.every((l) => l.endsWith("\r\n"))).toBe(true);
  });

  it("are none for another call centre, whose report is its own", async () => {
    const [advisor] = rowsOf<{ tenant_id: number; password_hash: string }>(
      await gw.db.execute(
        sql`select tenant_id, password_hash from users where email = 'advisor.slica@demo.test'`,
      ),
    );
    await gw.db.insert(users).values({
      tenantId: advisor!.tenant_id,
      email: "compliance-manager@slica.test",
      passwordHash: advisor!.password_hash,
      firstName: "Slica",
      lastName: "Manager",
      role: "manager",
    });
    const other = await gw.signIn("compliance-manager@slica.test");
    const res = await other.request("GET", "/reports/compliance?from=2026-03-10&to=2026-03-10");
    expect(res.statusCode, res.body).toBe(200);
    const report = ComplianceReport.parse(res.json()).data;
    expect(report.windows).toEqual({ met: true, count: 0, calls: [] });
    expect(report.dnc).toEqual({ met: true, count: 0, calls: [] });
    expect(report.abandon.campaigns.some((c) => campaigns.includes(c.campaign_id ?? -1))).toBe(false);
  });
});

describe("disclosures", () => {
  it("are counted per advisor and listed per call, those not read to the end first", async () => {
    await clear();
    const at = Date.parse("2026-03-12T15:00:00Z");
    const [one, two] = await gw.db
      .insert(calls)
      .values(
        [0, 1].map((i) => ({
          tenantId: ISIUS,
          agentId: agents[0]!,
          leadId,
          type: "callback",
          direction: 0,
          phone: "+12125550100",
          status: "ended",
          startedAt: new Date(at + i * HOUR),
        })),
      )
      .returning({ id: calls.id });
    const step = { step: 1, text: "This call is recorded.", answer: null, at: new Date(at).toISOString() };
    await gw.db.insert(disclosureProofs).values([
      {
        tenantId: ISIUS,
        callId: one!.id,
        leadId,
        agentId: agents[0]!,
        carrier: "aa",
        wording: "pio",
        language: "en",
        steps: [step, step, step],
        completed: true,
        createdAt: new Date(at + 60_000),
      },
      {
        tenantId: ISIUS,
        callId: two!.id,
        leadId,
        agentId: agents[0]!,
        carrier: "gtl",
        wording: "occ",
        language: "es",
        steps: [step],
        completed: false,
        createdAt: new Date(at + HOUR + 60_000),
      },
    ]);
    await gw.db.insert(disclosurePlaybacks).values({
      tenantId: ISIUS,
      callId: one!.id,
      agentId: agents[0]!,
      media: "disclosures/pio-en",
      startedAt: new Date(at + 10_000),
      endedAt: new Date(at + 20_000),
      end: "done",
    });
    const report = await readComplianceReport(gw.db, ISIUS, { from: "2026-03-12", to: "2026-03-12" }, AFTER);
    expect(report.disclosures).toEqual({
      met: false,
      given: 2,
      completed: 1,
      advisors: [
        { agent_id: agents[0], name: "Compliance Agent 1", calls: 2, given: 2, completed: 1, audio_done: 1 },
      ],
      calls: [
        expect.objectContaining({
          call_id: two!.id,
          carrier: "gtl",
          wording: "occ",
          language: "es",
          steps: 1,
          completed: false,
          audio: null,
        }),
        expect.objectContaining({
          call_id: one!.id,
          carrier: "aa",
          steps: 3,
          completed: true,
          audio: "done",
        }),
      ],
    });
    await gw.db.delete(disclosurePlaybacks).where(inArray(disclosurePlaybacks.callId, [one!.id, two!.id]));
    await gw.db.delete(disclosureProofs).where(inArray(disclosureProofs.callId, [one!.id, two!.id]));
  });
});

describe("the migration's backfill", () => {
  it("rolls up the calls already there as the triggers keep them", async () => {
    await clear();
    await write(
      fc.sample(history, { numRuns: 1, seed: 37 })[0]!.concat([
        {
          agent: 1,
          campaign: 1,
          at: 3600,
          direction: 0,
          party: 2000,
          bridge: 3000,
          amd: null,
          ended: true,
          fate: "kept",
        },
      ]),
    );
    const snapshot = async () =>
      rowsOf(
        await gw.db.execute(sql`
          select 'a' as t, tenant_id, campaign_id || ':' || shard as k, day::text as d, persons || '/' || abandoned as v
            from report_abandon_days where persons <> 0 or abandoned <> 0
          union all
          select 's', tenant_id, prefix, day::text, slots::text from report_dial_slots
           where exists (select 1 from unnest(slots) n where n <> 0)
          union all
          select 'd', tenant_id, call_id::text, started_at::text, list_id || '/' || added_at from report_dnc_dials
          order by 1, 2, 3, 4`),
      );
    const kept = await snapshot();
    const sqlText = readFileSync(
      new URL("../migrations/0002_campaigns_floor_compliance_schedules.sql", import.meta.url),
      "utf8",
    );
    const backfill = sqlText.slice(sqlText.indexOf("-- Backfill"));
    await gw.db.transaction(async (tx) => {
      await tx.execute(sql`delete from report_abandon_days`);
      await tx.execute(sql`delete from report_dial_slots`);
      await tx.execute(sql`delete from report_dnc_dials`);
      for (const statement of backfill.split("--> statement-breakpoint"))
        await tx.execute(sql.raw(statement));
    });
    expect(await snapshot()).toEqual(kept);
  });
});

describe("GET /reports/compliance", () => {
  it("refuses a range it cannot read with 422 on the field, and agents with 403", async () => {
    const ask = (q: string) => manager.request("GET", `/reports/compliance?${q}`);
    const swapped = await ask("from=2026-03-10&to=2026-03-01");
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json().errors.to).toEqual([REPORT_MESSAGES.order]);
    expect((await ask("from=2025-01-01&to=2026-03-01")).json().errors.to).toEqual([REPORT_MESSAGES.span]);
    expect((await ask("from=2026-02-30")).json().errors.from).toEqual([REPORT_MESSAGES.date]);
    expect((await ask("from=2026-03-01&by=week")).statusCode).toBe(422);
    const year = await ask("from=2025-03-11&to=2026-03-11");
    expect(year.statusCode, year.body).toBe(200);
    expect(ComplianceReport.parse(year.json()).data.abandon.campaigns[0]?.days).toHaveLength(366);
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("GET", "/reports/compliance")).statusCode).toBe(403);
  });
});
