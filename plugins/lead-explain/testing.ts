// Fixtures and a mount() for the lead-explain tests: the gateway's explain answers, the SDK's leads stack
// (whose current lead a test switches), and the plugin through renderPlugin().
import { act, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { DIALER_RULES, explainLead, type ExplainAnswer, type ExplainResponse, type RuleVerdict } from "../../src/contract/dialer";
import { leadsKey, type LeadView } from "../../src/sdk";
import {
  fakeGateway,
  fakeLeads,
  leadView,
  provide,
  renderPlugin,
  reply,
  type EndpointHandler,
  type EndpointRoute,
  type FakeReply,
  type RenderPluginOptions,
} from "../../src/sdk/testing";
import type { LeadExplainApi } from "./api";
import plugin from "./index";
import type { LeadExplainStore } from "./model";

/** The rule names the panel shows, in the engine's order. */
export const RULE_NAMES = [
  "Role",
  "Calling disabled",
  "Inbound only",
  "Operation hours",
  "Quotas",
  "Do Not Call",
  "Status",
  "Paused list",
  "Owner",
  "In process",
  "Follow-ups",
  "Campaign",
  "Lead group",
  "Callable states",
  "Eligibility",
  "Level",
  "Language",
  "Publisher suppression",
  "Dialing sequence",
  "Calling window",
];

/** An explain answer: every rule passes (reason "<rule> passes.") unless `failing` gives its reason. */
export function explanation(
  o: {
    leadId?: number;
    agentId?: number | null;
    failing?: Partial<Record<RuleVerdict["rule"], string>>;
  } = {},
): ExplainResponse {
  const failing = o.failing ?? {};
  const rules = DIALER_RULES.map((rule) => {
    const reason = failing[rule];
    return reason === undefined ? { rule, ok: true, reason: `${rule} passes.` } : { rule, ok: false, reason };
  });
  return {
    callable: rules.every((r) => r.ok),
    checkedAt: "2026-01-05T14:00:05.000Z",
    leadId: o.leadId ?? 31,
    agentId: o.agentId === undefined ? 42 : o.agentId,
    rules,
  };
}
export const ok = (data: ExplainAnswer): FakeReply<typeof explainLead> => ({ status: 200, data });
/** A refusal with the gateway's ErrorBody (any route may answer these). */
export const refused = (status: 403 | 404 | 422 | 500, message: string, errors?: Record<string, string[]>) => ({
  status,
  data: errors ? { message, errors } : { message },
});

/** The key of an explain answer for a lead asked for an agent (`explains({ [forAgent(31, 12)]: … })`). */
export const forAgent = (leadId: number, agentId: number) => `${leadId} for ${agentId}`;
/**
 * The gateway's explain answers: by the lead's id, or by `forAgent(lead, agent)` when a manager names an agent;
 * any other is 404.
 */
export const explains = (answers: Record<string, EndpointHandler<typeof explainLead>>): EndpointRoute =>
  reply(explainLead, (req) => {
    const { id } = req.params;
    const answer = answers[req.query.agent === undefined ? String(id) : forAgent(id, req.query.agent)];
    if (answer === undefined) return { status: 404 };
    return typeof answer === "function" ? answer(req) : answer;
  });

export const lead = (o: Partial<LeadView> = {}): LeadView =>
  leadView({ marketingId: "ISF-31", phone: "+15555550131", ...o });

export interface MountOptions extends Omit<RenderPluginOptions, "services"> {
  current?: LeadView | null;
}

export async function mount(o: MountOptions = {}) {
  // Nothing awaits a disposition here: the panel only follows the current lead.
  const stack = fakeLeads(o.current ? [o.current] : [], 0);
  // The switch re-renders the panel: inside act(), as a dial or a Load would in the workspace.
  const leads = { ...stack, setCurrent: (l: LeadView | null) => act(() => stack.setCurrent(l)) };
  const gateway = o.gateway ?? fakeGateway();
  const r = await renderPlugin<LeadExplainApi, LeadExplainStore>(plugin, {
    ...o,
    gateway,
    services: [provide(leadsKey, leads.control)],
  });
  // The panel is lazy: wait for it, not only for its frame.
  await waitFor(() => expect(document.querySelector(".lead-explain")).not.toBeNull());
  const asked = () => gateway.requests.map((q) => `${q.method} ${q.url}`);
  return { ...r, gateway, leads, asked };
}

/** The rules table (the panel's only table), its row headers (rule names) in order, and one rule's row. */
export const rulesTable = () => screen.getByRole("table");
export const ruleNames = () =>
  within(rulesTable())
    .getAllByRole("rowheader")
    .map((h) => h.textContent);
export const ruleRow = (name: string) =>
  within(rulesTable()).getByRole("rowheader", { name }).closest("tr") as HTMLTableRowElement;
