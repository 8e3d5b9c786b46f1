// The dashboard link of a lead from the tenant's template: its placeholders filled, and never a link the
// browser could run or follow to another origin, whatever template was stored (src/contract/links.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeHref } from "../../../src/contract/links";
import { dashboardUrl } from "./dashboardUrl";

const lead = { id: 31, marketingId: "ISF 31/a", crmId: "C-9" };

describe("dashboardUrl", () => {
  it("fills {id}, {marketing_id} and {crm_id}, the text ones encoded", () => {
    expect(dashboardUrl("https://crm.example/l/{marketing_id}?id={id}&crm={crm_id}", lead)).toBe(
      "https://crm.example/l/ISF%2031%2Fa?id=31&crm=C-9",
    );
    expect(dashboardUrl("/crm/{id}/{crm_id}", { ...lead, crmId: null })).toBe("/crm/31/");
  });

  it("is null without a template", () => {
    expect(dashboardUrl("", lead)).toBeNull();
  });

  it.each([
    "javascript:alert(document.domain)//{id}",
    " JaVaScRiPt:alert(1)",
    "data:text/html,{id}",
    "//evil.example/{id}",
    "/\\evil.example/{id}",
    "{crm_id}",
  ])("is null for a template stored before the rule: %j", (template) => {
    expect(dashboardUrl(template, { ...lead, crmId: "javascript:alert(1)" })).toBeNull();
  });

  it("never makes a link safeHref refuses, whatever the lead's ids", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "https://crm.example/{marketing_id}",
          "/l/{crm_id}",
          "{crm_id}",
          "/{marketing_id}/{id}",
        ),
        fc.string(),
        fc.option(fc.string()),
        (template, marketingId, crmId) => {
          const url = dashboardUrl(template, { id: 7, marketingId, crmId });
          if (url !== null) expect(safeHref(url)).toBe(url);
        },
      ),
    );
  });
});
