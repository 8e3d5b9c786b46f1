// The softphone widget as an agent sees it: connecting, its error messages, the dial pad rules, the audio
// settings. A fake user agent plays the phone system; the clock is renderPlugin's manual clock.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readWebRtcCredentials } from "../../src/contract/calls";
import { callKey, statusKey } from "../../src/sdk";
import { fakeCallControl, fakeStatusControl, provide, renderPlugin } from "../../src/sdk/testing";
import softphone from "./index";
import { CREDENTIALS, fakeDriver } from "./test/fakeDriver";
import { renderSoftphone } from "./test/renderSoftphone";

const number = () => screen.getByRole("textbox", { name: "Number" });
const MIC_DENIED =
  "The browser is blocking your microphone. Allow the microphone for this site, then try again.";
const MISSING = "Your softphone has no credentials. Ask your manager to enable WebRTC for your extension.";
const WRONG = "The phone system refused your softphone credentials. Try again, or contact your manager.";
/** What the status selector says while the softphone keeps every change away. */
const LOCKED = "Your softphone is not connected.";

describe("softphone connection", () => {
  it("is connected only once the microphone, the credentials and the registration all hold", async () => {
    const { driver, lock, locks } = await renderSoftphone();
    expect(await screen.findByRole("region", { name: "Softphone" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Connecting…");

    await waitFor(() => expect(driver.uas).toHaveLength(1));
    const ua = driver.ua;
    expect(ua.options).toMatchObject({
      wsUrl: "wss://pbx.test:443/ws",
      uri: "sip:2042@pbx.test",
      username: "2042",
      password: "s3cret",
      realm: "pbx.test",
    });
    expect(ua.started).toBe(true);
    act(() => ua.connect());
    expect(screen.getByRole("status")).toHaveTextContent("Connecting…");
    expect(lock()).toBe(LOCKED);

    act(() => ua.acceptRegistration());
    expect(screen.getByRole("status")).toHaveTextContent("Connected");
    // The status selector: locked until now, free from now on.
    expect(locks).toEqual([LOCKED, null]);
    expect(lock()).toBeNull();
  });

  it("says 'reconnecting', not logged out, when the socket drops, and reports the phone disconnected", async () => {
    const { driver, connect, lock } = await renderSoftphone();
    await connect();
    act(() => driver.ua.dropSocket());
    expect(screen.getByRole("status")).toHaveTextContent("Reconnecting…");
    expect(lock()).toBe(LOCKED);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    act(() => driver.ua.connect());
    act(() => driver.ua.acceptRegistration());
    expect(screen.getByRole("status")).toHaveTextContent("Connected");
    expect(lock()).toBeNull();
  });

  it("shows the wrong-credentials message when still unregistered 1 s after connecting", async () => {
    const { driver, advance, notify, lock } = await renderSoftphone();
    await waitFor(() => expect(driver.uas).toHaveLength(1));
    act(() => driver.ua.connect());
    await advance(999);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await advance(1);
    expect(screen.getByRole("alert")).toHaveTextContent(WRONG);
    expect(notify.shown).toContainEqual({ intent: "error", text: WRONG });
    expect(screen.getByRole("status")).toHaveTextContent("Disconnected");
    expect(lock()).toBe(LOCKED);

    // Registered after all (a slow registrar): the message goes.
    act(() => driver.ua.acceptRegistration());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Connected");
  });

  it("shows no wrong-credentials message when registered within the second", async () => {
    const { driver, advance, notify } = await renderSoftphone();
    await waitFor(() => expect(driver.uas).toHaveLength(1));
    act(() => driver.ua.connect());
    await advance(500);
    act(() => driver.ua.acceptRegistration());
    await advance(5_000);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(notify.shown).toEqual([]);
  });

  it("retries REGISTER every 5 s while the socket is up and the extension is not registered", async () => {
    const { driver, advance } = await renderSoftphone();
    await waitFor(() => expect(driver.uas).toHaveLength(1));
    act(() => driver.ua.connect());
    act(() => driver.ua.refuseRegistration());
    expect(screen.getByRole("alert")).toHaveTextContent(WRONG);
    await advance(5_000);
    expect(driver.ua.registers).toBe(1);
    await advance(5_000);
    expect(driver.ua.registers).toBe(2);
    act(() => driver.ua.acceptRegistration());
    await advance(20_000);
    expect(driver.ua.registers).toBe(2);
  });

  it("says the microphone is blocked (alert and toast) and does not register without it", async () => {
    const driver = fakeDriver({ microphone: "denied" });
    const { notify, lock } = await renderSoftphone({ driver });
    expect(await screen.findByRole("alert")).toHaveTextContent(MIC_DENIED);
    // A persistent alert, plus the 5 s toast.
    expect(notify.shown).toContainEqual(
      expect.objectContaining({
        intent: "error",
        text: MIC_DENIED,
        persistent: true,
        key: "webrtc.microphone",
      }),
    );
    expect(notify.shown).toContainEqual(
      expect.objectContaining({ intent: "error", text: MIC_DENIED, persistent: false }),
    );
    expect(driver.uas).toHaveLength(0);
    expect(screen.getByRole("status")).toHaveTextContent("Disconnected");
    expect(lock()).toBe(LOCKED);

    // The agent allows the microphone and tries again.
    driver.state.microphone = "granted";
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(driver.uas).toHaveLength(1));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says the credentials are missing when the gateway has none for the agent", async () => {
    const { notify, driver } = await renderSoftphone({
      credentials: { status: 404, data: { message: "No WebRTC user" } },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(MISSING);
    expect(notify.shown).toContainEqual({ intent: "error", text: MISSING });
    expect(driver.uas).toHaveLength(0);
  });

  it("says the credentials are missing when the answer lacks the password", async () => {
    await renderSoftphone({ credentials: { status: 200, data: { data: { ...CREDENTIALS, password: "" } } } });
    expect(await screen.findByRole("alert")).toHaveTextContent(MISSING);
  });

  it("says once, in the widget, that desktop notifications are blocked; a click anywhere raises no alert", async () => {
    const driver = fakeDriver({ notifications: "denied" });
    const { notify, connect } = await renderSoftphone({ driver, open: true });
    await connect();
    act(() => driver.fire("gesture"));
    act(() => driver.fire("gesture"));
    const text =
      "Desktop notifications are blocked: you will not be alerted to incoming calls while the dialer is in the background.";
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(notify.shown).toEqual([]);
  });

  it("asks for desktop notifications only when the agent presses Allow notifications", async () => {
    const driver = fakeDriver({ notifications: "default" });
    const { connect, user } = await renderSoftphone({ driver });
    await connect();
    act(() => driver.fire("gesture"));
    expect(driver.state.permissionRequests).toBe(0);
    // Collapsed, the bar says it with an icon that opens the widget on the whole message and its button.
    await user.click(screen.getByRole("button", { name: "Desktop notifications are off" }));
    expect(driver.state.permissionRequests).toBe(0);
    await user.click(screen.getByRole("button", { name: "Allow notifications" }));
    expect(driver.state.permissionRequests).toBe(1);
    expect(screen.queryByRole("button", { name: "Allow notifications" })).not.toBeInTheDocument();
  });

  it("says why the status selector is locked in the agent's language, at the time it is read", async () => {
    const { lock, status, changeLanguage } = await renderSoftphone({ language: "fr" });
    expect(lock()).toBe("Votre téléphone logiciel n'est pas connecté.");
    // Every change waits for the phone, Ready included.
    expect(status.control.readyBlocked).toBe("Votre téléphone logiciel n'est pas connecté.");
    await changeLanguage("es");
    expect(lock()).toBe("Su teléfono web no está conectado.");
  });

  it("renders nothing and tells the status selector there is no softphone without WebRTC", async () => {
    const { status, lock, driver } = await renderSoftphone({ agent: { hasWebRtc: false } });
    await act(async () => {});
    expect(screen.queryByRole("region", { name: "Softphone" })).not.toBeInTheDocument();
    expect(status.guards.size).toBe(0);
    expect(lock()).toBeNull();
    expect(driver.uas).toHaveLength(0);
  });

  it("runs on the browser's own media when no driver is handed in (jsdom has no microphone)", async () => {
    const { notify } = await renderPlugin(softphone, {
      services: [
        provide(callKey, fakeCallControl().control),
        provide(statusKey, fakeStatusControl().control),
      ],
    });
    expect(
      await screen.findByText("No microphone was found. Connect a headset, then try again."),
    ).toBeInTheDocument();
    expect(notify.shown.map((s) => s.intent)).toEqual(["error", "error"]);
  });

  it("renders nothing without an extension", async () => {
    const { status, lock } = await renderSoftphone({ agent: { extension: null } });
    await act(async () => {});
    expect(screen.queryByRole("region", { name: "Softphone" })).not.toBeInTheDocument();
    expect(status.guards.size).toBe(0);
    expect(lock()).toBeNull();
  });
});

describe("keep-alive and re-registration", () => {
  it("pings the realm every 45 s and registers again when back online or back on screen", async () => {
    const { driver, connect, advance } = await renderSoftphone();
    await connect();
    await advance(44_999);
    expect(driver.ua.pings).toBe(0);
    await advance(1);
    expect(driver.ua.pings).toBe(1);
    await advance(45_000);
    expect(driver.ua.pings).toBe(2);

    act(() => driver.fire("online"));
    expect(driver.ua.registers).toBe(1);
    act(() => driver.fire("visible"));
    expect(driver.ua.registers).toBe(2);
  });

  it("stops the user agent when the page goes away", async () => {
    const { driver, connect, lock } = await renderSoftphone();
    await connect();
    act(() => driver.fire("pagehide"));
    expect(driver.ua.stopped).toBe(true);
    expect(lock()).toBe(LOCKED);
  });

  it("fetches fresh credentials before they expire and registers with the whole new pair", async () => {
    const { driver, connect, advance, gateway } = await renderSoftphone();
    await connect();
    // The clock starts at 14:00; the credentials expire at 15:00 and are refreshed a minute before. The
    // authorization user carries the expiry: a new password under the old user would be refused.
    gateway.reply(readWebRtcCredentials, {
      status: 200,
      data: {
        data: {
          username: "2042.1767628800",
          password: "n3w",
          realm: "pbx.test",
          uri: "sip:2042@pbx.test",
          ws_url: "wss://pbx.test:443/ws",
          expires_at: "2026-01-05T16:00:00.000Z",
        },
      },
    });
    const registers = driver.ua.registers;
    await advance(59 * 60_000 - 1);
    expect(driver.ua.credentials).toEqual([]);
    await advance(1);
    await waitFor(() => expect(driver.ua.credentials).toEqual([{ username: "2042.1767628800", password: "n3w" }]));
    // It registers with them at once, not at the registration's next refresh.
    expect(driver.ua.registers).toBe(registers + 1);
    // The next refresh is a minute before the new expiry (16:00), not sooner.
    await advance(59 * 60_000);
    expect(driver.ua.credentials).toHaveLength(1);
  });

  it("Try again after refused credentials fetches fresh ones and registers with them", async () => {
    const { driver, gateway } = await renderSoftphone();
    await waitFor(() => expect(driver.uas).toHaveLength(1));
    act(() => driver.ua.connect());
    act(() => driver.ua.refuseRegistration());
    expect(screen.getByRole("alert")).toHaveTextContent(WRONG);
    gateway.reply(readWebRtcCredentials, {
      status: 200,
      data: { data: { ...CREDENTIALS, username: "2042.1767632400", password: "fr3sh" } },
    });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(driver.ua.credentials).toEqual([{ username: "2042.1767632400", password: "fr3sh" }]));
    act(() => driver.ua.acceptRegistration());
    expect(await screen.findByRole("status")).toHaveTextContent("Connected");
  });
});

describe("dial pad", () => {
  it("has the keys 0-9, * and #, which type into the number", async () => {
    const { user, driver } = await renderSoftphone({ open: true });
    await screen.findByRole("region", { name: "Softphone" });
    const pad = screen.getByRole("group", { name: "Dial pad" });
    expect(
      within(pad)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"]);
    for (const key of ["5", "*", "0", "#"]) await user.click(within(pad).getByRole("button", { name: key }));
    expect(number()).toHaveValue("5*0#");
    // A short tone for each key.
    expect(driver.state.digits).toEqual(["5", "*", "0", "#"]);
  });

  it("takes only digits, * and #, at most 10 characters", async () => {
    const { user } = await renderSoftphone();
    await screen.findByRole("region", { name: "Softphone" });
    await user.type(number(), "55a5-1 2*#99999999");
    expect(number()).toHaveValue("55512*#999");
  });

  it("keeps only the pasted digits, 10 at most", async () => {
    const { user } = await renderSoftphone();
    await screen.findByRole("region", { name: "Softphone" });
    await user.click(number());
    await user.paste("+1 (555) 123-4567 ext 89");
    expect(number()).toHaveValue("1555123456");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(number()).toHaveValue("");
    await user.click(number());
    await user.paste("(555) 123-4567");
    expect(number()).toHaveValue("5551234567");
  });

  it("dials the number through the gateway with Call, and with Enter", async () => {
    const { user, call, connect } = await renderSoftphone({ open: true });
    await connect();
    const callButton = screen.getByRole("button", { name: "Call" });
    expect(callButton).toBeDisabled();
    await user.type(number(), "5551234567");
    await user.click(callButton);
    expect(call.dials).toEqual([{ phone: "5551234567" }]);
    expect(number()).toHaveValue("");

    act(() => call.current.reset());
    await user.type(number(), "5550001111{Enter}");
    expect(call.dials.at(-1)).toEqual({ phone: "5550001111" });
  });

  it("keeps the number when the gateway refuses the dial", async () => {
    const { user, connect } = await renderSoftphone({
      call: fakeCallControl({ refuse: "Bria is closed or inactive" }),
    });
    await connect();
    await user.type(number(), "5551234567");
    await user.click(screen.getByRole("button", { name: "Call" }));
    expect(number()).toHaveValue("5551234567");
    expect(screen.getByRole("button", { name: "Call" })).toBeEnabled();
  });

  it("does not offer Call or Voicemail until the phone is connected", async () => {
    const { user } = await renderSoftphone({ open: true });
    await screen.findByRole("region", { name: "Softphone" });
    await user.type(number(), "5551234567");
    expect(screen.getByRole("button", { name: "Call" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Voicemail" })).toBeDisabled();
  });

  it("allows 50 characters while on a call", async () => {
    const { user, call, connect } = await renderSoftphone({ open: true });
    await connect();
    act(() => call.push({ callId: 7 }));
    await user.type(number(), "1".repeat(60));
    expect(number()).toHaveValue("1".repeat(50));
  });

  it("types dial pad keys pressed anywhere in the widget", async () => {
    const { user } = await renderSoftphone();
    await screen.findByRole("region", { name: "Softphone" });
    await user.click(screen.getByRole("button", { name: "Softphone" }));
    await user.click(screen.getByRole("button", { name: "Softphone" }));
    await user.keyboard("42#");
    expect(number()).toHaveValue("42#");
  });
});

describe("widget", () => {
  const STORED = "isi-dialer.softphone";
  const toggle = () => screen.getByRole("button", { name: "Softphone" });
  const region = () => screen.getByRole("region", { name: "Softphone" });

  it("starts docked in the top bar and collapsed: the phone's state, the number and Call, nothing else", async () => {
    await renderSoftphone();
    expect(await screen.findByRole("region", { name: "Softphone" })).toHaveClass("softphone--docked");
    // Not placed over the panels: no position of its own.
    expect(region()).not.toHaveAttribute("style");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("status")).toHaveTextContent("Connecting…");
    expect(number()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Call" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Dial pad" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Voicemail" })).not.toBeInTheDocument();
    expect(screen.queryByRole("slider", { name: "Volume" })).not.toBeInTheDocument();
  });

  it("opens on demand, and folds again with its toggle or Escape", async () => {
    const { user } = await renderSoftphone();
    await user.click(await screen.findByRole("button", { name: "Softphone" }));
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    const panel = document.getElementById(toggle().getAttribute("aria-controls")!);
    expect(panel).toContainElement(screen.getByRole("group", { name: "Dial pad" }));
    expect(panel).toContainElement(screen.getByRole("button", { name: "Voicemail" }));
    expect(panel).toContainElement(screen.getByRole("slider", { name: "Volume" }));
    // The connection state and the number stay where they were.
    expect(screen.getByRole("status")).toBeInTheDocument();
    expect(number()).toBeInTheDocument();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("group", { name: "Dial pad" })).not.toBeInTheDocument();

    await user.click(toggle());
    await user.keyboard("{Escape}");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
  });

  it("opens by itself while the phone cannot work, to show why", async () => {
    await renderSoftphone({ driver: fakeDriver({ microphone: "denied" }) });
    expect(await screen.findByRole("alert")).toHaveTextContent(MIC_DENIED);
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
  });

  it("moves with its handle, stays in the viewport, and remembers where it was put", async () => {
    const { driver, store } = await renderSoftphone();
    const handle = await screen.findByRole("button", { name: "Move the softphone" });
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 110, clientY: 60 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 110, clientY: 60 });
    expect(store.position).toEqual({ x: 100, y: 50 });
    expect(region()).toHaveStyle({ left: "100px", top: "50px" });
    expect(region()).toHaveClass("softphone--placed");
    expect(JSON.parse(driver.storage.getItem(STORED)!)).toMatchObject({
      position: { x: 100, y: 50 },
    });

    // Dragged far off screen: it stops at the edge.
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: -5000, clientY: 99_999 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(store.position).toEqual({ x: 0, y: window.innerHeight });

    // And with the keyboard.
    fireEvent.keyDown(handle, { key: "ArrowRight" });
    expect(store.position).toEqual({ x: 10, y: window.innerHeight });
  });

  it("remembers where the agent put it and whether it was open, and goes back to the top bar on request", async () => {
    const first = await renderSoftphone();
    await first.user.click(await screen.findByRole("button", { name: "Softphone" }));
    const handle = screen.getByRole("button", { name: "Move the softphone" });
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 110, clientY: 60 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 110, clientY: 60 });
    const saved = first.driver.storage.getItem(STORED)!;
    expect(JSON.parse(saved)).toMatchObject({ position: { x: 100, y: 50 }, collapsed: false });
    first.unmount();

    // The next sign-in on this computer.
    const driver = fakeDriver();
    driver.storage.setItem(STORED, saved);
    const { user, store } = await renderSoftphone({ driver });
    expect(await screen.findByRole("region", { name: "Softphone" })).toHaveStyle({
      left: "100px",
      top: "50px",
    });
    expect(toggle()).toHaveAttribute("aria-expanded", "true");

    await user.click(screen.getByRole("button", { name: "Put the softphone back in the top bar" }));
    expect(store.position).toBeNull();
    expect(region()).toHaveClass("softphone--docked");
    expect(region().style.left).toBe("");
    expect(region().style.top).toBe("");
    await user.click(toggle());
    expect(JSON.parse(driver.storage.getItem(STORED)!)).toMatchObject({ position: null, collapsed: true });
  });

  it("starts where the agent left it", async () => {
    const driver = fakeDriver();
    driver.storage.setItem(
      STORED,
      JSON.stringify({ position: { x: 40, y: 30 }, collapsed: false, volume: 60 }),
    );
    await renderSoftphone({ driver });
    expect(await screen.findByRole("region", { name: "Softphone" })).toHaveStyle({
      left: "40px",
      top: "30px",
    });
    expect(screen.getByRole("slider", { name: "Volume" })).toHaveAttribute("aria-valuenow", "60");
  });

  describe("in a window of its own size", () => {
    const initial = { width: window.innerWidth, height: window.innerHeight };
    const resizeTo = (width: number, height: number) => {
      Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: width });
      Object.defineProperty(window, "innerHeight", { configurable: true, writable: true, value: height });
    };
    // jsdom lays nothing out: the bar measures as in a browser (480 × 40 unless a test says otherwise).
    let bar = [480, 40];
    beforeEach(() => {
      bar = [480, 40];
      vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
        this: HTMLElement,
      ) {
        const [width, height] = this.classList.contains("softphone") ? bar : [0, 0];
        return {
          x: 0,
          y: 0,
          left: 0,
          top: 0,
          right: width,
          bottom: height,
          width,
          height,
          toJSON: () => ({}),
        };
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      resizeTo(initial.width, initial.height);
    });

    it("stays inside the viewport: placed on a bigger screen, and after the window shrinks", async () => {
      resizeTo(1440, 900);
      const driver = fakeDriver();
      driver.storage.setItem(STORED, JSON.stringify({ position: { x: 1800, y: 1000 } }));
      const { store } = await renderSoftphone({ driver });
      await screen.findByRole("region", { name: "Softphone" });
      expect(store.position).toEqual({ x: 1440 - 480, y: 900 - 40 });

      resizeTo(1366, 768);
      act(() => void window.dispatchEvent(new Event("resize")));
      expect(store.position).toEqual({ x: 1366 - 480, y: 768 - 40 });
      expect(region()).toHaveStyle({ left: "886px", top: "728px" });
      expect(JSON.parse(driver.storage.getItem(STORED)!)).toMatchObject({ position: { x: 886, y: 728 } });
    });

    it("unfolds upwards and leftwards near the bottom-right corner, downwards near the top", async () => {
      resizeTo(1366, 768);
      bar = [300, 40];
      const driver = fakeDriver();
      driver.storage.setItem(STORED, JSON.stringify({ position: { x: 1060, y: 700 }, collapsed: false }));
      const { store, user } = await renderSoftphone({ driver });
      expect(await screen.findByRole("region", { name: "Softphone" })).toHaveClass(
        "softphone--up",
        "softphone--left",
      );
      const handle = screen.getByRole("button", { name: "Move the softphone" });
      fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientX: 1080, clientY: 710 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: 40, clientY: 20 });
      fireEvent.pointerUp(handle, { pointerId: 1 });
      expect(store.position).toEqual({ x: 20, y: 10 });
      expect(region()).not.toHaveClass("softphone--up");
      expect(region()).not.toHaveClass("softphone--left");
      expect(toggle()).toHaveAttribute("aria-expanded", "true");
      await user.click(toggle());
      expect(toggle()).toHaveAttribute("aria-expanded", "false");
    });
  });
});

