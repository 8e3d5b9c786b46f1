import { describe, expect, it } from "vitest";
import { AREA_CODES } from "../seed/leadbook/regions";
import { numberRegion, region } from "./index";

describe("numberRegion: where a number rings, from the number alone", () => {
  it.each([
    ["+12125550142", { country: "US", region: "ny", zones: ["America/New_York"], npa: "212" }],
    ["+14165550142", { country: "CA", region: "on", zones: ["America/Toronto"], npa: "416" }],
    ["+12105550142", { country: "US", region: "tx", npa: "210" }],
    ["+14035550142", { country: "CA", region: "ab", zones: ["America/Edmonton"] }],
    ["+12035550142", { country: "US", region: "ct" }],
  ])("%s", (e164, expected) => {
    expect(numberRegion(e164)).toMatchObject(expected);
  });

  it("an area code split between zones gives both (850: the Florida panhandle, Eastern and Central)", () => {
    expect(numberRegion("+18505550142")).toMatchObject({
      country: "US",
      region: "fl",
      zones: ["America/Chicago", "America/New_York"],
    });
  });

  it("other members of the North American plan are not US or CA (876 Jamaica)", () => {
    const jm = numberRegion("+18765550142")!;
    expect(jm).toMatchObject({ country: "JM", region: null, zones: ["America/Jamaica"] });
    expect(["US", "CA"]).not.toContain(jm.country);
  });

  it("outside North America: the calling code's countries and zones", () => {
    expect(numberRegion("+442079460018")).toMatchObject({
      country: "GB",
      countries: ["GB", "GG", "IM", "JE"],
      callingCode: "44",
      npa: null,
    });
    expect(numberRegion("+442079460018")!.zones).toContain("Europe/London");
    expect(numberRegion("+33142685300")).toMatchObject({ country: "FR", zones: ["Europe/Paris"] });
  });

  it("no place for fictional, toll-free or malformed numbers (no zone, so no local time)", () => {
    for (const n of ["+15555550100", "+18005550100", "+12120550142", "2125550142", "+1212555014", "+9991234567", "*97"])
      expect(numberRegion(n), n).toBeNull();
  });

  it("knows every area code the demo lead book uses, in the lead's own state (or none: shared codes)", () => {
    // 902 and 782 serve Nova Scotia and Prince Edward Island, 867 the three territories: no one province.
    const shared = new Set(["902", "782", "867"]);
    for (const [st, codes] of Object.entries(AREA_CODES)) {
      for (const npa of codes) {
        const place = numberRegion(`+1${npa}5550142`);
        expect(place, `${st} ${npa}`).not.toBeNull();
        expect(place!.region, `${st} ${npa}`).toBe(shared.has(npa) ? null : st);
        expect(place!.country, `${st} ${npa}`).toBe(region(st)?.country);
      }
    }
  });
});
