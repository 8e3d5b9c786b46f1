import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wallClock } from "../../../src/shared/zoned-time";
import { PROVINCES, US_STATES } from "../../geo/index";
import {
  CRTC,
  HOLIDAY_YEARS,
  STATE_RULES,
  TCPA,
  US_FEDERAL_HOLIDAYS,
  callingWindowVerdict,
  isDoNotCall,
  nextCallableAt,
  usableZone,
  zonesToCheck,
  type CallingLead,
} from "./index";
import { federalHolidayDates } from "./testing/oracle";
import { localClock } from "./zones";

const at = (iso: string) => Date.parse(iso);
const us = (state: string | null, timezone: string | null): CallingLead => ({ country: "US", state, timezone });
const ca = (state: string | null, timezone: string | null): CallingLead => ({ country: "CA", state, timezone });
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

describe("TCPA and state hours (callee local time, [from, to))", () => {
  // Tuesday 2026-01-06; New York is UTC-5, Chicago UTC-6, Denver UTC-7, Los Angeles UTC-8.
  it.each([
    ["ny 07:59:59", us("ny", "America/New_York"), "2026-01-06T12:59:59Z", false, "tcpa"],
    ["ny 08:00", us("ny", "America/New_York"), "2026-01-06T13:00:00Z", true, "tcpa"],
    ["ny 20:59:59.999", us("ny", "America/New_York"), "2026-01-07T01:59:59.999Z", true, "tcpa"],
    ["ny 21:00", us("ny", "America/New_York"), "2026-01-07T02:00:00Z", false, "tcpa"],
    ["ca (no state rule) 20:30", us("ca", "America/Los_Angeles"), "2026-01-07T04:30:00Z", true, "tcpa"],
    ["dc 08:00", us("dc", "America/New_York"), "2026-01-06T13:00:00Z", true, "tcpa"],
    ["fl 19:59 (Fla. Stat. 501.616)", us("fl", "America/New_York"), "2026-01-07T00:59:00Z", true, "state:fl"],
    ["fl 20:00", us("fl", "America/New_York"), "2026-01-07T01:00:00Z", false, "state:fl"],
    ["fl 07:59", us("fl", "America/New_York"), "2026-01-06T12:59:00Z", false, "state:fl"],
    ["wa 20:00 (RCW 19.158.040)", us("wa", "America/Los_Angeles"), "2026-01-07T04:00:00Z", false, "state:wa"],
    ["wa 19:59", us("wa", "America/Los_Angeles"), "2026-01-07T03:59:00Z", true, "state:wa"],
    ["ok 20:00", us("ok", "America/Chicago"), "2026-01-07T02:00:00Z", false, "state:ok"],
    ["md 20:00", us("md", "America/New_York"), "2026-01-07T01:00:00Z", false, "state:md"],
    ["ma 20:00", us("ma", "America/New_York"), "2026-01-07T01:00:00Z", false, "state:ma"],
    ["ma 10:00", us("ma", "America/New_York"), "2026-01-06T15:00:00Z", true, "state:ma"],
    ["unknown state code: TCPA", us("zz", "America/New_York"), "2026-01-07T01:30:00Z", true, "tcpa"],
    ["no state: TCPA in the lead's zone", us(null, "America/Denver"), "2026-01-07T03:30:00Z", true, "tcpa"],
    ["upper-case state", us(" FL ", "America/New_York"), "2026-01-07T01:00:00Z", false, "state:fl"],
  ])("%s", (_name, lead, when, callable, rule) => {
    const v = callingWindowVerdict(lead, at(when));
    expect(v).toMatchObject({ callable, rule });
    if (callable) expect(v.nextOpenAt).toBe(at(when));
  });

  it("writes the example sentence of the explain view", () => {
    const v = callingWindowVerdict(us("tx", "America/Chicago"), at("2026-01-07T03:05:00Z"));
    expect(v).toEqual({
      callable: false,
      rule: "tcpa",
      reason: "It is 21:05 in America/Chicago (Texas); calls are allowed 08:00–21:00 there (TCPA).",
      // Other languages say the short form: the zone that decided, its time and its window.
      summary: {
        key: "window_closed",
        values: { time: "21:05", zone: "America/Chicago", from: "08:00", to: "21:00", label: "TCPA" },
      },
      window: { from: "08:00", to: "21:00" },
      nextOpenAt: at("2026-01-07T15:00:00Z"), // 08:00 in El Paso (Denver) is 09:00 in Chicago
    });
  });

  it("FL and OK allow at most 3 calls per 24 h", () => {
    const noon = at("2026-01-06T17:00:00Z");
    expect(callingWindowVerdict(us("fl", "America/New_York"), noon, { callsLast24h: 2 }).callable).toBe(true);
    const fl = callingWindowVerdict(us("fl", "America/New_York"), noon, { callsLast24h: 3 });
    expect(fl).toMatchObject({ callable: false, rule: "cap:fl", nextOpenAt: null, window: { from: "08:00", to: "20:00" } });
    expect(fl.reason).toContain("at most 3 calls in 24 hours");
    expect(callingWindowVerdict(us("ok", "America/Chicago"), noon, { callsLast24h: 4 }).rule).toBe("cap:ok");
    expect(callingWindowVerdict(us("tx", "America/Chicago"), noon, { callsLast24h: 40 }).callable).toBe(true);
  });

  it("has a source for every rule, primary ones marked V", () => {
    for (const [code, row] of Object.entries(STATE_RULES)) {
      expect(row.source.length, code).toBeGreaterThan(10);
      expect((US_STATES as readonly string[]).includes(code), code).toBe(true);
    }
    expect([TCPA.confidence, CRTC.confidence, STATE_RULES.fl!.confidence, STATE_RULES.wa!.confidence]).toEqual(["V", "V", "V", "V"]);
    expect(TCPA.source).toContain("64.1200(c)(1)");
    expect(STATE_RULES.fl!.source).toContain("501.616");
    expect(STATE_RULES.wa!.source).toContain("19.158.040");
  });
});

