// Geodata on the wire (agent-workspace §7, booking-and-reference §2): the postal-code geocode behind the
// booking form's validate button, the place under a dragged map marker, the city's four-day weather, and the
// advisors near a postal code that decide between a booking and a forced booking. Shared by the browser and
// the gateway; the data and the providers are the gateway's (server/geo, shared/design/reference/geodata.md).
import { z } from "zod";
import { RecordId } from "./ids";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";

/** Advisors within this distance of the lead's postal code count as "in the area" (geodata.md (b)). */
export const ADVISOR_RADIUS_KM = 25;
/** A dragged marker takes the city, region and zone of the nearest postal centroid within this distance. */
export const NEAREST_POSTAL_KM = 25;
/** Available-agent threshold (agent-workspace §9): this many advisors in the area or more means available. */
export const AVAILABLE_AGENTS_THRESHOLD = 3;
/** Fewer characters than this (spaces aside) is 'too short' (agent-workspace §5: 1-4 characters). */
export const POSTAL_MIN_LENGTH = 5;
/** The forecast's days: today, tomorrow, in 2 days, in 3 days (booking-and-reference §2). */
export const FORECAST_DAYS = 4;

// ---------------------------------------------------------------- postal codes

/**
 * Why a postal code was refused, next to the usual error body: 'too_short' and 'invalid' answer 422,
 * 'not_found' 404 (a well-formed code the table does not know). The browser words them itself:
 * notifications.form.postal.too_short, and for not_found not_found_advisor or not_found_qualifier by role.
 */
export const PostalReason = z.enum(["too_short", "invalid", "not_found"]);
export type PostalReason = z.infer<typeof PostalReason>;
export const PostalProblem = ErrorBody.extend({ reason: PostalReason.optional() });
export type PostalProblem = z.infer<typeof PostalProblem>;

export const POSTAL_MESSAGES = {
  too_short: "The postal code is too short.",
  invalid: "Enter a valid zip code (5 digits) or Canadian postal code (A1A 1A1).",
  not_found: "The postal code was not found.",
} as const satisfies Record<PostalReason, string>;

/** A postal code as typed: anything up to 20 characters; the gateway says what is wrong with it. */
const PostalText = z.string().max(20);
/** A state or province code, either case ('NY', 'on'); the gateway checks that it is one. */
const RegionCodeText = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "state must be a two-letter state or province code")
  .transform((s) => s.toLowerCase());

export const GeocodeParams = z.strictObject({ postal: PostalText });

/** 'province': a well-formed Canadian FSA the table lacks, placed at its province's centre (city is ""). */
export const GeocodePrecision = z.enum(["postal", "province"]);

export const GeocodedPlace = z.object({
  /**
   * Normalised: '10001' (a ZIP+4 keeps its first five digits) or 'M5V 3L9' upper case. A Canadian code is
   * placed at its FSA's centroid (the table holds FSAs only). An FSA alone is 'too short', as on the form.
   */
  postal: z.string(),
  city: z.string(),
  /** Lower-case state or province code ('ny', 'on'; 'pr' for Puerto Rico). */
  state: z.string(),
  country: z.enum(["US", "CA"]),
  latitude: z.number(),
  longitude: z.number(),
  /** The place's true IANA zone: calling hours are computed from it. */
  timezone: z.string(),
  /** The zone of the twelve North American ones the time-zone dropdown offers (geodata.md (c)). */
  timezone_bucket: z.string(),
  precision: GeocodePrecision,
});
export type GeocodedPlace = z.infer<typeof GeocodedPlace>;
export const GeocodeResponse = z.object({ data: GeocodedPlace });
/** The postal code checked and placed (the booking wizard's Validate buttons). */
export const geocodePostal = defineEndpoint({
  method: "GET",
  path: "/geocoding/:postal",
  summary:
    "Geocodes a ZIP (5 digits, or ZIP+4) or a Canadian postal code (A1A 1A1, placed at its FSA's centroid), offline: {data: {postal, city, state, country, latitude, longitude, timezone (IANA), timezone_bucket (the dropdown's zone), precision}}. postal is normalised ('10001'; 'M5V 3L9' upper case). An FSA the table lacks is placed at its province (precision 'province', city ''). 1–4 characters, spaces aside (an FSA alone too): 422 reason 'too_short'; not a ZIP or Canadian code: 422 reason 'invalid'; a well-formed ZIP the table lacks: 404 reason 'not_found' (the browser shows not_found_advisor or not_found_qualifier).",
  tags: ["geo"],
  params: GeocodeParams,
  responses: { 200: GeocodeResponse, 404: PostalProblem, 422: PostalProblem },
});

