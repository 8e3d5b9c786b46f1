// What the call service knows of the call an event is about, handed to the plugins' call hooks with the event.
import type { CallEvent } from "../../pbx/driver";
import type { ActiveCall } from "./active";

/**
 * What the call service knows of the call an event is about, when it follows it: listeners need not read the
 * `calls` rows for it (the floor did, at every event: 6 statements of a dial's 71, bench/dialer-load).
 */
export interface FollowedCall {
  tenantId: number;
  /** The agents whose view of the call the event reached (both, while a live transfer's advisor has joined). */
  agentIds: number[];
  /** The event's leg is one of these views' agent or party legs: never a supervisor's or a transfer party's. */
  legOfView: boolean;
}

export type CallEventListener = (e: CallEvent, call: FollowedCall | undefined) => void;

/** Read before the event is applied: a hang-up then clears the leg it names. */
export function followedCall(views: readonly ActiveCall[], e: CallEvent): FollowedCall | undefined {
  const first = views[0];
  if (!first) return undefined;
  return {
    tenantId: first.tenantId,
    agentIds: [...new Set(views.map((v) => v.agentId))],
    legOfView: !!e.legId && views.some((v) => v.agentLegId === e.legId || v.partyLegId === e.legId),
  };
}
