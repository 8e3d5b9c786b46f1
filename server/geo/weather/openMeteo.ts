// Open-Meteo's daily forecast (geodata.md (e)), chosen by WEATHER_PROVIDER=open-meteo. The free endpoint is
// for non-commercial use only: a call centre needs a paid plan (OPEN_METEO_API_KEY, customer-api host). The
// data is CC BY 4.0, so the response says its source and the browser credits it. Plain fetch, injected.
import { z } from "zod";
import type { ForecastDay } from "../../../src/contract/geo";
import { addDays, forecastDates, forecastDay, WeatherUnavailable, type WeatherProvider } from "./provider";

export const OPEN_METEO_FREE_URL = "https://api.open-meteo.com/v1/forecast";
export const OPEN_METEO_CUSTOMER_URL = "https://customer-api.open-meteo.com/v1/forecast";
/** How long a forecast is reused for the same place and day; the model runs hourly at best. */
export const OPEN_METEO_CACHE_MS = 60 * 60_000;
const CACHE_ENTRIES = 2000;
const TIMEOUT_MS = 5000;

const Daily = z.object({
  daily: z.object({
    time: z.array(z.string()),
    weather_code: z.array(z.number().int().nullable()),
    temperature_2m_max: z.array(z.number().nullable()),
    temperature_2m_min: z.array(z.number().nullable()),
  }),
});

export interface OpenMeteoOptions {
  /** The forecast endpoint (OPEN_METEO_URL). */
  url: string;
  apiKey?: string;
  fetch?: typeof fetch;
  /** The gateway's clock, for the cache. */
  now: () => number;
  timeoutMs?: number;
}

export class OpenMeteoWeather implements WeatherProvider {
  readonly source = "open-meteo" as const;
  private readonly cache = new Map<string, { at: number; days: ForecastDay[] }>();

  constructor(private readonly opts: OpenMeteoOptions) {}

  /** The request of four days from `today` in the place's zone. */
  requestUrl(lat: number, lon: number, tz: string, today: string): string {
    const u = new URL(this.opts.url);
    u.searchParams.set("latitude", String(lat));
    u.searchParams.set("longitude", String(lon));
    u.searchParams.set("daily", "weather_code,temperature_2m_max,temperature_2m_min");
    u.searchParams.set("timezone", tz);
    // The gateway's own today, not the service's: a pinned clock (CLOCK_START) and the labels agree.
    u.searchParams.set("start_date", today);
    u.searchParams.set("end_date", addDays(today, 3));
    if (this.opts.apiKey) u.searchParams.set("apikey", this.opts.apiKey);
    return u.toString();
  }

  async forecast(lat: number, lon: number, tz: string, today: string): Promise<ForecastDay[]> {
    const key = `${lat.toFixed(3)},${lon.toFixed(3)}|${tz}|${today}`;
    const now = this.opts.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < OPEN_METEO_CACHE_MS) return hit.days;
    const days = await this.ask(lat, lon, tz, today);
    this.cache.delete(key);
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { at: now, days });
    return days;
  }

  private async ask(lat: number, lon: number, tz: string, today: string): Promise<ForecastDay[]> {
    const doFetch = this.opts.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(this.requestUrl(lat, lon, tz, today), {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (e) {
      throw new WeatherUnavailable(`request failed (${e instanceof Error ? e.name : "error"})`);
    }
    if (!res.ok) throw new WeatherUnavailable(`HTTP ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new WeatherUnavailable("the body is not JSON");
    }
    const parsed = Daily.safeParse(body);
    if (!parsed.success) throw new WeatherUnavailable("the body has no daily forecast");
    const d = parsed.data.daily;
    return forecastDates(today).map((date) => {
      const i = d.time.indexOf(date);
      const code = d.weather_code[i];
      const max = d.temperature_2m_max[i];
      const min = d.temperature_2m_min[i];
      if (i < 0 || code == null || max == null || min == null) throw new WeatherUnavailable(`no forecast for ${date}`);
      return forecastDay(date, code, min, max);
    });
  }
}
