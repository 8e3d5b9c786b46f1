// The printable-text rule, once (agent-workspace §5): free text an agent types (notes, other reasons,
// descriptions) keeps printable ASCII and newlines only. The panels clean what they send with `keepPrintable`;
// the gateway's schemas apply the same rule with `printableText`, so what the panel shows is what is stored.
// Not in common.ts: that file is in the sign-in page's bundle, which needs none of this.
import { z } from "zod";

const NOT_PRINTABLE = /[^\x20-\x7E\n]/g;

/** The text without anything but printable ASCII and newlines. */
export const keepPrintable = (s: string) => s.replace(NOT_PRINTABLE, "");

/**
 * What a schema says when a text field fails: `tooLong` past `max`, `invalid` when it is not a string at all
 * (a translation key or an error map). Without them zod's own English stays, as the gateway's older routes have.
 */
export interface TextMessages {
  tooLong?: string;
  invalid?: Parameters<typeof z.string>[0];
}

/** A free-text field of at most `max` characters, cleaned by keepPrintable. */
export const printableText = (max: number, messages: TextMessages = {}) =>
  z.string(messages.invalid).max(max, messages.tooLong).transform(keepPrintable);

/**
 * A one-line name (a person's, a street, a city, an occupation): at most `max` characters, control characters
 * dropped and the ends trimmed. Accents stay: the printable-ASCII rule is for free text, not for names.
 */
export const lineText = (max: number, messages: TextMessages = {}) =>
  z
    .string(messages.invalid)
    .max(max, messages.tooLong)
    .transform((s) => s.replace(/\p{Cc}/gu, "").trim());