describe("Sunday and holiday rules", () => {
  // Sunday 2026-01-04, Monday 2026-01-05, Saturday 2026-01-03; Chicago is UTC-6.
  it.each([
    ["al Sunday noon", us("al", "America/Chicago"), "2026-01-04T18:00:00Z", false, "sunday:al", "2026-01-05T14:00:00Z"],
    ["al Saturday noon", us("al", "America/Chicago"), "2026-01-03T18:00:00Z", true, "tcpa", "2026-01-03T18:00:00Z"],
    ["la Sunday noon", us("la", "America/Chicago"), "2026-01-04T18:00:00Z", false, "sunday:la", "2026-01-05T14:00:00Z"],
    ["ms Sunday noon", us("ms", "America/Chicago"), "2026-01-04T18:00:00Z", false, "sunday:ms", "2026-01-05T14:00:00Z"],
    ["tx Sunday noon", us("tx", "America/Chicago"), "2026-01-04T18:00:00Z", true, "tcpa", "2026-01-04T18:00:00Z"],
    ["la Thanksgiving", us("la", "America/Chicago"), "2026-11-26T18:00:00Z", false, "holiday:la", "2026-11-27T14:00:00Z"],
    ["al July 3 2026 (observed)", us("al", "America/Chicago"), "2026-07-03T18:00:00Z", false, "holiday:al", "2026-07-06T13:00:00Z"],
    ["ms Thanksgiving (Sundays only)", us("ms", "America/Chicago"), "2026-11-26T18:00:00Z", true, "tcpa", "2026-11-26T18:00:00Z"],
    ["al Christmas Eve 2027 (observed) → Monday", us("al", "America/Chicago"), "2027-12-24T18:00:00Z", false, "holiday:al", "2027-12-27T14:00:00Z"],
    ["al Saturday 19:59 before a Sunday", us("al", "America/Chicago"), "2026-01-04T01:59:00Z", true, "tcpa", "2026-01-04T01:59:00Z"],
    // Phenix City keeps Eastern time, so Alabama closes at 20:00 Central.
    ["al Saturday 20:00", us("al", "America/Chicago"), "2026-01-04T02:00:00Z", false, "tcpa", "2026-01-05T14:00:00Z"],
  ])("%s", (_name, lead, when, callable, rule, next) => {
    const v = callingWindowVerdict(lead, at(when));
    expect(v).toMatchObject({ callable, rule });
    expect(iso(v.nextOpenAt)).toBe(new Date(next).toISOString());
  });

  it("a banned day has no window, and says why", () => {
    const v = callingWindowVerdict(us("la", "America/Chicago"), at("2026-11-26T18:00:00Z"));
    expect(v.window).toBeNull();
    expect(v.reason).toBe(
      "It is Thanksgiving Day (2026-11-26) in America/Chicago (Louisiana); Louisiana allows no calls on holidays (Louisiana PSC rules).",
    );
    expect(callingWindowVerdict(us("al", "America/Chicago"), at("2026-01-04T18:00:00Z")).reason).toBe(
      "It is Sunday in America/Chicago (Alabama); Alabama allows no calls on Sundays (Alabama PSC rules).",
    );
  });

  it("takes extra (state) holidays from the caller, only where holidays are banned", () => {
    const mardiGras = at("2026-02-17T18:00:00Z");
    expect(callingWindowVerdict(us("la", "America/Chicago"), mardiGras).callable).toBe(true);
    const named = callingWindowVerdict(us("la", "America/Chicago"), mardiGras, { holidays: { "2026-02-17": "Mardi Gras" } });
    expect(named).toMatchObject({ callable: false, rule: "holiday:la", nextOpenAt: at("2026-02-18T14:00:00Z") });
    expect(named.reason).toContain("Mardi Gras");
    expect(callingWindowVerdict(us("la", "America/Chicago"), mardiGras, { holidays: ["2026-02-17"] }).rule).toBe("holiday:la");
    expect(callingWindowVerdict(us("tx", "America/Chicago"), mardiGras, { holidays: ["2026-02-17"] }).callable).toBe(true);
    // A month-long ban (e.g. a Louisiana emergency) still finds the first open day.
    const days = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 7, 1 + i)).toISOString().slice(0, 10));
    expect(iso(nextCallableAt(us("la", "America/Chicago"), at("2026-08-01T18:00:00Z"), { holidays: days }))).toBe(
      "2026-09-10T13:00:00.000Z", // Thursday Sept 10, 08:00 CDT
    );
  });

  it("lists exactly the 5 U.S.C. 6103 holidays of 2026–2027 with observed days", () => {
    const derived = [2025, 2026, 2027, 2028]
      .flatMap(federalHolidayDates)
      .filter((d) => d >= `${HOLIDAY_YEARS.from}-01-01` && d <= `${HOLIDAY_YEARS.to}-12-31`)
      .sort();
    expect(Object.keys(US_FEDERAL_HOLIDAYS).sort()).toEqual(derived);
  });
});

