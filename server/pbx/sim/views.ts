// Read-only snapshots of calls and legs (SimPbx.legsOf / callOf): the SIP edge finds a call's agent leg here.
import { primarySoundOf, type HangupCause, type LegMix, type LegRole, type LegSound } from "../driver";
import { isPartyLeg, type Call, type Leg, type LegState } from "./types";

export interface LegView {
  legId: string;
  callId: string;
  role: LegRole;
  ext?: string;
  number?: string;
  state: LegState;
  held: boolean;
  cause?: HangupCause;
  /** Agent and supervisor legs, once answered: what the agent hears, as one sound (the mix's main source). */
  sound?: LegSound;
  /** Agent legs, once answered: everything the agent hears at once (empty: silence). */
  hears?: LegMix;
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
    ...(!isPartyLeg(l) && l.hears ? { sound: primarySoundOf(l.hears), hears: l.hears } : {}),
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
