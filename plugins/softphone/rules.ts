// Pure rules of the dial pad, the transfer and conference fields and the widget's position
// (agent-workspace §5 Dial pad, §2 Softphone widget). No state, no I/O: property-tested in rules.test.ts.
import { VOICEMAIL_SHORTCUT } from "../../src/contract/calls";

/** The dial pad in its on-screen order (agent-workspace §9). */
export const DIAL_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;
export type DialKey = (typeof DIAL_KEYS)[number];

export const MAX_DIAL_LENGTH = 10;
/** On a call the text also carries DTMF digits (a voicemail PIN, a menu choice). */
export const MAX_DIAL_LENGTH_IN_CALL = 50;
export const MAX_PASTE_DIGITS = 10;
export const CONFERENCE_DIGITS = 10;
export const MAX_TRANSFER_LENGTH = 15;

export const isDialKey = (key: string): key is DialKey => (DIAL_KEYS as readonly string[]).includes(key);
export const maxDialLength = (inCall: boolean) => (inCall ? MAX_DIAL_LENGTH_IN_CALL : MAX_DIAL_LENGTH);

/** What an edit of the number field leaves: digits, * and # only, cut to the length allowed now. */
export function sanitizeDial(text: string, inCall: boolean): string {
  return text.replace(/[^0-9*#]/g, "").slice(0, maxDialLength(inCall));
}

/** A key pressed on the dial pad (or typed): appended while there is room, refused otherwise. */
export function appendKey(text: string, key: string, inCall: boolean): string {
  if (!isDialKey(key) || text.length >= maxDialLength(inCall)) return text;
  return text + key;
}

/**
 * A paste into the number field: only the pasted digits (at most 10) go in, at the selection, and the
 * result keeps the field's length limit. "(555) 123-4567" pastes as 5551234567.
 */
export function pasteDial(
  current: string,
  start: number,
  end: number,
  pasted: string,
  inCall: boolean,
): string {
  const digits = pasted.replace(/\D/g, "").slice(0, MAX_PASTE_DIGITS);
  const from = Math.max(0, Math.min(start, current.length));
  const to = Math.max(from, Math.min(end, current.length));
  return (current.slice(0, from) + digits + current.slice(to)).slice(0, maxDialLength(inCall));
}

/**
 * On the voicemail box's call the field starts with *97 and the digits after it are the PIN: DTMF goes
 * out only then (text starts with *97 and is longer than 3).
 */
export function voicemailDtmfAllowed(text: string): boolean {
  return text.startsWith(VOICEMAIL_SHORTCUT) && text.length > VOICEMAIL_SHORTCUT.length;
}

/** The conference destination as typed: its digits, at most 10. */
export function conferenceDigits(text: string): string {
  return text.replace(/\D/g, "").slice(0, CONFERENCE_DIGITS);
}

/** The 10-digit mask ###-###-####, applied as the agent types (a dash appears once the next digit does). */
export function formatConference(digits: string): string {
  const d = conferenceDigits(digits);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}

export const conferenceComplete = (digits: string) => /^\d{10}$/.test(digits);

/** A blind-transfer destination: an extension or a number, dial characters only. */
export function sanitizeTransfer(text: string): string {
  return text.replace(/[^0-9*#]/g, "").slice(0, MAX_TRANSFER_LENGTH);
}

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** Keeps the widget inside the viewport: its top-left corner never leaves the screen, nor its far edges. */
export function clampPosition(p: Point, size: Size, viewport: Size): Point {
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(0, v), Math.max(0, max)));
  return { x: clamp(p.x, viewport.width - size.width), y: clamp(p.y, viewport.height - size.height) };
}

/**
 * Which way the widget's panel unfolds from a bar the agent placed at `p`: downwards in the top half of the
 * screen, upwards in the bottom half (so it stays on screen), and leftwards when there is no room for it
 * to the right of the bar's left edge.
 */
export function unfoldFrom(p: Point, panelWidth: number, viewport: Size): { up: boolean; left: boolean } {
  return { up: p.y > viewport.height / 2, left: p.x + panelWidth > viewport.width };
}

/** Elapsed time in a call box: m:ss, or h:mm:ss past an hour. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