describe("audio", () => {
  it("has a volume slider from 0 to 100 in steps of 5, at 100 by default, that sets the call's volume", async () => {
    const { driver } = await renderSoftphone({ open: true });
    const slider = await screen.findByRole("slider", { name: "Volume" });
    expect(slider).toHaveAttribute("aria-valuenow", "100");
    expect(slider).toHaveAttribute("aria-valuemin", "0");
    expect(slider).toHaveAttribute("aria-valuemax", "100");
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(slider).toHaveAttribute("aria-valuenow", "95");
    expect(driver.state.volume).toBeCloseTo(0.95);
    fireEvent.keyDown(slider, { key: "ArrowDown" });
    expect(slider).toHaveAttribute("aria-valuenow", "90");
  });

  it("lists microphones and speakers behind the audio devices toggle, and follows device changes", async () => {
    const { user, driver, connect } = await renderSoftphone({ open: true });
    await connect();
    await user.click(screen.getByRole("button", { name: "Audio devices" }));
    const mic = await screen.findByRole("combobox", { name: "Microphone" });
    const speaker = screen.getByRole("combobox", { name: "Speaker" });
    await waitFor(() =>
      expect(
        within(mic)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["System default", "Headset microphone", "Laptop microphone"]),
    );
    expect(
      within(speaker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["System default", "Headset earphones", "Laptop speakers"]);

    driver.state.devices = [
      ...driver.state.devices,
      { id: "mic-3", label: "USB microphone", kind: "audioinput" },
    ];
    await act(async () => driver.devicesChanged());
    await waitFor(() =>
      expect(within(mic).getByRole("option", { name: "USB microphone" })).toBeInTheDocument(),
    );

    await user.selectOptions(speaker, "Laptop speakers");
    expect(driver.state.sink).toBe("spk-2");
    await user.selectOptions(mic, "Laptop microphone");
    expect(mic).toHaveValue("mic-2");
  });
});

describe("languages", () => {
  it.each([
    ["fr", "Numéro", "Appeler", "Connexion…"],
    ["es", "Número", "Llamar", "Conectando…"],
  ] as const)("speaks %s", async (language, numberLabel, callLabel, connecting) => {
    await renderSoftphone({ language });
    expect(await screen.findByRole("textbox", { name: numberLabel })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: callLabel })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(connecting);
  });
});
