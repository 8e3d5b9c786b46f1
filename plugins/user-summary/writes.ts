// The follow-up row's two writes (agent-workspace §7): dial it now (POST /dials/follow-ups) and move it
// (POST /leads/{id}/dispositions with Pocket and reschedule_followup, agent-workspace §4 Lead and address).
// Each carries an Idempotency-Key, so a request the network replays never dials or moves twice.
import { isAxiosError, type AxiosInstance } from "axios";
import { ErrorBody } from "../../src/contract/common";
import { IDEMPOTENCY_HEADER, type DispositionPayload } from "../../src/contract/dispositions";
import type { FollowUpItem } from "../../src/contract/dialer";

/** The gateway's message, or null when it gave none (network down, an unexpected body). */
export function gatewayMessage(e: unknown): string | null {
  const body = ErrorBody.safeParse(isAxiosError(e) ? e.response?.data : undefined);
  if (!body.success) return null;
  return Object.values(body.data.errors ?? {})[0]?.[0] ?? body.data.message;
}

export async function dialFollowUp(http: AxiosInstance, leadId: number, key: string): Promise<void> {
  await http.post("/dials/follow-ups", { leadId }, { headers: { [IDEMPOTENCY_HEADER]: key } });
}

export function rescheduleBody(item: FollowUpItem, dateTime: string) {
  const disposition: DispositionPayload = {
    disposition: "Pocket",
    date_time: dateTime,
    // The gateway copies the disposition's notes onto the moved follow-up: keep the ones it had.
    notes: item.notes ?? "",
    reschedule_followup: true,
  };
  return { disposition };
}

export async function reschedule(http: AxiosInstance, item: FollowUpItem, dateTime: string, key: string) {
  await http.post(`/leads/${item.leadId}/dispositions`, rescheduleBody(item, dateTime), {
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

export { newIdempotencyKey } from "../../src/api/idempotent";
