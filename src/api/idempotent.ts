// Writes that must not double (ARCHITECTURE.md decision 15), as the browser sends them: one Idempotency-Key
// per attempt, sent again on every automatic retry, so a retry after a lost answer gets the first result
// back instead of writing twice. Transient failures (no answer, 5xx, the 409 that says the gateway still
// writes the first request under this key) are retried after 1, 2 and 4 s on the injected clock; anything else is
// the gateway's refusal, passed back with its status and messages (`Refusal`). Calls by an endpoint object
// (src/api/endpoint.ts) send through the same `send`.
import { AxiosHeaders, isAxiosError, type AxiosInstance } from "axios";
import { ErrorBody } from "../contract/common";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_IN_PROGRESS } from "../contract/dispositions";
import type { Clock } from "../shared/clock";

export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

export type WriteOutcome<T = unknown> = { ok: true; data: T } | Refusal;

/** The gateway's refusal of a call, or no answer at all. */
export interface Refusal {
  ok: false;
  /** The answer's HTTP status; null when no answer came (network down, timeout). */
  status: number | null;
  /** A failure worth trying again (no answer, 5xx, the Idempotency-Key still in progress). */
  retryable: boolean;
  /** The ErrorBody's message, as the gateway wrote it; null without one. */
  message: string | null;
  /** The ErrorBody's messages by field (422). */
  errors: Record<string, string[]>;
  /**
   * Whole seconds the gateway asked to wait before trying again, when its answer carried a Retry-After header
   * (delta seconds, or an HTTP date counted from the caller's clock): a 429 does (the internal transfer's pause).
   * Absent without one, or when it has passed.
   */
  retryAfter?: number;
  /**
   * On a call by endpoint, the answer's body as the endpoint's schema for its status reads it, when it says more
   * than a message and field errors (the auto-dial's no-lead 404: its reasons and samples; a compliance refusal's
   * reason key). Absent otherwise.
   */
  body?: unknown;
}

/** What a request came back with: its answer and status, or the refusal. */
export type Sent<T = unknown> = { ok: true; status: number; data: T } | Refusal;

const isTransient = (e: unknown) =>
  isAxiosError(e) &&
  (!e.response ||
    e.response.status >= 500 ||
    (e.response.status === 409 && ErrorBody.safeParse(e.response.data).data?.message === IDEMPOTENCY_IN_PROGRESS));
const wait = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

/** A refusal thrown, where the caller's API expects a failure to throw (`unwrap`, src/api/endpoint.ts). */
export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message ?? (refusal.status === null ? "No answer from the gateway" : `Refused with ${refusal.status}`));
    this.name = "RefusalError";
  }
}

/** Whole seconds a Retry-After header asks to wait (delta seconds, or an HTTP date from `now`); undefined without one. */
function retryAfterOf(e: unknown, now: number): number | undefined {
  const headers = isAxiosError(e) ? e.response?.headers : undefined;
  const raw = headers ? AxiosHeaders.from(headers as AxiosHeaders).get("retry-after") : undefined;
  const value = raw === undefined || raw === null ? "" : String(raw).trim();
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * A failed call as the refusal the browser shows: the ErrorBody's message and field errors, the status, and the
 * Retry-After the answer carried (an HTTP date counted from `now`). Takes an axios error, a RefusalError (its
 * refusal) or anything else (no status, no message).
 */
export function refusalOf(e: unknown, now = Date.now()): Refusal {
  if (e instanceof RefusalError) return e.refusal;
  const body = ErrorBody.safeParse(isAxiosError(e) ? e.response?.data : undefined);
  const retryAfter = retryAfterOf(e, now);
  return {
    ok: false,
    status: (isAxiosError(e) ? e.response?.status : undefined) ?? null,
    retryable: isTransient(e),
    message: body.success ? body.data.message : null,
    errors: body.success ? (body.data.errors ?? {}) : {},
    ...(retryAfter !== undefined && { retryAfter }),
  };
}

/**
 * Sends one request. Under an Idempotency-Key (`key`), or with `retry: true`, a transient failure is sent again
 * (with the same key) after 1, 2 and 4 s on the clock; otherwise it is sent once. The endpoint caller (src/api/endpoint.ts) and
 * postIdempotent both send through here.
 */
export async function send<T = unknown>(
  http: AxiosInstance,
  clock: Clock,
  request: {
    method: string;
    url: string;
    body?: unknown;
    key?: string;
    keepalive?: boolean;
    /**
     * false: a transient failure is not sent again, even under a key (its caller asks again in its own time).
     * true: sent again without a key too, for a write that is the same however often it lands (a PUT of fields,
     * such as the hangup flow's settle, which a 503 while the phones move to another gateway would otherwise lose).
     */
    retry?: boolean;
    /** Handed the body of the answer refused, when one came. */
    refused?(data: unknown): void;
  },
): Promise<Sent<T>> {
  const headers = request.key === undefined ? undefined : { [IDEMPOTENCY_HEADER]: request.key };
  // A request that must outlive the page (pagehide) says so; src/api/http.ts sends it by fetch with keepalive.
  const config = { headers, ...(request.keepalive && { keepalive: true }) };
  const method = request.method.toUpperCase();
  // A POST goes through http.post, as it always did (a caller may hand in an instance that watches its posts).
  const once = () =>
    method === "POST"
      ? http.post<T>(request.url, request.body, config)
      : http.request<T>({ method, url: request.url, data: request.body, ...config });
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await once();
      return { ok: true, status: res.status, data: res.data };
    } catch (e) {
      const retries = request.retry ?? request.key !== undefined;
      const delay = retries ? RETRY_DELAYS_MS[attempt] : undefined;
      if (!isTransient(e) || delay === undefined) {
        if (isAxiosError(e) && e.response) request.refused?.(e.response.data);
        return refusalOf(e, clock.now());
      }
      await wait(clock, delay);
    }
  }
}

export async function postIdempotent<T = unknown>(
  http: AxiosInstance,
  clock: Clock,
  write: { url: string; body: unknown; key: string },
): Promise<WriteOutcome<T>> {
  const sent = await send<T>(http, clock, { method: "POST", ...write });
  return sent.ok ? { ok: true, data: sent.data } : sent;
}

/** A fresh key per write attempt; randomUUID needs a secure context, so fall back to random bytes. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === "function") return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
