import { describe, expect, it } from "vitest";
import { ForecastDay, WEATHER_CONDITIONS, WEATHER_ICONS } from "../../../src/contract/geo";
import { readConfig } from "../../config";
import { climateNormal, DeterministicWeather, deterministicDay, fnv1a, mulberry32 } from "./deterministic";
import { OPEN_METEO_CACHE_MS, OPEN_METEO_CUSTOMER_URL, OPEN_METEO_FREE_URL, OpenMeteoWeather } from "./openMeteo";
import { addDays, fahrenheit, WeatherUnavailable } from "./provider";
import { describeWmo, WMO_CODES } from "./wmo";
import { weatherProvider } from "./index";

const ANCHORAGE = { lat: 61.2176, lon: -149.8997, tz: "America/Anchorage" };
const MIAMI = { lat: 25.7617, lon: -80.1918, tz: "America/New_York" };

describe("the WMO table", () => {
  it("gives every known code a condition key and an icon of the contract", () => {
    for (const code of WMO_CODES) {
      const d = describeWmo(code);
      expect(WEATHER_CONDITIONS).toContain(d.condition);
      expect(WEATHER_ICONS).toContain(d.icon);
      expect(d.condition).not.toBe("weather.unknown");
    }
    expect(describeWmo(0)).toEqual({ condition: "weather.clear", icon: "clear-day" });
    expect(describeWmo(75)).toEqual({ condition: "weather.snow", icon: "snow" });
    expect(describeWmo(95)).toEqual({ condition: "weather.thunderstorm", icon: "thunderstorms-rain" });
    expect(describeWmo(42)).toEqual({ condition: "weather.unknown", icon: "not-available" });
  });
});

describe("helpers", () => {
  it("converts °C to whole °F", () => {
    expect(fahrenheit(0)).toBe(32);
    expect(fahrenheit(100)).toBe(212);
    expect(fahrenheit(-40)).toBe(-40);
    expect(fahrenheit(-15.3)).toBe(4); // 4.46
    expect(fahrenheit(-23.5)).toBe(-10); // -10.3
    expect(fahrenheit(-40.3)).toBe(-41); // -40.54: halves and more go away from zero
    expect(fahrenheit(21.7)).toBe(71); // 71.06
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-01-30", 3)).toBe("2026-02-02");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("hashes with FNV-1a and draws with mulberry32", () => {
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
    const a = mulberry32(1);
    const b = mulberry32(1);
    const seq = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seq);
    expect(seq.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(seq).size).toBe(3);
  });
});

describe("DeterministicWeather", () => {
  const provider = new DeterministicWeather();

  it("gives four consecutive days from today, the same every time for the same input", async () => {
    const one = await provider.forecast(MIAMI.lat, MIAMI.lon, MIAMI.tz, "2026-01-30");
    const two = await provider.forecast(MIAMI.lat, MIAMI.lon, MIAMI.tz, "2026-01-30");
    expect(one).toEqual(two);
    expect(one.map((d) => d.date)).toEqual(["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"]);
    for (const d of one) {
      expect(ForecastDay.safeParse(d).success).toBe(true);
      expect(d.minC).toBeLessThanOrEqual(d.maxC);
      expect(d.minF).toBe(fahrenheit(d.minC));
      expect(d.maxF).toBe(fahrenheit(d.maxC));
      expect(Math.abs(d.maxF - (d.maxC * 9) / 5 - 32)).toBeLessThanOrEqual(0.5 + 1e-9);
      expect(describeWmo(d.code)).toEqual({ condition: d.condition, icon: d.icon });
    }
  });

  it("forecasts tomorrow today as it gives tomorrow's weather tomorrow", async () => {
    const today = await provider.forecast(MIAMI.lat, MIAMI.lon, MIAMI.tz, "2026-07-01");
    const tomorrow = await provider.forecast(MIAMI.lat, MIAMI.lon, MIAMI.tz, "2026-07-02");
    expect(tomorrow.slice(0, 3)).toEqual(today.slice(1));
  });

  it("differs between places and days", async () => {
    const a = deterministicDay(40.75, -74, "2026-01-05");
    const b = deterministicDay(34.06, -118.24, "2026-01-05");
    const c = deterministicDay(40.75, -74, "2026-01-06");
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
  });

  it("is plausible: Anchorage in January about −15..−6 °C, all below freezing; Miami in July warm", () => {
    const jan = Array.from({ length: 31 }, (_, i) => deterministicDay(ANCHORAGE.lat, ANCHORAGE.lon, `2026-01-${String(i + 1).padStart(2, "0")}`));
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(jan.map((d) => d.minC))).toBeGreaterThan(-18);
    expect(mean(jan.map((d) => d.minC))).toBeLessThan(-12);
    expect(mean(jan.map((d) => d.maxC))).toBeGreaterThan(-9);
    expect(mean(jan.map((d) => d.maxC))).toBeLessThan(-4);
    expect(jan.every((d) => d.maxC < 0 && d.minC > -25)).toBe(true);
    // Below freezing, precipitation is snow.
    expect(jan.every((d) => ![51, 53, 55, 61, 63, 65, 80, 81, 82, 95].includes(d.code))).toBe(true);
    const jul = Array.from({ length: 31 }, (_, i) => deterministicDay(MIAMI.lat, MIAMI.lon, `2026-07-${String(i + 1).padStart(2, "0")}`));
    expect(mean(jul.map((d) => d.maxC))).toBeGreaterThan(26);
    expect(jul.every((d) => d.minC > 15 && ![71, 73, 75, 77, 85, 86].includes(d.code))).toBe(true);
  });

  it("follows the seasons in both hemispheres", () => {
    expect(climateNormal(45, "2026-07-20")).toBeGreaterThan(climateNormal(45, "2026-01-20") + 15);
    expect(climateNormal(-45, "2026-01-20")).toBeGreaterThan(climateNormal(-45, "2026-07-20") + 15);
  });
});

