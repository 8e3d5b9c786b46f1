// One POST /dials/auto and what came of it (agent-workspace §7: 201 with the dial; 404 NoLeadResponse when
// no lead may be dialled; 409/403/others refused with the gateway's message). One Idempotency-Key per
// attempt, so a request the network replays never places a second call.
import { isAxiosError, type AxiosInstance } from "axios";
import { ErrorBody } from "../../src/contract/common";
import { DialResponse, NoLeadResponse, type DialResult } from "../../src/contract/dialer";
import { IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import { explainNoLead, type NoLeadExplanation } from "./reasons";

export type AutoDialOutcome =
  /** A call was placed; null when the answer's shape was not the contract's (the call still started). */
  | { kind: "dialled"; result: DialResult | null }
  | { kind: "no_lead"; explanation: NoLeadExplanation }
  /** Refused or failed: the gateway's message, or null when it sent none (network down). */
  | { kind: "refused"; status: number | null; message: string | null };

export async function postAutoDial(http: AxiosInstance, key: string): Promise<AutoDialOutcome> {
  try {
    const { data } = await http.post("/dials/auto", undefined, { headers: { [IDEMPOTENCY_HEADER]: key } });
    const parsed = DialResponse.safeParse(data);
    return { kind: "dialled", result: parsed.success ? parsed.data : null };
  } catch (e) {
    const response = isAxiosError(e) ? e.response : undefined;
    if (response?.status === 404) {
      const noLead = NoLeadResponse.safeParse(response.data);
      const body = ErrorBody.safeParse(response.data);
      return {
        kind: "no_lead",
        explanation: noLead.success
          ? explainNoLead(noLead.data)
          : { message: body.success ? body.data.message : "", examined: 0, blocked: null, skipped: [] },
      };
    }
    const body = ErrorBody.safeParse(response?.data);
    return {
      kind: "refused",
      status: response?.status ?? null,
      message: body.success ? body.data.message : null,
    };
  }
}
