// The gate's pure rules: what it lets through is never on the Do Not Call list and always inside the
// calling hours of every zone the number rings in, whatever the lead, the setting and the instant.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { numberRegion } from "../geo/numbers";
import { classify, judgeNumber, type NumberFacts } from "./gate";
import { COMPLIANCE_REASONS } from "./reasons";

const NANP = JSON.parse(readFileSync(new URL("../geo/data/nanp.json", import.meta.url), "utf8")) as {
  npa: Record<string, unknown>;
};
const NPAS = Object.keys(NANP.npa);

/** Local wall clock of `zone` at `at`, straight from Intl (not the gate's zone math). */
function wall(at: number, zone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { minutes: Number(get("hour")) * 60 + Number(get("minute")), weekday: get("weekday") };
}

const Y2026 = Date.parse("2026-01-01T00:00:00Z");
const Y2027 = Date.parse("2027-01-01T00:00:00Z");

describe("classify", () => {
  it.each([
    ["*97", "feature"],
    ["  *97# ", "feature"],
    ["1001", "extension"],
    ["2125550142", "external"],
    ["+1 (212) 555-0142", "external"],
    ["1-212-555-0142", "external"],
    ["+442079460018", "external"],
    ["12345678", "invalid"],
    ["555-0142", "invalid"],
    ["2120550142", "invalid"],
    ["+1212555014", "invalid"],
    ["212555014x", "invalid"],
    ["", "invalid"],
  ])("%j is %s", (text, kind) => {
    expect(classify(text).kind).toBe(kind);
  });
});

