// The weather behind GET /addresses/{city}/weather-forecast (geodata.md (e)): a provider gives four days from
// `today` (the place's own local date, from the gateway's clock) at a point, in the point's zone.
import type { ForecastDay, WeatherSource } from "../../../src/contract/geo";
import { FORECAST_DAYS } from "../../../src/contract/geo";
import { describeWmo } from "./wmo";

export interface WeatherProvider {
  readonly source: WeatherSource;
  /**
   * Four days (today, tomorrow, in 2 days, in 3 days) at a point. `tz` is the place's IANA zone and `today`
   * its local date (YYYY-MM-DD). Throws WeatherUnavailable when the forecast cannot be had.
   */
  forecast(lat: number, lon: number, tz: string, today: string): Promise<ForecastDay[]>;
}

/** The provider could not answer (network, HTTP status, a body it did not understand). */
export class WeatherUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`weather unavailable: ${detail}`);
  }
}

/** Rounded to `decimals`, halves away from zero (−8.95 → −9.0 as 8.95 → 9.0), never −0. */
export function roundHalfAway(x: number, decimals = 0): number {
  const f = 10 ** decimals;
  // The epsilon keeps a half written in decimal (8.95, stored as 8.9499…) a half.
  return (Math.sign(x) * Math.round(Math.abs(x) * f + 1e-9)) / f + 0;
}

/** °F from °C (C × 9/5 + 32), rounded to a whole degree. */
export const fahrenheit = (c: number): number => roundHalfAway((c * 9) / 5 + 32);

/** Rounded to one decimal. */
export const oneDecimal = (x: number): number => roundHalfAway(x, 1);

/** YYYY-MM-DD plus n days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + n)).toISOString().slice(0, 10);
}

/** The FORECAST_DAYS dates from `today`. */
export const forecastDates = (today: string): string[] => Array.from({ length: FORECAST_DAYS }, (_, i) => addDays(today, i));

/** A day of the wire from a date, a WMO code and the day's extremes in °C. */
export function forecastDay(date: string, code: number, minC: number, maxC: number): ForecastDay {
  const lo = oneDecimal(Math.min(minC, maxC));
  const hi = oneDecimal(Math.max(minC, maxC));
  return { date, code, ...describeWmo(code), minC: lo, maxC: hi, minF: fahrenheit(lo), maxF: fahrenheit(hi) };
}
