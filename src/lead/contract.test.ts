// The lead on the wire (src/contract/lead.ts): snake ↔ camel mapping, phone_other as a JSON string, the PUT
// body's validation and the checks that need the lead's country or the day.
import { describe, expect, it } from "vitest";
import {
  LeadResponse,
  UpdateLeadBody,
  fromWire,
  leadFieldProblems,
  normalisePostal,
  parsePhoneOther,
  patchToWire,
  postalProblem,
  toWire,
  LEAD_RECORD_MESSAGES,
} from "../contract/lead";
import { sampleLead, sampleWire } from "./leadFixture";

const NOW = Date.UTC(2026, 0, 5, 14);

describe("fromWire / toWire", () => {
  it("round-trips a whole lead", () => {
    const lead = sampleLead();
    expect(fromWire(toWire(lead))).toEqual(lead);
    expect(LeadResponse.parse({ data: toWire(lead) }).data).toEqual(toWire(lead));
  });

  it("speaks the gateway's names: snake case, street for the address line, zip for the postal code", () => {
    const w = sampleWire();
    expect(w).toMatchObject({ first_name: "Pat", marketing_id: "ISI000007", status_description: null });
    expect(w.address).toMatchObject({ street: "12 Elm St", zip: "10001", apartment: null });
    expect(w.clients[0]).toMatchObject({ first_name: "Pat", height_units: 1, country_of_birth: "US" });
    expect(w.insurance).toMatchObject({ has_policy: 0, type_other: "" });
    expect(w.phone_other).toBe('["5555550101","5555550102"]');
  });

  it("maps missing text to empty strings and the language to en by default", () => {
    const lead = fromWire({ ...sampleWire(), email: null, notes: null, language: "" });
    expect(lead).toMatchObject({ email: "", notes: "", language: "en" });
  });

  it.each([["not json"], ['{"a":1}'], ["[1,2]"], [null], ['["ok", "<script>"]']])(
    "reads a phone_other it cannot parse (%s) as an empty list",
    (raw) => {
      expect(fromWire({ ...sampleWire(), phone_other: raw }).phoneOther).toEqual([]);
      expect(parsePhoneOther(raw)).toEqual([]);
    },
  );
});

describe("patchToWire", () => {
  it("renames a camel patch, nested parts included, and reports keys the body has no field for", () => {
    const { body, unknown } = patchToWire({
      firstName: "Lee",
      phoneOther: ["5555550103"],
      address: { address: "1 Main St", postal: "10002" },
      clients: [{ dob: "1960-01-01", heightUnits: 0 }],
      insurance: { hasPolicy: 1 },
      nickname: "x",
    });
    expect(body).toEqual({
      first_name: "Lee",
      phone_other: '["5555550103"]',
      address: { street: "1 Main St", zip: "10002" },
      clients: [{ dob: "1960-01-01", height_units: 0 }],
      insurance: { has_policy: 1 },
    });
    expect(unknown).toEqual(["nickname"]);
  });
});

describe("UpdateLeadBody", () => {
  // Until finding B the notes kept printable ASCII only; now every printable character stays.
  it("accepts partial fields and keeps free text's printable characters and newlines", () => {
    const r = UpdateLeadBody.parse({
      notes: "ok\u0000 then\nmoré",
      address: { state: "NY" },
      clients: [{ height: 170 }],
    });
    expect(r).toEqual({ notes: "ok then\nmoré", address: { state: "ny" }, clients: [{ height: "170" }] });
  });

  it.each([
    [{ email: "nope" }],
    [{ clients: [{ dob: "1990-13-01" }] }],
    [{ clients: [{ dob: "1990-02-30" }] }],
    [{ clients: [{}, {}, {}] }],
    [{ phone_other: "[1]" }],
    [{ first_name: "x".repeat(192) }],
    [{ phone: "5555550100" }],
    [{ address: { zip: "12345678901" } }],
  ])("refuses %j", (body) => {
    expect(UpdateLeadBody.safeParse(body).success).toBe(false);
  });
});

describe("checks by country and day", () => {
  it("postal codes follow the country; short ones are 'too short'", () => {
    expect(postalProblem("US", "10001")).toBeNull();
    expect(postalProblem("US", "K1A 0B1")).toBe(LEAD_RECORD_MESSAGES.zipInvalid);
    expect(postalProblem("CA", "k1a0b1")).toBeNull();
    expect(postalProblem("CA", "10001")).toBe(LEAD_RECORD_MESSAGES.postalInvalid);
    expect(postalProblem("CA", "K1A")).toBe(LEAD_RECORD_MESSAGES.postalTooShort);
    expect(postalProblem("US", "")).toBeNull();
    expect(normalisePostal("CA", "k1a0b1")).toBe("K1A 0B1");
    expect(normalisePostal("US", " 10001 ")).toBe("10001");
  });

  it("a date of birth may be yesterday, not today; a region must be of the lead's country", () => {
    const body = UpdateLeadBody.parse({
      clients: [{ dob: "2026-01-04" }, { dob: "2026-01-05" }],
      address: { zip: "K1A 0B1", state: "on" },
    });
    const regionOf = (code: string) => (code === "on" ? "CA" : "US");
    expect(leadFieldProblems(body, { country: "US", nowMs: NOW, regionOf })).toEqual({
      "address.zip": [LEAD_RECORD_MESSAGES.zipInvalid],
      "address.state": [LEAD_RECORD_MESSAGES.regionInvalid],
      "clients.1.dob": [LEAD_RECORD_MESSAGES.dobFuture],
    });
  });
});
