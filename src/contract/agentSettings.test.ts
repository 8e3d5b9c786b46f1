// The row dialogs' validators (admin-and-sign-in §7, §9): health licences are US state or Canadian province
// codes, kept lower case, once each, sorted; attribute ids and the redistribution target are positive ids.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AgentAttributesBody, HealthLicensesBody, REGION_CODES, RedistributeFollowUpsBody } from "./agentSettings";
import { PROVINCES, US_STATES } from "./lookups";

const codes = [...REGION_CODES];
const caseOf = (s: string, upper: boolean[]) => [...s].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("");

describe("HealthLicensesBody", () => {
  it("knows the 13 provinces and the 50 states plus dc", () => {
    expect(REGION_CODES.size).toBe(PROVINCES.length + US_STATES.length);
    expect(REGION_CODES.size).toBe(64);
    for (const c of ["ab", "yt", "dc", "ny", "wy"]) expect(REGION_CODES.has(c)).toBe(true);
  });

  it("takes any list of known codes in any case: lower case, once each, sorted", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...codes), fc.array(fc.boolean(), { minLength: 2, maxLength: 2 })), { maxLength: 80 }),
        (picked) => {
          const r = HealthLicensesBody.safeParse({ health_licenses: picked.map(([c, up]) => caseOf(c, up)) });
          if (picked.length > REGION_CODES.size) return expect(r.success).toBe(false);
          expect(r.success).toBe(true);
          const out = r.data!.health_licenses;
          expect(out).toEqual([...new Set(picked.map(([c]) => c))].sort());
        },
      ),
    );
  });

  it("refuses any list holding a string that is no known code", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...codes), { maxLength: 10 }),
        fc.string({ maxLength: 6 }).filter((s) => !REGION_CODES.has(s.toLowerCase())),
        fc.nat(),
        (good, bad, at) => {
          const list = [...good];
          list.splice(at % (list.length + 1), 0, bad);
          expect(HealthLicensesBody.safeParse({ health_licenses: list }).success).toBe(false);
        },
      ),
    );
  });

  it("refuses what is not a list of strings, and unknown fields", () => {
    for (const body of [{}, { health_licenses: "ny" }, { health_licenses: [1] }, { health_licenses: null }, { health_licenses: [], x: 1 }])
      expect(HealthLicensesBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe("AgentAttributesBody and RedistributeFollowUpsBody", () => {
  it("attribute ids: positive integers, once each, sorted; anything else refused", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: 50 }), (ids) => {
        expect(AgentAttributesBody.parse({ attributes: ids }).attributes).toEqual([...new Set(ids)].sort((a, b) => a - b));
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), fc.string()), (bad) => {
        expect(AgentAttributesBody.safeParse({ attributes: [1, bad] }).success).toBe(false);
      }),
    );
  });

  it("to: a positive id or null, and nothing else", () => {
    expect(RedistributeFollowUpsBody.parse({ to: null })).toEqual({ to: null });
    expect(RedistributeFollowUpsBody.parse({ to: 9 })).toEqual({ to: 9 });
    for (const body of [{}, { to: 0 }, { to: "9" }, { to: 1.5 }, { to: null, x: 1 }])
      expect(RedistributeFollowUpsBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
