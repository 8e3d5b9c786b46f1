// Which weather provider the gateway uses (WEATHER_PROVIDER): the deterministic one unless configured.
import type { GatewayConfig } from "../../config";
import { DeterministicWeather } from "./deterministic";
import { OpenMeteoWeather } from "./openMeteo";
import type { WeatherProvider } from "./provider";

export { DeterministicWeather } from "./deterministic";
export { OpenMeteoWeather } from "./openMeteo";
export { WeatherUnavailable, fahrenheit, type WeatherProvider } from "./provider";

export function weatherProvider(
  config: Pick<GatewayConfig, "weatherProvider" | "openMeteoUrl" | "openMeteoApiKey">,
  deps: { now: () => number; fetch?: typeof fetch },
): WeatherProvider {
  if (config.weatherProvider === "open-meteo") {
    return new OpenMeteoWeather({ url: config.openMeteoUrl, apiKey: config.openMeteoApiKey, now: deps.now, fetch: deps.fetch });
  }
  return new DeterministicWeather();
}
