// The link rule, once: an address a call centre configures or the gateway answers (the dashboard link template
// of the `dialer` settings, the health e-app's address, an application page) ends in an href or a new tab, so
// it is an http(s) address or a path on the dialer's own origin, never a script (`javascript:`, `data:`,
// `vbscript:`…) nor another origin written without its scheme (`//evil.example`, `/\evil.example`). The
// gateway's schemas store only such addresses (`linkAddress`, `linkAddressOrNone`), and the browser links only
// what `safeHref` gives back (re-exported by the SDK), whatever was stored before the rule.
// Not in common.ts: that file is in the sign-in page's bundle, which needs none of this.
import { z } from "zod";

/** What a schema says of a refused link (the gateway's 422 on the field). */
export const LINK_MESSAGE =
  "Use an http:// or https:// address, or a path on this site starting with a single /.";

/**
 * Never in a link: control characters and white space anywhere (browsers drop tabs and newlines inside an
 * address and spaces around it, so `java\tscript:` and ` javascript:` would still run), invisible format
 * characters (`\u200B`, bidirectional overrides that disguise an address), and backslashes (browsers read
 * `/\evil.example` as `//evil.example`).
 */
const NEVER = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;
/** A path on this origin: one slash, then not a second one. */
const SAME_ORIGIN_PATH = /^\/(?!\/)/;
/** An absolute http(s) address: the scheme, in any case, then `//`. */
const WEB_ADDRESS = /^https?:\/\//i;

/**
 * `value` when it may be a link's href: an http(s) address with a host, or a path on this origin (starting with
 * exactly one `/`). Anything else, and nothing, is `undefined`: the caller shows no link.
 */
export function safeHref(value: string | null | undefined): string | undefined {
  if (typeof value !== "string" || value === "" || NEVER.test(value)) return undefined;
  if (SAME_ORIGIN_PATH.test(value)) return value;
  if (!WEB_ADDRESS.test(value)) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A link (or a link template: `{placeholders}` are kept) of at most `max` characters that safeHref takes. */
export const linkAddress = (max: number, message: string = LINK_MESSAGE) =>
  z
    .string()
    .max(max)
    .refine((s) => safeHref(s) !== undefined, message);

/** The same, or "" for no link. */
export const linkAddressOrNone = (max: number, message: string = LINK_MESSAGE) =>
  z
    .string()
    .max(max)
    .refine((s) => s === "" || safeHref(s) !== undefined, message);
