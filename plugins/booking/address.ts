// The lead's address in step 1 (its own shape: state or province by country, the validity flags): the same rules
// as the meeting's address in contract/rules.ts, for this shape. Any edit but type, apartment or buzzer makes it
// unchecked; a found postal code fills the place and makes it valid; one not found flags the postal code and
// still makes it valid, so the agent can go on (booking-and-reference §4).
import type { GeocodedPlace, NearestPlace } from "../../src/contract/geo";
import { addressEditInvalidates } from "../../src/contract/lead";
import type { ContactValues, Country } from "./values";

export type ContactAddress = ContactValues["address"];

/** The address after the agent's edit: unchecked again unless only type, apartment or buzzer changed. */
export function editContactAddress(prev: ContactAddress, next: ContactAddress): ContactAddress {
  const { valid: _v, invalidPostal: _i, ...typed } = next;
  return addressEditInvalidates(prev, typed as Partial<ContactAddress>)
    ? { ...next, valid: false, invalidPostal: false }
    : next;
}

/** GET /geocoding/{postal} found it: the place fills the address (the zone is the dropdown's bucket). */
export function contactGeocoded(
  a: ContactAddress,
  place: Pick<GeocodedPlace, "postal" | "city" | "state" | "latitude" | "longitude" | "timezone_bucket">,
  country: Country,
): ContactAddress {
  const region = place.state.toLowerCase();
  return {
    ...a,
    postal: place.postal || a.postal,
    city: place.city || a.city,
    state: country === "US" ? region : a.state,
    province: country === "CA" ? region : a.province,
    latitude: place.latitude,
    longitude: place.longitude,
    timezone: place.timezone_bucket,
    valid: true,
    invalidPostal: false,
  };
}

/** Not found (404) or refused (422): flagged, and valid so that the agent can go on. */
export const contactGeocodeFailed = (a: ContactAddress): ContactAddress => ({
  ...a,
  valid: true,
  invalidPostal: true,
});

/**
 * The marker was dropped elsewhere (GET /geocoding/nearest): the exact spot and its zone, the address staying
 * as checked (the agent places the client on the street, the postal code is the same). Beyond the nearest postal
 * code's reach the gateway gives no zone bucket, and the zone the agent chose stays.
 */
export function movedTo<A extends { latitude: number | null; longitude: number | null; timezone: string | null }>(
  a: A,
  place: Pick<NearestPlace, "latitude" | "longitude" | "timezone_bucket">,
): A {
  return { ...a, latitude: place.latitude, longitude: place.longitude, timezone: place.timezone_bucket ?? a.timezone };
}
