// Requests from softphones. Outside a dialog: REGISTER, OPTIONS, and INVITE only for the voicemail box (*97,
// answered here with its prompt; any other number is dialled through the gateway's HTTP API, which then
// rings the agent). Inside a dialog: BYE, DTMF over INFO, hold / resume re-INVITEs, session-timer UPDATEs and
// REFER (blind transfer, reported with NOTIFY). A socket acts only for the extension it registered, and only
// on its own calls.
import { VOICEMAIL_SHORTCUT } from "../../../src/contract/calls";
import type { EdgePhoneLine } from "./agentLine";
import { ALLOW } from "./agentLine";
import type { SipConnection } from "./connection";
import { answerDirection, directionOf, signallingOnlySdp, withDirection } from "./media/sdp";
import { handleRegister, type RegisterDeps } from "./register";
import { dialogAsUas, inDialog, newTag, responseTo, splitTag } from "./sip/dialog";
import { parseCSeq, parseNameAddr, parseUri } from "./sip/headers";
import { getHeader, type SipHeader, type SipRequest } from "./sip/message";
import { dropCall, pbxCall, type Call, type EdgeContext, type LocalCall } from "./session";

const KNOWN = new Set([
  "INVITE",
  "ACK",
  "CANCEL",
  "BYE",
  "OPTIONS",
  "INFO",
  "REFER",
  "NOTIFY",
  "UPDATE",
  "MESSAGE",
  "SUBSCRIBE",
  "PUBLISH",
  "PRACK",
  "REGISTER",
]);

