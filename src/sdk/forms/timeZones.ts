// The twelve North American time zones the booking form offers (booking-and-reference §9), by country, east to
// west. Their IANA names are the app's zone buckets (the geocode's timezone_bucket, scripts/gen-geodata.mjs).
import type { PostalCountry } from "./masks";

export interface AppTimeZone {
  /** IANA name, what the form keeps. */
  id: string;
  country: PostalCountry;
  /** Its name in the SDK's texts: forms.zones.<key>. */
  key: string;
}

export const APP_TIME_ZONES: readonly AppTimeZone[] = [
  { id: "America/New_York", country: "US", key: "new_york" },
  { id: "America/Chicago", country: "US", key: "chicago" },
  { id: "America/Denver", country: "US", key: "denver" },
  { id: "America/Los_Angeles", country: "US", key: "los_angeles" },
  { id: "America/Anchorage", country: "US", key: "anchorage" },
  { id: "Pacific/Honolulu", country: "US", key: "honolulu" },
  { id: "America/St_Johns", country: "CA", key: "st_johns" },
  { id: "America/Halifax", country: "CA", key: "halifax" },
  { id: "America/Toronto", country: "CA", key: "toronto" },
  { id: "America/Winnipeg", country: "CA", key: "winnipeg" },
  { id: "America/Edmonton", country: "CA", key: "edmonton" },
  { id: "America/Vancouver", country: "CA", key: "vancouver" },
];

/** The zones of a country (all twelve without one). */
export const timeZonesOf = (country?: PostalCountry | null) =>
  country ? APP_TIME_ZONES.filter((z) => z.country === country) : APP_TIME_ZONES;
