// The lead-explain plugin's public face: another plugin may ask it to explain a lead.
import { serviceKey } from "../../src/sdk";
import type { AgentChoice, LeadChoice } from "./choices";

export type { AgentChoice, LeadChoice } from "./choices";

/** How a manager's question names the lead and agent on screen (their names, not their ids). */
export interface ExplainNames {
  lead?: string | null;
  agent?: string | null;
}

/** Who asks decides what is explained: an agent its own lead for itself, a manager any lead for any agent. */
export type ExplainMode = "agent" | "manager";

/** A rule's verdict as the gateway words it: an English sentence, with its reason key and values when it has them. */
export interface WordedVerdict {
  reason: string;
  key?: string;
  values?: Record<string, string | number>;
}

export interface LeadExplainApi {
  /** A verdict's reason in the agent's language (the gateway's English when this browser has no wording). */
  say(verdict: WordedVerdict): string;
  readonly mode: ExplainMode;
  /** GET /leads/{id}/explain (?agent=<id> for a manager naming an agent); the answer lands in the store. */
  explain(leadId: number, agentId?: number | null, names?: ExplainNames): Promise<void>;
  /** Asks again for the last lead and agent asked about. */
  refresh(): Promise<void>;
  /** Agents: explains the current lead of the leads stack, again whenever it changes; returns the stop. */
  followCurrentLead(): () => void;
  /** Managers: the call centre's leads matching a name or phone (at most a few, for suggestions). */
  findLeads(text: string): Promise<LeadChoice[]>;
  /** Managers: the call centre's agents, by name. */
  agents(): Promise<AgentChoice[]>;
}

export const leadExplainApi = serviceKey<LeadExplainApi>("lead-explain.api");
