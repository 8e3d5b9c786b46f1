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

/**
 * The specification's own English texts that the gateway sends as they are (they are the wire contract),
 * with the key that translates each for the agent.
 */
export const SPEC_TEXT_KEYS: Readonly<Record<string, string>> = {
  "Bria is closed or inactive": "status.bria_closed",
  "Your phone is disconnected, please refresh the dialer and retry": "status.phone_disconnected",
  "A manager disabled calling for your extension": "status.calling_disabled",
};

/** A gateway message in the agent's language: our keys and the specification's texts translate. */
export function gatewayText(t: TFunction, text: string): string {
  const key = SPEC_TEXT_KEYS[text] ?? (LOOKS_LIKE_KEY.test(text) ? text : null);
  return key ? (t(key, { defaultValue: text }) as string) : text;
}

export function translate(t: TFunction, message: Message): string {
  if ("key" in message) return t(message.key, message.values ?? {}) as string;
  return gatewayText(t, message.text);
}
