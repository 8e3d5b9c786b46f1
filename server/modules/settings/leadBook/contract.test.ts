// Properties of the lead book's validators and the campaign slug: what the form and the gateway both check.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  joinPrefixes,
  LEAD_BOOK_MESSAGES as M,
  LEAD_NAME_MAX,
  LEAD_PREFIX_MAX,
  LeadCampaignFields,
  LeadNameFields,
  SLUG_MAX,
  SLUG_RE,
  slugOf,
  splitPrefixes,
  uniqueSlug,
} from "../../../../src/contract/leadBook";

const cleaned = (s: string) => s.replace(/\p{Cc}/gu, "").trim();
const prefix = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);

describe("the campaign slug", () => {
  it("is lower-case letters and digits joined by single dashes, at most 60, and stable", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120, unit: "grapheme" }), (name) => {
        const slug = slugOf(name);
        expect(slug).toMatch(SLUG_RE);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
        expect(slugOf(slug)).toBe(slug);
      }),
    );
    expect(slugOf("Assurance vie Québec")).toBe("assurance-vie-quebec");
    expect(slugOf("  Final   Expense -- West! ")).toBe("final-expense-west");
    expect(slugOf("¿¡!")).toBe("campaign");
  });

  it("made unique: never one taken, and the base itself when free", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(fc.nat(6)), (name, suffixes) => {
        const base = slugOf(name);
        const taken = new Set(suffixes.map((n) => (n < 2 ? base : `${base}-${n}`)));
        const slug = uniqueSlug(base, taken);
        expect(taken.has(slug)).toBe(false);
        expect(slug).toMatch(SLUG_RE);
        if (!taken.has(base)) expect(slug).toBe(base);
      }),
    );
  });
});

describe("the validators", () => {
  it("a name is taken when it has a character left after trimming and at most 99 were sent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 110 }), (name) => {
        const r = LeadNameFields.safeParse({ name });
        const ok = name.length <= LEAD_NAME_MAX && cleaned(name).length > 0;
        expect(r.success).toBe(ok);
        if (r.success) expect(r.data.name).toBe(cleaned(name));
        else expect(r.error.issues[0]!.message).toBe(name.length > LEAD_NAME_MAX ? M.nameTooLong : M.nameRequired);
      }),
    );
  });

  it("the Marketing ID Prefix: letters and digits, at most 48", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (p) => {
        const r = LeadCampaignFields.safeParse({ name: "Campaign", prefix: p });
        expect(r.success).toBe(p.length <= LEAD_PREFIX_MAX && /^[A-Za-z0-9]*$/.test(cleaned(p)));
      }),
    );
  });

  it("the Additional Prefixes: at most 48 characters comma-joined; kept once each, in order", () => {
    fc.assert(
      fc.property(fc.array(prefix, { maxLength: 10 }), (list) => {
        const r = LeadCampaignFields.safeParse({ name: "Campaign", prefixes: list });
        const unique = [...new Set(list)];
        expect(r.success).toBe(unique.join(",").length <= LEAD_PREFIX_MAX);
        if (r.success) {
          expect(r.data.prefixes).toEqual(unique);
          // What the form shows reads back as the same list.
          expect(splitPrefixes(joinPrefixes(r.data.prefixes))).toEqual(r.data.prefixes);
        } else expect(r.error.issues[0]!.message).toBe(M.prefixesTooLong);
      }),
    );
  });
});
