import { describe, expect, it } from "vitest";
import {
  PROVINCES,
  US_STATES,
  geocode,
  normalisePostal,
  postalRowsOf,
  postalTable,
  region,
  regions,
  regionsOf,
} from "./index";

describe("normalisePostal", () => {
  it.each([
    ["10001", { kind: "zip", key: "10001" }],
    ["10001-1234", { kind: "zip", key: "10001" }],
    ["100011234", { kind: "zip", key: "10001" }],
    [" m5v 3l9 ", { kind: "fsa", key: "M5V" }],
    ["h2x", { kind: "fsa", key: "H2X" }],
  ])("%s", (input, expected) => {
    expect(normalisePostal(input)).toEqual(expected);
  });

  it.each(["", "1234", "123456", "ABCDE", "D1A", "W1A", "M5V3L", "Z9Z 9Z9", "M5V 3L9X", "10001-12"])(
    "rejects %j",
    (input) => {
      expect(normalisePostal(input)).toBeNull();
      expect(geocode(input)).toBeNull();
    },
  );

  it("rejects non-strings", () => {
    expect(normalisePostal(null)).toBeNull();
    expect(geocode(undefined)).toBeNull();
  });
});

describe("geocode: geodata.md tested results", () => {
  it.each([
    ["10001", "New York", "ny", "US", "America/New_York"],
    ["90210", "Beverly Hills", "ca", "US", "America/Los_Angeles"],
    ["33101", "Miami", "fl", "US", "America/New_York"],
    ["99501", "Anchorage", "ak", "US", "America/Anchorage"],
    ["96813", "Honolulu", "hi", "US", "Pacific/Honolulu"],
    ["m5v 3l9", "Toronto", "on", "CA", "America/Toronto"],
    ["H2X", "Montréal", "qc", "CA", "America/Toronto"],
    ["V6B", "Vancouver", "bc", "CA", "America/Vancouver"],
    ["T2P", "Calgary", "ab", "CA", "America/Edmonton"],
    ["A1C", "St. John's", "nl", "CA", "America/St_Johns"],
    ["R3C", "Winnipeg", "mb", "CA", "America/Winnipeg"],
    ["B3H", "Halifax", "ns", "CA", "America/Halifax"],
    ["X1A", "Yellowknife", "nt", "CA", "America/Edmonton"],
    ["Y1A", "Whitehorse", "yt", "CA", "America/Whitehorse"],
    ["00601", "Adjuntas", "pr", "US", "America/Puerto_Rico"],
  ])("%s → %s %s", (postal, city, state, country, timezone) => {
    const g = geocode(postal)!;
    expect(g).not.toBeNull();
    expect(g).toMatchObject({ city, state, country, timezone, precision: "postal" });
  });

  it("returns coordinates and the app bucket", () => {
    expect(geocode("10001")).toEqual({
      postal: "10001",
      city: "New York",
      state: "ny",
      country: "US",
      latitude: 40.7484,
      longitude: -73.9967,
      timezone: "America/New_York",
      tzBucket: "America/New_York",
      precision: "postal",
    });
    expect(geocode("m5v 3l9")?.postal).toBe("M5V 3L9");
    expect(geocode("Y1A")?.tzBucket).toBe("America/Edmonton"); // Whitehorse skips DST: approximate bucket
    expect(geocode("00601")?.tzBucket).toBe("America/New_York");
    expect(geocode("85001")).toMatchObject({ timezone: "America/Phoenix", tzBucket: "America/Denver" });
    expect(geocode("S4P")).toMatchObject({ timezone: "America/Regina", tzBucket: "America/Winnipeg" });
  });

  it("places Paducah KY and Evansville IN on Central time", () => {
    expect(geocode("42001")).toMatchObject({ city: "Paducah", state: "ky", timezone: "America/Chicago" });
    expect(geocode("47708")).toMatchObject({ city: "Evansville", state: "in", timezone: "America/Chicago" });
  });

  it("falls back to the province for an unknown, well-formed FSA", () => {
    expect(postalTable().has("S7W")).toBe(false); // zipcodes issue #36: in use but missing
    const g = geocode("S7W 1A1")!;
    expect(g).toMatchObject({
      postal: "S7W 1A1",
      city: "",
      state: "sk",
      country: "CA",
      timezone: "America/Regina",
      precision: "province",
    });
    expect(g.tzBucket).toBe("America/Winnipeg");
    expect(g.latitude).toBeGreaterThan(49);
    expect(g.latitude).toBeLessThan(60);
    expect(geocode("X0Z")).toMatchObject({ state: "nt", precision: "province" });
    expect(geocode("H0H 0H0")).toMatchObject({ state: "qc", precision: "province" }); // dropped: it sits at the pole
    expect(geocode("00000")).toBeNull(); // unknown ZIPs have no fallback
  });
});

describe("regions", () => {
  it("has the 64 regions", () => {
    expect(regions()).toHaveLength(64);
    expect(
      regionsOf("US")
        .map((r) => r.code)
        .sort(),
    ).toEqual([...US_STATES].sort());
    expect(
      regionsOf("CA")
        .map((r) => r.code)
        .sort(),
    ).toEqual([...PROVINCES]);
  });

  it("has English and French names", () => {
    expect(region("ms")).toMatchObject({ nameEn: "Mississippi", nameFr: "Mississippi" });
    expect(region("CA")).toMatchObject({ nameEn: "California", nameFr: "Californie" });
    expect(region("nc")?.nameFr).toBe("Caroline du Nord");
    expect(region("ga")?.nameFr).toBe("Géorgie");
    expect(region("hi")?.nameFr).toBe("Hawaï");
    expect(region("bc")?.nameFr).toBe("Colombie-Britannique");
    expect(region("pe")?.nameFr).toBe("Île-du-Prince-Édouard");
    expect(region("nl")?.nameFr).toBe("Terre-Neuve-et-Labrador");
    expect(region("zz")).toBeUndefined();
    for (const r of regions()) expect(r.nameFr.length).toBeGreaterThan(2);
  });

  it("gives every region valid IANA zones", () => {
    for (const r of regions()) {
      for (const zone of [r.defaultTz, ...r.otherTz]) {
        expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone }), `${r.code} ${zone}`).not.toThrow();
      }
    }
  });

  it("marks the split regions", () => {
    for (const code of ["fl", "in", "ky", "tn", "tx", "on", "bc", "nu", "qc", "sk"]) {
      expect(region(code)?.otherTz.length, code).toBeGreaterThan(0);
    }
    expect(region("ny")?.otherTz).toEqual([]);
    expect(region("nu")?.defaultTz).toBe("America/Iqaluit");
  });

  it("has postal rows for every region, each with a valid zone", () => {
    for (const r of regions()) expect(postalRowsOf(r.code).length, r.code).toBeGreaterThan(0);
    const zones = new Set([...postalTable().values()].map((r) => r.iana));
    for (const zone of zones)
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: zone })).not.toThrow();
  });
});
