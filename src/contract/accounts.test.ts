// The account body the accounts page checks before sending and the gateway checks again, and the role rule
// both apply (who may give which role).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_EMAIL_MAX,
  ACCOUNT_LEVEL_MAX,
  ACCOUNT_MESSAGES,
  ACCOUNT_NAME_MAX,
  ACCOUNT_ROLES,
  AccountBody,
  grantableRoles,
  mayManageRole,
} from "./accounts";
import { HIERARCHY_ROLES } from "./common";

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));
const word = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzÉéèçñ-' "), { minLength: min, maxLength: max }).map((c) => c.join(""));
const name = word(1, ACCOUNT_NAME_MAX).filter((n) => n.trim().length > 0);
const email = fc
  .tuple(word(1, 30), word(1, 30), fc.constantFrom("com", "test", "ca"))
  .map(([local, domain, tld]) => `${local.replace(/[\s']/g, "") || "a"}@${domain.replace(/[\s']/g, "") || "b"}.${tld}`);

const validBody = fc.record({
  first_name: name,
  last_name: name,
  email,
  role: fc.constantFrom(...ACCOUNT_ROLES),
  level: fc.integer({ min: 1, max: ACCOUNT_LEVEL_MAX }),
  extension: fc.option(digits(3, 6), { nil: null }),
  is_bilingual: fc.boolean(),
  language: fc.constantFrom("en", "fr", "es"),
  has_webrtc: fc.boolean(),
  manager_id: fc.option(fc.integer({ min: 1, max: 2_147_483_647 }), { nil: null }),
});

const messageAt = (body: unknown, field: string) =>
  AccountBody.safeParse(body).error?.issues.find((i) => i.path[0] === field)?.message;

describe("the account body", () => {
  it("takes every well-formed account, trimmed, its e-mail in lower case", () => {
    fc.assert(
      fc.property(validBody, (body) => {
        const parsed = AccountBody.parse({ ...body, email: ` ${body.email.toUpperCase()} ` });
        expect(parsed.email).toBe(body.email.toLowerCase());
        expect(parsed.first_name).toBe(body.first_name.trim());
        expect(parsed.extension).toBe(body.extension);
      }),
    );
  });

  it("refuses a name longer than 64 characters or blank, on its own field", () => {
    fc.assert(
      fc.property(validBody, word(ACCOUNT_NAME_MAX + 1, 120), fc.constantFrom("first_name", "last_name"), (body, long, field) => {
        expect(messageAt({ ...body, [field]: long }, field)).toBe(ACCOUNT_MESSAGES.nameTooLong);
        expect(messageAt({ ...body, [field]: "   " }, field)).toBe(ACCOUNT_MESSAGES.required);
      }),
    );
  });

  it("refuses an extension that is not 3 to 6 digits; blank means none", () => {
    fc.assert(
      fc.property(validBody, fc.oneof(digits(1, 2), digits(7, 12), fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !/^\s*\d{3,6}\s*$/.test(s) && s.trim() !== "")), (body, extension) => {
        expect(messageAt({ ...body, extension }, "extension")).toBe(ACCOUNT_MESSAGES.extensionInvalid);
      }),
    );
    expect(AccountBody.parse({ ...fc.sample(validBody, 1)[0], extension: "  " }).extension).toBeNull();
  });

  it("refuses an e-mail without @ and a domain, or over 100 characters", () => {
    fc.assert(
      fc.property(validBody, word(1, 40).filter((w) => !w.includes("@")), (body, text) => {
        expect(messageAt({ ...body, email: text }, "email")).toBeDefined();
        expect(messageAt({ ...body, email: `${"a".repeat(ACCOUNT_EMAIL_MAX)}@x.io` }, "email")).toBe(ACCOUNT_MESSAGES.emailTooLong);
      }),
    );
  });

  it("refuses a level outside 1 to 20 and any field it does not know", () => {
    fc.assert(
      fc.property(validBody, fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: ACCOUNT_LEVEL_MAX + 1 }), fc.double({ noInteger: true })), (body, level) => {
        expect(messageAt({ ...body, level }, "level")).toBe(ACCOUNT_MESSAGES.levelInvalid);
      }),
    );
    expect(AccountBody.safeParse({ ...fc.sample(validBody, 1)[0], password: "x" }).success).toBe(false);
  });
});

describe("who may give which role", () => {
  it("a manager gives the agent roles only; managers need an admin; nobody gives a role above their own", () => {
    expect(grantableRoles(["manager"])).toEqual(["qualifier", "advisor"]);
    expect(grantableRoles(["admin"])).toEqual(["qualifier", "advisor", "manager", "admin"]);
    expect(grantableRoles(["super"])).toEqual(["qualifier", "advisor", "manager", "admin", "super"]);
    expect(grantableRoles(["operations-manager"])).toEqual([...ACCOUNT_ROLES]);
    expect(grantableRoles(["qualifier", "setter"])).toEqual([]);
    expect(grantableRoles(["advisor"])).toEqual([]);
  });

  it("never lets a role give one above it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...HIERARCHY_ROLES), fc.constantFrom(...ACCOUNT_ROLES), (held, role) => {
        const rank = (r: string) => Math.max(0, HIERARCHY_ROLES.indexOf(r as (typeof HIERARCHY_ROLES)[number]));
        if (mayManageRole([held], role)) expect(rank(role)).toBeLessThanOrEqual(rank(held));
      }),
    );
  });
});
