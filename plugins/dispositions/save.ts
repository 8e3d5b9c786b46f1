// POST /leads/{id}/dispositions with one Idempotency-Key per attempt, sent again on every retry, so a retry
// after a lost answer returns the first result instead of disposing the lead twice (ARCHITECTURE.md
// decision 15; the same approach as the voicemail plugin's automatic save).
import { isAxiosError, type AxiosInstance } from "axios";
import { ErrorBody } from "../../src/contract/common";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import type { Clock } from "../../src/core/clock";
import type { DispositionBody } from "./payload";

/** Waits before each automatic retry of a transient failure. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

export interface Attempt {
  leadId: number;
  key: string;
  body: DispositionBody;
}

export type SaveOutcome =
  { ok: true } | { ok: false; retryable: boolean; message: string | null; errors: Record<string, string[]> };

/** Network down, 5xx, or 409 (the gateway is still writing the first request with this key). */
const isTransient = (e: unknown) =>
  isAxiosError(e) && (!e.response || e.response.status >= 500 || e.response.status === 409);
const wait = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

function refusal(e: unknown): SaveOutcome {
  const body = ErrorBody.safeParse(isAxiosError(e) ? e.response?.data : undefined);
  return {
    ok: false,
    retryable: isTransient(e),
    message: body.success ? body.data.message : null,
    errors: body.success ? (body.data.errors ?? {}) : {},
  };
}

export async function postDisposition(http: AxiosInstance, clock: Clock, a: Attempt): Promise<SaveOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      await http.post(`/leads/${a.leadId}/dispositions`, a.body, {
        headers: { [IDEMPOTENCY_HEADER]: a.key },
      });
      return { ok: true };
    } catch (e) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!isTransient(e) || delay === undefined) return refusal(e);
      await wait(clock, delay);
    }
  }
}

/** A fresh key per disposition attempt; randomUUID needs a secure context, so fall back to random bytes. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === "function") return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
