// The edge's small pure parts: digest, credentials, SDP direction, μ-law, sounds, registrar, REFER / DTMF bodies.
import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { causeOfStatus } from "./agentLine";
import { parseSipUsername, sipPassword, sipUsername } from "./credentials";
import {
  challengeHeader,
  checkNonce,
  digestResponse,
  makeNonce,
  NONCE_TTL_MS,
  parseAuthorization,
  verifyDigest,
} from "./digest";
import { linearToUlaw, ulawToLinear } from "./media/g711";
import { answerDirection, directionOf, signallingOnlySdp, withDirection } from "./media/sdp";
import { Player, programmeOf } from "./media/sounds";
import { Registrar } from "./registrar";
import { dtmfDigit, referTarget } from "./uas";

const mac = (v: string) => createHmac("sha256", "k").update(v).digest("base64url");

describe("digest", () => {
  it("verifies what a client computes (qop=auth) and refuses a wrong password", () => {
    const nonce = makeNonce(mac, 1_000_000);
    expect(checkNonce(mac, nonce, 1_000_000 + 1000)).toBe("ok");
    expect(checkNonce(mac, nonce, 1_000_000 + NONCE_TTL_MS + 1)).toBe("stale");
    expect(
      checkNonce(
        mac,
        nonce.replace(/.$/, (c) => (c === "a" ? "b" : "a")),
        1_000_000,
      ),
    ).toBe("invalid");
    expect(challengeHeader("dialer", nonce, true)).toBe(
      `Digest realm="dialer", nonce="${nonce}", algorithm=MD5, qop="auth", stale=true`,
    );
    const base = {
      username: "1001.1767700000",
      realm: "dialer",
      nonce,
      uri: "sip:dialer",
      qop: "auth",
      nc: "00000001",
      cnonce: "abc",
    };
    const response = digestResponse(base, "REGISTER", "secret");
    const header = `Digest algorithm=MD5, username="${base.username}", realm="dialer", nonce="${nonce}", uri="sip:dialer", response="${response}", qop=auth, cnonce="abc", nc=00000001`;
    const answer = parseAuthorization(header)!;
    expect(verifyDigest(answer, "REGISTER", "secret")).toBe(true);
    expect(verifyDigest(answer, "REGISTER", "wrong")).toBe(false);
    expect(verifyDigest(answer, "INVITE", "secret")).toBe(false);
    expect(parseAuthorization("Basic abc")).toBeNull();
  });

  it("RFC 2617 §3.5 example (qop=auth)", () => {
    const a = {
      username: "Mufasa",
      realm: "testrealm@host.com",
      nonce: "dcd98b7102dd2f0e8b11d0f600bfb0c093",
      uri: "/dir/index.html",
      qop: "auth",
      nc: "00000001",
      cnonce: "0a4f113b",
    };
    expect(digestResponse(a, "GET", "Circle Of Life")).toBe("6629fae49393a05397450978507c4ef1");
  });
});

describe("credentials", () => {
  it("the username carries extension and expiry; the password depends on extension, tenant and expiry", () => {
    const exp = Date.parse("2026-01-06T03:00:00Z");
    expect(sipUsername("1001", exp + 999)).toBe("1001.1767668400");
    expect(parseSipUsername("1001.1767668400")).toEqual({ ext: "1001", expiresAtMs: exp });
    expect(parseSipUsername("1001")).toBeNull();
    const p = sipPassword(mac, "1001", 1, exp);
    expect(p).toHaveLength(24);
    expect(sipPassword(mac, "1001", 2, exp)).not.toBe(p);
    expect(sipPassword(mac, "1002", 1, exp)).not.toBe(p);
    expect(sipPassword(mac, "1001", 1, exp + 1000)).not.toBe(p);
  });
});

describe("SDP direction", () => {
  const offer =
    "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=mid:0\r\na=sendonly\r\na=rtpmap:0 PCMU/8000\r\n";
  it("reads, answers and rewrites", () => {
    expect(directionOf(offer)).toBe("sendonly");
    expect(directionOf(offer.replace("a=sendonly\r\n", ""))).toBe("sendrecv");
    expect(directionOf("v=0\r\na=inactive\r\nm=audio 9 RTP/AVP 0\r\n")).toBe("inactive");
    expect(answerDirection("sendonly")).toBe("recvonly");
    expect(answerDirection("inactive")).toBe("inactive");
    const answer = withDirection(offer, "recvonly");
    expect(directionOf(answer)).toBe("recvonly");
    expect(answer.match(/a=(sendrecv|sendonly|recvonly|inactive)/g)).toEqual(["a=recvonly"]);
    expect(directionOf(withDirection(offer.replace("a=sendonly\r\n", ""), "inactive"))).toBe("inactive");
    expect(signallingOnlySdp("offer")).toMatch(/a=fingerprint:sha-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}\r\n/);
  });
});

