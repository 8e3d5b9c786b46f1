import { describe, expect, it } from "vitest";
import { postalTable } from "./index";
import { cityKey, distanceKm, EARTH_RADIUS_KM, KM_PER_DEGREE, nearestPostal, rowsOfCity, zoneAt } from "./nearest";

/** The nearest centroid by measuring every row: what the band search must agree with. */
function bruteNearest(lat: number, lon: number): { key: string; km: number } {
  let best = { key: "", km: Infinity };
  for (const [key, r] of postalTable()) {
    const km = distanceKm(lat, lon, r.lat, r.lon);
    if (km < best.km || (km === best.km && key < best.key)) best = { key, km };
  }
  return best;
}

/** A deterministic PRNG for the sample points. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe("distanceKm", () => {
  it("measures great circles on the mean Earth radius", () => {
    expect(distanceKm(0, 0, 0, 0)).toBe(0);
    expect(distanceKm(0, 0, 1, 0)).toBeCloseTo(KM_PER_DEGREE, 9);
    expect(KM_PER_DEGREE).toBeCloseTo((Math.PI / 180) * EARTH_RADIUS_KM, 12);
    // New York 10001 to Los Angeles 90012: about 3,940 km.
    expect(distanceKm(40.7484, -73.9967, 34.0614, -118.2385)).toBeGreaterThan(3900);
    expect(distanceKm(40.7484, -73.9967, 34.0614, -118.2385)).toBeLessThan(3980);
    // Across the antimeridian: a short hop, not half the world.
    expect(distanceKm(52, 179.9, 52, -179.9)).toBeLessThan(20);
  });
});

describe("nearestPostal", () => {
  it("finds a centroid itself at distance 0", () => {
    expect(nearestPostal(40.7484, -73.9967, 25)).toMatchObject({ key: "10001", km: 0 });
    expect(nearestPostal(43.6525, -79.3686, 25)?.key).toBe("M5V");
  });

  it("agrees with a full scan wherever the nearest centroid is within 25 km, and finds none where it is not", () => {
    const rand = lcg(42);
    let within = 0;
    for (let i = 0; i < 160; i++) {
      // Half around dense cities, half anywhere over North America.
      const lat = i % 2 ? 40.2 + rand() * 1.2 : 25 + rand() * 45;
      const lon = i % 2 ? -74.8 + rand() * 1.6 : -135 + rand() * 75;
      const brute = bruteNearest(lat, lon);
      const got = nearestPostal(lat, lon, 25);
      if (brute.km <= 25) {
        within++;
        expect(got?.key, `${lat},${lon}`).toBe(brute.key);
        expect(got!.km).toBeCloseTo(brute.km, 9);
      } else {
        expect(got, `${lat},${lon}`).toBeNull();
      }
    }
    expect(within).toBeGreaterThan(80);
  });

  it("includes a centroid exactly at the radius and excludes one just beyond it", () => {
    // Adak, Alaska: no other centroid within 80 km, so the boundary is Adak's alone.
    const adak = postalTable().get("99546")!;
    const north = (km: number) => adak.lat + km / KM_PER_DEGREE;
    expect(nearestPostal(north(24.99), adak.lon, 25)?.key).toBe("99546");
    expect(nearestPostal(north(25.01), adak.lon, 25)).toBeNull();
  });

  it("answers a query well under 5 ms once its index is built (about 43,500 rows)", () => {
    nearestPostal(45, -75, 25);
    const rand = lcg(7);
    const n = 500;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) nearestPostal(25 + rand() * 45, -135 + rand() * 75, 25);
    const perQuery = (performance.now() - t0) / n;
    // Typically about 0.1 ms; the bound leaves room for a busy machine.
    expect(perQuery).toBeLessThan(5);
  });
});

describe("zoneAt", () => {
  it("gives the zone of any point from its coordinates", () => {
    expect(zoneAt(40.7484, -73.9967)).toBe("America/New_York");
    expect(zoneAt(61.2176, -149.8997)).toBe("America/Anchorage");
    expect(zoneAt(49.2836, -123.1041)).toBe("America/Vancouver");
  });
});

describe("rowsOfCity", () => {
  it("compares names without case, accents or punctuation", () => {
    expect(cityKey("  Montréal ")).toBe("montreal");
    expect(cityKey("St. John's")).toBe("st john s");
  });

  it("puts the namesake with the most postal codes first, the lowest code first within it", () => {
    expect(rowsOfCity("new york")[0]![0]).toBe("10001");
    expect(rowsOfCity("Montreal")[0]![1]).toMatchObject({ city: "Montréal", st: "qc" });
    expect(rowsOfCity("Springfield", "ma")[0]![1].st).toBe("ma");
    expect(rowsOfCity("Springfield", "il")[0]![1].st).toBe("il");
    expect(rowsOfCity("Nowhere Special")).toEqual([]);
  });
});
