// POST /leads/{id}/dispositions for an automatic Voicemail. A disposition must not double (ARCHITECTURE.md
// decision 15): one Idempotency-Key per attempt, sent again on every retry, so a retry after a lost answer
// returns the first result instead of a second disposition.
import { isAxiosError, type AxiosInstance } from "axios";
import { IDEMPOTENCY_HEADER, type CreateDispositionBody } from "../../src/contract/dispositions";
import type { Clock } from "../../src/core/clock";
import type { z } from "zod";

/** Waits before each automatic retry of a transient failure (network down, 5xx). */
export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

export type SaveOutcome = { ok: true } | { ok: false; retryable: boolean };

export interface VoicemailSave {
  leadId: number;
  callId: number;
  /** The attempt's idempotency key. */
  key: string;
}

export function voicemailBody(callId: number): z.input<typeof CreateDispositionBody> {
  return {
    disposition: {
      disposition: "Voicemail",
      notes: "",
      date_time: null,
      reason: null,
      reason_other: null,
      reschedule_followup: false,
      short_call: false,
    },
    call_id: callId,
  };
}

const isTransient = (e: unknown) => isAxiosError(e) && (!e.response || e.response.status >= 500);
const wait = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

export async function saveVoicemail(
  http: AxiosInstance,
  clock: Clock,
  save: VoicemailSave,
): Promise<SaveOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      await http.post(`/leads/${save.leadId}/dispositions`, voicemailBody(save.callId), {
        headers: { [IDEMPOTENCY_HEADER]: save.key },
      });
      return { ok: true };
    } catch (e) {
      const transient = isTransient(e);
      const delay = RETRY_DELAYS_MS[attempt];
      if (!transient || delay === undefined) return { ok: false, retryable: transient };
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
