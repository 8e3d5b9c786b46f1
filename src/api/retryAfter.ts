// Kept apart from errors.ts (axios, zod) so the sign-in page's first download can say how long to wait too.

/** Whole minutes to wait from a Retry-After value (delta seconds or an HTTP date), never less than 1. */
export function minutesToWait(retryAfter: string | null | undefined, now = Date.now()): number {
  const value = retryAfter === undefined || retryAfter === null ? "" : String(retryAfter).trim();
  let seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds)) seconds = 60;
  return Math.max(1, Math.ceil(seconds / 60));
}