// ---------------------------------------------------------------- coordinates

/** A coordinate as a query string carries it: plain decimal ('-73.9967'), no exponent, blank or NaN. */
const coordinate = (max: number, name: string) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, `${name} must be a decimal number`)
    .transform(Number)
    .pipe(z.number().min(-max, `${name} must be between -${max} and ${max}`).max(max, `${name} must be between -${max} and ${max}`));
export const Latitude = coordinate(90, "latitude");
export const Longitude = coordinate(180, "longitude");

/** An IANA zone name the runtime knows ('America/Toronto'). */
export const TimeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "timezone must be an IANA time zone");

export const NearestQuery = z.strictObject({ latitude: Latitude, longitude: Longitude });

/** 'postal': a postal centroid within NEAREST_POSTAL_KM; 'timezone': none, only the zone at the point. */
export const NearestPrecision = z.enum(["postal", "timezone"]);

export const NearestPlace = z.object({
  /** The nearest postal centroid's code ('10001', 'M5V'), null beyond NEAREST_POSTAL_KM. */
  postal: z.string().nullable(),
  /** "" beyond NEAREST_POSTAL_KM. */
  city: z.string(),
  state: z.string().nullable(),
  country: z.enum(["US", "CA"]).nullable(),
  /** The point asked about (the marker), not the centroid's. */
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  /** Null beyond NEAREST_POSTAL_KM: the browser keeps the zone the agent chose. */
  timezone_bucket: z.string().nullable(),
  /** Kilometres from the point to the centroid, one decimal; null beyond NEAREST_POSTAL_KM. */
  distance_km: z.number().nullable(),
  precision: NearestPrecision,
});
export type NearestPlace = z.infer<typeof NearestPlace>;
export const NearestResponse = z.object({ data: NearestPlace });
/** The place under a dragged map marker (the booking wizard's map). */
export const readPlaceAt = defineEndpoint({
  method: "GET",
  path: "/geocoding/nearest",
  summary: `Not in the specification (same style as GET /geocoding/{postal}): the place under a dragged map marker. The nearest postal centroid within ${NEAREST_POSTAL_KM} km gives the postal code, city, state, country and time zone (precision 'postal', with distance_km); beyond that only the time zone at the point (precision 'timezone', city "", postal, state and country null). latitude and longitude are plain decimals (422 otherwise).`,
  tags: ["geo"],
  query: NearestQuery,
  responses: { 200: NearestResponse, 422: ErrorBody },
});

// ---------------------------------------------------------------- weather

/** The condition of a WMO weather code as a translation key ('weather.clear'). */
export const WEATHER_CONDITIONS = [
  "weather.clear",
  "weather.mainly_clear",
  "weather.partly_cloudy",
  "weather.overcast",
  "weather.fog",
  "weather.drizzle",
  "weather.freezing_drizzle",
  "weather.rain",
  "weather.freezing_rain",
  "weather.snow",
  "weather.snow_grains",
  "weather.rain_showers",
  "weather.snow_showers",
  "weather.thunderstorm",
  "weather.thunderstorm_hail",
  "weather.unknown",
] as const;
export const WeatherCondition = z.enum(WEATHER_CONDITIONS);
export type WeatherCondition = z.infer<typeof WeatherCondition>;

/** Icon names: Meteocons (@bybas/weather-icons) file names without '.svg'. */
export const WEATHER_ICONS = [
  "clear-day",
  "partly-cloudy-day",
  "overcast",
  "fog",
  "drizzle",
  "sleet",
  "rain",
  "snow",
  "partly-cloudy-day-rain",
  "partly-cloudy-day-snow",
  "thunderstorms-rain",
  "hail",
  "not-available",
] as const;
export const WeatherIcon = z.enum(WEATHER_ICONS);
export type WeatherIcon = z.infer<typeof WeatherIcon>;

