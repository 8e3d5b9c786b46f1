// The printable-text rule, once (agent-workspace §5): free text an agent types (notes, other reasons,
// descriptions) keeps printable ASCII and newlines only. The panels clean what they send with `keepPrintable`;
// the gateway's schemas apply the same rule with `printableText`, so what the panel shows is what is stored.
// Not in common.ts: that file is in the sign-in page's bundle, which needs none of this.
import { z } from "zod";

const NOT_PRINTABLE = /[^\x20-\x7E\n]/g;

/** The text without anything but printable ASCII and newlines. */
export const keepPrintable = (s: string) => s.replace(NOT_PRINTABLE, "");

/** A free-text field of at most `max` characters, cleaned by keepPrintable. */
export const printableText = (max: number) => z.string().max(max).transform(keepPrintable);
