// The wizard's geodata, each from the gateway (src/contract/geo.ts): the postal-code check behind the Validate
// buttons, the place under a dragged marker, the advisors around the meeting's place, and the city's weather.
// The answer for a postal code, place or city the agent has since changed is dropped.
import {
  countAvailableAgents,
  geocodePostal,
  readPlaceAt,
  GeocodeParams,
  NearestQuery,
  readWeatherForecast,
  WeatherParams,
  WeatherQuery,
} from "../../src/contract/geo";
import { callEndpoint, type PluginContext } from "../../src/sdk";
import { contactGeocoded, contactGeocodeFailed, movedTo } from "./address";
import { geocodeFailed, geocodeSucceeded } from "./contract/rules";
import type { BookingConfig } from "./config";
import type { BookingStore, RestrictionsFor } from "./model";
import type { Country } from "./values";

type Ctx = PluginContext<BookingStore, BookingConfig>;

/** A coordinate as the query strings take it: plain decimals, six places (about 10 cm). */
const coord = (n: number) => n.toFixed(6);

export function createPlaces(ctx: Ctx, o: { country: () => Country; restrictionsFor: RestrictionsFor }) {
  const { store } = ctx;
  let agentsTurn = 0;
  let weatherTurn = 0;

  /** The Validate button of the lead's address ('lead') or of the meeting's own ('meeting'). */
  const validatePostal = async (which: "lead" | "meeting") => {
    const address = which === "lead" ? store.contact?.address : store.meeting?.address;
    if (!address) return;
    const postal = address.postal.trim();
    const leadId = store.leadId;
    const stillAsked = () =>
      store.leadId === leadId &&
      (which === "lead" ? store.contact?.address.postal : store.meeting?.address.postal)?.trim() === postal;
    store.geocoding(which, "checking");
    // An empty code, or one longer than any, is no code: as the gateway's 422 for it, without asking.
    const asked = GeocodeParams.safeParse({ postal }).success && postal !== "";
    const geocoded = asked ? await callEndpoint(ctx, geocodePostal, { params: { postal } }) : null;
    if (!stillAsked()) return;
    if (geocoded?.ok) {
      const place = geocoded.data.data;
      if (which === "lead") store.setContactAddress(contactGeocoded(store.contact!.address, place, o.country()));
      else store.setMeetingAddress(geocodeSucceeded(store.meeting!.address, place));
      store.geocoding(which, "idle");
    } else if (geocoded === null || geocoded.status === 404 || geocoded.status === 422) {
      // Not found or not a code: flagged, and valid so the agent can go on (§4); the region is theirs to pick.
      if (which === "lead") store.setContactAddress(contactGeocodeFailed(store.contact!.address));
      else store.setMeetingAddress(geocodeFailed(store.meeting!.address));
      store.geocoding(which, "not_found");
    } else {
      ctx.log("booking: the postal code could not be checked", geocoded.message ?? `status ${geocoded.status ?? "none"}`);
      store.geocoding(which, "failed");
    }
  };

  /** The marker was dropped at (lat, lon): the spot and its zone (GET /geocoding/nearest). */
  const moveMarker = async (lat: number, lon: number) => {
    const leadId = store.leadId;
    const query = { latitude: coord(lat), longitude: coord(lon) };
    // A point off the map's range (a world panned round) is not asked about, as its 422 answered nothing.
    const found = NearestQuery.safeParse(query).success ? await callEndpoint(ctx, readPlaceAt, { query }) : null;
    if (found?.ok) {
      if (store.leadId === leadId && store.contact) store.setContactAddress(movedTo(store.contact.address, found.data.data));
      return;
    }
    // The spot still moves; the zone stays the one chosen.
    ctx.log("booking: no place under the marker", found ? (found.message ?? `status ${found.status ?? "none"}`) : "off the map");
    if (store.leadId === leadId && store.contact)
      store.setContactAddress({ ...store.contact.address, latitude: lat, longitude: lon });
  };

  /** The postal code the meeting is counted around: the lead's or the meeting's own, once checked and found. */
  const meetingPostal = (): string | null => {
    const v = store.values;
    if (!v) return null;
    const a = v.meeting.sameAddress === "1" ? v.contact.address : v.meeting.address;
    return a.valid && !a.invalidPostal && a.postal.trim() ? a.postal.trim() : null;
  };

  /** GET /available-agents for that postal code (3 or more: available); unknown while there is none. */
  const countAgents = async (postal: string | null) => {
    const turn = ++agentsTurn;
    if (postal === null) {
      store.agentsCounted(null, o.restrictionsFor);
      return;
    }
    store.agentsLoading();
    const mga = store.lead?.mga;
    const counted = await callEndpoint(ctx, countAvailableAgents, { query: { postal, ...(mga ? { mga } : {}) } });
    if (counted.ok) {
      if (turn === agentsTurn) store.agentsCounted(counted.data.data.count, o.restrictionsFor);
      return;
    }
    const why = counted.message ?? `status ${counted.status ?? "none"}`;
    ctx.log("booking: the advisors in the area could not be counted", why);
    if (turn === agentsTurn) store.agentsFailed();
  };

  /** The place the weather is for: a city with its coordinates (a checked address). */
  const weatherPlace = () => {
    const a = store.contact?.address;
    if (!a || !a.city.trim() || a.latitude === null || a.longitude === null) return null;
    const key = [a.city.trim(), a.latitude.toFixed(2), a.longitude.toFixed(2), a.timezone ?? ""].join("|");
    return { key, city: a.city.trim(), lat: a.latitude, lon: a.longitude, tz: a.timezone };
  };

  const loadWeather = async (place: ReturnType<typeof weatherPlace>) => {
    const turn = ++weatherTurn;
    if (!place) {
      store.weatherChanged(null);
      return;
    }
    if (store.weather?.key === place.key && store.weather.state !== "failed") return;
    store.weatherChanged({ key: place.key, state: "loading", days: null, city: place.city, source: null });
    const query = { latitude: coord(place.lat), longitude: coord(place.lon), ...(place.tz ? { timezone: place.tz } : {}) };
    // A zone or city the forecast does not take is not asked about: no weather, as its 422 gave none.
    const fits = WeatherQuery.safeParse(query).success && WeatherParams.safeParse({ city: place.city }).success;
    const w = fits ? await callEndpoint(ctx, readWeatherForecast, { params: { city: place.city }, query }) : null;
    if (turn !== weatherTurn) return;
    if (w?.ok)
      store.weatherChanged({ key: place.key, state: "ready", days: w.data.forecast, city: place.city, source: w.data.source });
    else store.weatherChanged({ key: place.key, state: "failed", days: null, city: place.city, source: null });
  };

  return { validatePostal, moveMarker, meetingPostal, countAgents, weatherPlace, loadWeather };
}
