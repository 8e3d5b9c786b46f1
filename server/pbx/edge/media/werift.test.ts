import { describe, expect, it } from "vitest";
import { waitFor } from "../testing/jssipNode";
import { Pacer } from "./pacer";
import { directionOf, withDirection } from "./sdp";
import { weriftMedia } from "./werift";

describe("werift media endpoint", () => {
  it("offers PCMU only, with a loopback host candidate and no STUN", async () => {
    const pacer = new Pacer();
    const ep = weriftMedia(pacer, () => {})("offer");
    const sdp = await ep.createOffer();
    expect(sdp).toMatch(/m=audio \d+ UDP\/TLS\/RTP\/SAVPF 0\r\n/);
    expect(sdp).toContain("a=rtpmap:0 PCMU/8000");
    expect(sdp).not.toMatch(/opus/i);
    expect(sdp).toMatch(/a=candidate:\S+ 1 udp \d+ 127\.0\.0\.1 \d+ typ host/);
    expect(sdp).not.toMatch(/typ srflx/);
    expect(ep.stats()).toMatchObject({ sent: 0, received: 0, sound: "silence" });
    ep.close();
    pacer.stop();
  });

  it("two endpoints connect and carry their programmes; a held one sends nothing", async () => {
    const pacer = new Pacer();
    const media = weriftMedia(pacer, () => {});
    const a = media("a");
    const b = media("b");
    a.play("ringback");
    b.play("human");
    await a.acceptAnswer(await b.answer(await a.createOffer()));
    await waitFor("packets a → b", () => b.stats().received >= 5 && a.stats().received >= 5);
    expect(a.stats()).toMatchObject({ state: "connected", sound: "ringback" });
    a.setHeld(true);
    const sent = a.stats().sent;
    await waitFor("b keeps sending", () => a.stats().received >= 15);
    expect(a.stats().sent).toBe(sent); // held: nothing sent
    a.close();
    b.close();
    pacer.stop();
  });

  it("answers a hold offer (a=sendonly) with a=recvonly", async () => {
    const pacer = new Pacer();
    const media = weriftMedia(pacer, () => {});
    const [offerer, answerer] = [media("offerer"), media("answerer")];
    const answer = await answerer.answer(withDirection(await offerer.createOffer(), "sendonly"));
    expect(directionOf(answer)).toBe("recvonly");
    offerer.close();
    answerer.close();
    pacer.stop();
  });
});
