// The default weather: no network, the same answer for the same place and day (geodata.md (e)). Each day is
// drawn on its own from mulberry32 seeded by an FNV-1a hash of `lat,lon|date`, so tomorrow's forecast today is
// tomorrow's weather tomorrow. A climate normal from latitude and season, a day's anomaly, then a WMO code
// that suits the temperature: plausible, not real (Anchorage in January about −15..−6 °C).
import type { ForecastDay } from "../../../src/contract/geo";
import { forecastDates, forecastDay, type WeatherProvider } from "./provider";

/** FNV-1a, 32 bits, over UTF-16 code units. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Day of the year, 0 = 1 January. */
function dayOfYear(date: string): number {
  const t = Date.parse(`${date}T00:00:00Z`);
  return Math.floor((t - Date.UTC(new Date(t).getUTCFullYear(), 0, 1)) / 86_400_000);
}

/**
 * The normal daily mean temperature (°C) at a latitude on a day: an annual mean falling with latitude and a
 * seasonal swing growing with it, coldest around 20 January in the north (20 July in the south).
 */
export function climateNormal(lat: number, date: string): number {
  const a = Math.abs(lat);
  const annual = -26 + 54 * Math.cos((a * Math.PI) / 180);
  const swing = clamp(0.6 * (a - 20), 1.5, 11);
  const season = Math.cos((2 * Math.PI * (dayOfYear(date) - 20)) / 365.25);
  return lat >= 0 ? annual - swing * season : annual + swing * season;
}

/** One of three by a draw: light, moderate, heavy. */
const intensity = <T>(r: number, codes: readonly [T, T, T]): T => (r < 0.5 ? codes[0] : r < 0.85 ? codes[1] : codes[2]);

/** A WMO code that suits the day's temperatures. */
function drawCode(rand: () => number, mean: number, minC: number): number {
  const r = rand();
  const k = rand();
  const i = rand();
  if (r < 0.22) return 0;
  if (r < 0.37) return 1;
  if (r < 0.52) return 2;
  if (r < 0.67) return 3;
  if (r < 0.7) return mean < 0 ? 48 : 45;
  // Precipitation, three days in ten.
  if (mean <= 0.5) {
    if (k < 0.05) return 77;
    return k < 0.35 ? intensity(i, [85, 85, 86] as const) : intensity(i, [71, 73, 75] as const);
  }
  if (minC < -1 && k < 0.25) return mean < 2 ? intensity(i, [56, 57, 57] as const) : intensity(i, [66, 67, 67] as const);
  if (mean >= 18 && k < 0.3) return i < 0.9 ? 95 : 96;
  if (k < 0.2) return intensity(i, [51, 53, 55] as const);
  if (k < 0.55) return intensity(i, [80, 81, 82] as const);
  return intensity(i, [61, 63, 65] as const);
}

/** One day's weather at a point: the same inputs always give the same day. */
export function deterministicDay(lat: number, lon: number, date: string): ForecastDay {
  const rand = mulberry32(fnv1a(`${lat.toFixed(2)},${lon.toFixed(2)}|${date}`));
  const mean = climateNormal(lat, date) + (rand() * 2 - 1) * 3;
  let range = 7 + 0.05 * Math.abs(lat) + (rand() * 2 - 1) * 1.5;
  const code = drawCode(rand, mean, mean - range / 2);
  // Clouds and precipitation narrow the day's range.
  if (code >= 3) range *= 0.7;
  return forecastDay(date, code, mean - range / 2, mean + range / 2);
}

export class DeterministicWeather implements WeatherProvider {
  readonly source = "deterministic" as const;

  async forecast(lat: number, lon: number, _tz: string, today: string): Promise<ForecastDay[]> {
    return forecastDates(today).map((date) => deterministicDay(lat, lon, date));
  }
}
