import { reaction } from "mobx";
import { holdsRoleAtLeast } from "../../src/contract/common";
import { explainLead } from "../../src/contract/dialer";
import { callEndpoint, type PluginContext } from "../../src/sdk";
import type { ExplainNames, LeadExplainApi } from "./api";
import { agentChoices, searchLeadChoices } from "./choices";
import { explainErrorOf, reasonOf } from "./explanation";
import type { LeadExplainStore } from "./model";

export function createLeadExplainService(ctx: PluginContext<LeadExplainStore>): LeadExplainApi {
  const { store, leads } = ctx;
  // "manager" passes for every role above it too.
  const mode = holdsRoleAtLeast(ctx.agent.roles, "manager") ? "manager" : "agent";
  // Only the latest question may answer: a lead switched while a request is on its way must not show the
  // previous lead's verdicts.
  let asked = 0;

  const explain = async (leadId: number, agentId: number | null = null, names: ExplainNames = {}) => {
    // An agent is always explained for itself: the gateway refuses any other agent (403).
    const agent = mode === "manager" ? agentId : null;
    const mine = ++asked;
    store.start({
      leadId,
      agentId: agent,
      leadName: names.lead ?? null,
      agentName: agent === null ? null : (names.agent ?? null),
    });
    const answer = await callEndpoint(ctx, explainLead, {
      params: { id: leadId },
      query: agent === null ? {} : { agent },
    });
    if (mine !== asked) return;
    if (answer.ok) store.loaded(answer.data);
    else store.failed(explainErrorOf(answer));
  };

  return {
    mode,
    // Read the language at each call: the agent may switch it.
    say: (verdict) => reasonOf(verdict, ctx.t, ctx.language),
    explain,
    refresh: () => {
      const target = store.target;
      if (!target) return Promise.resolve();
      return explain(target.leadId, target.agentId, { lead: target.leadName, agent: target.agentName });
    },
    findLeads: (text) => searchLeadChoices(ctx, text),
    agents: () => agentChoices(ctx),
    followCurrentLead: () =>
      reaction(
        () => leads.current?.id ?? null,
        (id) => {
          if (id !== null) return void explain(id);
          asked++;
          store.clear();
        },
        { fireImmediately: true },
      ),
  };
}
