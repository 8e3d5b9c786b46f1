// What the script's sentences are filled with: the lead's and the agent's names (a bracketed placeholder for a
// name not known yet, so the agent sees where it goes and asks for it) and the facts the gateway gave, the
// hours worded in the agent's language (9am, 9 h, 9 a. m.).
import type { ScriptFacts } from "./contract";

type Translate = (key: string, values?: Record<string, unknown>) => string;

export interface ScriptNames {
  leadFirst: string | null | undefined;
  leadLast: string | null | undefined;
  agentFirst: string;
}

/** The hour as the agent's language says it: its clock (hours.clock, 12 or 24) and its am/pm wording. */
const hour = (t: Translate, h: number) =>
  t(h < 12 ? "hours.am" : "hours.pm", { h: t("hours.clock") === "24" ? h : h % 12 || 12 });

export function scriptValues(t: Translate, facts: ScriptFacts, names: ScriptNames): Record<string, string | number> {
  return {
    lead_first: names.leadFirst?.trim() || t("names.lead_first"),
    lead_last: names.leadLast?.trim() || t("names.lead_last"),
    agent: names.agentFirst.trim() || t("names.agent"),
    minutes: facts.verification_minutes,
    from: hour(t, facts.visit_from_hour),
    until: hour(t, facts.visit_until_hour),
    quotes_min: facts.quotes_min,
    quotes_max: facts.quotes_max,
    providers: facts.providers,
  };
}