describe("judgeNumber", () => {
  const at = Date.parse("2026-01-05T15:00:00Z"); // Monday 10:00 in New York
  const facts = (phone: string, over: Partial<NumberFacts> = {}): NumberFacts => ({
    to: phone,
    place: numberRegion(phone),
    allowedCountries: ["US", "CA"],
    dncSince: null,
    callsLast24h: 0,
    lead: null,
    ...over,
  });

  it("refuses by reason, with the reason's English", () => {
    const ny = "+12125550142";
    expect(judgeNumber(facts(ny), at)).toMatchObject({ callable: true, reason: "ok", status: 200 });
    const listed = judgeNumber(facts(ny, { dncSince: Date.parse("2026-01-02T12:00:00Z") }), at);
    expect(listed).toMatchObject({ callable: false, status: 409, reason: "dnc_listed", values: { since: "2026-01-02" } });
    expect(listed.text).toBe("+12125550142 is on the call centre's Do Not Call list since 2026-01-02.");
    const lead = { status: "Do Not Call", country: "US" as const, state: "ny", timezone: "America/New_York", ownNumber: true };
    expect(judgeNumber(facts(ny, { lead }), at).reason).toBe("dnc_status");
    expect(judgeNumber(facts("+442079460018"), at)).toMatchObject({ reason: "country", values: { country: "GB", allowed: "US, CA" } });
    expect(judgeNumber(facts("+18765550142"), at)).toMatchObject({ reason: "country", values: { country: "JM" } });
    expect(judgeNumber(facts("+15555550100"), at).reason).toBe("no_zone");
    // 10:00 in New York is 07:00 in Los Angeles: a 213 number waits.
    expect(judgeNumber(facts("+12135550142"), at)).toMatchObject({
      reason: "window_closed",
      values: { zone: "America/Los_Angeles", time: "07:00" },
    });
  });

  it("the lead's own window applies to its own number too; a lead without a zone adds nothing", () => {
    const ny = "+12125550142";
    const inLa = { status: "New", country: "US" as const, state: "ca", timezone: "America/Los_Angeles", ownNumber: true };
    expect(judgeNumber(facts(ny, { lead: inLa }), Date.parse("2026-01-05T15:00:00Z")).reason).toBe("window_closed");
    expect(judgeNumber(facts(ny, { lead: { ...inLa, ownNumber: false } }), Date.parse("2026-01-05T15:00:00Z")).callable).toBe(true);
    expect(judgeNumber(facts(ny, { lead: { ...inLa, timezone: null } }), Date.parse("2026-01-05T15:00:00Z")).callable).toBe(true);
  });

  it("Florida's cap counts the calls of the last 24 hours", () => {
    const fl = "+13055550142";
    expect(judgeNumber(facts(fl, { callsLast24h: 2 }), at).callable).toBe(true);
    expect(judgeNumber(facts(fl, { callsLast24h: 3 }), at)).toMatchObject({ callable: false, reason: "window_cap" });
  });

  it("an allowed country outside North America is held to 08:00–21:00 in its zones", () => {
    const uk = "+442079460018";
    const allowed = ["US", "CA", "GB"];
    expect(judgeNumber(facts(uk, { allowedCountries: allowed }), at).callable).toBe(true); // 15:00 London
    expect(judgeNumber(facts(uk, { allowedCountries: allowed }), Date.parse("2026-01-05T22:00:00Z")).reason).toBe("window_closed");
  });

  it("every reason has its English sentence", () => {
    for (const text of Object.values(COMPLIANCE_REASONS)) expect(text.length).toBeGreaterThan(0);
  });

  it("property: what passes is never on the Do Not Call list and is inside the hours of every zone of the number", () => {
    const lead = fc.option(
      fc.record({
        status: fc.constantFrom("New", "Callback", "Do Not Call", "In Process"),
        country: fc.constantFrom("US" as const, "CA" as const),
        state: fc.constantFrom("ny", "ca", "fl", "tx", "on", "qc", "ab", null),
        timezone: fc.constantFrom("America/New_York", "America/Los_Angeles", "America/Toronto", "Pacific/Honolulu", null, "Nowhere/Else"),
        ownNumber: fc.boolean(),
      }),
    );
    let passed = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...NPAS),
        fc.integer({ min: 2_000_000, max: 9_999_999 }),
        fc.integer({ min: Y2026, max: Y2027 }),
        fc.oneof(
          { arbitrary: fc.constant(null), weight: 3 },
          { arbitrary: fc.integer({ min: Y2026 - 86_400_000 * 400, max: Y2027 }), weight: 1 },
        ),
        fc.oneof(
          { arbitrary: fc.constant<string[]>(["US", "CA"]), weight: 3 },
          { arbitrary: fc.subarray<string>(["US", "CA", "JM", "BS", "DO", "GB"]), weight: 1 },
        ),
        fc.integer({ min: 0, max: 5 }),
        lead,
        (npa, line, at, dncSince, allowedCountries, callsLast24h, lead) => {
          const to = `+1${npa}${line}`;
          const place = numberRegion(to);
          const v = judgeNumber({ to, place, allowedCountries, dncSince, callsLast24h, lead }, at);
          if (!v.callable) return;
          passed++;
          expect(dncSince).toBeNull();
          expect(lead?.status).not.toBe("Do Not Call");
          expect(place).not.toBeNull();
          expect(place!.countries.some((c) => allowedCountries.includes(c))).toBe(true);
          for (const zone of place!.zones) {
            const { minutes, weekday } = wall(at, zone);
            // Every rule's window lies within 08:00–21:30 local (TCPA 08–21, CRTC 09–21:30 / weekends 10–18).
            expect(minutes, `${to} ${new Date(at).toISOString()} ${zone}`).toBeGreaterThanOrEqual(8 * 60);
            expect(minutes, `${to} ${new Date(at).toISOString()} ${zone}`).toBeLessThan(21 * 60 + 30);
            if (place!.country === "CA" && (weekday === "Sat" || weekday === "Sun")) {
              expect(minutes).toBeGreaterThanOrEqual(10 * 60);
              expect(minutes).toBeLessThan(18 * 60);
            }
            if (place!.country !== "CA") expect(minutes).toBeLessThan(21 * 60);
          }
        },
      ),
      { numRuns: 2000 },
    );
    expect(passed).toBeGreaterThan(150); // not vacuous: plenty of dials pass
  });
});
