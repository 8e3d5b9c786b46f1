// The phone's line: microphone permission, SIP credentials, the user agent's registration, keep-alive and
// re-registration (agent-workspace §4 Softphone, reference/telephony.md §4 pitfalls 4–6).
import type { AxiosInstance } from "axios";
import { callEndpoint, type Clock, type Notify } from "../../src/sdk";
import { readWebRtcCredentials, type WebRtcCredentials } from "../../src/contract/calls";
import {
  CREDENTIALS_REFRESH_MARGIN_MS,
  CREDENTIALS_RETRY_MS,
  KEEP_ALIVE_MS,
  REGISTER_EXPIRES_S,
  REGISTER_RETRY_MS,
  WRONG_CREDENTIALS_AFTER_MS,
  MICROPHONE_TOAST_MS,
} from "./constants";
import type { SoftphoneDriver } from "./driver";
import type { SoftphoneStore } from "./model";
import type { Unsubscribe } from "./emitter";
import type { SipSession, SipUa } from "./ports";
import { namedTimers } from "./timers";

export interface ConnectionDeps {
  http: AxiosInstance;
  clock: Clock;
  store: SoftphoneStore;
  driver: SoftphoneDriver;
  notify: Notify;
  t: (key: string) => string;
  onIncoming(session: SipSession): void;
}

/** Registrar answers that mean the username or password is not accepted. */
const AUTH_FAILURES = new Set(["Authentication Error", "Rejected"]);

