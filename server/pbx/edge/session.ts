// The state the edge shares between its parts: registrations, calls (by SIP Call-ID and by PBX leg id), media,
// and what the edge needs of the PBX. A call is either an agent leg the PBX offered (the edge INVITEs the
// softphone) or a local call the softphone placed to the voicemail box (*97), which the PBX never sees.
import type { AgentLegOffer, HangupCause, LegMix, PbxCalls } from "../driver";
import type { SipConnection } from "./connection";
import type { LegMediaStats, MediaEndpoint, MediaFactory } from "./media/endpoint";
import type { LiveVoices } from "./media/liveVoice";
import type { Pacer } from "./media/pacer";
import type { PartyEar } from "./media/partyEar";
import type { Registrar, RegistrationFeed } from "./registrar";
import type { Dialog } from "./sip/dialog";
import type { SipRequest } from "./sip/message";

/** The PBX as the edge uses it: the registration feed, and (when implemented) the calls a softphone drives. */
export type EdgePbx = RegistrationFeed &
  Partial<Pick<PbxCalls, "hangup" | "hold" | "sendDtmf" | "blindTransfer">>;

export type CallState = "preparing" | "inviting" | "early" | "confirmed" | "ended";

export interface EdgeCall {
  kind: "agent-leg" | "local";
  conn: SipConnection;
  callId: string;
  /** Set once the dialog exists (2xx received or sent). */
  dialog: Dialog | null;
  media: MediaEndpoint | null;
  state: CallState;
  held: boolean;
  /** A re-INVITE is being answered (a second one gets 491). */
  renegotiating: boolean;
  /** A REFER is running: the PBX's end of the leg waits for the final NOTIFY. */
  transferring: boolean;
  endAfterTransfer: boolean;
}

export interface AgentLeg extends EdgeCall {
  kind: "agent-leg";
  legId: string;
  offer: AgentLegOffer;
  result: { answered(): void; ended(cause: HangupCause): void };
  /** Exactly one result callback is made. */
  reported: boolean;
  invite: SipRequest | null;
  /** What the PBX asked the leg to hear; applied to the media peer once it exists. */
  mix: LegMix;
}

export interface LocalCall extends EdgeCall {
  kind: "local";
  /** The softphone's INVITE, answered once media is ready (CANCEL may arrive first). */
  invite: SipRequest;
  localTag: string;
}

export type Call = AgentLeg | LocalCall;

import type { RecordingStore } from "../../recordings/store";

export interface EdgeContext {
  realm: string;
  registrar: Registrar<SipConnection>;
  /** By SIP Call-ID. */
  calls: Map<string, Call>;
  /** Agent legs by PBX leg id. */
  legs: Map<string, AgentLeg>;
  media: MediaFactory;
  /** The softphones' live voices by leg id, shared with the media factory (a supervisor hears the agent's). */
  voices: LiveVoices;
  /** The ears of the party legs the PBX tells of (AgentPhoneLine.partyHears), by leg id. */
  ears: Map<string, PartyEar>;
  /** The 20 ms clock the media and the ears run on. */
  pacer: Pacer;
  pbx: EdgePbx;
  log(msg: string, err?: unknown): void;
  /** Media counters kept after a leg (an agent's, a party's ear) ends. */
  archive(legId: string, stats: LegMediaStats): void;
  /** Where the legs' recordings are written; absent: the edge records nothing. */
  recordings?: RecordingStore;
  /** Whether the agent of `ext` may have its call transferred to `target` (the compliance gate); absent: yes. */
  mayTransfer?(ext: string, target: string): Promise<boolean>;
}

/** Calls a PBX operation the softphone triggered; a missing or failing one is logged, never thrown. */
export function pbxCall<K extends keyof EdgePbx>(
  ctx: EdgeContext,
  op: K,
  ...args: Parameters<NonNullable<EdgePbx[K]>>
): Promise<boolean> {
  const fn = ctx.pbx[op] as ((...a: unknown[]) => Promise<void>) | undefined;
  if (typeof fn !== "function") {
    ctx.log(`sip edge: the PBX has no ${String(op)}; ignored`);
    return Promise.resolve(false);
  }
  return Promise.resolve()
    .then(() => fn.apply(ctx.pbx, args))
    .then(
      () => true,
      (e: unknown) => {
        ctx.log(`sip edge: PBX ${String(op)} failed`, e);
        return false;
      },
    );
}

/** Forgets a call and releases its media (stats of agent legs are archived). */
export function dropCall(ctx: EdgeContext, call: Call): void {
  call.state = "ended";
  if (ctx.calls.get(call.callId) === call) ctx.calls.delete(call.callId);
  if (call.kind === "agent-leg") {
    if (ctx.legs.get(call.legId) === call) ctx.legs.delete(call.legId);
    if (call.invite) call.conn.forget(call.invite);
    if (call.media) ctx.archive(call.legId, call.media.stats());
  }
  call.media?.close();
}
