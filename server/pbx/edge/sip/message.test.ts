import { describe, expect, it } from "vitest";
import {
  ackForFailure,
  cancelFor,
  dialogAsUas,
  inDialog,
  responseTo,
  splitTag,
  transactionKey,
} from "./dialog";
import { parseCSeq, parseNameAddr, parseUri, parseVia } from "./headers";
import {
  getHeader,
  getHeaders,
  parseMessage,
  serializeMessage,
  setHeader,
  SipParseError,
  type SipRequest,
} from "./message";

const INVITE = [
  "INVITE sip:*97@dialer SIP/2.0",
  "Via: SIP/2.0/WSS abc.invalid;branch=z9hG4bK111, SIP/2.0/WSS proxy.invalid;branch=z9hG4bK222",
  "Max-Forwards: 69",
  'f: "Jordan, R" <sip:1001@dialer>;tag=from1',
  "t: <sip:*97@dialer>",
  "i: call-1@abc",
  "CSeq: 2 INVITE",
  "m: <sip:x1@abc.invalid;transport=ws>;expires=600",
  "c: application/sdp",
  "X-Dialer-Call-Id: 42",
  "l: 7",
  "",
  "v=0\r\nxy",
].join("\r\n");

describe("SIP message parser", () => {
  it("reads a request with compact headers, a Via list and Content-Length", () => {
    const m = parseMessage(INVITE) as SipRequest;
    expect(m.type).toBe("request");
    expect(m.method).toBe("INVITE");
    expect(m.uri).toBe("sip:*97@dialer");
    expect(getHeaders(m, "via")).toEqual([
      "SIP/2.0/WSS abc.invalid;branch=z9hG4bK111",
      "SIP/2.0/WSS proxy.invalid;branch=z9hG4bK222",
    ]);
    expect(getHeader(m, "From")).toBe('"Jordan, R" <sip:1001@dialer>;tag=from1');
    expect(getHeader(m, "call-id")).toBe("call-1@abc");
    expect(getHeader(m, "Content-Type")).toBe("application/sdp");
    expect(getHeader(m, "x-dialer-call-id")).toBe("42");
    expect(m.body).toBe("v=0\r\nxy");
  });

  it("round-trips: serialise → parse gives the same message, Content-Length recomputed in bytes", () => {
    const m = parseMessage(INVITE);
    const text = serializeMessage(m);
    expect(text).toContain("Call-ID: call-1@abc");
    expect(text).toContain("Content-Length: 7\r\n\r\nv=0\r\nxy");
    expect(parseMessage(text)).toEqual(m);
    m.body = "é";
    expect(serializeMessage(m)).toContain("Content-Length: 2\r\n");
  });

  it("reads responses, folded lines and a body cut at Content-Length", () => {
    const m = parseMessage(
      'SIP/2.0 401 Unauthorized\r\nVia: SIP/2.0/WSS a.invalid;branch=z9hG4bKx\r\nWWW-Authenticate: Digest realm="dialer",\r\n  nonce="n"\r\nContent-Length: 2\r\n\r\nabcdef',
    );
    expect(m).toMatchObject({ type: "response", status: 401, reason: "Unauthorized", body: "ab" });
    expect(getHeader(m, "www-authenticate")).toBe('Digest realm="dialer", nonce="n"');
  });

  it("keeps a Contact * and splits only list headers", () => {
    const m = parseMessage(
      'REGISTER sip:dialer SIP/2.0\r\nVia: SIP/2.0/WSS a;branch=z9hG4bK1\r\nFrom: <sip:1001@dialer>;tag=1\r\nTo: <sip:1001@dialer>\r\nCall-ID: r\r\nCSeq: 1 REGISTER\r\nContact: *\r\nAuthorization: Digest username="a", realm="b"\r\n\r\n',
    );
    expect(getHeaders(m, "Contact")).toEqual(["*"]);
    expect(getHeaders(m, "Authorization")).toHaveLength(1);
    setHeader(m, "contact", "<sip:x@y>");
    expect(getHeaders(m, "Contact")).toEqual(["<sip:x@y>"]);
  });

  it("refuses garbage", () => {
    expect(() => parseMessage("hello")).toThrow(SipParseError);
    expect(() => parseMessage("INVITE sip:a@b SIP/2.0\r\nVia: x\r\n\r\n")).toThrow(/missing From/);
    expect(() => parseMessage("SIP/2.0 200 OK\r\nContent-Length: 10\r\n\r\nshort")).toThrow(/shorter/);
  });
});

