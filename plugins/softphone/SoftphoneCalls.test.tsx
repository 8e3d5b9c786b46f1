// Calls on the softphone: the gateway's INVITEs (auto-answered or ringing), the in-call controls, the
// voicemail box and hanging up. A fake user agent plays the gateway's SIP endpoint.
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeDriver } from "./test/fakeDriver";
import { invite, renderSoftphone } from "./test/renderSoftphone";

const AUTO = {
  "X-Dialer-Call-Id": "100",
  "X-Dialer-Lead-Id": "1",
  "X-Dialer-Call-Type": "manual",
  "X-Dialer-Auto-Answer": "true",
};
const INBOUND = {
  "X-Dialer-Call-Id": "200",
  "X-Dialer-Lead-Id": "9",
  "X-Dialer-Call-Type": "inbound",
  "X-Dialer-Auto-Answer": "false",
};
const box = (name: string) => screen.getByRole("group", { name: `Call with ${name}` });

/** Connected, with an answered manual call to Pat Doe (+15555550100), the widget open on its tools. */
async function onACall(o: Parameters<typeof renderSoftphone>[0] = {}) {
  const phone = await renderSoftphone({ open: true, ...o });
  await phone.connect();
  await phone.user.type(screen.getByRole("textbox", { name: "Number" }), "5555550100");
  await phone.user.click(screen.getByRole("button", { name: "Call" }));
  const session = invite(phone.driver, { headers: AUTO });
  act(() => session.confirm());
  act(() => phone.call.push({ callId: 100, status: "answered" }));
  return { ...phone, session };
}

describe("calls the agent asked for", () => {
  it("answers the gateway's INVITE with X-Dialer-Auto-Answer at once and shows the call", async () => {
    const { user, driver, call, connect, advance } = await renderSoftphone();
    await connect();
    await user.type(screen.getByRole("textbox", { name: "Number" }), "5555550100");
    await user.click(screen.getByRole("button", { name: "Call" }));
    expect(call.dials).toEqual([{ phone: "5555550100" }]);

    const session = invite(driver, { headers: AUTO });
    expect(session.answered).toHaveLength(1);
    expect(session.answered[0]).toEqual({ audio: true, video: false });
    expect(within(box("5555550100")).getByText("Connecting…")).toBeInTheDocument();
    expect(driver.state.ringing).toBe(false);

    act(() => session.confirm());
    act(() => call.push({ callId: 100, status: "answered", name: "Pat Doe", phone: "+15555550100" }));
    const pat = box("Pat Doe");
    expect(within(pat).getByText("+15555550100")).toBeInTheDocument();
    expect(within(pat).getByText("Established")).toBeInTheDocument();
    expect(within(pat).getByLabelText("Elapsed time")).toHaveTextContent("0:00");
    // The far end is heard.
    expect(driver.state.played).toHaveLength(1);

    await advance(5_000);
    expect(within(pat).getByLabelText("Elapsed time")).toHaveTextContent("0:05");
    await advance(60_000);
    expect(within(pat).getByLabelText("Elapsed time")).toHaveTextContent("1:05");
  });

  it("answers with the microphone the agent chose", async () => {
    const driver = fakeDriver();
    driver.storage.setItem("isi-dialer.softphone", JSON.stringify({ microphoneId: "mic-2" }));
    const { connect } = await renderSoftphone({ driver });
    await connect();
    const session = invite(driver, { headers: AUTO });
    expect(session.answered[0]).toEqual({ audio: { deviceId: { exact: "mic-2" } }, video: false });
  });
});

