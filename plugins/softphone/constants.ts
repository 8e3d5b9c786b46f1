// The softphone's numbers (agent-workspace §9), in one place so the service, the widget and the tests agree.

/** The remote audio volume the slider starts at, in percent, and its step. */
export const DEFAULT_VOLUME = 100;
export const VOLUME_STEP = 5;

/** While the socket is up but the extension is not registered, REGISTER is retried this often. */
export const REGISTER_RETRY_MS = 5_000;
/** JsSIP has no keep-alive of its own: an OPTIONS to the realm keeps NATs and proxies from dropping us. */
export const KEEP_ALIVE_MS = 45_000;
/** Still not registered this long after the socket connected: the credentials are wrong. */
export const WRONG_CREDENTIALS_AFTER_MS = 1_000;

/** After the agent presses Answer or Reject, both stay disabled this long (no double actions). */
export const RINGER_INTERACTION_RESET_MS = 3_000;
/** A session being answered is not answered again (click + auto-answer) until this has passed. */
export const ANSWER_TRIGGER_RESET_MS = 3_000;

/** JsSIP waits for ICE gathering to finish and has no timeout; an unreachable STUN server would delay calls. */
export const ICE_GATHERING_TIMEOUT_MS = 1_500;

/** REGISTER expiry asked of the registrar, in seconds; JsSIP refreshes before it runs out. */
export const REGISTER_EXPIRES_S = 120;
/** Short-lived SIP credentials are fetched again this long before they expire. */
export const CREDENTIALS_REFRESH_MARGIN_MS = 60_000;
/** The soonest a credentials refresh runs, and the wait after a failed one. */
export const CREDENTIALS_RETRY_MS = 30_000;

export const RINGTONE_VOLUME = 0.15;
export const DIGIT_TONE_VOLUME = 0.04;

/** Local storage key for what the agent arranged: position, volume, devices. */
export const STORAGE_KEY = "isi-dialer.softphone";

/** The microphone error's toast lasts this long (agent-workspace §9). */
export const MICROPHONE_TOAST_MS = 5_000;