export const ForecastDay = z.object({
  /** YYYY-MM-DD in the place's own zone. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** WMO weather interpretation code (0 clear … 99 thunderstorm with heavy hail). */
  code: z.number().int(),
  condition: WeatherCondition,
  icon: WeatherIcon,
  /** Degrees Celsius, one decimal. */
  minC: z.number(),
  maxC: z.number(),
  /** Degrees Fahrenheit, whole: round(C × 9/5 + 32) of the Celsius value given. */
  minF: z.number().int(),
  maxF: z.number().int(),
});
export type ForecastDay = z.infer<typeof ForecastDay>;

export const WeatherParams = z.strictObject({ city: z.string().trim().min(1).max(100) });

/**
 * The city alone is ambiguous: the browser passes the coordinates (and zone) it has from the geocode. Without
 * them the gateway takes the first postal row of that city (lowest code), within `state` when given.
 */
export const WeatherQuery = z
  .strictObject({
    latitude: Latitude.optional(),
    longitude: Longitude.optional(),
    timezone: TimeZoneName.optional(),
    state: RegionCodeText.optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: "latitude and longitude go together",
    path: ["latitude"],
  });

export const WeatherSource = z.enum(["deterministic", "open-meteo"]);
export type WeatherSource = z.infer<typeof WeatherSource>;

export const WeatherForecastResponse = z.object({
  forecast: z.array(ForecastDay).length(FORECAST_DAYS),
  /** Where the forecast is for (the coordinates asked about, or the city's first postal row). */
  place: z.object({
    city: z.string(),
    state: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    timezone: z.string(),
  }),
  /** 'open-meteo' asks the browser to credit Open-Meteo (CC BY 4.0); 'deterministic' is generated offline. */
  source: WeatherSource,
});
export type WeatherForecastResponse = z.infer<typeof WeatherForecastResponse>;
/** A city's four-day weather (the booking wizard's address step). */
export const readWeatherForecast = defineEndpoint({
  method: "GET",
  path: "/addresses/:city/weather-forecast",
  summary: `The weather for the booking form: {forecast: four days (today, tomorrow, in 2 days, in 3 days; today is the place's own date), each {date, code (WMO), condition (a translation key, 'weather.clear'), icon (a Meteocons name), minC, maxC, minF, maxF}, place, source}. A city name alone is ambiguous: pass latitude and longitude (and timezone) from the geocode; without them the city's first postal row is used (within state when given), 404 when no place has that name. source 'open-meteo' (WEATHER_PROVIDER) must be credited; when that service fails: 502.`,
  tags: ["geo"],
  params: WeatherParams,
  query: WeatherQuery,
  responses: { 200: WeatherForecastResponse, 404: ErrorBody, 422: ErrorBody, 502: ErrorBody },
});

export const WEATHER_MESSAGES = {
  cityNotFound: "No place of that name is known; validate the postal code first.",
  unavailable: "The weather service is not answering. Please try again later.",
} as const;

// ---------------------------------------------------------------- advisors in the area

const Mga = z.string().trim().max(100);
const BooleanText = z.enum(["true", "false"]).transform((v) => v === "true");

/** GET /available-agents?mga&postal (agent-workspace §7). An empty mga is no filter. */
export const AvailableAgentsQuery = z.strictObject({ postal: PostalText, mga: Mga.optional() });

