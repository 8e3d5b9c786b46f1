// 'Why this lead?' as a manager sees it: any lead of the call centre, for one agent or the lead's rules only.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeGateway } from "../../src/sdk/testing";
import { explanation, lead, mount, ok, refused, ruleNames, ruleRow, RULE_NAMES } from "./testing";

const MANAGER = { id: 7, roles: ["manager"] };
const NOT_CHECKED = "Not checked: no agent named (add ?agent=<id>).";

/** The lead-only answer: the agent rules are not checked without an agent. */
const leadOnly = () => {
  const e = explanation({ agentId: null, failing: { owner: "The lead belongs to another agent." } });
  return { ...e, rules: e.rules.map((r, i) => (i < 5 ? { ...r, reason: NOT_CHECKED, key: "not_checked" } : r)) };
};

describe("lead-explain for a manager", () => {
  it("explains a lead by id with the lead's own rules only when no agent is named", async () => {
    const gateway = fakeGateway({ "GET /leads/31/explain": ok(leadOnly()) });
    const { user, asked } = await mount({ agent: MANAGER, gateway });

    await user.type(screen.getByLabelText("Lead id"), "31");
    await user.click(screen.getByRole("button", { name: "Explain" }));

    expect(await screen.findByText("Lead #31, the lead's own rules only")).toBeInTheDocument();
    expect(screen.getByText("Not callable now")).toBeInTheDocument();
    // The failing rule first, then the rules that pass, then those not checked without an agent.
    const notChecked = RULE_NAMES.slice(0, 5);
    expect(ruleNames()).toEqual([
      "Owner",
      ...RULE_NAMES.slice(5).filter((n) => n !== "Owner"),
      ...notChecked,
    ]);
    expect(ruleRow("Role")).toHaveTextContent(NOT_CHECKED);
    expect(within(ruleRow("Owner")).getByText("The reason the engine skips it")).toBeInTheDocument();
    expect(asked()).toEqual(["GET /leads/31/explain"]);
  });

  it("names the agent in the query string when one is given", async () => {
    const gateway = fakeGateway({ "GET /leads/31/explain?agent=12": ok(explanation({ agentId: 12 })) });
    const { user, asked } = await mount({ agent: MANAGER, gateway });

    await user.type(screen.getByLabelText("Lead id"), "31");
    await user.type(screen.getByLabelText("Agent id (optional)"), "12");
    await user.click(screen.getByRole("button", { name: "Explain" }));

    expect(await screen.findByText("Lead #31 for agent #12")).toBeInTheDocument();
    expect(screen.getByText("Callable now")).toBeInTheDocument();
    expect(asked()).toEqual(["GET /leads/31/explain?agent=12"]);
  });

  it("does not follow the leads stack", async () => {
    const { asked } = await mount({ agent: MANAGER, current: lead() });
    expect(screen.getByLabelText("Lead id")).toBeInTheDocument();
    expect(screen.queryByText("Lead #31: Pat Doe")).not.toBeInTheDocument();
    expect(asked()).toEqual([]);
  });

  it("refuses ids that are not whole positive numbers before asking", async () => {
    const { user, asked } = await mount({ agent: MANAGER });

    await user.click(screen.getByRole("button", { name: "Explain" }));
    expect(screen.getByText("Enter a whole number from 1 to 2147483647.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Lead id"), "31");
    await user.type(screen.getByLabelText("Agent id (optional)"), "abc");
    await user.click(screen.getByRole("button", { name: "Explain" }));
    expect(screen.getByText("Enter a whole number from 1 to 2147483647.")).toBeInTheDocument();
    expect(asked()).toEqual([]);
  });

  it("shows a 422 with the gateway's message and its field messages", async () => {
    const gateway = fakeGateway({
      "GET /leads/31/explain?agent=12": refused(422, "The given data was invalid.", { agent: ["Too big"] }),
    });
    const { user } = await mount({ agent: MANAGER, gateway });
    await user.type(screen.getByLabelText("Lead id"), "31");
    await user.type(screen.getByLabelText("Agent id (optional)"), "12");
    await user.click(screen.getByRole("button", { name: "Explain" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The lead or agent id was refused");
    expect(alert).toHaveTextContent("The given data was invalid. Too big");
  });

  it("shows a 404 for a lead of another call centre or an unknown agent", async () => {
    const gateway = fakeGateway({ "GET /leads/99/explain?agent=5": refused(404, "Not found.") });
    const { user } = await mount({ agent: MANAGER, gateway });
    await user.type(screen.getByLabelText("Lead id"), "99");
    await user.type(screen.getByLabelText("Agent id (optional)"), "5");
    await user.click(screen.getByRole("button", { name: "Explain" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Lead or agent not found");
    expect(alert).toHaveTextContent("Not found.");
  });

  it("gives roles above manager the form too", async () => {
    await mount({ agent: { id: 3, roles: ["admin"] } });
    expect(screen.getByLabelText("Agent id (optional)")).toBeInTheDocument();
  });
});