describe("CRTC (Canada): weekdays 09:00–21:30, weekends 10:00–18:00", () => {
  // Halifax (Nova Scotia, one zone) is UTC-4 in January. Friday 2026-01-09, Saturday 01-10, Sunday 01-11.
  it.each([
    ["Friday 08:59", "2026-01-09T12:59:00Z", false, "crtc:weekday"],
    ["Friday 09:00", "2026-01-09T13:00:00Z", true, "crtc:weekday"],
    ["Friday 21:29", "2026-01-10T01:29:00Z", true, "crtc:weekday"],
    ["Friday 21:30", "2026-01-10T01:30:00Z", false, "crtc:weekday"],
    ["Saturday 09:59", "2026-01-10T13:59:00Z", false, "crtc:weekend"],
    ["Saturday 10:00", "2026-01-10T14:00:00Z", true, "crtc:weekend"],
    ["Saturday 17:59", "2026-01-10T21:59:00Z", true, "crtc:weekend"],
    ["Saturday 18:00", "2026-01-10T22:00:00Z", false, "crtc:weekend"],
    ["Sunday 12:00", "2026-01-11T16:00:00Z", true, "crtc:weekend"],
    ["Sunday 20:00", "2026-01-12T00:00:00Z", false, "crtc:weekend"],
    ["Monday 09:00", "2026-01-12T13:00:00Z", true, "crtc:weekday"],
  ])("%s", (_name, when, callable, rule) => {
    expect(callingWindowVerdict(ca("ns", "America/Halifax"), at(when))).toMatchObject({ callable, rule });
  });

  it("switches to the weekend window at local midnight", () => {
    const fridayLate = callingWindowVerdict(ca("ns", "America/Halifax"), at("2026-01-10T03:59:59Z")); // Fri 23:59:59
    expect(fridayLate).toMatchObject({ rule: "crtc:weekday", window: { from: "09:00", to: "21:30" } });
    expect(iso(fridayLate.nextOpenAt)).toBe("2026-01-10T14:00:00.000Z"); // Saturday 10:00, not 09:00
    const midnight = callingWindowVerdict(ca("ns", "America/Halifax"), at("2026-01-10T04:00:00Z"));
    expect(midnight).toMatchObject({ rule: "crtc:weekend", window: { from: "10:00", to: "18:00" } });
    const sundayLate = callingWindowVerdict(ca("ns", "America/Halifax"), at("2026-01-12T03:59:00Z"));
    expect(iso(sundayLate.nextOpenAt)).toBe("2026-01-12T13:00:00.000Z"); // Monday 09:00
    expect(sundayLate.reason).toBe("It is Sunday 23:59 in America/Halifax (Nova Scotia); calls are allowed 10:00–18:00 on weekends there (CRTC).");
  });

  it("Ontario opens when its western (Central) part does", () => {
    // Saturday 10:00 in Toronto is 09:00 in Kenora (America/Winnipeg).
    const v = callingWindowVerdict(ca("on", "America/Toronto"), at("2026-01-10T15:00:00Z"));
    expect(v).toMatchObject({ callable: false, rule: "crtc:weekend", nextOpenAt: at("2026-01-10T16:00:00Z") });
    expect(v.reason).toContain("America/Winnipeg, which part of Ontario uses");
  });

  it("Newfoundland's half-hour zone", () => {
    // St. John's is UTC-3:30 in January: 09:00 local = 12:30 UTC.
    expect(callingWindowVerdict(ca("nl", "America/St_Johns"), at("2026-01-12T12:29:00Z")).callable).toBe(false);
    // Labrador (Goose Bay, UTC-4) is also in NL: at 12:30 UTC it is 08:30 there.
    expect(iso(callingWindowVerdict(ca("nl", "America/St_Johns"), at("2026-01-12T12:29:00Z")).nextOpenAt)).toBe("2026-01-12T13:00:00.000Z");
  });
  it("a clock change can open hours the week before did not have", () => {
    // A Nunavut lead with a 45-minute-offset zone: Kathmandu's weekday 09:00–21:30 and Nunavut's Mountain-time
    // 09:00 never overlap in winter; from the March change (Sunday 14th) they share 15:00–15:45 UTC.
    const v = callingWindowVerdict(ca("nu", "Asia/Kathmandu"), at("2027-03-06T15:15:00Z"));
    expect(v).toMatchObject({ callable: false, rule: "crtc:weekend", nextOpenAt: at("2027-03-15T15:00:00Z") });
  });
});

