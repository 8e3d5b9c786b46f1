// What may be sent from the dialing settings pages: whole numbers as typed, operation hours' 'from to' pairs
// and closed days as the engine reads them, and the documents' round trips through the page.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DayHours, DialingSequenceBody, OperationHours, PublisherSuppression, QuotaParamsBody } from "../../src/contract/dialer";
import {
  countProblem,
  dayFromWire,
  dayProblem,
  dayToWire,
  hoursFromWire,
  hoursToWire,
  moved,
  parseWhole,
  quotaFromWire,
  quotaToWire,
  sequenceFromWire,
  sequenceToWire,
  suppressionFromWire,
  suppressionProblems,
  suppressionToWire,
  type DayForm,
} from "./forms";

const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);
const wireTime = fc.oneof(hhmm, fc.constant("24:00"));
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
/** The engine's reading of a stored day (server/dialer/rules/operationHours.ts). */
const engineOpen = (d: { from: string; to: string }) => d.from < d.to;

describe("a whole number typed in a box", () => {
  it("reads any integer however it is padded, and nothing else", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.constantFrom("", " ", "  "), (n, space) => {
        expect(parseWhole(`${space}${n}${space}`)).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = parseWhole(s);
        if (n !== null) expect(Number.isInteger(n) && /^\s*[-+]?\d+\s*$/.test(s)).toBe(true);
      }),
    );
    for (const s of ["", "-", "1.5", "1e3", "abc", "12 3", "0x10"]) expect(parseWhole(s)).toBeNull();
    expect(Object.is(parseWhole("-0"), 0)).toBe(true);
  });

  it("is refused only when it is not a whole number, over the ceiling, or negative where negatives are refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.constantFrom("clamped", "refused") as fc.Arbitrary<"clamped" | "refused">, (n, negatives) => {
        const p = countProblem(String(n), { negatives, max: 1_000_000 });
        const expected = n < 0 && negatives === "refused" ? "at_least_zero" : n > 1_000_000 ? "too_large" : null;
        expect(p).toBe(expected);
      }),
    );
    expect(countProblem("", { negatives: "clamped", max: 10 })).toBe("whole_number");
  });

  it("sends what the gateway takes: a clamped list of what was typed, 0 for negatives once stored", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { maxLength: 50 }), (waits) => {
        const body = sequenceToWire(sequenceFromWire({ sequence: waits }));
        expect(body.sequence).toEqual(waits);
        expect(DialingSequenceBody.parse(body).sequence).toEqual(waits.map((w) => Math.max(0, w)));
      }),
    );
  });
});

describe("operation hours", () => {
  it("shows a stored day open exactly when the engine reads it open, and stores it back the same", () => {
    fc.assert(
      fc.property(wireTime, wireTime, (from, to) => {
        const day = dayFromWire({ from, to });
        expect(day.closed).toBe(!engineOpen({ from, to }));
        const back = dayToWire(day);
        expect(DayHours.safeParse(back).success).toBe(true);
        if (engineOpen({ from, to })) {
          expect(dayProblem(day)).toBeNull();
          expect(back).toEqual({ from, to });
        } else {
          expect(back).toEqual({ from: "00:00", to: "00:00" });
        }
      }),
    );
  });

  it("accepts an open day only when from is before to (an end of 00:00 is midnight), and the engine agrees", () => {
    fc.assert(
      fc.property(hhmm, hhmm, fc.boolean(), (from, to, closed) => {
        const form: DayForm = { closed, from, to };
        const end = to === "00:00" ? 24 * 60 : minutesOf(to);
        const ok = closed || minutesOf(from) < end;
        expect(dayProblem(form) === null).toBe(ok);
        if (!ok) return;
        const wire = dayToWire(form);
        expect(engineOpen(wire)).toBe(!closed);
        // A closed day is stored as from == to; an accepted open day comes back as the admin left it.
        if (closed) expect(wire.from).toBe(wire.to);
        else expect(dayFromWire(wire)).toEqual(form);
      }),
    );
    expect(dayProblem({ closed: false, from: "", to: "17:00" })).toBe("time_required");
  });

  it("keeps seven days through the page", () => {
    const week = { days: Array.from({ length: 7 }, (_, i) => ({ from: "09:00", to: i === 6 ? "09:00" : "17:30" })) };
    expect(OperationHours.parse(hoursToWire(hoursFromWire(week)))).toEqual({
      days: [...week.days.slice(0, 6), { from: "00:00", to: "00:00" }],
    });
  });
});

describe("quotas and publisher suppression", () => {
  it("always shows the qualifier and advisor rows and sends every role back as numbers", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("qualifier", "advisor", "manager", "closer"), fc.tuple(fc.nat(999), fc.nat(999), fc.nat(999), fc.nat(999))), (table) => {
        const form = quotaFromWire(table);
        expect(Object.keys(form).slice(0, 2)).toEqual(["qualifier", "advisor"]);
        const back = quotaToWire(form);
        expect(QuotaParamsBody.parse({ params: back }).params).toEqual(back);
        for (const [role, row] of Object.entries(table)) expect(back[role]).toEqual(row);
      }),
    );
  });

  it("stores only the states given a number, keeps codes it does not show, and refuses negatives", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("tx", "ny", "ca", "qc", "advisors"), fc.nat(10_000)),
        fc.constantFrom("tx", "ny", "fl"),
        fc.integer({ min: -50, max: -1 }),
        (params, edited, negative) => {
          const form = suppressionFromWire({ params }, ["tx", "ny", "fl"]);
          const back = suppressionToWire(form);
          expect(PublisherSuppression.parse(back).params).toEqual({ qualifiers: 0, advisors: 0, ...params });
          const bad = { params: { ...form.params, [edited]: String(negative) } };
          expect(suppressionProblems(bad)).toEqual({ [`params.${edited}`]: "at_least_zero" });
        },
      ),
    );
  });
});

describe("moving a row", () => {
  it("keeps every row once, and puts the moved one where it was asked", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), fc.nat(), fc.nat(), (list, a, b) => {
        const from = a % list.length;
        const to = b % list.length;
        const out = moved(list, from, to);
        expect([...out].sort()).toEqual([...list].sort());
        expect(out[to]).toBe(list[from]);
      }),
    );
    expect(moved(["a", "b"], 0, -1)).toEqual(["a", "b"]);
  });
});