describe("media programmes", () => {
  it("μ-law round-trips within its quantisation", () => {
    for (const s of [0, 100, -100, 1000, -5000, 20000, -32000])
      expect(Math.abs(ulawToLinear(linearToUlaw(s)) - s)).toBeLessThanOrEqual(Math.max(8, Math.abs(s) / 16));
    expect(linearToUlaw(0)).toBe(0xff);
  });

  it("ringback is 2 s on, 4 s off; the voice clips are shipped; machine ends in silence", () => {
    const ring = programmeOf("ringback");
    expect(ring.data.length).toBe(6 * 8000);
    expect(ring.loop).toBe(true);
    const energy = (b: Buffer) => b.reduce((s, u) => s + Math.abs(ulawToLinear(u)), 0) / b.length;
    expect(energy(ring.data.subarray(0, 16000))).toBeGreaterThan(1000);
    expect(energy(ring.data.subarray(16000))).toBe(0);
    for (const s of ["human", "machine", "voicemail-box", "third-party"] as const)
      expect(programmeOf(s).data.length).toBeGreaterThan(2 * 8000);
    const p = new Player();
    p.play("machine");
    const frames = Math.ceil(programmeOf("machine").data.length / 160) + 5;
    let last: Buffer = Buffer.alloc(0);
    for (let i = 0; i < frames; i++) last = p.nextFrame();
    expect(last.every((u) => u === 0xff)).toBe(true);
    p.play("human");
    expect(p.nextFrame()).toHaveLength(160);
  });
});

describe("registrar", () => {
  afterEach(() => vi.useRealTimers());

  it("binds, replaces, expires and drops a connection's contacts, feeding the PBX in order", async () => {
    vi.useFakeTimers();
    const feed: string[] = [];
    const r = new Registrar<string>(
      {
        register: async (ext, ms) => void feed.push(`+${ext}:${ms}`),
        unregister: async (ext) => void feed.push(`-${ext}`),
      },
      () => {},
    );
    r.bind("1001", "ws1", "sip:a@x", "<sip:a@x>", 60);
    r.bind("1002", "ws1", "sip:b@x", "<sip:b@x>", 1);
    expect(r.lookup("1001")?.conn).toBe("ws1");
    r.bind("1001", "ws2", "sip:c@x", "<sip:c@x>", 60);
    vi.advanceTimersByTime(1500);
    expect(r.lookup("1002")).toBeUndefined();
    r.dropConnection("ws1"); // 1001 moved to ws2: stays
    expect(r.lookup("1001")?.contactUri).toBe("sip:c@x");
    r.remove("1001", "ws1");
    expect(r.lookup("1001")).toBeDefined();
    r.dropConnection("ws2");
    await r.settled();
    expect(feed).toEqual(["+1001:60000", "+1002:1000", "+1001:60000", "-1002", "-1001"]);
    r.close();
  });
});

describe("softphone request bodies", () => {
  it("REFER targets: digits or +digits, in a SIP URI", () => {
    expect(referTarget("<sip:+15551234567@dialer>")).toBe("+15551234567");
    expect(referTarget("sip:2001@dialer")).toBe("2001");
    expect(referTarget("<sip:bob@dialer>")).toBeNull();
    expect(referTarget(undefined)).toBeNull();
  });

  it("DTMF from INFO bodies", () => {
    expect(dtmfDigit("application/dtmf-relay", "Signal=5\r\nDuration=100\r\n")).toBe("5");
    expect(dtmfDigit("application/dtmf-relay", "Signal= #\r\n")).toBe("#");
    expect(dtmfDigit("application/dtmf", "*")).toBe("*");
    expect(dtmfDigit("text/plain", "Signal=1")).toBeNull();
  });

  it("final responses map to hang-up causes", () => {
    expect([486, 603, 480, 487, 404, 408, 500].map(causeOfStatus)).toEqual([
      "busy",
      "rejected",
      "rejected",
      "canceled",
      "unavailable",
      "no-answer",
      "failed",
    ]);
  });
});
