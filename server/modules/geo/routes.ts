// Geodata for the booking form (agent-workspace §7, booking-and-reference §2): the postal-code geocode, the
// place under a dragged map marker, and a city's four-day weather. Nothing here reads or writes the
// database: the postal table ships with the gateway (server/geo/data), the weather comes from a provider.
import {
  geocodePostal,
  NEAREST_POSTAL_KM,
  readPlaceAt,
  readWeatherForecast,
  WEATHER_MESSAGES,
  type NearestPlace,
} from "../../../src/contract/geo";
import { wallClock } from "../../../src/shared/zoned-time";
import type { Gateway } from "../../gateway";
import { nearestPostal, rowsOfCity, zoneAt } from "../../geo/nearest";
import { weatherProvider, WeatherUnavailable } from "../../geo/weather";
import { HttpError } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";
import { placeOfPostal } from "./postal";

/** Any signed-in agent, and managers and above (the rung 'setter' passes them too). */
const AGENTS = { roles: ["setter", "advisor"] } as const;

/** The place under a point: the nearest postal centroid within NEAREST_POSTAL_KM, else the zone alone. */
export function placeAt(latitude: number, longitude: number): NearestPlace {
  const near = nearestPostal(latitude, longitude, NEAREST_POSTAL_KM);
  if (near) {
    return {
      postal: near.key,
      city: near.row.city,
      state: near.row.st,
      country: near.row.c,
      latitude,
      longitude,
      timezone: near.row.iana,
      timezone_bucket: near.row.tz,
      distance_km: Math.round(near.km * 10) / 10,
      precision: "postal",
    };
  }
  return {
    postal: null,
    city: "",
    state: null,
    country: null,
    latitude,
    longitude,
    timezone: zoneAt(latitude, longitude),
    timezone_bucket: null,
    distance_km: null,
    precision: "timezone",
  };
}

/** YYYY-MM-DD of an instant in a zone. */
export function localDate(epochMs: number, timeZone: string): string {
  const w = wallClock(epochMs, timeZone);
  return `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

export function geoRoutes(gw: Gateway): RouteDef[] {
  const weather = weatherProvider(gw.config, { now: () => gw.clock.now() });
  return [
    defineRoute(readPlaceAt, {
      access: AGENTS,
      example: { query: { latitude: "40.7484", longitude: "-73.9967" } },
      handler({ query }) {
        return { data: placeAt(query.latitude, query.longitude) };
      },
    }),
    defineRoute(geocodePostal, {
      access: AGENTS,
      handler({ params }) {
        return { data: placeOfPostal(params.postal) };
      },
    }),
    defineRoute(readWeatherForecast, {
      access: AGENTS,
      example: { query: { latitude: "40.7484", longitude: "-73.9967", timezone: "America/New_York" } },
      async handler({ params, query }) {
        let place: { city: string; state: string | null; latitude: number; longitude: number; timezone: string };
        if (query.latitude !== undefined && query.longitude !== undefined) {
          const at = query.timezone && query.state ? null : placeAt(query.latitude, query.longitude);
          place = {
            city: params.city,
            state: query.state ?? at?.state ?? null,
            latitude: query.latitude,
            longitude: query.longitude,
            timezone: query.timezone ?? at!.timezone,
          };
        } else {
          const first = rowsOfCity(params.city, query.state)[0];
          if (!first) throw new HttpError(404, WEATHER_MESSAGES.cityNotFound, { city: [WEATHER_MESSAGES.cityNotFound] });
          const row = first[1];
          place = { city: row.city, state: row.st, latitude: row.lat, longitude: row.lon, timezone: query.timezone ?? row.iana };
        }
        const today = localDate(gw.clock.now(), place.timezone);
        try {
          const forecast = await weather.forecast(place.latitude, place.longitude, place.timezone, today);
          return { forecast, place, source: weather.source };
        } catch (e) {
          if (!(e instanceof WeatherUnavailable)) throw e;
          gw.log.warn({ provider: weather.source, detail: e.detail }, "the weather provider did not answer");
          throw new HttpError(502, WEATHER_MESSAGES.unavailable);
        }
      },
    }),
  ];
}
