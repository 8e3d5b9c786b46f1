// Read-only snapshots of calls and legs (SimPbx.legsOf / callOf): the SIP edge finds a call's agent leg here.
import type { HangupCause, LegRole, LegSound } from "../driver";
import type { Call, Leg, LegState } from "./types";

export interface LegView {
  legId: string;
  callId: string;
  role: LegRole;
  ext?: string;
  number?: string;
  state: LegState;
  held: boolean;
  cause?: HangupCause;
  /** Agent legs: what the agent hears. */
  sound?: LegSound;
}

export interface CallView {
  callId: string;
  direction: "outbound" | "inbound";
  state: "live" | "ended";
  cause?: HangupCause;
  confId?: string;
  legs: LegView[];
}

export function legView(l: Leg): LegView {
  return {
    legId: l.id,
    callId: l.call.id,
    role: l.role,
    ...(l.ext ? { ext: l.ext } : {}),
    ...(l.number ? { number: l.number } : {}),
    state: l.state,
    held: l.held,
    ...(l.cause ? { cause: l.cause } : {}),
    ...(l.role === "agent" && l.sound ? { sound: l.sound } : {}),
  };
}

export function callView(c: Call): CallView {
  return {
    callId: c.id,
    direction: c.direction,
    state: c.ended ? "ended" : "live",
    ...(c.cause ? { cause: c.cause } : {}),
    ...(c.confId ? { confId: c.confId } : {}),
    legs: c.legs.map((l) => legView(l)),
  };
}
