// POST /leads/{id}/dispositions through the core's idempotent write: one Idempotency-Key per attempt, sent
// again on every retry, so the lead is never disposed twice (ARCHITECTURE.md decision 15).
import type { AxiosInstance } from "axios";
import { postIdempotent, type WriteOutcome } from "../../src/api/idempotent";
import type { Clock } from "../../src/core/clock";
import type { DispositionBody } from "./payload";

export { newIdempotencyKey, RETRY_DELAYS_MS } from "../../src/api/idempotent";

export interface Attempt {
  leadId: number;
  key: string;
  body: DispositionBody;
}

export type SaveOutcome = WriteOutcome;

export const postDisposition = (http: AxiosInstance, clock: Clock, a: Attempt): Promise<SaveOutcome> =>
  postIdempotent(http, clock, { url: `/leads/${a.leadId}/dispositions`, body: a.body, key: a.key });
