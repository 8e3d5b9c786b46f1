// POST /leads/{id}/dispositions for an automatic Voicemail. A disposition must not double (ARCHITECTURE.md
// decision 15): one Idempotency-Key per attempt, sent again on every retry, so a retry after a lost answer
// returns the first result instead of a second disposition.
import type { AxiosInstance } from "axios";
import { postIdempotent } from "../../src/api/idempotent";
import type { CreateDispositionBody } from "../../src/contract/dispositions";
import type { Clock } from "../../src/core/clock";
import type { z } from "zod";

export { newIdempotencyKey, RETRY_DELAYS_MS } from "../../src/api/idempotent";

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

export async function saveVoicemail(http: AxiosInstance, clock: Clock, save: VoicemailSave): Promise<SaveOutcome> {
  const r = await postIdempotent(http, clock, { url: `/leads/${save.leadId}/dispositions`, body: voicemailBody(save.callId), key: save.key });
  return r.ok ? { ok: true } : { ok: false, retryable: r.retryable };
}