describe("time zones", () => {
  it.each([null, "", "   ", "Foo/Bar", "UTC", "Etc/UTC", "GMT", "Etc/GMT+5", "America/Chicgo", "+05:00"])(
    "a lead with time zone %j is never callable",
    (tz) => {
      const v = callingWindowVerdict(us("tx", tz), at("2026-01-06T18:00:00Z"));
      expect(v).toMatchObject({ callable: false, rule: "no-timezone", window: null, nextOpenAt: null });
      expect(v.reason).toMatch(/time zone/);
      expect(nextCallableAt(us("tx", tz), at("2026-01-06T18:00:00Z"))).toBeNull();
      expect(usableZone(tz)).toBeNull();
    },
  );

  it("accepts aliases and keeps the lead's spelling", () => {
    expect(usableZone(" US/Central ")).toBe("US/Central");
    expect(zonesToCheck("US", "tx", "US/Central").zones).toEqual(["US/Central", "America/Denver"]);
    expect(zonesToCheck("US", "tx", "America/Chicago")).toEqual({ zones: ["America/Chicago", "America/Denver"], leadZoneInState: true });
    expect(zonesToCheck("US", "tx", "America/New_York").leadZoneInState).toBe(false);
    expect(zonesToCheck("US", "on", "America/Toronto").zones).toEqual(["America/Toronto"]); // a province is not a US state
  });

  it("checks every zone of a state that spans several (geodata regions.json)", () => {
    const split = ["tx", "fl", "tn", "ky", "in", "mi", "nd", "sd", "ne", "ks", "id", "or", "ak"];
    for (const s of split) expect(zonesToCheck("US", s, "America/Chicago").zones.length, s).toBeGreaterThan(1);
    for (const p of ["on", "qc", "nu", "bc"]) expect(zonesToCheck("CA", p, "America/Toronto").zones.length, p).toBeGreaterThan(1);
    for (const code of [...US_STATES, ...PROVINCES]) {
      const country = (PROVINCES as readonly string[]).includes(code) ? "CA" : "US";
      expect(zonesToCheck(country, code, "Asia/Tokyo").zones.length, code).toBeGreaterThan(1);
    }
  });

  it("holds the window in every zone of the state (most restrictive wins)", () => {
    // 08:30 in Chicago is 07:30 in El Paso (Denver): Texas is not open yet.
    const early = callingWindowVerdict(us("tx", "America/Chicago"), at("2026-01-06T14:30:00Z"));
    expect(early).toMatchObject({ callable: false, rule: "tcpa", nextOpenAt: at("2026-01-06T15:00:00Z") });
    expect(early.reason).toBe(
      "It is 07:30 in America/Denver, which part of Texas uses (08:30 in the lead's zone America/Chicago); calls are allowed 08:00–21:00 in every zone of the state (TCPA).",
    );
    // A lead in El Paso at 20:30 is 21:30 in Houston.
    expect(callingWindowVerdict(us("tx", "America/Denver"), at("2026-01-07T03:30:00Z")).callable).toBe(false);
    // Florida's panhandle (Central) and peninsula (Eastern): 19:30 Eastern = 18:30 Central.
    expect(callingWindowVerdict(us("fl", "America/Chicago"), at("2026-01-07T00:30:00Z")).callable).toBe(true);
    expect(callingWindowVerdict(us("fl", "America/Chicago"), at("2026-01-07T01:30:00Z")).callable).toBe(false);
    const open = callingWindowVerdict(us("tx", "America/Chicago"), at("2026-01-06T16:05:00Z"));
    expect(open.reason).toBe(
      "It is 10:05 in America/Chicago (Texas); calls are allowed 08:00–21:00 there (TCPA). Texas also spans America/Denver (09:05 there), which is inside the window too.",
    );
  });

  it("a zone that contradicts the address: both must be open", () => {
    // Lead in Texas with a Los Angeles zone: 07:30 in LA is 09:30 in Chicago, 08:30 in Denver.
    const v = callingWindowVerdict(us("tx", "America/Los_Angeles"), at("2026-01-06T15:30:00Z"));
    expect(v).toMatchObject({ callable: false, nextOpenAt: at("2026-01-06T16:00:00Z") });
    expect(v.reason).toContain("not one Texas uses");
    // 20:30 in LA is 22:30 in Chicago.
    expect(callingWindowVerdict(us("tx", "America/Los_Angeles"), at("2026-01-07T04:30:00Z")).callable).toBe(false);
    // A zone that shares no open hour with the state's in winter (Bangkok is 12 h ahead of Miami): nothing opens.
    expect(callingWindowVerdict(us("fl", "Asia/Bangkok"), at("2026-01-06T18:00:00Z"))).toMatchObject({ callable: false, nextOpenAt: null });
  });

  it("spring-forward gap (2026-03-08): 02:00–03:00 never exists, 08:00 EDT opens", () => {
    const ny = us("ny", "America/New_York");
    const v = callingWindowVerdict(ny, at("2026-03-08T06:59:59Z")); // 01:59:59 EST
    expect(iso(v.nextOpenAt)).toBe("2026-03-08T12:00:00.000Z"); // 08:00 EDT, not 13:00 UTC
    expect(callingWindowVerdict(ny, at("2026-03-08T11:59:59Z")).callable).toBe(false);
    expect(callingWindowVerdict(ny, at("2026-03-08T12:00:00Z")).callable).toBe(true);
    expect(callingWindowVerdict(ny, at("2026-03-09T00:59:59Z")).callable).toBe(true); // 20:59:59 EDT
    expect(callingWindowVerdict(ny, at("2026-03-09T01:00:00Z")).callable).toBe(false);
  });

  it("fall-back overlap (2026-11-01): the repeated 01:00 hour is outside, 08:00 EST opens", () => {
    const ny = us("ny", "America/New_York");
    expect(iso(callingWindowVerdict(ny, at("2026-11-01T05:30:00Z")).nextOpenAt)).toBe("2026-11-01T13:00:00.000Z"); // 01:30 EDT
    expect(iso(callingWindowVerdict(ny, at("2026-11-01T06:30:00Z")).nextOpenAt)).toBe("2026-11-01T13:00:00.000Z"); // 01:30 EST
    expect(callingWindowVerdict(ny, at("2026-11-01T12:59:59Z")).callable).toBe(false);
    expect(callingWindowVerdict(ny, at("2026-11-02T01:59:59Z")).callable).toBe(true); // 20:59:59 EST
  });

  it("zones with midnight transitions and 45-minute offsets", () => {
    // Havana springs forward at 00:00 → 01:00 on 2026-03-08; the open hour is still 08:00 local (12:00 UTC).
    expect(iso(nextCallableAt(us(null, "America/Havana"), at("2026-03-08T03:00:00Z")))).toBe("2026-03-08T12:00:00.000Z");
    // Kathmandu is UTC+5:45: 08:00 local = 02:15 UTC.
    expect(iso(nextCallableAt(us(null, "Asia/Kathmandu"), at("2026-01-06T00:00:00Z")))).toBe("2026-01-06T02:15:00.000Z");
  });

  it("reads the same local clock as zoned-time's wallClock", () => {
    const zones = ["America/New_York", "America/St_Johns", "America/Havana", "Asia/Kathmandu", "Pacific/Honolulu", "America/Adak", "Australia/Lord_Howe"];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }), fc.constantFrom(...zones), (t, z) => {
        const c = localClock(t, z);
        const w = wallClock(t, z);
        const pad = (n: number) => String(n).padStart(2, "0");
        expect(c.date).toBe(`${w.year}-${pad(w.month)}-${pad(w.day)}`);
        expect([c.weekday, c.hhmm]).toEqual([w.weekday, `${pad(w.hour)}:${pad(w.minute)}`]);
        expect(Math.floor(c.msOfDay / 1000)).toBe((w.hour * 60 + w.minute) * 60 + w.second);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("isDoNotCall", () => {
  it.each([
    ["Do Not Call", true],
    ["do not call", false],
    ["Do Not Call ", false],
    ["DNC", false],
    ["New", false],
    ["", false],
  ])("%j → %s", (status, expected) => {
    expect(isDoNotCall(status)).toBe(expected);
  });
});
