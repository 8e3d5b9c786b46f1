// 'Why this lead?' as a qualifier or advisor sees it: its current lead, explained for itself.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { explainLead } from "../../src/contract/dialer";
import { fakeGateway, type FakeReply } from "../../src/sdk/testing";
import { explains, explanation, lead, mount, ok, refused, ruleNames, ruleRow, RULE_NAMES, rulesTable } from "./testing";

/** What the panel asks, as the gateway sees it. */
const EXPLAIN_31 = "GET /leads/31/explain";
const EXPLAIN_32 = "GET /leads/32/explain";

describe("lead-explain for an agent", () => {
  it("says the current lead is callable, when that was checked, and every rule's verdict in the engine's order", async () => {
    const { asked } = await mount({
      current: lead(),
      gateway: fakeGateway([explains({ 31: ok(explanation()) })]),
    });

    expect(await screen.findByText("Callable now")).toBeInTheDocument();
    expect(screen.getByText("Lead #31: Pat Doe")).toBeInTheDocument();
    expect(screen.getByText("Callable now").closest(".bp6-tag")).toHaveClass("bp6-intent-success");
    expect(screen.getByText(/^Checked /)).toHaveTextContent("Checked Jan 5, 2026, 2:00:05 PM UTC");
    expect(screen.getByRole("table", { name: "Rules, the failing ones first" })).toBe(rulesTable());
    expect(ruleNames()).toEqual(RULE_NAMES);
    expect(ruleRow("Do Not Call")).toHaveTextContent("dnc passes.");
    expect(ruleRow("Do Not Call")).toHaveTextContent("Passes");
    expect(within(rulesTable()).queryByText("The reason the engine skips it")).not.toBeInTheDocument();
    // An agent never names an agent: the gateway explains the lead for the caller.
    expect(asked()).toEqual([EXPLAIN_31]);
  });

  it("gives a hint and asks nothing while no lead is open", async () => {
    const { asked } = await mount();
    expect(
      await screen.findByText("Open a lead to see why it can or cannot be dialled now."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Refresh" })).not.toBeInTheDocument();
    expect(asked()).toEqual([]);
  });

  it("explains the new lead when the current lead changes, and goes back to the hint when none is left", async () => {
    const gateway = fakeGateway([
      explains({
        31: ok(explanation()),
        32: ok(explanation({ leadId: 32, failing: { "calling-window": "It is 22:10 for the lead (after 21:00)." } })),
      }),
    ]);
    const { leads, asked } = await mount({ current: lead(), gateway });
    await screen.findByText("Callable now");

    leads.setCurrent(lead({ id: 32, firstName: "Sam", lastName: "Roe" }));
    expect(await screen.findByText("Not callable now")).toBeInTheDocument();
    expect(screen.getByText("Lead #32: Sam Roe")).toBeInTheDocument();
    expect(ruleRow("Calling window")).toHaveTextContent("It is 22:10 for the lead (after 21:00).");
    expect(asked()).toEqual([EXPLAIN_31, EXPLAIN_32]);

    leads.setCurrent(null);
    expect(
      await screen.findByText("Open a lead to see why it can or cannot be dialled now."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("asks again on Refresh and shows the new verdict", async () => {
    const gateway = fakeGateway([explains({ 31: ok(explanation()) })]);
    const { user, asked } = await mount({ current: lead(), gateway });
    await screen.findByText("Callable now");

    gateway.reply(explainLead, ok(explanation({ failing: { quotas: "The hourly dials quota (60) is reached." } })));
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("Not callable now")).toBeInTheDocument();
    expect(asked()).toEqual([EXPLAIN_31, EXPLAIN_31]);
  });

  it("highlights the first failing rule as the reason the engine skips the lead", async () => {
    await mount({
      current: lead(),
      gateway: fakeGateway([
        explains({
          31: ok(
            explanation({
              failing: {
                dnc: "The lead's status is Do Not Call.",
                "calling-window": "It is 22:10 for the lead (after 21:00).",
              },
            }),
          ),
        }),
      ]),
    });

    expect(await screen.findByText("Not callable now")).toBeInTheDocument();
    expect(screen.getByText("Not callable now").closest(".bp6-tag")).toHaveClass("bp6-intent-danger");
    const dnc = ruleRow("Do Not Call");
    expect(dnc).toHaveTextContent("The lead's status is Do Not Call.");
    expect(dnc).toHaveTextContent("Fails");
    expect(dnc).toHaveClass("lead-explain__first-failure");
    expect(within(dnc).getByText("The reason the engine skips it")).toBeInTheDocument();
    // A later failure is listed, not highlighted.
    const window = ruleRow("Calling window");
    expect(window).toHaveTextContent("Fails");
    expect(window).not.toHaveClass("lead-explain__first-failure");
    expect(screen.getAllByText("The reason the engine skips it")).toHaveLength(1);
    expect(ruleRow("Role")).toHaveTextContent("Passes");
  });

  it("lists the rules that decide 'Not callable now' first, so its reason is in sight without scrolling", async () => {
    // Issue 13, fault 9: the failing rules came last in the engine's order, below the fold, under a screenful
    // of green ones.
    await mount({
      current: lead(),
      gateway: fakeGateway([
        explains({
          31: ok(
            explanation({
              failing: {
                "calling-window": "It is 22:10 for the lead (after 21:00).",
                "dialing-sequence": "Dial #3 waits 60 min after the previous dial; due at 22:40.",
                "callable-states": "NY is not one of your callable states.",
              },
            }),
          ),
        }),
      ]),
    });
    expect(await screen.findByText("Not callable now")).toBeInTheDocument();
    const failing = ["Callable states", "Dialing sequence", "Calling window"];
    expect(ruleNames()).toEqual([...failing, ...RULE_NAMES.filter((n) => !failing.includes(n))]);
    const rows = within(rulesTable()).getAllByRole("row").slice(1);
    // The engine's reason on top, marked; the other failures next; then every passing rule.
    expect(rows[0]).toHaveClass("lead-explain__first-failure");
    expect(within(rows[0]!).getByText("The reason the engine skips it")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("NY is not one of your callable states.");
    expect(rows.slice(0, 3).map((r) => within(r).getByText(/^(Passes|Fails)$/).textContent)).toEqual(["Fails", "Fails", "Fails"]);
    expect(rows.slice(3).every((r) => within(r).queryByText("Passes") !== null)).toBe(true);
  });

  it("shows only the latest lead's answer when an earlier one comes back late", async () => {
    let answer31!: (r: FakeReply<typeof explainLead>) => void;
    const gateway = fakeGateway([
      explains({
        31: () => new Promise((resolve) => (answer31 = resolve)),
        32: ok(explanation({ leadId: 32 })),
      }),
    ]);
    const { leads } = await mount({ current: lead(), gateway });
    expect(await screen.findByRole("progressbar", { name: "Checking the rules…" })).toBeInTheDocument();

    leads.setCurrent(lead({ id: 32 }));
    expect(await screen.findByText("Callable now")).toBeInTheDocument();
    answer31(ok(explanation({ failing: { owner: "The lead belongs to another agent." } })));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText("Callable now")).toBeInTheDocument();
    expect(screen.queryByText("The lead belongs to another agent.")).not.toBeInTheDocument();
  });

  it.each([
    [404, "Not found.", "Lead or agent not found"],
    [403, "This action is unauthorized.", "Not allowed"],
  ] as const)("shows a %s with the gateway's message", async (status, message, title) => {
    await mount({ current: lead(), gateway: fakeGateway([explains({ 31: refused(status, message) })]) });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("keeps the gateway's English message off a French or Spanish screen: the refusal's title says it", async () => {
    await mount({
      current: lead(),
      language: "es",
      gateway: fakeGateway([explains({ 31: refused(403, "This action is unauthorized.") })]),
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No permitido");
    expect(alert).not.toHaveTextContent("unauthorized");
  });

  it("says the dialer could not be reached when the gateway fails", async () => {
    await mount({
      current: lead(),
      gateway: fakeGateway([
        explains({
          31: refused(500, "Something went wrong. Please try again or contact support"),
        }),
      ]),
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The dialer could not be reached. Try again.");
    expect(alert).not.toHaveTextContent("Something went wrong");
  });

  it("names the rules in the agent's language and shows the gateway's reasons as given", async () => {
    await mount({
      current: lead(),
      language: "fr",
      gateway: fakeGateway([
        explains({
          31: ok(explanation({ failing: { dnc: "The lead's status is Do Not Call." } })),
        }),
      ]),
    });
    expect(await screen.findByRole("heading", { name: "Pourquoi ce prospect ?" })).toBeInTheDocument();
    expect(await screen.findByText("Non appelable maintenant")).toBeInTheDocument();
    const dnc = ruleRow("Ne pas appeler");
    expect(dnc).toHaveTextContent("The lead's status is Do Not Call.");
    expect(within(dnc).getByText("La raison pour laquelle le moteur l'écarte")).toBeInTheDocument();
  });

  it("reads the times in the agent's own zone and language, and speaks to the agent as 'you' (issue 33)", async () => {
    vi.stubEnv("TZ", "America/Chicago");
    try {
      const e = explanation();
      const rules = e.rules.map((r) =>
        r.rule === "follow-ups"
          ? {
              ...r,
              ok: false,
              reason: "A follow-up is scheduled for 2026-01-05T20:00:00.000Z; it is dialled from 2026-01-05T19:55:00.000Z.",
              key: "follow_up_later",
              values: { at: "2026-01-05T20:00:00.000Z", from: "2026-01-05T19:55:00.000Z" },
            }
          : r.rule === "language"
            ? { ...r, reason: "You are bilingual.", key: "language_bilingual" }
            : r,
      );
      await mount({
        current: lead(),
        gateway: fakeGateway([explains({ 31: ok({ ...e, callable: false, rules }) })]),
      });
      expect(await screen.findByText(/^Checked /)).toHaveTextContent("Checked Jan 5, 2026, 8:00:05 AM CST");
      expect(ruleRow("Follow-ups")).toHaveTextContent(
        "A follow-up is scheduled for Jan 5, 2026, 2:00 PM CST; it is dialled from Jan 5, 2026, 1:55 PM CST.",
      );
      expect(ruleRow("Language")).toHaveTextContent("You are bilingual.");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
