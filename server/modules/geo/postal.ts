// A postal code as the agent typed it → the place it names, or the refusal the browser words by its reason:
// 1–4 characters 'too_short' (422), not a ZIP or Canadian code 'invalid' (422), well formed but not in the
// table 'not_found' (404). Used by the geocode and by the advisor-availability routes alike.
import { POSTAL_MESSAGES, POSTAL_MIN_LENGTH, type GeocodedPlace, type PostalReason } from "../../../src/contract/geo";
import { geocode, normalisePostal } from "../../geo";
import { HttpError } from "../../http/errors";

export function postalRefusal(reason: PostalReason, field = "postal"): HttpError {
  const message = POSTAL_MESSAGES[reason];
  return new HttpError(reason === "not_found" ? 404 : 422, message, { [field]: [message] }, undefined, { reason });
}

/** The place of a postal code, in the wire's shape; throws the refusal otherwise. */
export function placeOfPostal(postal: string, field = "postal"): GeocodedPlace {
  const compact = postal.replace(/\s+/g, "");
  if (compact.length === 0) throw postalRefusal("invalid", field);
  if (compact.length < POSTAL_MIN_LENGTH) throw postalRefusal("too_short", field);
  const g = geocode(postal);
  if (g) {
    const { tzBucket, ...rest } = g;
    return { ...rest, timezone_bucket: tzBucket };
  }
  // geocode() answers null for a malformed code and for a well-formed code the table lacks (a ZIP: an
  // unknown FSA is placed at its province instead).
  throw postalRefusal(normalisePostal(postal) ? "not_found" : "invalid", field);
}
