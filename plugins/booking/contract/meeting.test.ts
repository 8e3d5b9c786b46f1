// The meeting as POST /meetings sends it and the Meeting Setup step checks it: the field rules of §4 and §5,
// the restrictions, and the errors per field path that the form and the gateway's 422 show.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MEETING_REASONS } from "../../../src/contract/lookups";
import { facts, meeting, meetingState } from "./fixtures";
import {
  BookMeetingBody,
  bookMeetingBody,
  BookMeetingResponse,
  MeetingFields,
  meetingSchema,
  meetingToWire,
  newMeeting,
  type MeetingInput,
} from "./meeting";
import { restrictions } from "./restrictions";
import { fieldErrors } from "./steps";

/** The errors a meeting gets, by field path under `meeting`, as a 422 names them. */
function errorsOf(m: MeetingInput, opts: Parameters<typeof bookMeetingBody>[0] = {}) {
  const result = bookMeetingBody(opts).safeParse({ lead_id: 21, meeting: m });
  return result.success ? {} : fieldErrors(result.error);
}
const withMeeting = (patch: Partial<MeetingInput>): MeetingInput => ({ ...meeting(), ...patch });
const phoneMeeting = (patch: Partial<MeetingInput> = {}) =>
  withMeeting({ type: "phone", refused: true, refusalReasons: [3], ...patch });

describe("a meeting ready to book", () => {
  it("parses as the body of POST /meetings, the defaults filled", () => {
    const { type: _t, sameAddress: _s, is_sun_life: _i, ...withoutDefaults } = meeting();
    const body = BookMeetingBody.parse({ lead_id: 21, meeting: withoutDefaults });
    expect(body.meeting).toMatchObject({ type: "face-to-face", sameAddress: "1", is_sun_life: 0 });
    expect(errorsOf(meeting())).toEqual({});
  });

  it("is answered 201 with the CRM's meeting id", () => {
    expect(BookMeetingResponse.parse({ data: { meetingCrmId: "MTG-0042" } }).data.meetingCrmId).toBe(
      "MTG-0042",
    );
    expect(BookMeetingResponse.safeParse({ data: {} }).success).toBe(false);
  });

  it("belongs to a lead with a real id", () => {
    for (const lead_id of [0, -1, 1.5, "21", null])
      expect(fieldErrors(BookMeetingBody.safeParse({ lead_id, meeting: meeting() }).error!)).toHaveProperty(
        "lead_id",
      );
  });
});

describe("the date", () => {
  it("is required: a meeting is valid only with a date", () => {
    expect(errorsOf(withMeeting({ date: "" }))).toEqual({ "meeting.date": ["validation.required"] });
  });

  it("is an ISO date-time in UTC", () => {
    for (const date of ["2025-06-16 15:00", "2025-06-16T15:00:00-04:00", "tomorrow"])
      expect(errorsOf(withMeeting({ date }))).toEqual({ "meeting.date": ["validation.invalid_date"] });
  });
});

describe("forced booking", () => {
  it("needs at least one reason", () => {
    expect(errorsOf(withMeeting({ force: true }))).toEqual({
      "meeting.reasons": ["validation.choose_at_least_one"],
    });
    expect(errorsOf(withMeeting({ force: true, reasons: [1] }))).toEqual({});
  });

  it.each(MEETING_REASONS.map((r) => [r.value, r.needsDetail] as const))(
    "with reason %s needs the detail text: %s",
    (reason, needsDetail) => {
      const m = withMeeting({ force: true, reasons: [reason] });
      expect(errorsOf(m)).toEqual(needsDetail ? { "meeting.reasonOther": ["validation.required"] } : {});
      expect(errorsOf({ ...m, reasonOther: "Client speaks Portuguese" })).toEqual(
        needsDetail ? {} : { "meeting.reasonOther": ["validation.not_applicable"] },
      );
    },
  );

  it("needs the detail text when the reasons include 2, 3, 5, 6 or 7, whatever else is chosen", () => {
    fc.assert(
      fc.property(fc.subarray([1, 2, 3, 4, 5, 6, 7] as const, { minLength: 1 }), (reasons) => {
        const needs = reasons.some((r) => [2, 3, 5, 6, 7].includes(r));
        const errors = errorsOf(withMeeting({ force: true, reasons }));
        expect(errors).toEqual(needs ? { "meeting.reasonOther": ["validation.required"] } : {});
      }),
    );
  });

  it("keeps the detail text to 99 characters", () => {
    const m = withMeeting({ force: true, reasons: [7] });
    expect(errorsOf({ ...m, reasonOther: "x".repeat(99) })).toEqual({});
    expect(errorsOf({ ...m, reasonOther: "x".repeat(100) })).toEqual({
      "meeting.reasonOther": ["validation.other_too_long"],
    });
  });

  it("refuses reasons without force, and a reason chosen twice", () => {
    expect(errorsOf(withMeeting({ reasons: [1] }))).toEqual({
      "meeting.reasons": ["validation.not_applicable"],
    });
    expect(errorsOf(withMeeting({ force: true, reasons: [1, 1] }))).toEqual({
      "meeting.reasons": ["validation.duplicate"],
    });
    expect(errorsOf(withMeeting({ force: true, reasons: [8 as 1] }))).toEqual({
      "meeting.reasons.0": ["validation.invalid"],
    });
  });
});

