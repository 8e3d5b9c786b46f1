// The appointment-type restrictions (booking-and-reference §5) as the type selector sees them: which types
// may be booked, whether face to face needs forcing, and the reasons shown, including a contradiction.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PHONE_ONLY_INSURANCE_TYPES, INSURANCE_TYPES } from "../../../src/contract/lookups";
import { facts, NOW } from "./fixtures";
import {
  addMonths,
  AGE_LIMIT_MONTHS,
  hasHealthIssues,
  monthsOfAge,
  pastAgeLimit,
  refusalReasonsFor,
  restrictions,
  todayIn,
} from "./restrictions";

const codes = (r: ReturnType<typeof restrictions>) => r.reasons.map((x) => x.code);
/** 2025-06-15 minus 78 years 11 months: the first date of birth past the limit on NOW. */
const BOUNDARY_DOB = "1946-07-15";
const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("without restrictions", () => {
  it("allows both types, face to face first, with no reason", () => {
    expect(restrictions(facts())).toEqual({
      allowedTypes: ["face-to-face", "phone"],
      forceOnly: false,
      conflict: false,
      reasons: [],
    });
  });
});

describe("phone only", () => {
  it("from the day a client has lived 78 years and 11 months, not the day before", () => {
    const at = restrictions(facts({ clients: [{ dob: BOUNDARY_DOB, healthIssues: false }] }));
    expect(at.allowedTypes).toEqual(["phone"]);
    expect(at.reasons).toEqual([
      { code: "age", effect: "phone_only", key: "restrictions.age", values: { years: 78, months: 11 } },
    ]);
    const dayBefore = restrictions(
      facts({ clients: [{ dob: shiftDays(BOUNDARY_DOB, 1), healthIssues: false }] }),
    );
    expect(dayBefore.allowedTypes).toEqual(["face-to-face", "phone"]);
  });

  it("when any client of the lead is past the limit", () => {
    const r = restrictions(
      facts({
        clients: [
          { dob: "1970-01-01", healthIssues: false },
          { dob: "1940-01-01", healthIssues: false },
        ],
      }),
    );
    expect(r.allowedTypes).toEqual(["phone"]);
  });

  it("counts the age on the client's calendar: still the day before in Los Angeles at 02:00 UTC", () => {
    const earlyUtc = Date.UTC(2025, 5, 15, 2);
    const client = { dob: BOUNDARY_DOB, healthIssues: false };
    expect(restrictions(facts({ nowMs: earlyUtc, clients: [client] })).allowedTypes).toEqual(["phone"]);
    expect(
      restrictions(facts({ nowMs: earlyUtc, timeZone: "America/Los_Angeles", clients: [client] }))
        .allowedTypes,
    ).toEqual(["face-to-face", "phone"]);
    // An unknown zone counts in UTC.
    expect(
      restrictions(facts({ nowMs: earlyUtc, timeZone: "Mars/Olympus", clients: [client] })).allowedTypes,
    ).toEqual(["phone"]);
  });

  it("ends a month on the last day of a shorter one: born on March 31st, past the limit on February 28th", () => {
    expect(pastAgeLimit("1946-03-31", "2025-02-28")).toBe(true);
    expect(pastAgeLimit("1946-03-31", "2025-02-27")).toBe(false);
    expect(addMonths("1946-03-31", AGE_LIMIT_MONTHS)).toBe("2025-02-28");
  });

  it("restricts nothing for an unknown or malformed date of birth", () => {
    for (const dob of ["", "1940-13-01", "1940-02-30", "nonsense"])
      expect(restrictions(facts({ clients: [{ dob, healthIssues: false }] })).allowedTypes).toEqual([
        "face-to-face",
        "phone",
      ]);
  });

  it("for health issues with insurance over $100,000, not at $100,000 and not without health issues", () => {
    const ill = [{ dob: "1960-04-02", healthIssues: true }];
    const over = restrictions(facts({ clients: ill, insuranceAmounts: [100_001] }));
    expect(over.allowedTypes).toEqual(["phone"]);
    expect(over.reasons).toEqual([
      {
        code: "health_amount",
        effect: "phone_only",
        key: "restrictions.health_amount",
        values: { amount: 100_000 },
      },
    ]);
    expect(restrictions(facts({ clients: ill, insuranceAmounts: [100_000] })).allowedTypes).toHaveLength(2);
    expect(restrictions(facts({ insuranceAmounts: [500_000] })).allowedTypes).toHaveLength(2);
    expect(restrictions(facts({ clients: ill, insuranceAmounts: [null] })).allowedTypes).toHaveLength(2);
  });

  it("for each phone-only insurance type asked for, with its own reason", () => {
    const r = restrictions(facts({ insuranceTypes: ["life", "dental", "travel"] }));
    expect(r.allowedTypes).toEqual(["phone"]);
    expect(r.reasons.map((x) => x.key)).toEqual([
      "restrictions.insurance_type.travel",
      "restrictions.insurance_type.dental",
    ]);
  });

  it("when the client refused face to face", () => {
    const r = restrictions(facts({ refusedFaceToFace: true }));
    expect(r.allowedTypes).toEqual(["phone"]);
    expect(codes(r)).toEqual(["refused"]);
  });
});

