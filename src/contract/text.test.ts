// The one free-text sanitiser: what the panels clean as the agent types and what the gateway's schemas store.
// Every printable character stays (accents, punctuation, emoji: French and Spanish call centres write them); only
// control characters (multi-line text keeps its newlines), bidirectional controls and lone surrogates go.
// (These tests asserted printable ASCII only until finding B; their expectations follow the new rule.)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DispositionPayload } from "./dispositions";
import { UpdateLeadBody } from "./lead";
import { StartLiveTransferBody } from "./liveTransfers";
import { cleanFreeText, cutText, keepLine, keepPrintable, lineText, printableText } from "./text";

/** The rule, said again one code point at a time: what must go. */
function unwanted(cp: number, multiLine: boolean): boolean {
  if (cp === 0x0a) return !multiLine;
  if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) return true; // Cc
  if (cp === 0x200e || cp === 0x200f) return true; // LRM, RLM
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return true; // embeddings, overrides, isolates
  return cp >= 0xd800 && cp <= 0xdfff; // a lone surrogate (a pair is one code point above 0xFFFF)
}
const oracle = (s: string, multiLine: boolean) =>
  Array.from(s)
    .filter((ch) => !unwanted(ch.codePointAt(0)!, multiLine))
    .join("");

/** Any text: whole Unicode, with the characters the rule is about mixed in often. */
const SPECIAL = [
  "\n",
  "\r",
  "\t",
  "\u0000",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\ud800",
  "\udfff",
  "é",
  "–",
  "’",
  "😀",
  "\u00a0",
  "\u200b",
];
const anyText = fc
  .array(fc.oneof(fc.string({ unit: "binary", maxLength: 6 }), fc.constantFrom(...SPECIAL)), {
    maxLength: 20,
  })
  .map((parts) => parts.join(""));

describe("cleanFreeText", () => {
  it("drops exactly the control characters (but newlines in multi-line text), bidirectional controls and lone surrogates", () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (s, multiLine) => {
        const clean = cleanFreeText(s, { multiLine });
        expect(clean).toBe(oracle(s, multiLine));
        expect(cleanFreeText(clean, { multiLine })).toBe(clean);
      }),
    );
  });

  it("leaves every printable character as it is: letters with accents, punctuation, emoji", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => {
        fc.pre(Array.from(s).every((ch) => !unwanted(ch.codePointAt(0)!, false)));
        expect(keepPrintable(s)).toBe(s);
        expect(keepLine(s)).toBe(s);
      }),
    );
    expect(keepPrintable("Zoë – café 😀")).toBe("Zoë – café 😀");
    expect(keepPrintable("Ñandú, l’été, «\u00a0oui\u00a0», 👩🏽‍⚕️")).toBe("Ñandú, l’été, «\u00a0oui\u00a0», 👩🏽‍⚕️");
  });

  it("strips control and bidirectional characters; multi-line text keeps \\n but not \\r nor tabs", () => {
    expect(keepPrintable("a\u202Eb\u0007c")).toBe("abc");
    expect(keepPrintable("Café ☕\tok\r\nnext")).toBe("Café ☕ok\nnext");
    expect(keepPrintable("\u2067evil\u2069\u200F")).toBe("evil");
    expect(keepLine("Zoë\nCôté\u0000")).toBe("ZoëCôté");
  });
});

describe("printableText and lineText", () => {
  it("store what the panel would have sent, in every schema that takes free text", () => {
    fc.assert(
      fc.property(
        anyText.filter((s) => s.length <= 90),
        (s) => {
          const clean = keepPrintable(s);
          expect(printableText(99).parse(s)).toBe(clean);
          expect(lineText(99).parse(s)).toBe(keepLine(s).trim());
          expect(DispositionPayload.parse({ disposition: "Dead", notes: s, reason_other: s })).toMatchObject({
            notes: clean,
            reason_other: clean,
          });
          expect(UpdateLeadBody.parse({ notes: s, status_description: s, reason_other: s })).toEqual({
            notes: clean,
            status_description: clean,
            reason_other: clean,
          });
          expect(StartLiveTransferBody.parse({ notes: s }).notes).toBe(keepPrintable(s.trim()).trim());
        },
      ),
    );
  });

  it("keep a lead's notes and a client's name as typed in French or Spanish", () => {
    expect(
      UpdateLeadBody.parse({ notes: "Zoë – café 😀", first_name: " Zoë ", last_name: "Núñez\u202E" }),
    ).toEqual({
      notes: "Zoë – café 😀",
      first_name: "Zoë",
      last_name: "Núñez",
    });
  });

  it("count the length before cleaning, so the limit is the one the agent was shown", () => {
    expect(printableText(3).safeParse("abcd").success).toBe(false);
    expect(printableText(3).parse("a\u0007b")).toBe("ab");
    expect(printableText(3).parse("a☕b")).toBe("a☕b");
    // zod counts code points: an emoji is one (the browser's cutText, counting UTF-16 units, stays within it).
    expect(printableText(3).parse("ab😀")).toBe("ab😀");
  });
});

describe("cutText", () => {
  it("cuts to the limit without leaving half an emoji", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), fc.nat(40), (s, max) => {
        const cut = cutText(s, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(s.startsWith(cut)).toBe(true);
        expect(cut.length).toBeGreaterThanOrEqual(Math.min(s.length, max) - 1);
        expect(/[\uD800-\uDBFF]$/.test(cut) && cut.length < s.length).toBe(false);
      }),
    );
    expect(cutText("ab😀", 3)).toBe("ab");
    expect(cutText("ab😀", 4)).toBe("ab😀");
  });
});
