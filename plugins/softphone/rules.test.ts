// The dial pad and conference rules of agent-workspace §5, and the widget's position.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DIAL_KEYS,
  appendKey,
  clampPosition,
  conferenceComplete,
  conferenceDigits,
  formatConference,
  formatElapsed,
  pasteDial,
  sanitizeDial,
  sanitizeTransfer,
  unfoldFrom,
  voicemailDtmfAllowed,
} from "./rules";

const ALLOWED = /^[0-9*#]*$/;
const anyText = fc.string({
  unit: fc.constantFrom(..."0123456789*#abc-+() .x\u00e9".split("")),
  maxLength: 80,
});
const dialText = (max: number) => fc.string({ unit: fc.constantFrom(...DIAL_KEYS), maxLength: max });

describe("dial pad keys", () => {
  it("are 1-9, *, 0, # in the pad's order", () => {
    expect(DIAL_KEYS.join("")).toBe("123456789*0#");
  });
});

describe("sanitizeDial", () => {
  it("keeps only digits, * and #, at most 10 characters, or 50 on a call", () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, inCall) => {
        const out = sanitizeDial(text, inCall);
        expect(out).toMatch(ALLOWED);
        expect(out.length).toBeLessThanOrEqual(inCall ? 50 : 10);
        // Nothing allowed is dropped while there is room.
        const allowed = text.replace(/[^0-9*#]/g, "");
        expect(out).toBe(allowed.slice(0, inCall ? 50 : 10));
      }),
    );
  });

  it("cleans a typed number", () => {
    expect(sanitizeDial("(555) 123-4567", false)).toBe("5551234567");
    expect(sanitizeDial("*97#abc", false)).toBe("*97#");
    expect(sanitizeDial("12345678901234", false)).toBe("1234567890");
    expect(sanitizeDial("12345678901234", true)).toBe("12345678901234");
  });
});

describe("appendKey", () => {
  it("appends a dial key while under the limit and refuses anything else", () => {
    fc.assert(
      fc.property(dialText(60), fc.string({ maxLength: 2 }), fc.boolean(), (text, key, inCall) => {
        const max = inCall ? 50 : 10;
        const out = appendKey(text, key, inCall);
        const ok = (DIAL_KEYS as readonly string[]).includes(key) && text.length < max;
        expect(out).toBe(ok ? text + key : text);
      }),
    );
  });

  it("stops at 10 characters, and at 50 on a call", () => {
    expect(appendKey("1234567890", "1", false)).toBe("1234567890");
    expect(appendKey("1234567890", "1", true)).toBe("12345678901");
    expect(appendKey("1".repeat(50), "2", true)).toBe("1".repeat(50));
    expect(appendKey("12", "a", false)).toBe("12");
  });
});

describe("pasteDial", () => {
  it("inserts only the pasted digits (10 at most) at the selection, within the length limit", () => {
    fc.assert(
      fc.property(
        dialText(50),
        anyText,
        fc.nat(60),
        fc.nat(60),
        fc.boolean(),
        (current, pasted, a, b, inCall) => {
          const [start, end] = a <= b ? [a, b] : [b, a];
          const out = pasteDial(current, start, end, pasted, inCall);
          expect(out).toMatch(ALLOWED);
          expect(out.length).toBeLessThanOrEqual(inCall ? 50 : 10);
          const from = Math.min(start, current.length);
          const digits = pasted.replace(/\D/g, "").slice(0, 10);
          // The text before the selection stays, followed by the pasted digits.
          expect(
            (current.slice(0, from) + digits).startsWith(
              out.slice(0, Math.min(out.length, from + digits.length)),
            ),
          ).toBe(true);
        },
      ),
    );
  });

  it("pastes a formatted number as its digits", () => {
    expect(pasteDial("", 0, 0, "(555) 123-4567", false)).toBe("5551234567");
    expect(pasteDial("", 0, 0, "+1 555 123 4567 ext. 89", false)).toBe("1555123456");
    expect(pasteDial("99", 1, 1, "*12#", false)).toBe("9129");
    expect(pasteDial("123456", 0, 6, "777", false)).toBe("777");
  });
});

describe("voicemailDtmfAllowed", () => {
  it("is true exactly when the text starts with *97 and is longer than 3", () => {
    fc.assert(
      fc.property(dialText(50), (text) => {
        expect(voicemailDtmfAllowed(text)).toBe(text.startsWith("*97") && text.length > 3);
      }),
    );
    expect(voicemailDtmfAllowed("*97")).toBe(false);
    expect(voicemailDtmfAllowed("*971")).toBe(true);
    expect(voicemailDtmfAllowed("1*97")).toBe(false);
  });
});

describe("conference mask", () => {
  it("keeps 10 digits at most and shows them as ###-###-####", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const digits = conferenceDigits(text);
        expect(digits).toMatch(/^\d{0,10}$/);
        const shown = formatConference(digits);
        expect(shown).toMatch(/^\d{0,3}(-\d{1,3}(-\d{1,4})?)?$/);
        // Reading the mask back gives the same digits: the field edits cleanly.
        expect(conferenceDigits(shown)).toBe(digits);
        expect(conferenceComplete(digits)).toBe(digits.length === 10);
      }),
    );
    expect(formatConference("5551234567")).toBe("555-123-4567");
    expect(formatConference("5551")).toBe("555-1");
    expect(formatConference("555")).toBe("555");
  });
});

describe("sanitizeTransfer", () => {
  it("keeps dial characters, 15 at most", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(sanitizeTransfer(text)).toMatch(/^[0-9*#]{0,15}$/);
      }),
    );
  });
});

describe("unfoldFrom", () => {
  it("unfolds down from the top half, up from the bottom half, and leftwards only without room to the right", () => {
    const screen = { width: 1366, height: 768 };
    expect(unfoldFrom({ x: 0, y: 0 }, 360, screen)).toEqual({ up: false, left: false });
    expect(unfoldFrom({ x: 0, y: 384 }, 360, screen)).toEqual({ up: false, left: false });
    expect(unfoldFrom({ x: 0, y: 385 }, 360, screen)).toEqual({ up: true, left: false });
    expect(unfoldFrom({ x: 1006, y: 0 }, 360, screen)).toEqual({ up: false, left: false });
    expect(unfoldFrom({ x: 1007, y: 700 }, 360, screen)).toEqual({ up: true, left: true });
  });
});

describe("clampPosition", () => {
  it("keeps the widget inside the viewport", () => {
    const n = fc.integer({ min: -5000, max: 5000 });
    const size = fc.integer({ min: 0, max: 2000 });
    fc.assert(
      fc.property(n, n, size, size, size, size, (x, y, w, h, vw, vh) => {
        const p = clampPosition({ x, y }, { width: w, height: h }, { width: vw, height: vh });
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.y).toBeGreaterThanOrEqual(0);
        if (w <= vw) expect(p.x + w).toBeLessThanOrEqual(vw);
        if (h <= vh) expect(p.y + h).toBeLessThanOrEqual(vh);
        if (x >= 0 && y >= 0 && x + w <= vw && y + h <= vh) expect(p).toEqual({ x, y });
      }),
    );
  });
});

describe("formatElapsed", () => {
  it.each([
    [0, "0:00"],
    [999, "0:00"],
    [5_000, "0:05"],
    [65_000, "1:05"],
    [3_600_000 + 61_000, "1:01:01"],
    [-10, "0:00"],
  ])("shows %i ms as %s", (ms, text) => expect(formatElapsed(ms)).toBe(text));
});
