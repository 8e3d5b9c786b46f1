// The gateway's answers as the sign-in page's first download reads them: no axios and no zod here (the workspace's
// client, http.ts, reads its answers with the same helpers). See docs/decisions.md "Sign-in page split".
import { API_BASE } from "../contract/constants";

/** A gateway answer, whatever its status. */
export interface WireAnswer {
  status: number;
  data: unknown;
  header(name: string): string | null;
}
/** Posts a JSON body under the API's base; rejects only when no answer came (network down, blocked). */
export type Transport = (path: string, body: unknown) => Promise<WireAnswer>;

/** fetch, as the sign-in page's first download sends: JSON in, JSON (or nothing) out. */
export function fetchTransport(fetchImpl: typeof fetch = (...args) => fetch(...args)): Transport {
  return async (path, body) => {
    const response = await fetchImpl(`${API_BASE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): kept as text, which no schema reads.
    }
    return { status: response.status, data, header: (name) => response.headers.get(name) };
  };
}

/** The token of an `Authorization: Bearer …` header value, if it is one. */
export function bearerToken(value: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(value?.trim() ?? "");
  return match ? match[1]! : null;
}

/** First message per field of a 4xx body's `errors`, e.g. `{ code: "code.invalid" }`. */
export function firstFieldMessages(errors: Record<string, string[]> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors ?? {})
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0]!]),
  );
}

/** Whole minutes to wait from a Retry-After value (delta seconds or an HTTP date), never less than 1. */
export function minutesToWait(retryAfter: string | null | undefined, now = Date.now()): number {
  const value = retryAfter === undefined || retryAfter === null ? "" : String(retryAfter).trim();
  let seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds)) seconds = 60;
  return Math.max(1, Math.ceil(seconds / 60));
}
