import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HealthEappConfig } from "./config";
import { eappAccess, eappUrl } from "./licence";

const lead = (state: string | null, id = 31) => ({ id, state });

describe("eappAccess: the e-app needs a health licence for the lead's state (agent-workspace §6)", () => {
  it("says there is no lead on the desk, whatever the licences", () => {
    expect(eappAccess(null, [])).toEqual({ kind: "no_lead" });
    expect(eappAccess(null, ["TX"])).toEqual({ kind: "no_lead" });
  });

  it.each([null, "", "  "])("says a lead without a state (%j) cannot be checked, even for a licensed advisor", (state) => {
    expect(eappAccess(lead(state), ["TX"])).toEqual({ kind: "no_state", leadId: 31 });
  });

  it("refuses an advisor who holds no health licence at all", () => {
    expect(eappAccess(lead("TX"), [])).toEqual({ kind: "unlicensed", leadId: 31, state: "TX" });
  });

  it("refuses an advisor licensed only for other states, naming the lead's state in capitals", () => {
    expect(eappAccess(lead("ny"), ["TX", "nj"])).toEqual({ kind: "unlicensed", leadId: 31, state: "NY" });
  });

  it.each([
    ["TX", ["TX"]],
    ["tx", ["TX"]],
    ["TX", ["tx"]],
    ["Tx", ["nj", "tX"]],
    [" tx ", ["TX "]],
  ])("opens for a lead in %j with the licences %j, whatever their case", (state, licences) => {
    expect(eappAccess(lead(state), licences)).toEqual({ kind: "open", leadId: 31, state: "TX" });
  });

  it("treats Canadian province codes like states", () => {
    expect(eappAccess(lead("qc"), ["ON", "QC"])).toEqual({ kind: "open", leadId: 31, state: "QC" });
    expect(eappAccess(lead("BC"), ["on", "qc"])).toEqual({ kind: "unlicensed", leadId: 31, state: "BC" });
  });

  it("opens exactly when a licence matches the state, in any case", () => {
    const code = fc.constantFrom("TX", "NY", "NJ", "CA", "FL", "QC", "ON", "BC");
    const anyCase = (s: string) => fc.constantFrom(s, s.toLowerCase(), s[0] + s[1].toLowerCase());
    fc.assert(
      fc.property(code.chain(anyCase), fc.array(code.chain(anyCase), { maxLength: 4 }), (state, licences) => {
        const held = licences.some((l) => l.toUpperCase() === state.toUpperCase());
        expect(eappAccess(lead(state), licences).kind).toBe(held ? "open" : "unlicensed");
      }),
    );
  });
});

describe("eappUrl", () => {
  it("puts the lead's id wherever the address asks for it", () => {
    expect(eappUrl("https://eapp.foresters.example/start?ref={leadId}", 31)).toBe(
      "https://eapp.foresters.example/start?ref=31",
    );
    expect(eappUrl("https://apply.example.com/{leadId}/health?ref={leadId}", 7)).toBe(
      "https://apply.example.com/7/health?ref=7",
    );
  });
});

describe("HealthEappConfig", () => {
  it("defaults to the embedded demo e-app on the dialer's own origin, with the lead's id as its reference", () => {
    expect(HealthEappConfig.parse({})).toEqual({ url: "/api/v1/health-eapp-demo/start?ref={leadId}" });
  });

  it("takes a path on the dialer's own origin", () => {
    expect(HealthEappConfig.parse({ url: "/eapp/{leadId}" })).toEqual({ url: "/eapp/{leadId}" });
  });

  it("takes the variant's own address", () => {
    const url = "https://apply.example.com/health/{leadId}";
    expect(HealthEappConfig.parse({ url })).toEqual({ url });
  });

  it.each([
    ["an address without {leadId}", "https://eapp.foresters.example/start"],
    ["a script instead of an address", "javascript:alert('{leadId}')"],
    ["no address", "eapp {leadId}"],
    ["another origin without a scheme", "//evil.example/{leadId}"],
    ["a relative path", "eapp/{leadId}"],
    // The wire contract's link rule (src/contract/links.ts), the same as the dashboard link's.
    ["a script in mixed case", "JaVaScRiPt:alert('{leadId}')"],
    ["a script behind white space", " javascript:alert('{leadId}')"],
    ["a script split by a tab", "java\tscript:alert('{leadId}')"],
    ["a data address", "data:text/html,{leadId}"],
    ["another origin behind a backslash", "/\\evil.example/{leadId}"],
  ])("refuses %s", (_, url) => {
    expect(HealthEappConfig.safeParse({ url }).success).toBe(false);
  });
});