export function createConnection(d: ConnectionDeps) {
  const { store, clock, driver } = d;
  const timers = namedTimers(clock);
  let ua: SipUa | null = null;
  let offUa: Unsubscribe[] = [];
  let starting: Promise<void> | null = null;
  let stopped = false;

  const markWrongCredentials = () => {
    if (store.wrongCredentials || ua?.isRegistered()) return;
    store.setWrongCredentials(true);
    d.notify.error(d.t("webrtc.authentication.wrong_credentials"));
  };

  async function askMicrophone() {
    const access = await driver.media.requestMicrophone().catch(() => "unavailable" as const);
    store.setMicrophone(access);
    // agent-workspace §8: a persistent error alert plus a 5 s toast; the alert goes once access is given.
    if (access === "denied") {
      d.notify.show(d.t("webrtc.microphone.permission_denied"), {
        type: "error",
        timeout: null,
        key: "webrtc.microphone",
      });
      d.notify.show(d.t("webrtc.microphone.permission_denied"), {
        type: "error",
        timeout: MICROPHONE_TOAST_MS,
      });
    } else d.notify.dismissKey("webrtc.microphone");
    if (access === "unavailable") d.notify.error(d.t("webrtc.microphone.unavailable"));
    return access === "granted";
  }

  /** GET /webrtc/credentials; null for a 404 (no WebRTC user), a refusal, the network or an incomplete answer. */
  async function loadCredentials(): Promise<WebRtcCredentials | null> {
    const answer = await callEndpoint(d, readWebRtcCredentials);
    const c = answer.ok ? answer.data.data : null;
    return c && c.username && c.password && c.uri && c.ws_url && c.realm ? c : null;
  }

  async function fetchCredentials(): Promise<WebRtcCredentials | null> {
    const c = await loadCredentials();
    if (c) {
      store.setCredentials("loaded", c.realm);
      return c;
    }
    if (store.credentials !== "missing") d.notify.error(d.t("webrtc.authentication.missing_credentials"));
    store.setCredentials("missing");
    return null;
  }

  /**
   * Short-lived credentials: fetch new ones before these expire, hand the whole pair to the UA and REGISTER
   * with it at once. The expiry is the gateway's time, and so is `clock` (it learns the gateway's time from
   * every answer, the credentials' own included): a PC clock hours off neither refreshes every few seconds nor
   * lets the credentials lapse. A failed refresh is retried quietly; the registration stands until it expires.
   */
  function scheduleCredentialRefresh(expiresAt: string) {
    const expires = Date.parse(expiresAt);
    if (!Number.isFinite(expires)) return;
    refreshCredentialsIn(
      Math.max(expires - CREDENTIALS_REFRESH_MARGIN_MS - clock.now(), CREDENTIALS_RETRY_MS),
    );
  }
  function refreshCredentialsIn(ms: number) {
    timers.set("credentials", ms, () => {
      void loadCredentials().then((fresh) => {
        if (!ua || stopped) return;
        if (!fresh) return refreshCredentialsIn(CREDENTIALS_RETRY_MS);
        useCredentials(ua, fresh);
      });
    });
  }
  /** The UA registers with these credentials from now on, and the next refresh is set from their expiry. */
  function useCredentials(u: SipUa, c: WebRtcCredentials) {
    u.setCredentials(c.username, c.password);
    if (u.isConnected()) u.register();
    scheduleCredentialRefresh(c.expires_at);
  }

  /** Socket up, extension not registered: try again every few seconds (agent-workspace §9 register refresh). */
  function retryRegister() {
    timers.set("register", REGISTER_RETRY_MS, () => {
      if (!ua || stopped || ua.isRegistered()) return;
      if (ua.isConnected()) ua.register();
      retryRegister();
    });
  }

  function keepAlive() {
    timers.set("ping", KEEP_ALIVE_MS, () => {
      if (!ua || stopped) return;
      if (ua.isConnected()) ua.ping();
      keepAlive();
    });
  }

  function wire(u: SipUa) {
    offUa = [
      u.on("connecting", () => {
        if (store.registration !== "reconnecting") store.setRegistration("connecting");
      }),
      u.on("connected", () => {
        store.setRegistration(u.isRegistered() ? "registered" : "connected");
        timers.set(
          "wrong-credentials",
          WRONG_CREDENTIALS_AFTER_MS,
          () => !u.isRegistered() && markWrongCredentials(),
        );
        retryRegister();
      }),
      // JsSIP reconnects by itself (with backoff) and re-registers: the agent sees "reconnecting", not "logged out".
      u.on("disconnected", () => {
        store.setRegistration("reconnecting");
        timers.clear("wrong-credentials");
      }),
      u.on("registered", () => {
        store.setRegistration("registered");
        timers.clear("wrong-credentials");
        timers.clear("register");
      }),
      u.on("unregistered", () => {
        if (stopped) return;
        store.setRegistration(u.isConnected() ? "connected" : "reconnecting");
        if (u.isConnected()) retryRegister();
      }),
      u.on("registrationFailed", (cause) => {
        store.setRegistration(u.isConnected() ? "connected" : "reconnecting");
        if (AUTH_FAILURES.has(cause)) markWrongCredentials();
        if (u.isConnected()) retryRegister();
      }),
      u.on("incoming", (s) => d.onIncoming(s)),
    ];
  }

  async function open(c: WebRtcCredentials) {
    const u = await driver.createUa({
      wsUrl: c.ws_url,
      uri: c.uri,
      username: c.username,
      password: c.password,
      realm: c.realm,
      registerExpires: REGISTER_EXPIRES_S,
    });
    if (stopped) return;
    ua = u;
    wire(u);
    store.setRegistration("connecting");
    u.start();
    keepAlive();
    scheduleCredentialRefresh(c.expires_at);
  }

  async function start() {
    if (stopped || ua) return;
    store.setRegistration("connecting");
    const [microphone, credentials] = await Promise.all([askMicrophone(), fetchCredentials()]);
    // Without a microphone the agent could not talk: stay unregistered so the gateway routes no call here.
    if (!microphone || !credentials || stopped) {
      if (!stopped) store.setRegistration("idle");
      return;
    }
    await open(credentials);
  }

  return {
    /** Connects once; a second call while connecting waits for the first. */
    start(): Promise<void> {
      starting ??= start().finally(() => (starting = null));
      return starting;
    },
    /** "Try again" after an error: asks again for what is missing, and registers with fresh credentials. */
    async retry() {
      if (!ua) return this.start();
      const fresh = await fetchCredentials();
      if (!fresh || stopped || !ua) return;
      store.setWrongCredentials(false);
      useCredentials(ua, fresh);
    },
    /** Back online or back on screen: the socket may have died silently (laptop sleep), so REGISTER again. */
    reRegister() {
      if (ua && !stopped && ua.isConnected()) ua.register();
    },
    ua: () => ua,
    stop() {
      if (stopped) return;
      stopped = true;
      timers.clearAll();
      offUa.forEach((off) => off());
      offUa = [];
      ua?.stop();
      ua = null;
      store.setRegistration("stopped");
    },
  };
}
export type Connection = ReturnType<typeof createConnection>;
