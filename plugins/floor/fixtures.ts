// Rows and snapshots for the floor's tests, as the gateway sends them.
import type { FloorAgent, FloorCall, FloorSnapshot, FloorTotals } from "./contract";

/** 2026-01-05 14:00 UTC, the test clock's start. */
export const T0 = Date.parse("2026-01-05T14:00:00Z");
export const at = (secondsBeforeT0: number) => new Date(T0 - secondsBeforeT0 * 1000).toISOString();

export function agentRow(over: Partial<FloorAgent> = {}): FloorAgent {
  return {
    agent_id: 7,
    as_of: at(0),
    name: "Jordan Reyes",
    role: "qualifier",
    extension: "1001",
    team_manager_id: null,
    campaigns: [],
    status: "ready",
    since: at(60),
    offset_seconds: 0,
    overstay_limit: null,
    overstayed: false,
    calling_disabled: false,
    call: null,
    today: { calls: 0, talk_seconds: 0, dispositions: 0, bookings: 0, live_transfers: 0, dials_quota: 400, meetings_quota: 6 },
    last_disposition: null,
    ...over,
  };
}

export const TOTALS: FloorTotals = {
  contacts: 0,
  bookings: 0,
  inbound_offered: 0,
  inbound_abandoned: 0,
  longest_wait_since: null,
};

export const snapshot = (agents: FloorAgent[], totals: Partial<FloorTotals> = {}): FloorSnapshot => ({
  server_time: at(0),
  agents,
  totals: { ...TOTALS, ...totals },
});

/** An answered auto-dialled call with Ashley Walker, a New York lead. */
export function answeredCall(over: Partial<FloorCall> = {}): FloorCall {
  return {
    call_id: 3, type: "auto", direction: 0, status: "answered", lead_id: 11, lead_name: "Ashley Walker",
    lead_state: "ny", lead_timezone: "America/New_York", started_at: at(12), answered_at: at(4), in_transfer: false,
    ...over,
  };
}