/** A fetch that answers with a fixed body and status, and records what it was asked. */
function fakeFetch(reply: () => Response | Promise<Response>) {
  const calls: string[] = [];
  const fn = (async (url: string | URL | Request) => {
    calls.push(String(url));
    return reply();
  }) as typeof fetch;
  return { fn, calls };
}

const DAILY = {
  latitude: 61.2,
  longitude: -149.9,
  daily: {
    time: ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"],
    weather_code: [71, 3, 0, 99],
    temperature_2m_max: [-6.2, -4.04, -8.95, 1.5],
    temperature_2m_min: [-14.8, -10, -17.35, -2],
  },
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("OpenMeteoWeather", () => {
  it("asks for four days of code, maximum and minimum in the place's zone, and maps them with the same table", async () => {
    const f = fakeFetch(() => json(DAILY));
    const p = new OpenMeteoWeather({ url: OPEN_METEO_FREE_URL, fetch: f.fn, now: () => 0 });
    const days = await p.forecast(ANCHORAGE.lat, ANCHORAGE.lon, ANCHORAGE.tz, "2026-01-05");
    const url = new URL(f.calls[0]!);
    expect(url.origin + url.pathname).toBe(OPEN_METEO_FREE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: "61.2176",
      longitude: "-149.8997",
      daily: "weather_code,temperature_2m_max,temperature_2m_min",
      timezone: "America/Anchorage",
      start_date: "2026-01-05",
      end_date: "2026-01-08",
    });
    expect(days).toEqual([
      { date: "2026-01-05", code: 71, condition: "weather.snow", icon: "snow", minC: -14.8, maxC: -6.2, minF: 5, maxF: 21 },
      { date: "2026-01-06", code: 3, condition: "weather.overcast", icon: "overcast", minC: -10, maxC: -4, minF: 14, maxF: 25 },
      { date: "2026-01-07", code: 0, condition: "weather.clear", icon: "clear-day", minC: -17.4, maxC: -9, minF: 1, maxF: 16 },
      { date: "2026-01-08", code: 99, condition: "weather.thunderstorm_hail", icon: "hail", minC: -2, maxC: 1.5, minF: 28, maxF: 35 },
    ]);
  });

  it("sends the API key of a paid plan", async () => {
    const f = fakeFetch(() => json(DAILY));
    const p = new OpenMeteoWeather({ url: OPEN_METEO_CUSTOMER_URL, apiKey: "k-123", fetch: f.fn, now: () => 0 });
    await p.forecast(ANCHORAGE.lat, ANCHORAGE.lon, ANCHORAGE.tz, "2026-01-05");
    expect(new URL(f.calls[0]!).searchParams.get("apikey")).toBe("k-123");
    expect(f.calls[0]!.startsWith(OPEN_METEO_CUSTOMER_URL)).toBe(true);
  });

  it("reuses a forecast for the same place and day for an hour of the gateway's clock", async () => {
    const f = fakeFetch(() => json(DAILY));
    let now = 1_000_000;
    const p = new OpenMeteoWeather({ url: OPEN_METEO_FREE_URL, fetch: f.fn, now: () => now });
    await p.forecast(ANCHORAGE.lat, ANCHORAGE.lon, ANCHORAGE.tz, "2026-01-05");
    await p.forecast(ANCHORAGE.lat, ANCHORAGE.lon, ANCHORAGE.tz, "2026-01-05");
    expect(f.calls).toHaveLength(1);
    now += OPEN_METEO_CACHE_MS;
    await p.forecast(ANCHORAGE.lat, ANCHORAGE.lon, ANCHORAGE.tz, "2026-01-05");
    expect(f.calls).toHaveLength(2);
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("fetch failed"))],
    ["the service answers 500", () => json({ error: true, reason: "boom" }, 500)],
    ["the service refuses the request (400)", () => json({ error: true, reason: "Parameter 'start_date' is out of allowed range" }, 400)],
    ["the body is not JSON", () => new Response("<html>", { status: 200 })],
    ["the body has no daily forecast", () => json({ hourly: {} })],
    ["a day is missing", () => json({ daily: { ...DAILY.daily, time: DAILY.daily.time.slice(0, 3) } })],
    ["a value is null", () => json({ daily: { ...DAILY.daily, temperature_2m_max: [null, 1, 2, 3] } })],
  ])("throws WeatherUnavailable when %s, and caches nothing", async (_, reply) => {
    const f = fakeFetch(reply as () => Response | Promise<Response>);
    const p = new OpenMeteoWeather({ url: OPEN_METEO_FREE_URL, fetch: f.fn, now: () => 0 });
    await expect(p.forecast(ANCHORAGE.lat, ANCHORAGE.lon, ANCHORAGE.tz, "2026-01-05")).rejects.toBeInstanceOf(WeatherUnavailable);
    await expect(p.forecast(ANCHORAGE.lat, ANCHORAGE.lon, ANCHORAGE.tz, "2026-01-05")).rejects.toBeInstanceOf(WeatherUnavailable);
    expect(f.calls).toHaveLength(2);
  });

  it("gives up after its timeout", async () => {
    const hang = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
    const p = new OpenMeteoWeather({ url: OPEN_METEO_FREE_URL, fetch: hang, now: () => 0, timeoutMs: 20 });
    await expect(p.forecast(1, 2, "UTC", "2026-01-05")).rejects.toThrow(/request failed \(TimeoutError\)/);
  });
});

