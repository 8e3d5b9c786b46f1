// The one printable-text rule: what the panels clean as the agent types and what the gateway's schemas store.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DispositionPayload } from "./dispositions";
import { UpdateLeadBody } from "./lead";
import { keepPrintable, printableText } from "./text";

describe("keepPrintable", () => {
  it("keeps printable ASCII and newlines only, and changes nothing twice", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const clean = keepPrintable(s);
        expect(clean).toMatch(/^[\x20-\x7E\n]*$/);
        expect(keepPrintable(clean)).toBe(clean);
      }),
    );
  });

  it("leaves text that is already printable as it is", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\x20-\x7E\n]*$/), (s) => {
        expect(keepPrintable(s)).toBe(s);
      }),
    );
    expect(keepPrintable("Café ☕\tok\r\nnext")).toBe("Caf ok\nnext");
  });
});

describe("printableText", () => {
  it("stores what the panel would have sent, in every schema that takes free text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 90 }), (s) => {
        const clean = keepPrintable(s);
        expect(printableText(99).parse(s)).toBe(clean);
        expect(DispositionPayload.parse({ disposition: "Dead", notes: s, reason_other: s })).toMatchObject({
          notes: clean,
          reason_other: clean,
        });
        expect(UpdateLeadBody.parse({ notes: s, status_description: s, reason_other: s })).toEqual({
          notes: clean,
          status_description: clean,
          reason_other: clean,
        });
      }),
    );
  });

  it("counts the length before cleaning, so the limit is the one the agent was shown", () => {
    expect(printableText(3).safeParse("abcd").success).toBe(false);
    expect(printableText(3).parse("a☕b")).toBe("ab");
  });
});
