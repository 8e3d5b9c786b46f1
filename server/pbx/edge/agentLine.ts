// The PBX's line to WebRTC softphones (AgentPhoneLine): an agent leg becomes an INVITE to the extension's
// registered contact, with an SDP offer from the leg's media peer and the dialer's X- headers; 200 is
// answered(), a failure ended(cause); the PBX ends it with CANCEL (ringing) or BYE (answered) and picks what
// the agent hears with hear() (a mix of sources, conference legs) or play() (one sound). A simulated party's
// leg gets an ear (partyHears) that counts the live voices reaching it, until end().
import { SIP_HEADERS } from "../../../src/contract/calls";
import {
  mixOfSound,
  type AgentLegOffer,
  type AgentPhoneLine,
  type HangupCause,
  type LegMix,
  type LegSound,
} from "../driver";
import {
  ackForFailure,
  buildRequest,
  cancelFor,
  contactUri,
  inDialog,
  newBranch,
  newCallId,
  newTag,
  splitTag,
} from "./sip/dialog";
import { getHeader, type SipHeader, type SipResponse } from "./sip/message";
import type { RecordingWriter } from "../../recordings/store";
import { PartyEar } from "./media/partyEar";
import { dropCall, pbxCall, type AgentLeg, type EdgeContext } from "./session";

export const ALLOW = "INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, REFER, NOTIFY, UPDATE";

/** A final response of the softphone → why the agent leg ended. */
export function causeOfStatus(status: number): HangupCause {
  if (status === 486 || status === 600) return "busy";
  if (status === 487) return "canceled";
  if (status === 408) return "no-answer";
  if (status === 404 || status === 410) return "unavailable";
  if (status === 488 || status === 606 || (status >= 500 && status < 600)) return "failed";
  // 480 (JsSIP's default for a declined call), 603 Decline, 403 and the rest: the agent refused it.
  return "rejected";
}