describe("SIP header parts", () => {
  it("parses URIs, name-addr, Via and CSeq", () => {
    expect(parseUri("sip:%2A97@Dialer:5060;transport=ws")).toEqual({
      scheme: "sip",
      user: "*97",
      host: "dialer",
      port: 5060,
      params: { transport: "ws" },
    });
    expect(parseUri("sip:dialer")).toMatchObject({ user: null, host: "dialer" });
    expect(parseUri("mailto:x")).toBeNull();
    expect(parseNameAddr('"A \\"B\\"" <sip:+1555@dialer>;tag=t1')).toEqual({
      display: 'A "B"',
      uri: "sip:+1555@dialer",
      params: { tag: "t1" },
    });
    expect(parseNameAddr("sip:1001@dialer;tag=9")).toEqual({
      display: null,
      uri: "sip:1001@dialer",
      params: { tag: "9" },
    });
    expect(parseVia("SIP/2.0/WSS h.invalid;branch=z9hG4bKa;rport")).toEqual({
      transport: "WSS",
      host: "h.invalid",
      params: { branch: "z9hG4bKa", rport: null },
    });
    expect(parseCSeq("12 invite")).toEqual({ seq: 12, method: "INVITE" });
    expect(splitTag("<sip:a@b>;tag=x;foo=1")).toEqual({ uri: "<sip:a@b>;foo=1", tag: "x" });
  });
});

describe("dialog messages", () => {
  const invite = parseMessage(INVITE) as SipRequest;

  it("a response mirrors Via, From, To (+tag), Call-ID and CSeq", () => {
    const r = responseTo(invite, 200, { toTag: "me", body: "sdp" });
    expect(getHeaders(r, "Via")).toHaveLength(2);
    expect(getHeader(r, "To")).toBe("<sip:*97@dialer>;tag=me");
    expect(getHeader(r, "CSeq")).toBe("2 INVITE");
    expect(parseMessage(serializeMessage(r))).toEqual({
      ...r,
      headers: [...r.headers, { name: "Content-Length", value: "3" }],
    });
    expect(getHeader(responseTo(invite, 100, { toTag: "me" }), "To")).toBe("<sip:*97@dialer>");
  });

  it("the UAS dialog, in-dialog requests, CANCEL and the ACK of a failure", () => {
    const d = dialogAsUas(invite, "me");
    expect(d).toMatchObject({
      callId: "call-1@abc",
      localTag: "me",
      remoteTag: "from1",
      remoteTarget: "sip:x1@abc.invalid;transport=ws",
      remoteSeq: 2,
    });
    const bye = inDialog(d, "BYE", "gw.invalid");
    expect(bye.uri).toBe("sip:x1@abc.invalid;transport=ws");
    expect(getHeader(bye, "From")).toBe("<sip:*97@dialer>;tag=me");
    expect(getHeader(bye, "To")).toBe('"Jordan, R" <sip:1001@dialer>;tag=from1');
    expect(getHeader(bye, "CSeq")).toBe("1 BYE");
    const cancel = cancelFor(invite);
    expect(transactionKey(cancel)).toBe("z9hG4bK111|CANCEL");
    expect(getHeader(cancel, "CSeq")).toBe("2 CANCEL");
    const ack = ackForFailure(invite, responseTo(invite, 486, { toTag: "t9" }));
    expect(getHeader(ack, "To")).toBe("<sip:*97@dialer>;tag=t9");
    expect(transactionKey(ack)).toBe("z9hG4bK111|ACK");
  });
});