describe("configuration", () => {
  it("is deterministic unless WEATHER_PROVIDER=open-meteo; the API key picks the customer host", () => {
    expect(readConfig({})).toMatchObject({ weatherProvider: "deterministic", openMeteoUrl: OPEN_METEO_FREE_URL, openMeteoApiKey: undefined });
    expect(readConfig({ WEATHER_PROVIDER: "open-meteo", OPEN_METEO_API_KEY: "k" })).toMatchObject({
      weatherProvider: "open-meteo",
      openMeteoUrl: OPEN_METEO_CUSTOMER_URL,
      openMeteoApiKey: "k",
    });
    expect(readConfig({ OPEN_METEO_URL: "http://meteo.internal/v1/forecast" }).openMeteoUrl).toBe("http://meteo.internal/v1/forecast");
    expect(() => readConfig({ WEATHER_PROVIDER: "sunny" })).toThrow(/WEATHER_PROVIDER/);
    expect(() => readConfig({ OPEN_METEO_URL: "not a url" })).toThrow(/OPEN_METEO_URL/);
    expect(weatherProvider(readConfig({}), { now: () => 0 }).source).toBe("deterministic");
    expect(weatherProvider(readConfig({ WEATHER_PROVIDER: "open-meteo" }), { now: () => 0 }).source).toBe("open-meteo");
  });
});
