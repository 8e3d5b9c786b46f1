// The follow-up row's dial and the last dial's redial (agent-workspace §7): POST /dials/follow-ups and
// POST /dials/redials, each with an Idempotency-Key, so a request the network replays never dials twice. (Moving a follow-up is a disposition: the dispositions plugin writes
// it.)
import { isAxiosError, type AxiosInstance } from "axios";
import { ErrorBody } from "../../src/contract/common";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";

/** The gateway's message, or null when it gave none (network down, an unexpected body). */
export function gatewayMessage(e: unknown): string | null {
  const body = ErrorBody.safeParse(isAxiosError(e) ? e.response?.data : undefined);
  if (!body.success) return null;
  return firstMessage(body.data);
}

/** A refusal's first field message, else its message. */
export function firstMessage(refusal: { message: string | null; errors?: Record<string, string[]> }) {
  return Object.values(refusal.errors ?? {})[0]?.[0] ?? refusal.message;
}

export async function dialFollowUp(http: AxiosInstance, leadId: number, key: string): Promise<void> {
  await http.post("/dials/follow-ups", { leadId }, { headers: { [IDEMPOTENCY_HEADER]: key } });
}

/** A qualifier's redial of a lead it dialled (the qualifier-redial feature): the previous call's type again. */
export async function redial(http: AxiosInstance, leadId: number, key: string): Promise<void> {
  await http.post("/dials/redials", { leadId }, { headers: { [IDEMPOTENCY_HEADER]: key } });
}
