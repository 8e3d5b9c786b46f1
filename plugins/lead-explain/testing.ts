// Fixtures and a mount() for the lead-explain tests: the gateway's explain answers, an observable leads
// stack, and the plugin through renderPlugin().
import { act, screen, waitFor, within } from "@testing-library/react";
import { observable, runInAction } from "mobx";
import { expect, vi } from "vitest";
import { DIALER_RULES, type ExplainResponse, type RuleVerdict } from "../../src/contract/dialer";
import { leadsKey, type LeadsControl, type LeadView } from "../../src/core/services";
import { fakeGateway, type Reply } from "../../src/test/fakeGateway";
import { leadView } from "../../src/test/leadView";
import { provide, renderPlugin, type RenderPluginOptions } from "../../tests/helpers/renderPlugin";
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
export const ok = (data: ExplainResponse): Reply => ({ status: 200, data });
export const refused = (status: number, message: string, errors?: Record<string, string[]>): Reply => ({
  status,
  data: errors ? { message, errors } : { message },
});

export const lead = (o: Partial<LeadView> = {}): LeadView =>
  leadView({ marketingId: "ISF-31", phone: "+15555550131", ...o });

/** A leads stack whose current lead a test switches, observably, as the core's does. */
export function fakeLeads(current: LeadView | null = null) {
  const box = observable.box(current, { deep: false });
  const control: LeadsControl = {
    get current() {
      return box.get();
    },
    leadIds: [],
    awaitingDisposition: 0,
    open: vi.fn(async () => {
      throw new Error("not used");
    }),
    persist: vi.fn(),
    disposed: vi.fn(),
    select: vi.fn(),
  };
  const setCurrent = (l: LeadView | null) =>
    act(() => {
      runInAction(() => box.set(l));
    });
  return { control, setCurrent };
}

export interface MountOptions extends Omit<RenderPluginOptions, "services"> {
  current?: LeadView | null;
}

export async function mount(o: MountOptions = {}) {
  const leads = fakeLeads(o.current ?? null);
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
