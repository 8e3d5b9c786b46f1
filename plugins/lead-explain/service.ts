import type { AxiosInstance } from "axios";
import { reaction } from "mobx";
import type { LeadsControl } from "../../src/core/services";
import type { ExplainMode, LeadExplainApi } from "./api";
import { explainErrorOf, parseExplanation, reasonOf } from "./explanation";
import type { LeadExplainStore } from "./model";

export function createLeadExplainService(deps: {
  http: AxiosInstance;
  store: LeadExplainStore;
  leads: LeadsControl;
  mode: ExplainMode;
  /** Translates a key of the plugin's namespace with values. */
  t?: (key: string, options: Record<string, unknown>) => string;
  /** The UI language now (it changes with the agent's choice). */
  language?: () => string;
}): LeadExplainApi {
  const { http, store, leads, mode } = deps;
  // Only the latest question may answer: a lead switched while a request is on its way must not show the
  // previous lead's verdicts.
  let asked = 0;

  const explain = async (leadId: number, agentId: number | null = null) => {
    // An agent is always explained for itself: the gateway refuses any other agent (403).
    const agent = mode === "manager" ? agentId : null;
    const mine = ++asked;
    store.start({ leadId, agentId: agent });
    const query = agent === null ? "" : `?${new URLSearchParams({ agent: String(agent) })}`;
    try {
      const { data } = await http.get(`/leads/${leadId}/explain${query}`);
      if (mine === asked) store.loaded(parseExplanation(data));
    } catch (e) {
      if (mine === asked) store.failed(explainErrorOf(e));
    }
  };

  return {
    mode,
    say: (verdict) => (deps.t ? reasonOf(verdict, deps.t, deps.language?.() ?? "en") : verdict.reason),
    explain,
    refresh: () => (store.target ? explain(store.target.leadId, store.target.agentId) : Promise.resolve()),
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
