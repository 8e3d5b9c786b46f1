// The free-text rule, once (agent-workspace §5): text an agent or a manager types (notes, other reasons,
// descriptions, names) keeps every printable character, accented letters, punctuation such as – and ’, and
// emoji: French and Spanish call centres write them. What goes is what no one means to store: control characters
// (Unicode category Cc: NUL, BEL, ESC, tab, carriage return…; multi-line free text keeps its newlines) and the
// invisible bidirectional controls that reorder what follows them (U+202A–U+202E embeddings and overrides,
// U+2066–U+2069 isolates, U+200E/U+200F marks), plus a lone half of a surrogate pair, which is no character at all.
// The specification's words are "printable ASCII and newline"; docs/decisions.md says why they are read by their
// purpose. `cleanFreeText` is the one sanitiser: the panels clean what they send with it (`keepPrintable`, the
// SDK's `cleanText`), and the gateway's schemas apply it with `printableText` and `lineText`, so what the panel
// shows is what is stored.
// Not in common.ts: that file is in the sign-in page's bundle, which needs none of this.
import { z } from "zod";

/** Control characters but the newline, bidirectional controls and lone surrogates. */
const UNWANTED_KEEPING_NEWLINES = /(?!\n)\p{Cc}|[\u200E\u200F\u202A-\u202E\u2066-\u2069]|\p{Cs}/gu;
/** The same, newlines included. */
const UNWANTED = /\p{Cc}|[\u200E\u200F\u202A-\u202E\u2066-\u2069]|\p{Cs}/gu;

/**
 * The one free-text sanitiser: `text` without control characters (Unicode Cc), bidirectional embedding, override
 * and isolate characters (U+202A–U+202E, U+2066–U+2069), left-to-right and right-to-left marks (U+200E, U+200F)
 * and lone surrogates. `multiLine` keeps the newline `\n` (a carriage return still goes: "\r\n" becomes "\n").
 */
export function cleanFreeText(text: string, { multiLine }: { multiLine: boolean }): string {
  return text.replace(multiLine ? UNWANTED_KEEPING_NEWLINES : UNWANTED, "");
}

/** Multi-line free text as it is stored: every printable character and newlines (cleanFreeText). */
export const keepPrintable = (s: string) => cleanFreeText(s, { multiLine: true });

/** One-line text as it is typed: every printable character, no newline (cleanFreeText); not trimmed. */
export const keepLine = (s: string) => cleanFreeText(s, { multiLine: false });

/**
 * `text` cut to at most `max` UTF-16 units (as a field's maxLength counts; the schemas' `max` counts code points,
 * so what is cut always fits) without leaving half of an emoji's surrogate pair at the end, which the gateway
 * would refuse as unstorable.
 */
export function cutText(text: string, max: number): string {
  const cut = text.slice(0, max);
  return cut.length < text.length && /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * What a schema says when a text field fails: `tooLong` past `max`, `invalid` when it is not a string at all
 * (a translation key or an error map). Without them zod's own English stays, as the gateway's older routes have.
 */
export interface TextMessages {
  tooLong?: string;
  invalid?: Parameters<typeof z.string>[0];
}

/** A multi-line free-text field of at most `max` characters, cleaned by keepPrintable. */
export const printableText = (max: number, messages: TextMessages = {}) =>
  z.string(messages.invalid).max(max, messages.tooLong).transform(keepPrintable);

/**
 * A one-line name (a person's, a street, a city, an occupation): at most `max` characters, cleaned by the same
 * sanitiser with newlines dropped too (keepLine), and the ends trimmed.
 */
export const lineText = (max: number, messages: TextMessages = {}) =>
  z
    .string(messages.invalid)
    .max(max, messages.tooLong)
    .transform((s) => keepLine(s).trim());
