// Ids and counts as a URL carries them. Its own file, apart from common.ts, so the sign-in page's bundle
// does not carry what only the signed-in workspace and the gateway use.
import { z } from "zod";

/** The largest id a PostgreSQL integer (serial) column holds. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A whole number as a path or query string carries it: decimal digits only, no sign, leading zero, fraction,
 * exponent or hex, so `/leads/21` is the only spelling of lead 21 (`/leads/0x15`, `/leads/21.0`, `/leads/+21`
 * and `/leads/021` are 422). One rule for every id and count the gateway reads from a URL.
 */
export const decimalInteger = (min: number, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, "must be a whole number written in decimal digits")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** A record's id in a path or query: canonical decimal, 1 to MAX_RECORD_ID. */
export const RecordId = decimalInteger(1, MAX_RECORD_ID);

export const idParam = z.strictObject({ id: RecordId });