/** A REFER target as the softphone may write it: digits, optionally with + (the gateway normalises). */
export function referTarget(referTo: string | undefined): string | null {
  const uri = parseUri(parseNameAddr(referTo ?? "")?.uri ?? "");
  const user = uri?.user?.replace(/[\s().-]/g, "");
  return user && /^\+?[0-9*#]{1,32}$/.test(user) ? user : null;
}

/** The digit of a DTMF INFO body (application/dtmf-relay `Signal=5`, or application/dtmf `5`). */
export function dtmfDigit(contentType: string | undefined, body: string): string | null {
  const ct = (contentType ?? "").toLowerCase();
  const m = ct.startsWith("application/dtmf-relay")
    ? /Signal\s*=\s*([0-9A-D*#])/i.exec(body)
    : ct.startsWith("application/dtmf")
      ? /^\s*([0-9A-D*#])\s*$/i.exec(body)
      : null;
  return m ? m[1]!.toUpperCase() : null;
}

export class SipRequests {
  constructor(
    private readonly ctx: EdgeContext,
    private readonly line: EdgePhoneLine,
    private readonly register: RegisterDeps,
  ) {}

  handle(conn: SipConnection, req: SipRequest): void {
    const reply = (status: number, opts: { reason?: string; headers?: SipHeader[] } = {}) =>
      conn.send(responseTo(req, status, { toTag: newTag(), ...opts }));
    const toTag = splitTag(getHeader(req, "To")).tag;

    switch (req.method) {
      case "REGISTER":
        void handleRegister(this.register, conn, req).catch((e: unknown) => {
          this.ctx.log("sip edge: REGISTER failed", e);
          reply(500);
        });
        return;
      case "OPTIONS":
        return reply(200, {
          headers: [
            { name: "Allow", value: ALLOW },
            { name: "Accept", value: "application/sdp" },
          ],
        });
      case "ACK":
        return; // for a 2xx we sent (nothing to do over a reliable transport) or a stray one
      case "CANCEL":
        return this.cancel(conn, req);
    }
    if (toTag) return this.inDialog(conn, req, toTag);
    if (!conn.ext) return reply(403, { reason: "Register First" });
    const from = parseUri(parseNameAddr(getHeader(req, "From") ?? "")?.uri ?? "");
    if (from?.user !== conn.ext) return reply(403, { reason: "Not Your Extension" });
    if (req.method === "INVITE") return this.guard(this.localInvite(conn, req), "INVITE");
    if (req.method === "BYE") return reply(481);
    return reply(KNOWN.has(req.method) ? 405 : 501, { headers: [{ name: "Allow", value: ALLOW }] });
  }

  private guard(p: Promise<void>, what: string): void {
    p.catch((e: unknown) => this.ctx.log(`sip edge: ${what} failed`, e));
  }

  // ---------------------------------------------------------------- outside a dialog

  /** INVITE *97: the voicemail box, answered here. */
  private async localInvite(conn: SipConnection, req: SipRequest): Promise<void> {
    const callId = getHeader(req, "Call-ID")!;
    if (this.ctx.calls.has(callId)) return; // a retransmission
    if (parseUri(req.uri)?.user !== VOICEMAIL_SHORTCUT) {
      return conn.send(responseTo(req, 403, { reason: "Dial through the gateway", toTag: newTag() }));
    }
    if (!req.body) return conn.send(responseTo(req, 488, { toTag: newTag() }));
    const localTag = newTag();
    const call: LocalCall = {
      kind: "local",
      conn,
      callId,
      dialog: dialogAsUas(req, localTag),
      media: this.ctx.media(`vm-${callId.slice(0, 8)}`),
      state: "early",
      held: false,
      renegotiating: false,
      transferring: false,
      endAfterTransfer: false,
      invite: req,
      localTag,
    };
    this.ctx.calls.set(callId, call);
    conn.send(responseTo(req, 100));
    call.media!.play("voicemail-box");
    const answer = await call.media!.answer(req.body);
    if (call.state !== "early") return; // cancelled meanwhile
    call.state = "confirmed";
    conn.send(responseTo(req, 200, { toTag: localTag, headers: sdpHeaders(conn), body: answer }));
  }

  private cancel(conn: SipConnection, req: SipRequest): void {
    const call = this.ctx.calls.get(getHeader(req, "Call-ID") ?? "");
    if (!call || call.conn !== conn || call.kind !== "local")
      return conn.send(responseTo(req, 481, { toTag: newTag() }));
    conn.send(responseTo(req, 200, { toTag: call.localTag }));
    if (call.state !== "early") return; // already answered: the CANCEL has no effect
    conn.send(responseTo(call.invite, 487, { toTag: call.localTag }));
    dropCall(this.ctx, call);
  }

  // ---------------------------------------------------------------- inside a dialog

  private inDialog(conn: SipConnection, req: SipRequest, toTag: string): void {
    const call = this.ctx.calls.get(getHeader(req, "Call-ID") ?? "");
    const d = call?.dialog;
    if (!call || !d || call.conn !== conn || d.localTag !== toTag || call.state === "ended") {
      return conn.send(responseTo(req, 481));
    }
    const cseq = parseCSeq(getHeader(req, "CSeq") ?? "");
    if (cseq && cseq.seq > d.remoteSeq) d.remoteSeq = cseq.seq;
    const reply = (status: number, opts: { reason?: string; headers?: SipHeader[]; body?: string } = {}) =>
      conn.send(responseTo(req, status, opts));

    switch (req.method) {
      case "BYE": {
        reply(200);
        if (call.kind === "agent-leg") this.line.hungUp(call);
        else dropCall(this.ctx, call);
        return;
      }
      case "INFO": {
        const digit = dtmfDigit(getHeader(req, "Content-Type"), req.body);
        if (digit === null)
          return reply(415, { headers: [{ name: "Accept", value: "application/dtmf-relay" }] });
        reply(200);
        if (call.kind === "agent-leg") void pbxCall(this.ctx, "sendDtmf", call.legId, digit);
        return;
      }
      case "INVITE":
        return this.guard(this.reinvite(call, req), "re-INVITE");
      case "UPDATE": {
        // Session-timer refreshes carry no SDP; an UPDATE with SDP is not offered by JsSIP for hold.
        if (req.body) return reply(488);
        const se = getHeader(req, "Session-Expires");
        return reply(200, {
          headers: [
            { name: "Contact", value: conn.contact },
            ...(se ? [{ name: "Session-Expires", value: se }] : []),
          ],
        });
      }
      case "REFER":
        return this.guard(this.refer(call, req), "REFER");
      case "OPTIONS":
        return reply(200, { headers: [{ name: "Allow", value: ALLOW }] });
      default:
        return reply(KNOWN.has(req.method) ? 405 : 501, { headers: [{ name: "Allow", value: ALLOW }] });
    }
  }

  /** Hold (a=sendonly / a=inactive) and resume (a=sendrecv): answer, then tell the PBX. */
  private async reinvite(call: Call, req: SipRequest): Promise<void> {
    const conn = call.conn;
    if (call.renegotiating) return conn.send(responseTo(req, 491));
    if (!req.body) return conn.send(responseTo(req, 488));
    call.renegotiating = true;
    const offered = directionOf(req.body);
    const hold = offered === "sendonly" || offered === "inactive";
    let answer: string;
    try {
      answer = call.media
        ? await call.media.answer(req.body)
        : withDirection(signallingOnlySdp("answer"), answerDirection(offered));
    } finally {
      call.renegotiating = false;
    }
    if (call.state === "ended") return conn.send(responseTo(req, 487));
    conn.send(responseTo(req, 200, { headers: sdpHeaders(conn), body: answer }));
    call.media?.setHeld(hold);
    if (hold === call.held) return;
    call.held = hold;
    if (call.kind === "agent-leg") void pbxCall(this.ctx, "hold", call.legId, hold);
  }

  /** Blind transfer: 202, NOTIFY 100 Trying, the PBX transfers, NOTIFY 200 (or 503); the PBX then ends the leg. */
  private async refer(call: Call, req: SipRequest): Promise<void> {
    const conn = call.conn;
    const d = call.dialog!;
    if (call.kind !== "agent-leg") return conn.send(responseTo(req, 403, { reason: "Not Transferable" }));
    if (call.transferring) return conn.send(responseTo(req, 491));
    const target = referTarget(getHeader(req, "Refer-To"));
    if (!target) return conn.send(responseTo(req, 400, { reason: "Bad Refer-To" }));
    // A transfer places a call to the target: the same compliance gate as every dial.
    if (this.ctx.mayTransfer && !(await this.ctx.mayTransfer(call.offer.ext, target)))
      return conn.send(responseTo(req, 403, { reason: "Refused by compliance" }));
    // The gate read the database: the call may have ended, or another REFER started, meanwhile.
    if (call.transferring) return conn.send(responseTo(req, 491));
    if (hasEnded(call)) return conn.send(responseTo(req, 481));
    conn.send(responseTo(req, 202, { headers: [{ name: "Contact", value: conn.contact }] }));
    call.transferring = true;
    const id = parseCSeq(getHeader(req, "CSeq") ?? "")?.seq ?? 0;
    const notify = (frag: string, state: string) =>
      conn.send(
        inDialog(d, "NOTIFY", conn.viaHost, {
          headers: [
            { name: "Event", value: `refer;id=${id}` },
            { name: "Subscription-State", value: state },
            { name: "Contact", value: conn.contact },
            { name: "Content-Type", value: "message/sipfrag;version=2.0" },
          ],
          body: frag,
        }),
      );
    notify("SIP/2.0 100 Trying\r\n", "active;expires=60");
    const ok = await pbxCall(this.ctx, "blindTransfer", call.legId, target);
    call.transferring = false;
    if (call.state === "ended") return;
    notify(ok ? "SIP/2.0 200 OK\r\n" : "SIP/2.0 503 Service Unavailable\r\n", "terminated;reason=noresource");
    if (call.endAfterTransfer) this.line.end(call.legId);
  }
}

/** Read through a call, so a check after an await is not narrowed away by one before it. */
const hasEnded = (call: { state: string }) => call.state === "ended";

function sdpHeaders(conn: SipConnection): SipHeader[] {
  return [
    { name: "Contact", value: conn.contact },
    { name: "Allow", value: ALLOW },
    { name: "Content-Type", value: "application/sdp" },
  ];
}
