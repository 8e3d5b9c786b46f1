// reliability.md G1: 0 out-of-window dials in ≥1M cases, most restrictive zone wins. The verdict is compared with
// an independent oracle (testing/oracle.ts) exhaustively on a 15-minute grid around both 2026 DST changes, then
// on random leads, zones and instants.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROVINCES, US_STATES, regions, type Region } from "../../geo/index";
import { callingWindowVerdict, nextCallableAt, type CallingLead, type CallingWindowVerdict } from "./index";
import {
  oracleByTime,
  oracleCapped,
  oracleLocal,
  oracleUsable,
  oracleWindow,
  oracleZoneOk,
  oracleZones,
  type OracleLocal,
} from "./testing/oracle";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const SLOT = 15 * MIN;

/** Two weeks each, holding the US/Canada spring and fall changes of 2026 and 2027 (and Veterans Day 2027). */
const PERIODS = [
  [Date.UTC(2026, 2, 1), Date.UTC(2026, 2, 15)],
  [Date.UTC(2026, 9, 25), Date.UTC(2026, 10, 8)],
  [Date.UTC(2027, 2, 7), Date.UTC(2027, 2, 21)],
  [Date.UTC(2027, 9, 31), Date.UTC(2027, 10, 14)],
] as const;

function expectedRuleWhenOpen(lead: CallingLead, local: OracleLocal): string {
  if (lead.country === "CA") return local.dow === 0 || local.dow === 6 ? "crtc:weekend" : "crtc:weekday";
  const [from, to] = oracleWindow(lead, local);
  return from === 480 && to === 1260 ? "tcpa" : `state:${lead.state}`;
}

/** A zone the region does not use, for "time zone vs. address" conflicts. */
function conflictZone(reg: Region): string {
  const zones = [reg.defaultTz, ...reg.otherTz];
  const pick = reg.country === "US" ? ["America/Los_Angeles", "America/New_York"] : ["America/Vancouver", "America/Halifax"];
  return pick.find((z) => !zones.includes(z))!;
}

