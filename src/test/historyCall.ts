import type { LeadHistoryCall } from "../contract/leadHistory";

/** A call of a lead's history as the gateway answers it: an answered manual call, with what plugins kept. */
export function historyCall(
  facets?: Record<string, unknown>,
  over: Partial<LeadHistoryCall> = {},
): LeadHistoryCall {
  return {
    id: 12,
    started_at: "2026-01-04T16:00:00.000Z",
    type: "manual",
    direction: 0,
    duration: 95,
    agent_name: "Dana Reyes",
    live_transfer: 0,
    ...(facets ? { facets } : {}),
    ...over,
  };
}
