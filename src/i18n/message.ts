import type { TFunction } from "i18next";

/**
 * A text to show, decided away from the screen that shows it: either a translation key with its values, or
 * words that came from the gateway as they are (a 403's message, a field error).
 */
export type Message = { key: string; values?: Record<string, unknown> } | { text: string };

export const msg = (key: string, values?: Record<string, unknown>): Message => ({ key, values });

/** Gateway texts may be our own keys (e.g. "password.too_short"); anything else is shown verbatim. */
export const serverText = (text: string): Message => ({ text });

export const LOOKS_LIKE_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

export function translate(t: TFunction, message: Message): string {
  if ("key" in message) return t(message.key, message.values ?? {}) as string;
  return LOOKS_LIKE_KEY.test(message.text)
    ? (t(message.text, { defaultValue: message.text }) as string)
    : message.text;
}
