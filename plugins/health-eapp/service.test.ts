import { describe, expect, it } from "vitest";
import { fakeLeads, leadView, pluginContext, type TestAgent } from "../../src/sdk/testing";
import { HealthEappConfig } from "./config";
import { createHealthEappService } from "./service";

/** An advisor whose account (login response `health_licenses`) holds these licences. */
const advisorHolding = (...licences: string[]): TestAgent => ({
  roles: ["advisor"],
  accountFields: { health_licenses: licences },
});

describe("health e-app service", () => {
  it("follows the leads stack: no lead, then a lead the advisor is licensed for, then one they are not", () => {
    const stack = fakeLeads();
    const { ctx } = pluginContext({
      agent: advisorHolding("tx"),
      config: HealthEappConfig.parse({}),
      leads: stack.control,
    });
    const api = createHealthEappService(ctx);

    expect(api.access()).toEqual({ kind: "no_lead" });
    stack.setCurrent(leadView({ id: 31, state: "TX" }));
    expect(api.access()).toEqual({ kind: "open", leadId: 31, state: "TX" });
    stack.setCurrent(leadView({ id: 32, state: "ny" }));
    expect(api.access()).toEqual({ kind: "unlicensed", leadId: 32, state: "NY" });
  });

  it("holds no licence for an account that lists none", () => {
    const { ctx } = pluginContext({
      agent: { roles: ["advisor"] },
      config: HealthEappConfig.parse({}),
      leads: fakeLeads([leadView({ state: "TX" })]).control,
    });
    expect(createHealthEappService(ctx).access()).toMatchObject({ kind: "unlicensed", state: "TX" });
  });

  it("holds no licence, and says why in the log, when the account's health_licenses is malformed", () => {
    const { ctx, logged } = pluginContext({
      agent: { roles: ["advisor"], accountFields: { health_licenses: "TX" } },
      config: HealthEappConfig.parse({}),
      leads: fakeLeads([leadView({ state: "TX" })]).control,
    });
    expect(createHealthEappService(ctx).access()).toMatchObject({ kind: "unlicensed", state: "TX" });
    expect(logged).toEqual([expect.stringContaining("health_licenses does not parse")]);
  });

  it("builds the configured address for a lead", () => {
    const { ctx } = pluginContext({ config: HealthEappConfig.parse({ url: "https://apply.example.com/h/{leadId}" }) });
    expect(createHealthEappService(ctx).urlFor(31)).toBe("https://apply.example.com/h/31");
  });
});
