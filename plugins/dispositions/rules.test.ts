// The disposition rules over random input (fast-check) and case by case.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CALLBACK_DISPOSITIONS,
  DISPOSITION_ROLES,
  DISPOSITIONS,
  OTHER_REASON,
  REASON_REQUIRED,
} from "../../src/contract/dispositions";
import { keepPrintable } from "../../src/contract/text";
import { buildBody } from "./payload";
import {
  dobOk,
  nextBlockers,
  stopBlockers,
  validate,
  type DraftValues,
  type FormFacts,
  type Situation,
} from "./rules";

const TODAY = "2026-01-05";
const draft = (over: Partial<DraftValues> = {}): DraftValues => ({
  disposition: "Not Interested",
  reason: "Client hung up",
  reasonOther: "",
  notes: "",
  date: "",
  time: "",
  ...over,
});
const facts = (over: Partial<FormFacts> = {}): FormFacts => ({
  roles: ["qualifier"],
  options: DISPOSITIONS,
  reasons: ["Client hung up", OTHER_REASON],
  today: TODAY,
  ...over,
});
const calm: Situation = {
  dobOk: true,
  readyBlocked: false,
  awaitingDisposition: 1,
  deactivated: false,
  saving: false,
  callActive: false,
  held: false,
  done: false,
};

const anyDisposition = fc.constantFrom(...DISPOSITIONS);
const text = fc.string({ unit: "binary", maxLength: 40 });
const day = fc
  .date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2027-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
const anyDraft = fc.record({
  disposition: fc.oneof(anyDisposition, fc.constant("")),
  reason: fc.oneof(fc.constantFrom("Client hung up", OTHER_REASON, ""), text),
  reasonOther: text,
  notes: text,
  date: fc.oneof(day, fc.constant(""), text),
  time: fc.oneof(time, fc.constant(""), text),
});
const anyFacts = fc.record({
  roles: fc.subarray([...DISPOSITION_ROLES]),
  options: fc.constant(DISPOSITIONS),
  reasons: fc.subarray(["Client hung up", "Too expensive", OTHER_REASON]),
  today: fc.constant(TODAY),
});
const anySituation = fc.record({
  dobOk: fc.boolean(),
  readyBlocked: fc.boolean(),
  awaitingDisposition: fc.integer({ min: 0, max: 5 }),
  deactivated: fc.boolean(),
  saving: fc.boolean(),
  callActive: fc.boolean(),
  held: fc.boolean(),
  done: fc.boolean(),
});

describe("validate", () => {
  it("asks for a disposition first, and for nothing else until there is one", () => {
    fc.assert(
      fc.property(anyDraft, anyFacts, (d, f) => {
        expect(validate({ ...d, disposition: "" }, f)).toEqual({ disposition: "disposition_required" });
      }),
    );
  });

  it("requires a date-time exactly for the callback types", () => {
    fc.assert(
      fc.property(anyDraft, anyFacts, (d, f) => {
        const errors = validate({ ...d, date: "", time: d.time }, f);
        const callback = (CALLBACK_DISPOSITIONS as readonly string[]).includes(d.disposition);
        expect(errors.dateTime === "date_time_required").toBe(callback);
      }),
    );
  });

  it("never complains about the date-time of other types", () => {
    fc.assert(
      fc.property(anyDraft, anyFacts, (d, f) => {
        fc.pre(!(CALLBACK_DISPOSITIONS as readonly string[]).includes(d.disposition));
        expect(validate(d, f).dateTime).toBeUndefined();
      }),
    );
  });

  it("accepts a callback on a quarter hour from 9:00 today, and refuses earlier or off-step times", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CALLBACK_DISPOSITIONS), day, time, (disposition, date, t) => {
        const error = validate(
          draft({ disposition, reason: "", date, time: t }),
          facts({ reasons: [] }),
        ).dateTime;
        const early = date < TODAY || (date === TODAY && t < "09:00") || date > "2027-01-05";
        const offStep = Number(t.slice(3)) % 15 !== 0;
        expect(error).toBe(early ? "date_time_out_of_range" : offStep ? "date_time_step" : undefined);
      }),
    );
  });

  it("requires a listed reason for NI, DT, medical DQs and Sent External, only when options exist", () => {
    fc.assert(
      fc.property(anyDraft, anyFacts, (d, f) => {
        fc.pre(d.disposition !== "");
        const required =
          (REASON_REQUIRED as readonly string[]).includes(d.disposition) && f.reasons.length > 0;
        const missing = !f.reasons.includes(d.reason);
        expect(validate(d, f).reason === "reason_required").toBe(required && missing);
      }),
    );
  });

  it("requires the other text when Other reason is chosen", () => {
    fc.assert(
      fc.property(anyDraft, anyFacts, (d, f) => {
        fc.pre(d.disposition !== "");
        const expected =
          d.reason === OTHER_REASON && f.reasons.includes(OTHER_REASON) && d.reasonOther.trim() === "";
        expect(validate(d, f).reasonOther === "reason_other_required").toBe(expected);
      }),
    );
  });

  it("requires notes when a qualifier chooses Dead, and only then", () => {
    fc.assert(
      fc.property(anyDraft, anyFacts, (d, f) => {
        fc.pre(d.disposition !== "");
        const expected = f.roles.includes("qualifier") && d.disposition === "Dead" && d.notes.trim() === "";
        expect(validate(d, f).notes === "notes_required").toBe(expected);
      }),
    );
  });

  it("refuses a disposition the agent does not have", () => {
    expect(validate(draft({ disposition: "Sold" }), facts({ options: ["Dead"] })).disposition).toBe(
      "disposition_unavailable",
    );
  });
});