describe("face to face only", () => {
  it("when the client accepted the instant opportunity", () => {
    const r = restrictions(facts({ ioaAccepted: true }));
    expect(r.allowedTypes).toEqual(["face-to-face"]);
    expect(codes(r)).toEqual(["ioa_accepted"]);
  });

  it("when the agent forced the booking by hand", () => {
    const r = restrictions(facts({ manualForce: true }));
    expect(r.allowedTypes).toEqual(["face-to-face"]);
    expect(codes(r)).toEqual(["manual_force"]);
  });
});

describe("not enough agents", () => {
  it("makes face to face a forced booking only, under 3 advisors in the area, and says how many there are", () => {
    const r = restrictions(facts({ availableAgents: 2 }));
    expect(r).toMatchObject({ allowedTypes: ["face-to-face", "phone"], forceOnly: true, conflict: false });
    expect(r.reasons).toEqual([
      {
        code: "agents",
        effect: "force_only",
        key: "restrictions.agents",
        values: { available: 2, needed: 3 },
      },
    ]);
    expect(restrictions(facts({ availableAgents: 3 })).forceOnly).toBe(false);
    expect(restrictions(facts({ availableAgents: null })).forceOnly).toBe(false);
  });
});

describe("contradictions", () => {
  it("allow no type and say so, with the reasons of both sides, the conflict last", () => {
    const r = restrictions(
      facts({ clients: [{ dob: "1940-01-01", healthIssues: false }], manualForce: true, ioaAccepted: true }),
    );
    expect(r.allowedTypes).toEqual([]);
    expect(r.conflict).toBe(true);
    expect(codes(r)).toEqual(["age", "ioa_accepted", "manual_force", "conflict"]);
    expect(r.reasons.at(-1)).toMatchObject({ effect: "conflict", key: "restrictions.conflict" });
  });
});

describe("the refusal reasons the restrictions explain", () => {
  it("maps age, health and amount, the refusal and the insurance types to the §9 refusal reasons", () => {
    const r = restrictions(
      facts({
        clients: [{ dob: "1940-01-01", healthIssues: true }],
        insuranceAmounts: [250_000],
        insuranceTypes: ["optical", "travel"],
        refusedFaceToFace: true,
      }),
    );
    expect(refusalReasonsFor(r)).toEqual([1, 2, 3, 4, 5]);
    expect(refusalReasonsFor(restrictions(facts()))).toEqual([]);
  });
});

describe("health issues", () => {
  it("are any condition or medication", () => {
    expect(hasHealthIssues({ conditions: [], medications: [] })).toBe(false);
    expect(hasHealthIssues({ conditions: [{ value: "asthma" }], medications: [] })).toBe(true);
    expect(hasHealthIssues({ conditions: [], medications: [{ value: "insulin" }] })).toBe(true);
  });
});