/** A header value from the PBX's variables: one line, bounded. */
const headerValue = (v: string) => v.replace(/[\r\n]+/g, " ").slice(0, 200);
/** The caller shown to the agent, as a SIP user part. */
const sipUser = (s: string) => s.replace(/[^0-9A-Za-z+*#._-]/g, "").slice(0, 64) || "anonymous";

export class EdgePhoneLine implements AgentPhoneLine {
  /** Recordings under way, by the PBX's recording id. */
  private readonly recordings = new Map<string, { legId: string; writer: RecordingWriter }>();

  constructor(private readonly ctx: EdgeContext) {}

  record(legId: string, recId: string, key: string): boolean {
    const leg = this.ctx.legs.get(legId);
    const store = this.ctx.recordings;
    if (!leg?.media || !store || this.recordings.has(recId)) return false;
    let writer: RecordingWriter;
    try {
      writer = store.create(key);
    } catch (e) {
      this.ctx.log(`sip edge: recording ${recId} could not be opened`, e);
      return false;
    }
    leg.media.record(writer);
    this.recordings.set(recId, { legId, writer });
    return true;
  }

  stopRecord(recId: string): { key: string; durationMs: number; bytes: number } | null {
    const rec = this.recordings.get(recId);
    if (!rec) return null;
    this.recordings.delete(recId);
    // Another recording of the same leg still running keeps the leg's media writing to it.
    const other = [...this.recordings.values()].find((r) => r.legId === rec.legId);
    this.ctx.legs.get(rec.legId)?.media?.record(other?.writer ?? null);
    try {
      return rec.writer.close();
    } catch (e) {
      this.ctx.log(`sip edge: recording ${recId} could not be closed`, e);
      return null;
    }
  }

  ring(offer: AgentLegOffer, result: { answered(): void; ended(cause: HangupCause): void }): void {
    if (this.ctx.legs.has(offer.legId)) return; // the same leg offered twice: the first ring stands
    const binding = this.ctx.registrar.lookup(offer.ext);
    if (!binding || binding.conn.closed) {
      queueMicrotask(() => safely(this.ctx, () => result.ended("unavailable")));
      return;
    }
    const leg: AgentLeg = {
      kind: "agent-leg",
      conn: binding.conn,
      callId: newCallId(),
      dialog: null,
      media: null,
      state: "preparing",
      held: false,
      renegotiating: false,
      transferring: false,
      endAfterTransfer: false,
      legId: offer.legId,
      offer,
      result,
      reported: false,
      invite: null,
      mix: [],
    };
    this.ctx.legs.set(offer.legId, leg);
    this.ctx.calls.set(leg.callId, leg);
    void this.invite(leg, binding.contactUri).catch((e: unknown) => {
      this.ctx.log(`sip edge: ringing leg ${offer.legId} failed`, e);
      this.fail(leg, "failed");
    });
  }

  end(legId: string): void {
    const ear = this.ctx.ears.get(legId);
    if (ear) {
      // A party's leg ended: its ear stops, what it took in is kept as an agent leg's counters are.
      this.ctx.ears.delete(legId);
      this.ctx.pacer.remove(ear);
      this.ctx.archive(legId, ear.stats());
      return;
    }
    const leg = this.ctx.legs.get(legId);
    if (!leg || leg.state === "ended") return;
    if (leg.transferring) {
      leg.endAfterTransfer = true; // the final NOTIFY goes out first, then the BYE
      return;
    }
    const was = leg.state;
    if (was === "confirmed" && leg.dialog) {
      leg.conn.send(inDialog(leg.dialog, "BYE", leg.conn.viaHost));
      dropCall(this.ctx, leg);
      this.report(leg, "canceled"); // only if the PBX ended it before hearing of the answer
      return;
    }
    leg.state = "ended";
    this.report(leg, "canceled");
    if ((was === "inviting" || was === "early") && leg.invite) {
      // The softphone answers 200 to the CANCEL and 487 to the INVITE, which is then ACKed and dropped.
      leg.conn.send(cancelFor(leg.invite));
      const timer = setTimeout(() => dropCall(this.ctx, leg), 32_000);
      timer.unref();
    } else dropCall(this.ctx, leg);
  }

  play(legId: string, sound: LegSound): void {
    const leg = this.ctx.legs.get(legId);
    if (!leg) return;
    leg.mix = mixOfSound(sound);
    leg.media?.play(sound);
  }

  hear(legId: string, mix: LegMix): void {
    const leg = this.ctx.legs.get(legId);
    if (!leg) return;
    leg.mix = mix;
    leg.media?.hear(mix);
  }

  partyHears(legId: string, mix: LegMix): void {
    const { ears } = this.ctx;
    let ear = ears.get(legId);
    if (!ear) {
      ear = new PartyEar(this.ctx.voices);
      ears.set(legId, ear);
      this.ctx.pacer.add(ear);
    }
    ear.hear(mix);
  }

  /** The softphone's WebSocket closed: its legs are gone (a call does not survive a reconnection). */
  connectionLost(conn: AgentLeg["conn"]): void {
    for (const leg of [...this.ctx.legs.values()]) {
      if (leg.conn !== conn) continue;
      const answered = leg.state === "confirmed" && leg.reported;
      dropCall(this.ctx, leg);
      if (answered) void pbxCall(this.ctx, "hangup", leg.legId, "failed");
      else this.report(leg, "unavailable");
    }
  }

  /** The softphone sent BYE. */
  hungUp(leg: AgentLeg): void {
    const answered = leg.reported;
    dropCall(this.ctx, leg);
    if (answered) void pbxCall(this.ctx, "hangup", leg.legId, "normal");
    else this.report(leg, "normal"); // hung up before the PBX heard of the answer
  }

  private async invite(leg: AgentLeg, target: string): Promise<void> {
    const { ctx } = this;
    leg.media = ctx.media(leg.legId);
    leg.media.hear(leg.mix);
    const sdp = await leg.media.createOffer();
    if (leg.state === "ended") return; // ended while the offer was built
    if (leg.conn.closed) return this.fail(leg, "unavailable");
    const { offer } = leg;
    const user = sipUser(offer.from);
    const vars = offer.vars ?? {};
    const headers: SipHeader[] = [
      { name: "Contact", value: leg.conn.contact },
      { name: "Allow", value: ALLOW },
      { name: SIP_HEADERS.callId, value: headerValue(vars.callId ?? offer.callId) },
      ...(vars.leadId ? [{ name: SIP_HEADERS.leadId, value: headerValue(vars.leadId) }] : []),
      ...(vars.callType ? [{ name: SIP_HEADERS.callType, value: headerValue(vars.callType) }] : []),
      { name: SIP_HEADERS.autoAnswer, value: String(offer.autoAnswer) },
      ...(vars.talkedMs ? [{ name: SIP_HEADERS.talkedMs, value: headerValue(vars.talkedMs) }] : []),
      // The common convention for desk softphones; JsSIP apps read the X- header above.
      ...(offer.autoAnswer
        ? [{ name: "Call-Info", value: `<sip:gateway@${ctx.realm}>;answer-after=0` }]
        : []),
      { name: "Content-Type", value: "application/sdp" },
    ];
    const invite = buildRequest({
      method: "INVITE",
      uri: target,
      via: `SIP/2.0/WSS ${leg.conn.viaHost};branch=${newBranch()}`,
      from: `"${user}" <sip:${user}@${ctx.realm}>;tag=${newTag()}`,
      to: `<sip:${offer.ext}@${ctx.realm}>`,
      callId: leg.callId,
      cseq: 1,
      headers,
      body: sdp,
    });
    leg.invite = invite;
    leg.state = "inviting";
    leg.conn.request(invite, (res) => void this.onResponse(leg, res));
  }

  private async onResponse(leg: AgentLeg, res: SipResponse): Promise<void> {
    const invite = leg.invite!;
    if (res.status < 200) {
      if (res.status > 100 && leg.state === "inviting") leg.state = "early";
      return;
    }
    if (res.status >= 300) {
      leg.conn.send(ackForFailure(invite, res));
      const cancelled = leg.state === "ended";
      dropCall(this.ctx, leg);
      if (!cancelled) this.report(leg, causeOfStatus(res.status));
      return;
    }
    // 2xx: ACK it (again, if the softphone retransmits its 200 before our ACK arrived).
    const from = splitTag(getHeader(invite, "From"));
    const to = splitTag(getHeader(res, "To"));
    leg.dialog ??= {
      callId: leg.callId,
      localTag: from.tag ?? "",
      remoteTag: to.tag ?? "",
      localUri: from.uri,
      remoteUri: to.uri,
      remoteTarget: contactUri(res) ?? invite.uri,
      localSeq: 1,
      remoteSeq: 0,
    };
    leg.conn.send(inDialog(leg.dialog, "ACK", leg.conn.viaHost, { cseq: 1 }));
    if (leg.state === "confirmed") return;
    if (leg.state === "ended") {
      // Our CANCEL crossed the softphone's 200: the call exists now, so end it properly.
      leg.conn.send(inDialog(leg.dialog, "BYE", leg.conn.viaHost));
      dropCall(this.ctx, leg);
      return;
    }
    leg.state = "confirmed";
    // Media follows signalling (acceptAnswer never throws): a failing peer leaves a silent but connected call.
    await leg.media?.acceptAnswer(res.body);
    if (leg.state === "confirmed") this.report(leg, "answered");
  }

  private fail(leg: AgentLeg, cause: HangupCause): void {
    if (leg.invite && (leg.state === "inviting" || leg.state === "early"))
      leg.conn.send(cancelFor(leg.invite));
    dropCall(this.ctx, leg);
    this.report(leg, cause);
  }

  private report(leg: AgentLeg, outcome: "answered" | HangupCause): void {
    if (leg.reported) return;
    leg.reported = true;
    safely(this.ctx, () => (outcome === "answered" ? leg.result.answered() : leg.result.ended(outcome)));
  }
}

function safely(ctx: EdgeContext, fn: () => void): void {
  try {
    fn();
  } catch (e) {
    ctx.log("sip edge: the PBX's leg callback threw", e);
  }
}
