// One judgement for the engine, the claim and explain: the same rule list, the same order, the same facts.
import type { RuleVerdict } from "../../src/contract/dialer";
import type { AgentFacts, LeadFacts, Rule, RuleContext } from "./facts";
import { reasonText } from "./reasons";
import { RULES } from "./rules/index";

const NOT_CHECKED = { ok: true, reason: reasonText("not_checked"), key: "not_checked" } as const;

export function rulesFor(ctx: Pick<RuleContext, "mode">): Rule[] {
  return RULES.filter((r) => r.modes.includes(ctx.mode));
}

function verdictOf(rule: Rule, ctx: RuleContext, lead: LeadFacts | null): RuleVerdict {
  if (rule.scope === "agent") {
    if (!ctx.agent) return { rule: rule.name, ...NOT_CHECKED };
    return { rule: rule.name, ...rule.check(ctx, ctx.agent) };
  }
  if (rule.needsAgent && !ctx.agent) return { rule: rule.name, ...NOT_CHECKED };
  return { rule: rule.name, ...rule.check(ctx, lead!) };
}

/** The first agent rule that fails: it stops every lead. */
export function agentBlock(ctx: RuleContext & { agent: AgentFacts }): RuleVerdict | null {
  for (const r of rulesFor(ctx)) {
    if (r.scope !== "agent") continue;
    const v = verdictOf(r, ctx, null);
    if (!v.ok) return v;
  }
  return null;
}

/** The first lead rule that fails (agent rules are the caller's business: see agentBlock). */
export function leadFailure(ctx: RuleContext, lead: LeadFacts): RuleVerdict | null {
  for (const r of rulesFor(ctx)) {
    if (r.scope !== "lead") continue;
    const v = verdictOf(r, ctx, lead);
    if (!v.ok) return v;
  }
  return null;
}

/** Every rule's verdict, in order (explain). */
export function explainAll(ctx: RuleContext, lead: LeadFacts): RuleVerdict[] {
  return rulesFor(ctx).map((r) => verdictOf(r, ctx, lead));
}