describe("refusal reasons", () => {
  it("are required for a phone meeting, with the 'other' text for the sixth", () => {
    expect(errorsOf(phoneMeeting({ refusalReasons: [] }))).toEqual({
      "meeting.refusalReasons": ["validation.choose_at_least_one"],
    });
    expect(errorsOf(phoneMeeting({ refusalReasons: [6] }))).toEqual({
      "meeting.refusalReasonOther": ["validation.required"],
    });
    expect(errorsOf(phoneMeeting({ refusalReasons: [6], refusalReasonOther: "Prefers evenings" }))).toEqual(
      {},
    );
    expect(errorsOf(phoneMeeting({ refusalReasons: [1, 2] }))).toEqual({});
  });

  it("do not apply to a face-to-face meeting", () => {
    expect(errorsOf(withMeeting({ refusalReasons: [1] }))).toEqual({
      "meeting.refusalReasons": ["validation.not_applicable"],
    });
  });

  it("go with the client's refusal: refused face to face is a phone meeting", () => {
    expect(errorsOf(withMeeting({ refused: true }))).toEqual({
      "meeting.type": ["restrictions.type_not_allowed"],
    });
  });
});

describe("the place of a face-to-face meeting", () => {
  it("needs its address line, city, postal code and region; a phone meeting does not", () => {
    const empty = { ...meeting().address, address: "", city: "", postal: "", province: "" };
    expect(errorsOf(withMeeting({ address: empty }))).toEqual({
      "meeting.address.address": ["validation.required"],
      "meeting.address.city": ["validation.required"],
      "meeting.address.postal": ["validation.required"],
      "meeting.address.province": ["validation.required"],
    });
    expect(errorsOf(phoneMeeting({ address: empty }))).toEqual({});
  });

  it("has a postal code and a region of the lead's country", () => {
    const at = (postal: string, province: string) =>
      withMeeting({ address: { ...meeting().address, postal, province } });
    expect(errorsOf(at("62701", "IL"), { country: "US" })).toEqual({});
    expect(errorsOf(at("H2X 1Y4", "qc"), { country: "CA" })).toEqual({});
    expect(errorsOf(at("627", "il"), { country: "US" })).toEqual({
      "meeting.address.postal": ["notifications.form.postal.too_short"],
    });
    expect(errorsOf(at("H2X 1Y4", "il"), { country: "US" })).toEqual({
      "meeting.address.postal": ["validation.zip_invalid"],
    });
    expect(errorsOf(at("62701", "il"), { country: "CA" })).toEqual({
      "meeting.address.postal": ["validation.postal_invalid"],
      "meeting.address.province": ["validation.region_invalid"],
    });
  });
});

