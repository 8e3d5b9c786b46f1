// werift is a risk (pre-1.0): when a peer cannot even be built, calls go on with signalling-only media.
import { describe, expect, it, vi } from "vitest";
import { Pacer } from "./pacer";
import { directionOf } from "./sdp";
import { weriftMedia } from "./werift";

vi.mock("werift", async (importOriginal) => ({
  ...(await importOriginal<typeof import("werift")>()),
  RTCPeerConnection: class {
    constructor() {
      throw new Error("no peer for you");
    }
  },
}));

describe("werift media endpoint without werift", () => {
  it("offers and answers a well-formed description, logs, and never throws", async () => {
    const log = vi.fn();
    const pacer = new Pacer();
    const ep = weriftMedia(pacer, log)("broken");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("peer creation failed"), expect.any(Error));
    const offer = await ep.createOffer();
    expect(offer).toMatch(/a=fingerprint:sha-256 /);
    expect(offer).toContain("a=setup:actpass");
    await expect(ep.acceptAnswer("anything")).resolves.toBeUndefined();
    const answer = await ep.answer("v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=sendonly\r\n");
    expect(answer).toContain("a=setup:passive");
    expect(directionOf(answer)).toBe("recvonly");
    ep.play("busy");
    (ep as unknown as { tick(): void }).tick(); // the pacer's call: nothing to send without a peer
    expect(ep.stats()).toMatchObject({ state: "none", sent: 0, sound: "busy" });
    ep.close();
    pacer.stop();
  });
});
