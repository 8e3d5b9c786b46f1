// One judgement for the engine, the claim and explain: the same rule list, the same order, the same facts.
import type { RuleVerdict } from "../../src/contract/dialer";
import type { AgentFacts, LeadFacts, Rule, RuleContext, Verdict } from "./facts";
import { reasonText } from "./reasons";
import { RULES } from "./rules/index";

const NOT_CHECKED = { ok: true, reason: reasonText("not_checked"), key: "not_checked" } as const;

const BY_MODE = new Map<RuleContext["mode"], Rule[]>();

/** The rules of a dial mode, in order (worked out once per mode: the engine asks for every lead it judges). */
export function rulesFor(ctx: Pick<RuleContext, "mode">): Rule[] {
  let rules = BY_MODE.get(ctx.mode);
  if (!rules) BY_MODE.set(ctx.mode, (rules = RULES.filter((r) => r.modes.includes(ctx.mode))));
  return rules;
}

function checkOf(rule: Rule, ctx: RuleContext, lead: LeadFacts | null): Verdict {
  if (rule.scope === "agent") return ctx.agent ? rule.check(ctx, ctx.agent) : NOT_CHECKED;
  if (rule.needsAgent && !ctx.agent) return NOT_CHECKED;
  return rule.check(ctx, lead!);
}

/** The verdict with its rule's name (the spread words its reason). */
const verdictOf = (rule: Rule, ctx: RuleContext, lead: LeadFacts | null): RuleVerdict => ({
  rule: rule.name,
  ...checkOf(rule, ctx, lead),
});

/** The first agent rule that fails: it stops every lead. */
export function agentBlock(ctx: RuleContext & { agent: AgentFacts }): RuleVerdict | null {
  for (const r of rulesFor(ctx)) {
    if (r.scope !== "agent") continue;
    const v = checkOf(r, ctx, null);
    if (!v.ok) return { rule: r.name, ...v };
  }
  return null;
}

/** The first lead rule that fails (agent rules are the caller's business: see agentBlock). */
export function leadFailure(ctx: RuleContext, lead: LeadFacts): RuleVerdict | null {
  for (const r of rulesFor(ctx)) {
    if (r.scope !== "lead") continue;
    const v = checkOf(r, ctx, lead);
    if (!v.ok) return { rule: r.name, ...v };
  }
  return null;
}

/** Every rule's verdict, in order (explain). */
export function explainAll(ctx: RuleContext, lead: LeadFacts): RuleVerdict[] {
  return rulesFor(ctx).map((r) => verdictOf(r, ctx, lead));
}