export const AvailableAgentsResponse = z.object({
  data: z.object({
    /** Advisors of the caller's call centre within ADVISOR_RADIUS_KM of the postal code. */
    count: z.number().int(),
    /** count ≥ AVAILABLE_AGENTS_THRESHOLD: a face-to-face booking; otherwise a forced booking. */
    available: z.boolean(),
    threshold: z.number().int(),
    radius_km: z.number(),
    /** 'province': an FSA the table lacks, placed nowhere precise enough to count advisors (count 0). */
    precision: GeocodePrecision,
  }),
});/** How many advisors are around the meeting's place (the booking wizard's Meeting Setup). */
export const countAvailableAgents = defineEndpoint({
  method: "GET",
  path: "/available-agents",
  summary: `How many advisors of the caller's call centre have their home base within ${ADVISOR_RADIUS_KM} km of the postal code: {data: {count, available (count ≥ ${AVAILABLE_AGENTS_THRESHOLD}), threshold, radius_km, precision}}. mga narrows to the advisors of that MGA and those without one; empty, every advisor. A Canadian FSA the table lacks places only its province: count 0, precision 'province'. The postal code is refused as GET /geocoding/{postal} refuses it (422 too_short or invalid, 404 not_found).`,
  tags: ["agents"],
  query: AvailableAgentsQuery,
  responses: { 200: AvailableAgentsResponse, 404: PostalProblem, 422: PostalProblem },
});


/**
 * GET /agents/available-advisors: the advisors behind that count. With health=true (health insurance is
 * involved) only those holding a health licence for `state`, by default the postal code's own state.
 */
export const AvailableAdvisorsQuery = z.strictObject({
  /** The area's postal code; optional with lead_id (the lead's own postal code, if any, is used). */
  postal: PostalText.optional(),
  /**
   * A lead on the caller's call being live-transferred (agent-workspace §4, polled every 5 s): the answer is
   * the advisors who could take its live transfer now, best first (ready before notified), wherever they
   * live; meta.live_transfer counts them.
   */
  lead_id: RecordId.optional(),
  mga: Mga.optional(),
  health: BooleanText.optional(),
  state: RegionCodeText.optional(),
});

export const AvailableAdvisor = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  extension: z.string().nullable(),
  /** The advisor's home base. */
  postal: z.string().nullable(),
  city: z.string(),
  /** From the postal code's centroid to the advisor's home base, one decimal; null when not placed. */
  distance_km: z.number().nullable(),
  /** Holds a health licence for the state asked about. */
  health_licensed: z.boolean(),
  mga: z.string().nullable(),
  /** With lead_id: how the advisor would be offered the live transfer (at once, or with a desktop notification). */
  live_transfer: z.enum(["ready", "notified"]).nullable().optional(),
});
export type AvailableAdvisor = z.infer<typeof AvailableAdvisor>;

export const AvailableAdvisorsResponse = z.object({
  /** Nearest first. */
  data: z.array(AvailableAdvisor),
  meta: z.object({
    count: z.number().int(),
    available: z.boolean(),
    threshold: z.number().int(),
    radius_km: z.number(),
    precision: GeocodePrecision,
    /** The state whose health licence counted (null without health=true). */
    health_state: z.string().nullable(),
    /** With lead_id: advisors who would get the live transfer at once, and those notified on the desktop. */
    live_transfer: z.object({ ready: z.number().int(), notified: z.number().int() }).optional(),
  }),
});/** The advisors in the area, or those who could take a lead's live transfer now (the qualifier's live transfer). */
export const listAvailableAdvisors = defineEndpoint({
  method: "GET",
  path: "/agents/available-advisors",
  summary: `With lead_id (a lead of the caller's; agent-workspace §4 live transfer, polled every 5 s): the advisors who could take that lead's live transfer now, best first, meta.live_transfer {ready, notified} counting those offered at once and those notified on the desktop; distance_km null. Otherwise the advisors of the caller's call centre within ${ADVISOR_RADIUS_KM} km of the postal code, nearest first: {data: [{id, first_name, last_name, extension, postal, city, distance_km, health_licensed, mga}], meta: {count, available (count ≥ ${AVAILABLE_AGENTS_THRESHOLD}), threshold, radius_km, precision, health_state}}. health=true (health insurance is involved) keeps only the advisors holding a health licence for state (default: the postal code's own state or province). mga as for GET /available-agents; the postal code is refused as GET /geocoding/{postal} refuses it.`,
  tags: ["agents"],
  query: AvailableAdvisorsQuery,
  responses: { 200: AvailableAdvisorsResponse, 404: PostalProblem, 422: PostalProblem },
});

