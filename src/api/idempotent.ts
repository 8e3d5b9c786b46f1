// Writes that must not double (ARCHITECTURE.md decision 15), as the browser sends them: one Idempotency-Key
// per attempt, sent again on every automatic retry, so a retry after a lost answer gets the first result
// back instead of writing twice. Transient failures (no answer, 5xx, the 409 that says the gateway still
// writes the first request under this key) are retried after 1, 2 and 4 s on the injected clock; anything else is
// the gateway's refusal, passed back with its messages.
import { isAxiosError, type AxiosInstance } from "axios";
import { ErrorBody } from "../contract/common";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_IN_PROGRESS } from "../contract/dispositions";
import type { Clock } from "../shared/clock";

export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

export type WriteOutcome<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; retryable: boolean; message: string | null; errors: Record<string, string[]> };

const isTransient = (e: unknown) =>
  isAxiosError(e) &&
  (!e.response ||
    e.response.status >= 500 ||
    (e.response.status === 409 && ErrorBody.safeParse(e.response.data).data?.message === IDEMPOTENCY_IN_PROGRESS));
const wait = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

function refusal(e: unknown): WriteOutcome<never> {
  const body = ErrorBody.safeParse(isAxiosError(e) ? e.response?.data : undefined);
  return {
    ok: false,
    retryable: isTransient(e),
    message: body.success ? body.data.message : null,
    errors: body.success ? (body.data.errors ?? {}) : {},
  };
}

export async function postIdempotent<T = unknown>(
  http: AxiosInstance,
  clock: Clock,
  write: { url: string; body: unknown; key: string },
): Promise<WriteOutcome<T>> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await http.post<T>(write.url, write.body, { headers: { [IDEMPOTENCY_HEADER]: write.key } });
      return { ok: true, data: res.data };
    } catch (e) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!isTransient(e) || delay === undefined) return refusal(e);
      await wait(clock, delay);
    }
  }
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
