import { describe, expect, it } from "vitest";
import { SoftphoneModel } from "./model";

const ready = () => {
  const m = SoftphoneModel.create({});
  m.configure({ enabled: true, autoAnswer: false, autoAnswerTime: 0 });
  return m;
};

describe("softphone model", () => {
  it("starts from {} as the registry creates slices: volume 100, collapsed and docked, nothing connected", () => {
    const m = SoftphoneModel.create({});
    expect(m.volume).toBe(100);
    expect(m.open).toBe(false);
    expect(m.position ?? null).toBeNull();
    expect(m.connected).toBe(false);
    expect(m.phoneState).toBe("off");
    expect(m.sessions).toEqual([]);
  });

  it("is connected only with the microphone, the credentials and the registration", () => {
    const m = ready();
    const steps: [() => void, boolean][] = [
      [() => m.setMicrophone("granted"), false],
      [() => m.setCredentials("loaded", "pbx.test"), false],
      [() => m.setRegistration("connected"), false],
      [() => m.setRegistration("registered"), true],
      [() => m.setRegistration("reconnecting"), false],
    ];
    for (const [step, connected] of steps) {
      step();
      expect(m.connected).toBe(connected);
    }
    expect(m.hostname).toBe("pbx.test");
    expect(m.phoneState).toBe("reconnecting");
  });

  it("lists its problems as message keys, and drops wrong credentials once registered", () => {
    const m = ready();
    m.setMicrophone("denied");
    m.setCredentials("missing");
    m.setWrongCredentials(true);
    expect(m.problems).toEqual([
      "webrtc.microphone.permission_denied",
      "webrtc.authentication.missing_credentials",
      "webrtc.authentication.wrong_credentials",
    ]);
    expect(m.phoneState).toBe("disconnected");
    m.setRegistration("registered");
    expect(m.problems).not.toContain("webrtc.authentication.wrong_credentials");
  });

  it("keeps sessions in arrival order and tells ringing ones from the active one", () => {
    const m = ready();
    m.addSession({ id: "a", direction: "incoming", state: "established", createdAt: 1 });
    m.addSession({ id: "b", direction: "incoming", state: "ringing", createdAt: 2 });
    expect(m.sessions.map((s) => s.id)).toEqual(["a", "b"]);
    expect(m.ringing.map((s) => s.id)).toEqual(["b"]);
    expect(m.active?.id).toBe("a");
    m.setAnswering("a");
    m.removeSession("a");
    expect(m.answering).toBeNull();
    expect(m.active).toBeUndefined();
    expect(m.sessionIds).toEqual(["b"]);
  });

  it("opens for a ringing call or a problem, and closes again only if the agent did not take it over", () => {
    const m = ready();
    m.openForAttention();
    expect([m.open, m.openedForAttention]).toEqual([true, true]);
    m.attentionOver();
    expect(m.open).toBe(false);

    // Opened by the agent: it stays open.
    m.setOpen(true);
    m.openForAttention();
    m.attentionOver();
    expect(m.open).toBe(true);

    // Opened for a ring, then kept open by the agent's hand: it stays open too.
    m.setOpen(false);
    m.openForAttention();
    m.setOpen(true);
    m.attentionOver();
    expect(m.open).toBe(true);
  });

  it("shows a ringing call in the bar before the one in progress", () => {
    const m = ready();
    m.addSession({ id: "a", direction: "outgoing", state: "established", createdAt: 1 });
    expect(m.primary?.id).toBe("a");
    m.addSession({ id: "b", direction: "incoming", state: "ringing", createdAt: 2 });
    expect(m.primary?.id).toBe("b");
    expect(m.needsAttention).toBe(true);
  });
});
