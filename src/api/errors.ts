import axios, { AxiosHeaders } from "axios";
import { ErrorBody } from "../contract/common";
import { minutesToWait } from "./retryAfter";

/** The HTTP status of a failed call; undefined when no answer came (network down, blocked, timeout). */
export function httpStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

export function errorBody(error: unknown): ErrorBody | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const parsed = ErrorBody.safeParse(error.response?.data);
  return parsed.success ? parsed.data : undefined;
}

/** First message per field of a 4xx body, e.g. `{ code: "code.invalid" }`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = errorBody(error)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0]]),
  );
}

/** Whole minutes to wait from a failed call's Retry-After header (delta seconds or an HTTP date), never less than 1. */
export function retryAfterMinutes(error: unknown, now = Date.now()): number {
  const headers = axios.isAxiosError(error) ? error.response?.headers : undefined;
  const raw = headers ? AxiosHeaders.from(headers as AxiosHeaders).get("retry-after") : undefined;
  return minutesToWait(raw === undefined || raw === null ? null : String(raw), now);
}
