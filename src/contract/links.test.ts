// The one link rule (finding A): what a settings document or the gateway may put in an href. An http(s) address
// or a path on the dialer's own origin is taken as it is; anything a browser could run or send elsewhere is not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DialerSettings } from "./dialer";
import { LINK_MESSAGE, linkAddress, linkAddressOrNone, safeHref } from "./links";

/** Schemes a link must never carry, in any case, with what browsers strip or skip in front of them. */
const SCRIPTS = [
  "javascript:alert(document.domain)//{id}",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u001fjavascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "javascript\r:alert(1)",
  "\u00a0javascript:alert(1)",
  "\ufeffjavascript:alert(1)",
  "\u200bjavascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "blob:https://crm.example/0c7e",
  "mailto:x@example.com",
];
/** Not a script, but another origin without a scheme, or no address at all. */
const ELSEWHERE = [
  "//evil.example/{id}",
  "/\\evil.example/{id}",
  "\\\\evil.example",
  "/ok\\..\\evil",
  "https:\\\\evil.example",
  "https://",
  "http:/evil.example",
  "https://crm.example/a b",
  "https://crm.example/\u202Egnp.exe",
  "crm.example/leads/{id}",
  "leads/{id}",
  "{crm_id}",
  "",
];

describe("safeHref", () => {
  it("gives back an http(s) address or a path on this origin unchanged", () => {
    for (const ok of [
      "https://crm.example/leads/{marketing_id}?id={id}",
      "http://crm.example:8080/l/31",
      "HTTPS://CRM.EXAMPLE/L/31",
      "https://{crm_id}.crm.example/",
      "/api/v1/health-eapp-demo/start?ref={leadId}",
      "/",
      "/crm/leads/31#notes",
    ])
      expect(safeHref(ok), ok).toBe(ok);
  });

  it.each([...SCRIPTS, ...ELSEWHERE])("refuses %j", (bad) => {
    expect(safeHref(bad)).toBeUndefined();
  });

  it("refuses nothing at all", () => {
    expect(safeHref(null)).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });

  it("refuses every scheme but http and https, whatever its case and whatever precedes it", () => {
    const scheme = fc.stringMatching(/^[A-Za-z][A-Za-z0-9+.-]{0,15}$/).filter((s) => !/^https?$/i.test(s));
    const junk = fc.constantFrom("", " ", "\t", "\n", "\u0000", "\u0008", "\u00a0", "\ufeff", "\u2028");
    fc.assert(
      fc.property(junk, scheme, fc.string({ maxLength: 40 }), (before, s, rest) => {
        expect(safeHref(`${before}${s}:${rest}`)).toBeUndefined();
      }),
    );
  });

  it("takes any https or http web address", () => {
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ["https", "http"], withQueryParameters: true, withFragments: true }),
        (url) => {
          expect(safeHref(url)).toBe(url);
        },
      ),
    );
  });

  it("takes any path on this origin and refuses one that reaches another origin", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~{}%=&?-]{0,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (parts) => {
        const path = `/${parts.join("/")}`;
        expect(safeHref(path)).toBe(path.startsWith("//") ? undefined : path);
        expect(safeHref(`/${path}`)).toBeUndefined();
        expect(safeHref(`/\\${path}`)).toBeUndefined();
      }),
    );
  });
});

describe("the link schemas", () => {
  it("take a safe address, and refuse any other with one message", () => {
    expect(linkAddress(500).parse("https://crm.example/{id}")).toBe("https://crm.example/{id}");
    for (const bad of [...SCRIPTS, ...ELSEWHERE]) {
      const r = linkAddress(500).safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(LINK_MESSAGE);
    }
    expect(linkAddress(10).safeParse("https://crm.example/x").success).toBe(false);
  });

  it("'no link' is an empty text where the setting allows it", () => {
    expect(linkAddressOrNone(500).parse("")).toBe("");
    expect(linkAddress(500).safeParse("").success).toBe(false);
  });

  it("the dialer's dashboard-url takes a link template or none, never a script", () => {
    const dialer = (url: string) =>
      DialerSettings.safeParse({ "enforced-follow-ups": false, "dashboard-url": url });
    expect(dialer("").success).toBe(true);
    expect(dialer("https://crm.example/leads/{marketing_id}?id={id}").success).toBe(true);
    expect(dialer("/crm/leads/{id}").success).toBe(true);
    for (const bad of [...SCRIPTS, ...ELSEWHERE.filter((s) => s !== "")]) {
      const r = dialer(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues[0]).toMatchObject({ path: ["dashboard-url"], message: LINK_MESSAGE });
    }
  });
});
