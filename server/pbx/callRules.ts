// The call rules both drivers follow (telephony.md §2 "Calls and legs"; PbxCalls and ConferenceControl say
// them to the gateway): who is the call's agent, when an agent's hangup hands the lead over to an advisor,
// and how a call goes on without a leg that ended. SimPbx's CallModel and AriDriver's AriModel keep their own
// legs, timers and side effects, and ask these functions what to do, so the two cannot drift apart (the
// shared driver suite, server/pbx/suite, checks what they emit).
import type { HangupCause, KeepLead, LegRole } from "./driver";

export interface RuleLeg {
  readonly id: string;
  readonly role: LegRole;
  /** Set for a leg that rings an extension's phone (an agent, an advisor, a supervisor). */
  readonly ext?: string;
  state: "dialing" | "ringing" | "answered" | "ended";
  /** A supervisor's leg: the agent leg it listens to. */
  supervises?: string;
}

export interface RuleCall<L extends RuleLeg> {
  readonly legs: readonly L[];
  /** Inbound: the caller waits for an agent; agent legs may come and go until one answers. */
  waiting: boolean;
  /** Outbound, until the lead answers: a busy lead leaves the agent hearing the busy tone for a moment. */
  lingerOnBusy: boolean;
  keepLead: KeepLead;
  confId?: string;
  ending: boolean;
  ended: boolean;
}

/** A call turned conference keeps its own id inside the conference's (ConferenceControl.start). */
export const conferenceIdOf = (callId: string): string => `conf-${callId}`;

/** The call a conference id names, or undefined for an id no conference has. */
export const callIdOfConference = (confId: string): string | undefined =>
  confId.startsWith("conf-") ? confId.slice("conf-".length) : undefined;

/** A leg that rings an extension's phone and is a member of the call: an agent's or an advisor's. */
export const isAgentLeg = (l: RuleLeg): boolean => l.ext !== undefined && l.role !== "supervisor";

/** A party dialled by number (the lead, an inbound caller, a conference party, a transfer target): a voice. */
export const isPartyLeg = (l: RuleLeg): boolean => l.ext === undefined;

export const liveLegs = <L extends RuleLeg>(call: RuleCall<L>): L[] => call.legs.filter((l) => l.state !== "ended");

/** Every live agent leg of the call (the agent's, advisors'), in the order they were created. */
export const agentLegs = <L extends RuleLeg>(call: RuleCall<L>): L[] =>
  call.legs.filter((l) => isAgentLeg(l) && l.state !== "ended");

/** The call's members: every live leg but the supervisors', who never keep a call up. */
export const members = <L extends RuleLeg>(call: RuleCall<L>): L[] => liveLegs(call).filter((l) => l.role !== "supervisor");

/** The live supervisor legs listening to `leg`. */
export const supervisorsOf = <L extends RuleLeg>(call: RuleCall<L>, leg: RuleLeg): L[] =>
  call.legs.filter((l) => l.supervises === leg.id && l.state !== "ended");

/**
 * The call's agent: its own agent leg while live (a call has at most one "agent"-role leg live at a time),
 * else the earliest answered agent leg (an advisor brought in by joinAgent, once the qualifier left), else
 * the earliest one still ringing.
 */
export function agentOf<L extends RuleLeg>(call: RuleCall<L>): L | undefined {
  const own = call.legs.find((l) => l.role === "agent" && l.state !== "ended");
  if (own) return own;
  const legs = agentLegs(call);
  return legs.find((l) => l.state === "answered") ?? legs[0];
}

/** The lead (or inbound caller) is on the call and answered. */
export const leadAnswered = (call: RuleCall<RuleLeg>): boolean =>
  call.legs.some((l) => (l.role === "lead" || l.role === "inbound") && l.state === "answered");

/**
 * The call's agent hanging up with an advisor in the conference hands the lead over: it leaves, as with
 * conference.leave (Flex's endConferenceOnExit bug is ending the call while the advisor still rings).
 * Asked before the leg ends.
 */
export function handsOver<L extends RuleLeg>(call: RuleCall<L>, leg: L, opts: { leaving?: boolean; quiet?: boolean }): boolean {
  return (
    agentOf(call) === leg &&
    !opts.leaving &&
    !opts.quiet &&
    call.confId !== undefined &&
    !call.ending &&
    agentLegs(call).some((l) => l !== leg)
  );
}

/**
 * Whether the lead stays after the call's agent leg ended with `cause` (PbxCalls.keepLead): always when kept,
 * and with "if-dropped" only when the agent's phone dropped ('failed': its connection was lost, no BYE).
 */
export const keepsLead = (keep: KeepLead, cause: HangupCause): boolean =>
  keep === true || (keep === "if-dropped" && cause === "failed");

/** What becomes of a call after one of its legs ended (`reactionTo`). */
export type Reaction<L> =
  /** It goes on: the caller waits, a member left, the lead waits for an agent rung back (keepLead). */
  | { kind: "goes-on"; cancel: L[] }
  /** The agent hears the busy tone for a moment, then the call ends 'busy'. */
  | { kind: "busy-tone"; cancel: L[] }
  | { kind: "ends"; cause: HangupCause; cancel: L[] };

/**
 * How the call goes on without `leg`, which just ended with `cause`. `wasAgent`: it was the call's agent
 * before it ended; `leaving`: it left (conference leave, kick, transfer, a hand-over) rather than hung up.
 * `cancel`: members still ringing for a lead who is gone, to end 'canceled' first (production-telephony.md §5
 * "Best UI" 4: nobody is left to transfer to).
 */
export function reactionTo<L extends RuleLeg>(
  call: RuleCall<L>,
  leg: L,
  cause: HangupCause,
  how: { leaving: boolean; wasAgent: boolean },
): Reaction<L> {
  const none: L[] = [];
  if (call.ended || leg.role === "supervisor") return { kind: "goes-on", cancel: none };
  // An inbound caller outlives agents who reject or miss it; only the caller ends the call.
  if (call.waiting) return leg.role === "inbound" ? { kind: "ends", cause, cancel: none } : { kind: "goes-on", cancel: none };
  if (how.wasAgent && !how.leaving) {
    // A live transfer still looking, or the agent's phone dropped: the lead waits for the gateway to ring an
    // agent back (keepLead).
    if (keepsLead(call.keepLead, cause) && leadAnswered(call)) return { kind: "goes-on", cancel: none };
    return { kind: "ends", cause, cancel: none };
  }
  const cancel =
    leg.role === "lead" || leg.role === "inbound"
      ? liveLegs(call).filter((l) => l.state !== "answered" && (l.role === "third-party" || l.role === "transfer-target"))
      : none;
  const live = members(call).filter((l) => !cancel.includes(l));
  // Agents alone (the qualifier and an advisor after the lead hung up) are no call: it ends.
  if (live.length >= 2 && !live.every(isAgentLeg)) return { kind: "goes-on", cancel };
  const agent = live[0];
  if (cause === "busy" && call.lingerOnBusy && agent?.role === "agent" && agent.state === "answered")
    return { kind: "busy-tone", cancel };
  return { kind: "ends", cause, cancel };
}