describe("Sun Life", () => {
  const sunLife = (patch: Partial<MeetingInput> = {}) =>
    withMeeting({ type: "phone", force: true, reasons: ["Sent to SunLife"], is_sun_life: 1, ...patch });

  it("books by phone with its own reason and no refusal reason", () => {
    expect(errorsOf(sunLife())).toEqual({});
    expect(errorsOf(sunLife({ type: "face-to-face" }))).toEqual({
      "meeting.type": ["restrictions.type_not_allowed"],
    });
  });

  it("is the only meeting with the 'Sent to SunLife' reason", () => {
    expect(errorsOf(withMeeting({ force: true, reasons: ["Sent to SunLife"] }))).toEqual({
      "meeting.reasons": ["validation.invalid"],
    });
    expect(errorsOf(sunLife({ reasons: [1] }))).toEqual({ "meeting.reasons": ["validation.invalid"] });
  });

  it("is not held to the field advisors' restrictions", () => {
    const r = restrictions(facts({ ioaAccepted: true }));
    expect(errorsOf(sunLife(), { restrictions: r })).toEqual({});
  });
});

describe("the restrictions", () => {
  it("refuse a type they do not allow, and every type on a conflict", () => {
    const old = restrictions(facts({ clients: [{ dob: "1940-01-01", healthIssues: false }] }));
    expect(errorsOf(meeting(), { restrictions: old })).toEqual({
      "meeting.type": ["restrictions.type_not_allowed"],
    });
    expect(errorsOf(phoneMeeting({ refused: false, refusalReasons: [1] }), { restrictions: old })).toEqual(
      {},
    );
    const conflict = restrictions(facts({ refusedFaceToFace: true, manualForce: true }));
    expect(errorsOf(phoneMeeting(), { restrictions: conflict })).toEqual({
      "meeting.type": ["restrictions.type_not_allowed"],
    });
  });

  it("need force for a face-to-face meeting without enough advisors", () => {
    const few = restrictions(facts({ availableAgents: 1 }));
    expect(errorsOf(meeting(), { restrictions: few })).toEqual({
      "meeting.force": ["restrictions.force_required"],
    });
    expect(errorsOf(withMeeting({ force: true, reasons: [1] }), { restrictions: few })).toEqual({});
    expect(errorsOf(phoneMeeting(), { restrictions: few })).toEqual({});
  });
});

describe("free text", () => {
  // Until finding B: printable ASCII and newlines only. Now the contract's one sanitiser (text.ts): every printable
  // character stays; control characters (but newlines), bidirectional controls and lone surrogates go.
  it("keeps every printable character and newlines, whatever is typed, within 99 characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 120 }), (typed) => {
        const result = meetingSchema().safeParse(
          withMeeting({
            force: true,
            reasons: [7],
            reasonOther: typed,
            type: "phone",
            refusalReasons: [6],
            refusalReasonOther: typed,
          }),
        );
        const left = typed.replace(/(?!\n)\p{Cc}|[\u200E\u200F\u202A-\u202E\u2066-\u2069]|\p{Cs}/gu, "");
        if (Array.from(typed).length > 99) {
          // The limit is on what was typed, as everywhere (text.ts), in characters (zod counts code points).
          expect(result.success).toBe(false);
          expect(fieldErrors(result.error!)).toEqual({
            reasonOther: ["validation.other_too_long"],
            refusalReasonOther: ["validation.other_too_long"],
          });
        } else if (left.trim() === "") {
          expect(fieldErrors(result.error!)).toEqual({
            reasonOther: ["validation.required"],
            refusalReasonOther: ["validation.required"],
          });
        } else {
          expect(result.data).toMatchObject({ reasonOther: left, refusalReasonOther: left });
        }
      }),
    );
  }, 30_000);
});

describe("the browser's meeting", () => {
  it("starts face to face, at the same address, not forced, not Sun Life", () => {
    expect(newMeeting()).toMatchObject({
      type: "face-to-face",
      sameAddress: "1",
      force: false,
      ioa: false,
      is_sun_life: 0,
      availableAgents: null,
      booked: false,
    });
  });

  it("sends only the wire's fields", () => {
    const wire = meetingToWire(meetingState({ date: "2025-06-16T15:00:00.000Z" }));
    expect(Object.keys(wire).sort()).toEqual(Object.keys(MeetingFields.shape).sort());
    expect(Object.keys(wire.address)).not.toContain("valid");
    expect(MeetingFields.safeParse(wire).success).toBe(true);
  });
});
