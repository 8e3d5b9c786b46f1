// Dialogs and the messages built inside them (RFC 3261 §12): responses that mirror a request, requests the
// edge originates (new INVITE, in-dialog BYE / NOTIFY, ACK, CANCEL). The transport is reliable (WebSocket),
// so there are no retransmissions; a client transaction is just "the response whose Via branch is ours".
import { randomBytes } from "node:crypto";
import { formatNameAddr, parseCSeq, parseNameAddr, parseVia } from "./headers";
import { getHeader, getHeaders, REASONS, type SipHeader, type SipRequest, type SipResponse } from "./message";

export const newTag = () => randomBytes(6).toString("hex");
export const newCallId = () => randomBytes(12).toString("hex");
/** RFC 3261 magic cookie, so peers treat the branch as a transaction id. */
export const newBranch = () => "z9hG4bK" + randomBytes(8).toString("hex");

export interface Dialog {
  callId: string;
  localTag: string;
  remoteTag: string;
  /** Our From (requests we send) as name-addr without tag. */
  localUri: string;
  remoteUri: string;
  /** Where in-dialog requests go: the peer's Contact URI. */
  remoteTarget: string;
  localSeq: number;
  remoteSeq: number;
}

/** The header value without its tag parameter, plus the tag. */
export function splitTag(value: string | undefined): { uri: string; tag: string | null } {
  const n = value ? parseNameAddr(value) : null;
  if (!n) return { uri: value ?? "", tag: null };
  const tag = n.params.tag ?? null;
  const params = { ...n.params };
  delete params.tag;
  return { uri: formatNameAddr({ ...n, params }), tag };
}

export function contactUri(m: SipRequest | SipResponse): string | null {
  const c = getHeader(m, "Contact");
  return c ? (parseNameAddr(c)?.uri ?? null) : null;
}

/** The dialog a UAS forms on answering `req` (the browser's INVITE). */
export function dialogAsUas(req: SipRequest, localTag: string): Dialog {
  const from = splitTag(getHeader(req, "From"));
  return {
    callId: getHeader(req, "Call-ID")!,
    localTag,
    remoteTag: from.tag ?? "",
    localUri: splitTag(getHeader(req, "To")).uri,
    remoteUri: from.uri,
    remoteTarget: contactUri(req) ?? req.uri,
    localSeq: 0,
    remoteSeq: parseCSeq(getHeader(req, "CSeq") ?? "")?.seq ?? 0,
  };
}

/** A response mirroring the request's Via, From, To (with our tag), Call-ID and CSeq. */
export function responseTo(
  req: SipRequest,
  status: number,
  opts: { reason?: string; toTag?: string; headers?: SipHeader[]; body?: string } = {},
): SipResponse {
  const headers: SipHeader[] = getHeaders(req, "Via").map((value) => ({ name: "Via", value }));
  let to = getHeader(req, "To") ?? "";
  if (opts.toTag && status > 100 && !/;\s*tag=/i.test(to)) to += `;tag=${opts.toTag}`;
  headers.push({ name: "From", value: getHeader(req, "From") ?? "" });
  headers.push({ name: "To", value: to });
  headers.push({ name: "Call-ID", value: getHeader(req, "Call-ID") ?? "" });
  headers.push({ name: "CSeq", value: getHeader(req, "CSeq") ?? "" });
  headers.push(...(opts.headers ?? []));
  return {
    type: "response",
    status,
    reason: opts.reason ?? REASONS[status] ?? "",
    headers,
    body: opts.body ?? "",
  };
}

export interface RequestParts {
  method: string;
  uri: string;
  via: string;
  from: string;
  to: string;
  callId: string;
  cseq: number;
  headers?: SipHeader[];
  body?: string;
}

export function buildRequest(p: RequestParts): SipRequest {
  return {
    type: "request",
    method: p.method,
    uri: p.uri,
    headers: [
      { name: "Via", value: p.via },
      { name: "Max-Forwards", value: "70" },
      { name: "From", value: p.from },
      { name: "To", value: p.to },
      { name: "Call-ID", value: p.callId },
      { name: "CSeq", value: `${p.cseq} ${p.method}` },
      ...(p.headers ?? []),
    ],
    body: p.body ?? "",
  };
}

/** A request inside the dialog; `viaHost` names this side of the WebSocket. */
export function inDialog(
  d: Dialog,
  method: string,
  viaHost: string,
  extra: { headers?: SipHeader[]; body?: string; cseq?: number } = {},
): SipRequest {
  const cseq = extra.cseq ?? ++d.localSeq;
  return buildRequest({
    method,
    uri: d.remoteTarget,
    via: `SIP/2.0/WSS ${viaHost};branch=${newBranch()}`,
    from: `${d.localUri};tag=${d.localTag}`,
    to: `${d.remoteUri};tag=${d.remoteTag}`,
    callId: d.callId,
    cseq,
    headers: extra.headers,
    body: extra.body,
  });
}

/** CANCEL for an INVITE we sent: same Request-URI, branch, Call-ID, From, To and CSeq number. */
export function cancelFor(invite: SipRequest): SipRequest {
  const cseq = parseCSeq(getHeader(invite, "CSeq") ?? "")!;
  return buildRequest({
    method: "CANCEL",
    uri: invite.uri,
    via: getHeader(invite, "Via")!,
    from: getHeader(invite, "From")!,
    to: getHeader(invite, "To")!,
    callId: getHeader(invite, "Call-ID")!,
    cseq: cseq.seq,
  });
}

/** ACK for a non-2xx final response: part of the INVITE transaction (same branch), To from the response. */
export function ackForFailure(invite: SipRequest, res: SipResponse): SipRequest {
  const cseq = parseCSeq(getHeader(invite, "CSeq") ?? "")!;
  return buildRequest({
    method: "ACK",
    uri: invite.uri,
    via: getHeader(invite, "Via")!,
    from: getHeader(invite, "From")!,
    to: getHeader(res, "To")!,
    callId: getHeader(invite, "Call-ID")!,
    cseq: cseq.seq,
  });
}

/** The transaction key of a message: top Via branch + CSeq method (CANCEL shares the INVITE's branch). */
export function transactionKey(m: SipRequest | SipResponse): string | null {
  const via = getHeader(m, "Via");
  const branch = via ? parseVia(via)?.params.branch : null;
  const cseq = parseCSeq(getHeader(m, "CSeq") ?? "");
  if (!branch || !cseq) return null;
  return `${branch}|${cseq.method}`;
}
