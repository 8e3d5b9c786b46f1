// 'Why this lead?' as a manager sees it: any lead of the call centre, picked by name or phone, for one agent
// picked by name or the lead's rules only (issue 33).
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listAgents, type AgentListItem } from "../../src/contract/agents";
import { searchLeads, type RuleVerdict } from "../../src/contract/dialer";
import { fakeGateway, reply, type EndpointHandler, type EndpointRoute, type FakeReply } from "../../src/sdk/testing";
import { LEAD_SEARCH_PAUSE_MS } from "./ManagerForm";
import { explains, explanation, forAgent, lead, mount, ok, refused, ruleNames, ruleRow, RULE_NAMES } from "./testing";

const MANAGER = { id: 7, roles: ["manager"] };
const NOT_CHECKED = "Not checked: no agent named (add ?agent=<id>).";
/** The agents list as the panel asks for it (one page of 100), as the gateway sees it. */
const AGENTS = "GET /agents?page=1&per_page=100&sort=name";

/** The lead-only answer: the agent rules are not checked without an agent. */
const leadOnly = () => {
  const e = explanation({ agentId: null, failing: { owner: "The lead belongs to another agent." } });
  return { ...e, rules: e.rules.map((r, i) => (i < 5 ? { ...r, reason: NOT_CHECKED, key: "not_checked" } : r)) };
};

const searchRow = (o: { id?: number; name?: string; phone?: string; state?: string | null } = {}) => ({
  id: o.id ?? 31,
  marketing_id: `ISF-${o.id ?? 31}`,
  name: o.name ?? "Pat Doe",
  phone: o.phone ?? "5555550131",
  email: null,
  address: { state: o.state === undefined ? "TX" : o.state },
  status: "New",
});
const found = (...rows: ReturnType<typeof searchRow>[]): FakeReply<typeof searchLeads> => ({
  status: 200,
  data: { data: rows },
});
/** The gateway's lead search: the answer for each text; any other text finds nothing (404). */
const searches = (answers: Record<string, EndpointHandler<typeof searchLeads>>): EndpointRoute =>
  reply(searchLeads, (req) => {
    const answer = answers[req.params.text];
    if (answer === undefined) return refused(404, "No leads were found");
    return typeof answer === "function" ? answer(req) : answer;
  });

const agentRow = (id: number, first: string, last: string): AgentListItem => ({
  id,
  first_name: first,
  last_name: last,
  full_name: `${first} ${last}`,
  extension: String(1000 + id),
  role: "advisor",
  level: 1,
  is_bilingual: false,
});
const agentList: FakeReply<typeof listAgents> = {
  status: 200,
  data: {
    data: [agentRow(12, "Jordan", "Reyes"), agentRow(14, "Sam", "Lee")],
    meta: { total: 2, page: 1, per_page: 100 },
  },
};

/** One rule replaced by a worded verdict, the others passing. */
const withRule = (e: ReturnType<typeof explanation>, verdict: RuleVerdict) => ({
  ...e,
  rules: e.rules.map((r) => (r.rule === verdict.rule ? verdict : r)),
});

/** `routes` answer first; the agents list answers `agentList` unless they answer it. */
async function managerMount(routes: EndpointRoute[], language?: "en" | "fr" | "es") {
  const gateway = fakeGateway([...routes, reply(listAgents, agentList)]);
  const r = await mount({ agent: MANAGER, gateway, language });
  const leadBox = () => screen.getByRole("combobox", { name: /^(Lead|Prospect|Prospecto)$/ });
  /** Types into the lead field and lets the pause pass, so the search goes out. */
  const search = async (text: string) => {
    await r.user.type(leadBox(), text);
    await r.advance(LEAD_SEARCH_PAUSE_MS);
  };
  /** Searches and chooses the suggestion with this text. */
  const pick = async (text: string, option: string) => {
    await search(text);
    await r.user.click(await screen.findByRole("option", { name: option }));
  };
  return { ...r, leadBox, search, pick };
}

beforeEach(() => vi.stubEnv("TZ", "UTC"));
afterEach(() => vi.unstubAllEnvs());

