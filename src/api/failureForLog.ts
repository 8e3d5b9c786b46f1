// Its own module, apart from errors.ts: the sign-in page carries errors.ts, and only the workspace logs failures.
import { httpStatus } from "./errors";

/**
 * What a log may say of a failed request: its HTTP status, or the error's message when no answer came. Never the
 * error itself: an axios error carries the request, and with it the agent's bearer token.
 */
export function failureForLog(error: unknown): string {
  const status = httpStatus(error);
  if (status !== undefined) return `HTTP ${status}`;
  return error instanceof Error ? error.message : String(error);
}
