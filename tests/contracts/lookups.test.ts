// The browser's lists of states and provinces (src/contract/lookups.ts) against the gateway's geodata
// (server/geo/data/regions.json): the same codes, countries and English and French names, so the region an
// agent picks is one the gateway geocodes and checks calling windows for. Here because src/ may not import
// gateway files.
import { expect, it } from "vitest";
import regions from "../../server/geo/data/regions.json";
import { PROVINCES, US_STATES } from "../../src/contract/lookups";

it("has the gateway's regions with the same English and French names, and a Spanish one", () => {
  const ours = [...PROVINCES, ...US_STATES]
    .map((r) => ({ country: r.country, code: r.value, nameEn: r.label.en, nameFr: r.label.fr }))
    .sort((a, b) => a.code.localeCompare(b.code) || a.country.localeCompare(b.country));
  const theirs = regions
    .map((r) => ({ country: r.country, code: r.code, nameEn: r.nameEn, nameFr: r.nameFr }))
    .sort((a, b) => a.code.localeCompare(b.code) || a.country.localeCompare(b.country));
  expect(ours).toEqual(theirs);
  for (const r of [...PROVINCES, ...US_STATES]) expect(r.label.es).not.toBe("");
});