describe("dobOk", () => {
  it("accepts an empty dob and any well-formed day before today", () => {
    fc.assert(
      fc.property(day, (dob) => {
        expect(dobOk(dob, TODAY)).toBe(dob < TODAY);
      }),
    );
    expect(dobOk("", TODAY)).toBe(true);
    expect(dobOk("2026-01-04", TODAY)).toBe(true);
  });

  it("refuses anything not shaped YYYY-MM-DD, and days that do not exist", () => {
    fc.assert(
      fc.property(text, (s) => {
        fc.pre(!/^\d{4}-\d{2}-\d{2}$/.test(s) && s !== "");
        expect(dobOk(s, TODAY)).toBe(false);
      }),
    );
    for (const bad of [
      "1960-4-02",
      "02/04/1960",
      "1960-13-01",
      "1960-00-10",
      "1960-01-32",
      "1961-02-29",
      "19600402",
    ])
      expect(dobOk(bad, TODAY)).toBe(false);
    expect(dobOk("1960-02-29", TODAY)).toBe(true);
  });
});

describe("blockers", () => {
  it("disables Save and Next exactly when a rule of §4 (or the form, the call or a flow's hold) says so", () => {
    fc.assert(
      fc.property(anyDraft, anyFacts, anySituation, (d, f, s) => {
        const errors = validate(d, f);
        const blocked =
          Object.keys(errors).length > 0 ||
          !s.dobOk ||
          s.readyBlocked ||
          s.awaitingDisposition >= 2 ||
          s.deactivated ||
          s.saving ||
          s.callActive ||
          s.held ||
          s.done;
        expect(nextBlockers(errors, s).length > 0).toBe(blocked);
      }),
    );
  });

  it("lets Save and Stop through a guard on Ready (overdue follow-ups), a second lead and a deactivated account", () => {
    fc.assert(
      fc.property(anyDraft, anyFacts, anySituation, (d, f, s) => {
        const errors = validate(d, f);
        const relaxed = { ...s, readyBlocked: false, awaitingDisposition: 0, deactivated: false };
        expect(stopBlockers(errors, s)).toEqual(nextBlockers(errors, relaxed));
      }),
    );
  });

  it.each([
    ["no_disposition", draft({ disposition: "" }), calm],
    ["notes", draft({ disposition: "Dead", reason: "" }), calm],
    ["dob", draft(), { ...calm, dobOk: false }],
    ["pending", draft(), { ...calm, saving: true }],
    ["leads", draft(), { ...calm, awaitingDisposition: 2 }],
    ["ready_blocked", draft(), { ...calm, readyBlocked: true }],
    ["deactivated", draft(), { ...calm, deactivated: true }],
    ["invalid", draft({ reason: "" }), calm],
  ] as const)("names %s", (blocker, d, s) => {
    expect(nextBlockers(validate(d, facts()), s)).toEqual([blocker]);
  });
});

describe("buildBody", () => {
  it("sends the free text cleaned by the contract's sanitiser, the date-time only for callbacks, and the other text only for Other", () => {
    fc.assert(
      fc.property(
        anyDraft,
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 1e6 })),
        (d, shortCall, callId) => {
          fc.pre(d.disposition !== "");
          const reasons = ["Client hung up", OTHER_REASON];
          const body = buildBody(d, { reasons, callId, shortCall });
          const p = body.disposition;
          // Until finding B: printable ASCII only. Now the one sanitiser's output: accents and emoji stay.
          expect(p.notes).toBe(keepPrintable(d.notes));
          if (p.reason_other !== null) expect(p.reason_other).toBe(keepPrintable(d.reasonOther).trim());
          expect(p.reason).toBe(reasons.includes(d.reason) ? d.reason : null);
          expect(p.reason_other === null).toBe(d.reason !== OTHER_REASON);
          if (!(CALLBACK_DISPOSITIONS as readonly string[]).includes(d.disposition))
            expect(p.date_time).toBeNull();
          expect(p).toMatchObject({
            disposition: d.disposition,
            short_call: shortCall,
            reschedule_followup: false,
          });
          expect(body.call_id).toBe(callId);
        },
      ),
    );
  });

  it("writes the callback as an instant in UTC", () => {
    const body = buildBody(
      draft({ disposition: "Callback Scheduled", reason: "", date: "2026-01-06", time: "15:30" }),
      {
        reasons: [],
        callId: 7,
        shortCall: false,
      },
    );
    expect(body.disposition.date_time).toBe("2026-01-06T15:30:00.000Z");
  });
});
