// WMO weather interpretation codes (the `weather_code` of Open-Meteo, and what the deterministic provider
// draws) → a condition's translation key and a Meteocons icon name. One table serves both providers.
import type { WeatherCondition, WeatherIcon } from "../../../src/contract/geo";

export interface WmoDescription {
  condition: WeatherCondition;
  icon: WeatherIcon;
}

const TABLE: Record<number, WmoDescription> = {
  0: { condition: "weather.clear", icon: "clear-day" },
  1: { condition: "weather.mainly_clear", icon: "partly-cloudy-day" },
  2: { condition: "weather.partly_cloudy", icon: "partly-cloudy-day" },
  3: { condition: "weather.overcast", icon: "overcast" },
  45: { condition: "weather.fog", icon: "fog" },
  48: { condition: "weather.fog", icon: "fog" },
  51: { condition: "weather.drizzle", icon: "drizzle" },
  53: { condition: "weather.drizzle", icon: "drizzle" },
  55: { condition: "weather.drizzle", icon: "drizzle" },
  56: { condition: "weather.freezing_drizzle", icon: "sleet" },
  57: { condition: "weather.freezing_drizzle", icon: "sleet" },
  61: { condition: "weather.rain", icon: "rain" },
  63: { condition: "weather.rain", icon: "rain" },
  65: { condition: "weather.rain", icon: "rain" },
  66: { condition: "weather.freezing_rain", icon: "sleet" },
  67: { condition: "weather.freezing_rain", icon: "sleet" },
  71: { condition: "weather.snow", icon: "snow" },
  73: { condition: "weather.snow", icon: "snow" },
  75: { condition: "weather.snow", icon: "snow" },
  77: { condition: "weather.snow_grains", icon: "snow" },
  80: { condition: "weather.rain_showers", icon: "partly-cloudy-day-rain" },
  81: { condition: "weather.rain_showers", icon: "partly-cloudy-day-rain" },
  82: { condition: "weather.rain_showers", icon: "partly-cloudy-day-rain" },
  85: { condition: "weather.snow_showers", icon: "partly-cloudy-day-snow" },
  86: { condition: "weather.snow_showers", icon: "partly-cloudy-day-snow" },
  95: { condition: "weather.thunderstorm", icon: "thunderstorms-rain" },
  96: { condition: "weather.thunderstorm_hail", icon: "hail" },
  99: { condition: "weather.thunderstorm_hail", icon: "hail" },
};

/** The WMO codes the table knows. */
export const WMO_CODES: readonly number[] = Object.keys(TABLE).map(Number);

/** A code outside the table (a provider's new code) reads 'weather.unknown' with the 'not-available' icon. */
export function describeWmo(code: number): WmoDescription {
  return TABLE[code] ?? { condition: "weather.unknown", icon: "not-available" };
}
