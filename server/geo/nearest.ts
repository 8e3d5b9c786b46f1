// Places by coordinates and by city name over the offline postal table (geodata.md (b), (c)): the nearest
// postal centroid to a point (a dragged map marker), distances for "advisors within 25 km", and a city's
// postal rows (the weather of a city named alone). Indexes are built once, on first use.
import tzlookup from "@photostructure/tz-lookup";
import { postalTable, type PostalRow } from "./index";

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;
/** Kilometres per degree of latitude on that sphere. */
export const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

const RAD = Math.PI / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Half-width in degrees of latitude of the band that holds every point within `km` of a latitude. */
export function latitudeBand(km: number): number {
  return km / KM_PER_DEGREE + 1e-9;
}

interface LatIndex {
  /** Rows sorted by latitude, with their keys. */
  keys: string[];
  rows: PostalRow[];
  lat: Float64Array;
}

let latIndex: LatIndex | null = null;

/** The postal rows sorted by latitude: a band search then only measures the rows of a thin strip. */
function byLatitude(): LatIndex {
  if (!latIndex) {
    const entries = [...postalTable()].sort((a, b) => a[1].lat - b[1].lat);
    latIndex = {
      keys: entries.map((e) => e[0]),
      rows: entries.map((e) => e[1]),
      lat: Float64Array.from(entries, (e) => e[1].lat),
    };
  }
  return latIndex;
}

/** First index whose latitude is ≥ `lat`. */
function lowerBound(a: Float64Array, lat: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < lat) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface NearestPostal {
  /** The table's key: a ZIP ('10001') or an FSA ('M5V'). */
  key: string;
  row: PostalRow;
  km: number;
}

/**
 * The postal centroid nearest to a point, when one lies within `maxKm` (inclusive); null otherwise. Exact:
 * any centroid within maxKm lies in the latitude band ±maxKm, and only that band is measured (a few hundred
 * rows at most for 25 km, against 43,500 for a full scan).
 */
export function nearestPostal(lat: number, lon: number, maxKm: number): NearestPostal | null {
  const idx = byLatitude();
  const band = latitudeBand(maxKm);
  let best = -1;
  let bestKm = Infinity;
  for (let i = lowerBound(idx.lat, lat - band); i < idx.lat.length && idx.lat[i]! <= lat + band; i++) {
    const r = idx.rows[i]!;
    const d = distanceKm(lat, lon, r.lat, r.lon);
    // Ties go to the lower key, so the answer does not depend on the sort's order of equal latitudes.
    if (d < bestKm || (d === bestKm && best >= 0 && idx.keys[i]! < idx.keys[best]!)) {
      best = i;
      bestKm = d;
    }
  }
  if (best < 0 || bestKm > maxKm) return null;
  return { key: idx.keys[best]!, row: idx.rows[best]!, km: bestKm };
}

/** The IANA zone at a point from its coordinates alone (tz-lookup: approximate near zone borders). */
export function zoneAt(lat: number, lon: number): string {
  return tzlookup(lat, lon);
}

let cityIndex: Map<string, [string, PostalRow][]> | null = null;

/** A city name compared without case, accents, punctuation or repeated spaces: "Montréal" = "montreal". */
export function cityKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * The postal rows of a city, optionally within one state or province. Without a state, the namesake with the
 * most postal codes comes first ("Montreal" is Montréal QC before Montreal WI, "New York" is NY's), then by
 * region code; within a region, the lowest postal key first. The first row is "the city".
 */
export function rowsOfCity(name: string, state?: string): readonly [string, PostalRow][] {
  if (!cityIndex) {
    const byName = new Map<string, Map<string, [string, PostalRow][]>>();
    const sorted = [...postalTable()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const entry of sorted) {
      if (!entry[1].city) continue;
      const k = cityKey(entry[1].city);
      const regions = byName.get(k) ?? new Map<string, [string, PostalRow][]>();
      const list = regions.get(entry[1].st) ?? [];
      list.push(entry);
      regions.set(entry[1].st, list);
      byName.set(k, regions);
    }
    cityIndex = new Map(
      [...byName].map(([k, regions]) => [
        k,
        [...regions]
          .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
          .flatMap(([, list]) => list),
      ]),
    );
  }
  const all = cityIndex.get(cityKey(name)) ?? [];
  return state ? all.filter((e) => e[1].st === state.toLowerCase()) : all;
}