describe("calling windows: exhaustive 15-minute grid (every state, DC, province × 4 DST fortnights)", () => {
  it("is callable exactly when the oracle says so, and nextOpenAt is the oracle's next open slot", () => {
    let cases = 0;
    const mismatches: string[] = [];
    const report = (msg: string) => {
      if (mismatches.length < 20) mismatches.push(msg);
    };
    const regs = regions();
    expect(regs.length).toBe(64); // 50 states + DC + 13 provinces and territories

    for (const [start, end] of PERIODS) {
      const slots: number[] = [];
      for (let t = start; t < end; t += SLOT) slots.push(t);
      const locals = new Map<string, OracleLocal[]>();
      const localsOf = (zone: string) => {
        let l = locals.get(zone);
        if (!l) locals.set(zone, (l = slots.map((t) => oracleLocal(t, zone))));
        return l;
      };

      for (const reg of regs) {
        const leadZones: (string | null)[] = [reg.defaultTz, ...reg.otherTz, conflictZone(reg), null];
        for (const timezone of leadZones) {
          const lead: CallingLead = { country: reg.country, state: reg.code, timezone };
          if (timezone === null) {
            for (const t of slots) {
              const v = callingWindowVerdict(lead, t);
              if (v.callable || v.rule !== "no-timezone" || v.nextOpenAt !== null) report(`${reg.code} null zone @${t}`);
              cases++;
            }
            continue;
          }
          const zoneLocals = oracleZones(lead).map(localsOf);
          const ok = slots.map((_, i) => zoneLocals.every((l) => oracleZoneOk(lead, l[i]!)));
          const nextOk: number[] = new Array(slots.length + 1).fill(-1);
          for (let i = slots.length - 1; i >= 0; i--) nextOk[i] = ok[i] ? i : nextOk[i + 1]!;
          const prefixes = [`state:${reg.code}`, `sunday:${reg.code}`, `holiday:${reg.code}`, "tcpa", "crtc:"];

          for (let i = 0; i < slots.length; i++) {
            const t = slots[i]!;
            const v = callingWindowVerdict(lead, t);
            cases++;
            const tag = `${reg.code} ${timezone} ${new Date(t).toISOString()}`;
            if (v.callable !== ok[i]) {
              report(`${tag}: callable ${v.callable}, oracle ${ok[i]} (${v.reason})`);
              continue;
            }
            const j = nextOk[i]!;
            if (j >= 0 ? v.nextOpenAt !== slots[j] : v.nextOpenAt !== null && v.nextOpenAt < end) {
              report(`${tag}: nextOpenAt ${v.nextOpenAt && new Date(v.nextOpenAt).toISOString()}, oracle ${j >= 0 ? new Date(slots[j]!).toISOString() : "after the grid"}`);
            }
            if (v.callable && v.rule !== expectedRuleWhenOpen(lead, zoneLocals[0]![i]!)) report(`${tag}: rule ${v.rule}`);
            if (!prefixes.some((p) => v.rule.startsWith(p))) report(`${tag}: unexpected rule ${v.rule}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(cases).toBeGreaterThan(1_000_000);
  });
});

// --- random leads, zones and instants -----------------------------------------------------------------------

const NA_ZONES = [
  ...new Set(regions().flatMap((r) => [r.defaultTz, ...r.otherTz])),
  "America/Puerto_Rico",
  "America/Kentucky/Louisville",
  "America/Indiana/Knox",
  "America/North_Dakota/Center",
  "America/Juneau",
  "America/Yellowknife",
  "US/Central",
  "US/Eastern",
  "Canada/Newfoundland",
];
const FAR_ZONES = ["Asia/Tokyo", "Europe/London", "Asia/Kathmandu", "Australia/Lord_Howe", "America/Havana", "Asia/Bangkok", "Pacific/Chatham"];
const BAD_ZONES = [null, "", "  ", "Foo/Bar", "America/Chicgo", "UTC", "Etc/UTC", "Etc/GMT+5", "GMT", "+05:00", "Mars/Olympus", "america/", "EST5"];

const arbZone = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...NA_ZONES) },
  { weight: 2, arbitrary: fc.constantFrom(...FAR_ZONES) },
  { weight: 2, arbitrary: fc.constantFrom(...BAD_ZONES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const arbState = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...US_STATES, ...PROVINCES) },
  { weight: 1, arbitrary: fc.constantFrom(null, "", "zz", " FL ", "Al", "pr", "__proto__", "constructor") },
);
const arbLead: fc.Arbitrary<CallingLead> = fc.record({
  country: fc.constantFrom("US" as const, "CA" as const),
  state: arbState,
  timezone: arbZone,
});
/** 2026–2027 (the built-in holiday years), with extra weight within 36 h of each DST change. */
const DST_CHANGES = [Date.UTC(2026, 2, 8, 8), Date.UTC(2026, 10, 1, 7), Date.UTC(2027, 2, 14, 8), Date.UTC(2027, 10, 7, 7)];
const arbInstant = fc.oneof(
  fc.integer({ min: Date.UTC(2026, 0, 2), max: Date.UTC(2027, 11, 30) }),
  fc.constantFrom(...DST_CHANGES).chain((c) => fc.integer({ min: c - 36 * HOUR, max: c + 36 * HOUR })),
);
const arbHolidays = fc.option(
  fc.uniqueArray(fc.integer({ min: 0, max: 729 }).map((d) => new Date(Date.UTC(2026, 0, 1) + d * DAY).toISOString().slice(0, 10)), { maxLength: 6 }),
  { nil: undefined },
);

/** What is wrong with a verdict, by the oracle (plain checks: expect() per case would dominate the run time). */
function verdictProblem(v: CallingWindowVerdict, lead: CallingLead, t: number, calls: number | undefined, extra?: ReadonlySet<string>): string | null {
  if (!oracleUsable(lead.timezone)) {
    return !v.callable && v.rule === "no-timezone" && v.nextOpenAt === null && v.window === null ? null : "unusable zone not refused";
  }
  const capped = oracleCapped(lead, calls);
  if (v.callable !== (oracleByTime(lead, t, extra) && !capped)) return `callable ${v.callable} disagrees with the oracle`;
  if (v.callable) return v.nextOpenAt === t ? null : "callable but nextOpenAt is not now";
  if (capped) return v.rule === `cap:${lead.state!.trim().toLowerCase()}` && v.nextOpenAt === null ? null : "cap not reported";
  return v.nextOpenAt === null || v.nextOpenAt > t ? null : "nextOpenAt not after a closed instant";
}

describe("calling windows: random leads, zones and instants", () => {
  it("agrees with the oracle; no usable zone is never callable", () => {
    const instants = fc.array(arbInstant, { minLength: 8, maxLength: 8 }); // 8 cases per run: less generator cost
    const calls = fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined });
    fc.assert(
      fc.property(arbLead, instants, calls, arbHolidays, (lead, ts, callsLast24h, holidays) => {
        const extra = holidays && new Set(holidays);
        for (const t of ts) {
          const v = callingWindowVerdict(lead, t, { callsLast24h, holidays });
          const why = verdictProblem(v, lead, t, callsLast24h, extra);
          if (why) throw new Error(`${why} at ${new Date(t).toISOString()}: ${JSON.stringify(v)}`);
        }
      }),
      { numRuns: 30_000 },
    );
  });

  it("nextOpenAt is callable and nothing before it is (coarse 15-minute scan plus the millisecond before)", () => {
    const valid = fc.record({ country: fc.constantFrom("US" as const, "CA" as const), state: arbState, timezone: fc.constantFrom(...NA_ZONES, ...FAR_ZONES) });
    fc.assert(
      fc.property(valid, arbInstant, arbHolidays, (lead, t, holidays) => {
        const extra = holidays && new Set(holidays);
        const next = callingWindowVerdict(lead, t, { holidays }).nextOpenAt;
        expect(nextCallableAt(lead, t, { holidays })).toBe(next);
        const until = next ?? t + 8 * DAY; // null promises nothing opens within 8 days (see CallingWindowVerdict)
        for (let s = t; s < until; s += SLOT) if (oracleByTime(lead, s, extra)) return false;
        if (next === null) return true;
        return oracleByTime(lead, next, extra) && (next === t || !oracleByTime(lead, next - 1, extra));
      }),
      { numRuns: 3000 },
    );
  });

  it("invalid or missing zones are never callable, whatever else the lead says", () => {
    const bad = fc.oneof(fc.constantFrom(...BAD_ZONES), fc.string({ maxLength: 20 }).filter((z) => !oracleUsable(z)));
    fc.assert(
      fc.property(fc.constantFrom("US" as const, "CA" as const), arbState, bad, fc.integer(), (country, state, timezone, t) => {
        const v = callingWindowVerdict({ country, state, timezone }, t, { callsLast24h: 0 });
        return !v.callable && v.rule === "no-timezone" && v.nextOpenAt === null && nextCallableAt({ country, state, timezone }, t) === null;
      }),
      { numRuns: 30_000 },
    );
  });

});