describe("properties", () => {
  const TYPES = INSURANCE_TYPES.map((t) => t.value);
  const client = fc.record({
    /** Days after the boundary date of birth: 0 or less is past the limit. */
    ageOffset: fc.integer({ min: -60, max: 60 }),
    healthIssues: fc.boolean(),
  });
  const situation = fc.record({
    clients: fc.array(client, { minLength: 1, maxLength: 2 }),
    amounts: fc.array(fc.option(fc.integer({ min: 99_900, max: 100_100 })), { minLength: 1, maxLength: 2 }),
    types: fc.subarray(TYPES),
    ioaAccepted: fc.boolean(),
    manualForce: fc.boolean(),
    refused: fc.boolean(),
    agents: fc.option(fc.integer({ min: 0, max: 6 })),
  });

  it("allow exactly the types the specification's rules leave, and explain each restriction", () => {
    fc.assert(
      fc.property(situation, (s) => {
        const r = restrictions({
          nowMs: NOW,
          timeZone: null,
          clients: s.clients.map((c) => ({
            dob: shiftDays(BOUNDARY_DOB, c.ageOffset),
            healthIssues: c.healthIssues,
          })),
          insuranceAmounts: s.amounts,
          insuranceTypes: s.types,
          ioaAccepted: s.ioaAccepted,
          manualForce: s.manualForce,
          availableAgents: s.agents,
          refusedFaceToFace: s.refused,
        });
        const tooOld = s.clients.some((c) => c.ageOffset <= 0);
        const healthAmount =
          s.clients.some((c) => c.healthIssues) && s.amounts.some((a) => a !== null && a > 100_000);
        const phoneOnlyTypes = s.types.filter((t) => PHONE_ONLY_INSURANCE_TYPES.includes(t));
        const phoneOnly = tooOld || healthAmount || phoneOnlyTypes.length > 0 || s.refused;
        const faceToFaceOnly = s.ioaAccepted || s.manualForce;
        const conflict = phoneOnly && faceToFaceOnly;

        expect(r.conflict).toBe(conflict);
        expect(r.allowedTypes).toEqual(
          conflict
            ? []
            : phoneOnly
              ? ["phone"]
              : faceToFaceOnly
                ? ["face-to-face"]
                : ["face-to-face", "phone"],
        );
        expect(r.forceOnly).toBe(s.agents !== null && s.agents < 3);

        const expected = [
          ...(tooOld ? ["age"] : []),
          ...(healthAmount ? ["health_amount"] : []),
          ...phoneOnlyTypes.map(() => "insurance_type"),
          ...(s.refused ? ["refused"] : []),
          ...(s.ioaAccepted ? ["ioa_accepted"] : []),
          ...(s.manualForce ? ["manual_force"] : []),
          ...(r.forceOnly ? ["agents"] : []),
          ...(conflict ? ["conflict"] : []),
        ];
        expect(codes(r)).toEqual(expected);
      }),
    );
  });

  it("count whole months of age: the dob plus that many months is today at the latest, one more is later", () => {
    const day = fc
      .integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2030, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [dob, today] = a <= b ? [a, b] : [b, a];
        const months = monthsOfAge(dob, today)!;
        expect(addMonths(dob, months) <= today).toBe(true);
        expect(addMonths(dob, months + 1) > today).toBe(true);
        expect(pastAgeLimit(dob, today)).toBe(months >= AGE_LIMIT_MONTHS);
      }),
    );
  });

  it("take the client's day in their zone, the UTC day without one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom("America/New_York", "America/St_Johns", "Pacific/Honolulu", "America/Anchorage"),
        (ms, zone) => {
          const local = todayIn(ms, zone);
          const utc = todayIn(ms, null);
          expect(utc).toBe(new Date(ms).toISOString().slice(0, 10));
          // Every North American zone is behind UTC: the same day or the one before.
          expect([utc, shiftDays(utc, -1)]).toContain(local);
        },
      ),
    );
  });
});