describe("inbound and transfer calls", () => {
  it("ring with Answer and Reject; Answer answers", async () => {
    const { user, driver, connect } = await renderSoftphone();
    await connect();
    const session = invite(driver, { headers: INBOUND, user: "+15555550111", name: "Chris Caller" });
    const chris = box("Chris Caller");
    expect(within(chris).getByText("Incoming call")).toBeInTheDocument();
    expect(session.answered).toHaveLength(0);
    expect(driver.state.ringing).toBe(true);

    await user.click(within(chris).getByRole("button", { name: "Answer" }));
    expect(session.answered).toHaveLength(1);
    expect(driver.state.ringing).toBe(false);
    expect(within(chris).queryByRole("button", { name: "Answer" })).not.toBeInTheDocument();
    act(() => session.confirm());
    expect(within(chris).getByText("Established")).toBeInTheDocument();
  });

  it("open the folded widget, impossible to miss, and let it fold again once answered", async () => {
    const { user, driver, connect } = await renderSoftphone();
    await connect();
    const toggle = screen.getByRole("button", { name: "Softphone" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const session = invite(driver, { headers: INBOUND, user: "+15555550111", name: "Chris Caller" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("region", { name: "Softphone" })).toHaveClass("softphone--ringing");

    await user.click(within(box("Chris Caller")).getByRole("button", { name: "Answer" }));
    act(() => session.confirm());
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("region", { name: "Softphone" })).not.toHaveClass("softphone--ringing");
    // The call stays in reach in the bar; the ring did not change what the agent chose.
    expect(within(box("Chris Caller")).getByRole("button", { name: "Hang up" })).toBeInTheDocument();
    expect(JSON.parse(driver.storage.getItem("isi-dialer.softphone")!)).toMatchObject({ collapsed: true });
  });

  it("leave the widget open after the ring when the agent had opened it", async () => {
    const { user, driver, connect } = await renderSoftphone();
    await connect();
    await user.click(screen.getByRole("button", { name: "Softphone" }));
    const session = invite(driver, { headers: INBOUND, user: "+15555550111" });
    await user.click(within(box("+15555550111")).getByRole("button", { name: "Answer" }));
    act(() => session.confirm());
    expect(screen.getByRole("button", { name: "Softphone" })).toHaveAttribute("aria-expanded", "true");
  });

  it("Reject declines the call, and the box goes", async () => {
    const { user, driver, connect } = await renderSoftphone();
    await connect();
    const session = invite(driver, { headers: INBOUND, user: "+15555550111" });
    await user.click(within(box("+15555550111")).getByRole("button", { name: "Reject" }));
    expect(session.rejected).toBe(1);
    expect(session.answered).toHaveLength(0);
    expect(screen.queryByRole("group", { name: /^Call with/ })).not.toBeInTheDocument();
    expect(driver.state.ringing).toBe(false);
  });

  it("keeps Answer and Reject disabled for 3 s after one was used", async () => {
    const { user, driver, connect, advance } = await renderSoftphone();
    await connect();
    const first = invite(driver, { headers: INBOUND, user: "111" });
    await user.click(within(box("111")).getByRole("button", { name: "Reject" }));
    invite(driver, { headers: { ...INBOUND, "X-Dialer-Call-Id": "201" }, user: "222" });
    expect(within(box("222")).getByRole("button", { name: "Answer" })).toBeDisabled();
    await advance(3_000);
    expect(within(box("222")).getByRole("button", { name: "Answer" })).toBeEnabled();
    expect(first.rejected).toBe(1);
  });

  it("are answered by themselves after autoAnswerTime seconds when the agent has auto-answer", async () => {
    const { driver, connect, advance } = await renderSoftphone({
      agent: { autoAnswer: true, autoAnswerTime: 3 },
    });
    await connect();
    const session = invite(driver, { headers: INBOUND, user: "+15555550111" });
    await advance(2_999);
    expect(session.answered).toHaveLength(0);
    await advance(1);
    expect(session.answered).toHaveLength(1);
    // The agent's click just after does not answer a second time.
    expect(within(box("+15555550111")).queryByRole("button", { name: "Answer" })).not.toBeInTheDocument();
  });

  it("are not answered by themselves without auto-answer", async () => {
    const { driver, connect, advance } = await renderSoftphone();
    await connect();
    const session = invite(driver, { headers: INBOUND });
    await advance(60_000);
    expect(session.answered).toHaveLength(0);
  });

  it("are announced on the desktop while the dialer is in the background", async () => {
    const { driver, connect } = await renderSoftphone();
    await connect();
    driver.state.hidden = true;
    invite(driver, { headers: INBOUND, user: "+15555550111", name: "Chris Caller" });
    expect(driver.state.notifications_shown).toEqual([
      { title: "Incoming call", body: "Chris Caller is calling" },
    ]);
  });

  it("offer to enable sound when the browser blocks the ringtone, and ring once enabled", async () => {
    const driver = fakeDriver({ autoplay: false });
    const { user, connect } = await renderSoftphone({ driver });
    await connect();
    invite(driver, { headers: INBOUND, user: "+15555550111" });
    const enable = await screen.findByRole("button", { name: "Enable sound" });
    expect(screen.getByText(/keeps the phone silent/)).toBeInTheDocument();
    expect(driver.state.ringing).toBe(false);
    await user.click(enable);
    expect(driver.state.ringing).toBe(true);
    expect(screen.queryByRole("button", { name: "Enable sound" })).not.toBeInTheDocument();
  });
});

describe("on a call", () => {
  it("keeps hold, mute and hang up in the folded bar, and every in-call control reachable by role and name", async () => {
    const { user } = await onACall({ open: false });
    const toggle = screen.getByRole("button", { name: "Softphone" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const pat = box("Pat Doe");
    // In the bar, buttons without their words are icons that say them to screen readers and on hover.
    for (const name of ["Hold", "Mute"]) {
      expect(within(pat).getByRole("button", { name })).toHaveAttribute("title", name);
    }
    expect(within(pat).getByRole("button", { name: "Hang up" })).toHaveTextContent("Hang up");
    expect(within(pat).getByText("Established")).toBeInTheDocument();
    expect(within(pat).getByLabelText("Elapsed time")).toHaveTextContent("0:00");

    await user.click(toggle);
    const transfer = screen.getByRole("group", { name: "Blind transfer" });
    expect(within(transfer).getByRole("textbox", { name: "Transfer destination" })).toBeEnabled();
    expect(within(transfer).getByRole("button", { name: "Transfer" })).toHaveTextContent("Transfer");
    const conference = screen.getByRole("group", { name: "Conference" });
    expect(within(conference).getByRole("textbox", { name: "Conference destination" })).toBeEnabled();
    for (const name of ["Call", "Merge", "Swap", "Kick second party"]) {
      // Each keeps its whole label: they wrap onto rows, not share one row in equal slices.
      expect(within(conference).getByRole("button", { name })).toHaveTextContent(name);
      expect(
        within(conference).getByRole("button", { name }).closest(".bp6-button-group.bp6-fill"),
      ).toBeNull();
    }
    expect(screen.getByRole("group", { name: "Dial pad" })).toBeInTheDocument();
  });

  it.each([
    ["fr", "Appel avec Pat Doe", ["Mettre en attente", "Couper le micro", "Raccrocher"]],
    ["es", "Llamada con Pat Doe", ["Poner en espera", "Silenciar", "Colgar"]],
  ] as const)("names the bar's call controls in %s", async (language, label, names) => {
    const { changeLanguage } = await onACall({ open: false });
    await changeLanguage(language);
    const pat = screen.getByRole("group", { name: label });
    for (const name of names) expect(within(pat).getByRole("button", { name })).toBeInTheDocument();
  });

  it("moves the keyboard's focus to the widget as the call takes the number's place, and back after", async () => {
    const { user, call, connect } = await renderSoftphone();
    await connect();
    await user.type(screen.getByRole("textbox", { name: "Number" }), "5555550100{Enter}");
    expect(call.dials).toEqual([{ phone: "5555550100" }]);
    expect(screen.getByRole("button", { name: "Softphone" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Hang up" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(call.hangups).toBe(1);
    act(() => call.push({ callId: 100, status: "ended", endedAt: "2026-01-05T14:01:00.000Z" }));
    expect(screen.getByRole("textbox", { name: "Number" })).toHaveFocus();
  });

  it("holds and resumes", async () => {
    const { user, session } = await onACall();
    const pat = box("Pat Doe");
    await user.click(within(pat).getByRole("button", { name: "Hold" }));
    expect(session.holds).toBe(1);
    expect(within(pat).getByText("On hold")).toBeInTheDocument();
    await user.click(within(pat).getByRole("button", { name: "Resume" }));
    expect(session.unholds).toBe(1);
    expect(within(pat).getByText("Established")).toBeInTheDocument();
  });

  it("mutes and unmutes", async () => {
    const { user, session } = await onACall();
    const pat = box("Pat Doe");
    await user.click(within(pat).getByRole("button", { name: "Mute" }));
    expect(session.mutes).toBe(1);
    expect(within(pat).getByText("Muted")).toBeInTheDocument();
    await user.click(within(pat).getByRole("button", { name: "Unmute" }));
    expect(session.unmutes).toBe(1);
    expect(within(pat).queryByText("Muted")).not.toBeInTheDocument();
  });

  it("sends dial pad keys as DTMF, clicked or typed", async () => {
    const { user, session } = await onACall();
    const pad = screen.getByRole("group", { name: "Dial pad" });
    await user.click(within(pad).getByRole("button", { name: "1" }));
    await user.click(within(pad).getByRole("button", { name: "#" }));
    await user.type(screen.getByRole("textbox", { name: "Number" }), "9*");
    expect(session.dtmf).toEqual(["1", "#", "9", "*"]);
    expect(screen.getByRole("textbox", { name: "Number" })).toHaveValue("1#9*");
    // Call and Voicemail give way to the call's own controls.
    expect(screen.queryByRole("button", { name: "Voicemail" })).not.toBeInTheDocument();
  });

  it("transfers blind to the destination, and not without one", async () => {
    const { user, session } = await onACall();
    const transfer = screen.getByRole("button", { name: "Transfer" });
    expect(transfer).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Transfer destination" }), "20a01");
    expect(screen.getByRole("textbox", { name: "Transfer destination" })).toHaveValue("2001");
    expect(transfer).toBeEnabled();
    await user.click(transfer);
    expect(session.refers).toEqual(["2001"]);
    expect(screen.getByRole("textbox", { name: "Transfer destination" })).toHaveValue("");
  });

  it("runs the conference through the gateway: call, merge, swap, kick the second party", async () => {
    const { user, call } = await onACall();
    const conference = screen.getByRole("group", { name: "Conference" });
    const field = within(conference).getByRole("textbox", { name: "Conference destination" });
    const callButton = within(conference).getByRole("button", { name: "Call" });
    expect(callButton).toBeDisabled();
    await user.type(field, "(555) 123-45678");
    expect(field).toHaveValue("555-123-4567");
    expect(within(conference).getByRole("button", { name: "Merge" })).toBeDisabled();
    await user.click(callButton);
    expect(call.conference).toEqual([{ action: "initializeConference", phone: "5551234567" }]);

    act(() =>
      call.push({
        callId: 100,
        status: "answered",
        conference: { state: "initialized", party: "+15551234567" },
      }),
    );
    await user.click(within(conference).getByRole("button", { name: "Swap" }));
    await user.click(within(conference).getByRole("button", { name: "Merge" }));
    act(() =>
      call.push({ callId: 100, status: "answered", conference: { state: "merged", party: "+15551234567" } }),
    );
    expect(within(conference).getByRole("button", { name: "Merge" })).toBeDisabled();
    await user.click(within(conference).getByRole("button", { name: "Kick second party" }));
    expect(call.conference.map((c) => c.action)).toEqual([
      "initializeConference",
      "swapConferenceMember",
      "mergeConference",
      "kickSecondParty",
    ]);
  });

  it("rung back into its call after a reload, answers at once and its timer goes on from the call's answer", async () => {
    const { driver, call, connect, advance } = await renderSoftphone();
    await connect();
    act(() => call.push({ callId: 100, status: "answered", name: "Pat Doe", phone: "+15555550100" }));
    const session = invite(driver, { headers: { ...AUTO, "X-Dialer-Talked-Ms": "95000" } });
    expect(session.answered).toHaveLength(1);
    act(() => session.confirm());
    const pat = box("Pat Doe");
    expect(within(pat).getByLabelText("Elapsed time")).toHaveTextContent("1:35");
    await advance(5_000);
    expect(within(pat).getByLabelText("Elapsed time")).toHaveTextContent("1:40");
  });

  it("sends no BYE when the page goes away mid-call: the gateway rings the reloaded page back into the call", async () => {
    const { session, driver } = await onACall();
    act(() => driver.fire("pagehide"));
    expect(session.terminated).toBe(0);
    expect(driver.ua.stopped).toBe(false);
  });

  it("hangs up with a BYE, and the box goes", async () => {
    const { user, session, driver, call } = await onACall();
    await user.type(screen.getByRole("textbox", { name: "Number" }), "12");
    await user.click(within(box("Pat Doe")).getByRole("button", { name: "Hang up" }));
    expect(session.terminated).toBe(1);
    // The gateway sees the BYE and ends its call.
    act(() => call.push({ callId: 100, status: "ended", endedAt: "2026-01-05T14:01:00.000Z" }));
    expect(screen.queryByRole("group", { name: /^Call with/ })).not.toBeInTheDocument();
    // DTMF digits do not outlive the call.
    expect(screen.getByRole("textbox", { name: "Number" })).toHaveValue("");
    expect(driver.state.played).toHaveLength(1);
  });

  it("clears the call box when the other side hangs up", async () => {
    const { session, call, user } = await onACall();
    act(() => session.remoteHangup());
    act(() => call.push({ callId: 100, status: "ended", endedAt: "2026-01-05T14:01:00.000Z" }));
    expect(screen.queryByRole("group", { name: /^Call with/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Call" })).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Number" }), "1".repeat(12));
    expect(screen.getByRole("textbox", { name: "Number" })).toHaveValue("1".repeat(10));
  });

  it("hangs the gateway's call up when the softphone holds no leg of it", async () => {
    const { user, call, connect } = await renderSoftphone();
    await connect();
    act(() => call.push({ callId: 7, status: "answered", name: "Sam Lee", phone: "+15555550177" }));
    const sam = box("Sam Lee");
    expect(within(sam).getByText("Established")).toBeInTheDocument();
    await user.click(within(sam).getByRole("button", { name: "Hang up" }));
    expect(call.hangups).toBe(1);
  });

  it("switches the microphone mid-call with replaceTrack on the existing sender", async () => {
    const { user, session, driver } = await onACall();
    const replaced: MediaStreamTrack[] = [];
    let stopped = 0;
    session.sender = {
      track: { kind: "audio", stop: () => void stopped++ },
      replaceTrack: async (t: MediaStreamTrack) => void replaced.push(t),
    } as unknown as RTCRtpSender;
    await user.click(screen.getByRole("button", { name: "Audio devices" }));
    await screen.findByRole("option", { name: "Laptop microphone" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Microphone" }), "Laptop microphone");
    expect(driver.state.tracks.map((t) => t.deviceId)).toEqual(["mic-2"]);
    expect(replaced).toEqual([driver.state.tracks[0].track]);
    expect(stopped).toBe(1);
  });
});

describe("voicemail", () => {
  it("dials *97 at the realm and sends the PIN typed after it as DTMF", async () => {
    const { user, driver, connect } = await renderSoftphone({ open: true });
    await connect();
    await user.click(screen.getByRole("button", { name: "Voicemail" }));
    expect(driver.ua.calls.map((c) => c.user)).toEqual(["*97"]);
    const number = screen.getByRole("textbox", { name: "Number" });
    expect(number).toHaveValue("*97");
    const vm = box("Voicemail");
    expect(within(vm).getByText("Ringing")).toBeInTheDocument();

    const session = driver.ua.calls[0].session;
    act(() => session.confirm());
    expect(within(vm).getByText("Established")).toBeInTheDocument();
    await user.type(number, "1234#");
    expect(session.dtmf).toEqual(["1", "2", "3", "4", "#"]);

    // Once the text no longer starts with *97, nothing goes out.
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await user.type(number, "5");
    expect(session.dtmf).toEqual(["1", "2", "3", "4", "#"]);
  });
});