// The first test pays for the panel's lazy import.
describe("lead-explain for a manager", { timeout: 15_000 }, () => {
  it("picks the lead by name among suggestions (name, phone, state) and explains its own rules without an agent", async () => {
    const { pick, user, asked } = await managerMount([
      searches({ Pat: found(searchRow(), searchRow({ id: 40, name: "Patricia Roy", state: null })) }),
      explains({ 31: ok(leadOnly()) }),
    ]);

    await pick("Pat", "Pat Doe · 5555550131 · TX");
    expect(screen.getByRole("combobox", { name: "Lead" })).toHaveValue("Pat Doe");
    await user.click(screen.getByRole("button", { name: "Explain" }));

    expect(await screen.findByText("Pat Doe (lead #31), the lead's own rules only")).toBeInTheDocument();
    expect(screen.getByText("Not callable now")).toBeInTheDocument();
    // The failing rule first, then the rules that pass, then those not checked without an agent.
    expect(ruleNames()).toEqual([
      "Owner",
      ...RULE_NAMES.slice(5).filter((n) => n !== "Owner"),
      ...RULE_NAMES.slice(0, 5),
    ]);
    expect(ruleRow("Role")).toHaveTextContent(NOT_CHECKED);
    expect(within(ruleRow("Owner")).getByText("The reason the engine skips it")).toBeInTheDocument();
    expect(asked()).toEqual([AGENTS, "GET /leads/search/Pat", "GET /leads/31/explain"]);
  });

  it("offers a lead without a state by name and phone, and searches by phone too", async () => {
    const { search } = await managerMount([
      searches({ "555-0131": found(searchRow({ id: 40, name: "Patricia Roy", state: null })) }),
    ]);
    await search("555-0131");
    const list = await screen.findByRole("listbox", { name: "Matching leads" });
    expect(within(list).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Patricia Roy · 5555550131",
    ]);
  });

  it("chooses a suggestion with the arrows and Enter", async () => {
    const { search, user, leadBox } = await managerMount([
      searches({ Pat: found(searchRow(), searchRow({ id: 40, name: "Patricia Roy" })) }),
    ]);
    await search("Pat");
    await screen.findByRole("listbox");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(screen.getByRole("option", { name: /Patricia Roy/ })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    expect(leadBox()).toHaveValue("Patricia Roy");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("picks the agent by name, asks for its id, and speaks of that agent in the third person", async () => {
    const bilingual = withRule(explanation({ agentId: 12 }), {
      rule: "language",
      ok: true,
      reason: "You are bilingual.",
      key: "language_bilingual",
    });
    const { pick, user, asked } = await managerMount([
      searches({ Pat: found(searchRow()) }),
      explains({ [forAgent(31, 12)]: ok(bilingual) }),
    ]);

    await pick("Pat", "Pat Doe · 5555550131 · TX");
    const agent = screen.getByRole("combobox", { name: "Agent (optional)" });
    expect(within(agent).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "No agent",
      "Jordan Reyes",
      "Sam Lee",
    ]);
    await user.selectOptions(agent, "Jordan Reyes");
    await user.click(screen.getByRole("button", { name: "Explain" }));

    expect(await screen.findByText("Pat Doe (lead #31) for Jordan Reyes")).toBeInTheDocument();
    expect(ruleRow("Language")).toHaveTextContent("Jordan Reyes is bilingual.");
    expect(ruleRow("Language")).not.toHaveTextContent("You are bilingual.");
    expect(asked()).toContain("GET /leads/31/explain?agent=12");
  });

  it("speaks of the agent in the third person in French and Spanish too", async () => {
    const other = withRule(explanation({ agentId: 12 }), {
      rule: "language",
      ok: false,
      reason: "The lead speaks es; you take en leads.",
      key: "language_other",
      values: { language: "es", agentLanguage: "en" },
    });
    const { pick, user } = await managerMount(
      [searches({ Pat: found(searchRow()) }), explains({ [forAgent(31, 12)]: ok(other) })],
      "fr",
    );
    await pick("Pat", "Pat Doe · 5555550131 · TX");
    await user.selectOptions(screen.getByRole("combobox", { name: "Agent (facultatif)" }), "Jordan Reyes");
    await user.click(screen.getByRole("button", { name: "Expliquer" }));
    expect(await screen.findByText("Pat Doe (prospect nº 31) pour Jordan Reyes")).toBeInTheDocument();
    expect(ruleRow("Langue")).toHaveTextContent("Le prospect parle espagnol ; Jordan Reyes prend les prospects en anglais.");
  });

  it("shows the times of the reasons in the manager's zone and language, not as ISO instants", async () => {
    vi.stubEnv("TZ", "America/Toronto");
    const waiting = withRule(explanation({ agentId: null }), {
      rule: "dialing-sequence",
      ok: false,
      reason: "Dial #2 waits 60 min after the previous dial (2026-01-05T14:00:00.000Z); due at 2026-01-05T15:00:00.000Z.",
      key: "sequence_wait",
      values: { n: 2, wait: 60, last: "2026-01-05T14:00:00.000Z", at: "2026-01-05T15:00:00.000Z" },
    });
    const { pick, user } = await managerMount([searches({ Pat: found(searchRow()) }), explains({ 31: ok(waiting) })]);
    await pick("Pat", "Pat Doe · 5555550131 · TX");
    await user.click(screen.getByRole("button", { name: "Explain" }));

    const row = await screen.findByRole("rowheader", { name: "Dialing sequence" });
    expect(row.closest("tr")).toHaveTextContent(
      "Dial #2 waits 60 min after the previous dial (Jan 5, 2026, 9:00 AM EST); due at Jan 5, 2026, 10:00 AM EST.",
    );
    expect(row.closest("tr")).not.toHaveTextContent("2026-01-05T");
    expect(screen.getByText(/^Checked /)).toHaveTextContent("Checked Jan 5, 2026, 9:00:05 AM EST");
  });

  it("says when no lead matches, and searches nothing under two characters", async () => {
    const { search, asked } = await managerMount([searches({ Zed: refused(404, "No leads were found") })]);
    await search("Z");
    expect(asked()).toEqual([AGENTS]);
    await search("ed");
    expect(await screen.findByText("No lead of the call centre matches.")).toBeInTheDocument();
    expect(asked()).toEqual([AGENTS, "GET /leads/search/Zed"]);
  });

  it("asks for a lead from the suggestions before explaining", async () => {
    const { user, asked } = await managerMount([]);
    await user.click(screen.getByRole("button", { name: "Explain" }));
    expect(screen.getByText("Choose a lead from the suggestions.")).toBeInTheDocument();
    expect(asked()).toEqual([AGENTS]);
  });

  it("shows a 422 with the gateway's message and its field messages", async () => {
    const { pick, user } = await managerMount([
      searches({ Pat: found(searchRow()) }),
      explains({ [forAgent(31, 12)]: refused(422, "The given data was invalid.", { agent: ["Too big"] }) }),
    ]);
    await pick("Pat", "Pat Doe · 5555550131 · TX");
    await user.selectOptions(screen.getByRole("combobox", { name: "Agent (optional)" }), "Jordan Reyes");
    await user.click(screen.getByRole("button", { name: "Explain" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The lead or agent id was refused");
    expect(alert).toHaveTextContent("The given data was invalid. Too big");
  });

  it("shows a 404 for a lead deleted meanwhile", async () => {
    const { pick, user } = await managerMount([
      searches({ Pat: found(searchRow({ id: 99 })) }),
      explains({ 99: refused(404, "Not found.") }),
    ]);
    await pick("Pat", "Pat Doe · 5555550131 · TX");
    await user.click(screen.getByRole("button", { name: "Explain" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Lead or agent not found");
    expect(alert).toHaveTextContent("Not found.");
  });

  it("still explains the lead's own rules when the agents cannot be loaded", async () => {
    await managerMount([reply(listAgents, refused(500, "Boom"))]);
    expect(
      await screen.findByText("The agents could not be loaded: only the lead's own rules can be checked."),
    ).toBeInTheDocument();
  });

  it("does not follow the leads stack", async () => {
    const gateway = fakeGateway([reply(listAgents, agentList)]);
    const { asked } = await mount({ agent: MANAGER, current: lead(), gateway });
    expect(screen.getByRole("combobox", { name: "Lead" })).toBeInTheDocument();
    expect(screen.queryByText("Lead #31: Pat Doe")).not.toBeInTheDocument();
    await waitFor(() => expect(asked()).toEqual([AGENTS]));
  });

  it("gives roles above manager the form too", async () => {
    await mount({ agent: { id: 3, roles: ["admin"] }, gateway: fakeGateway([reply(listAgents, agentList)]) });
    expect(screen.getByRole("combobox", { name: "Agent (optional)" })).toBeInTheDocument();
  });
});
