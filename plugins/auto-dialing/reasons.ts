// Why the gateway found no lead (NoLeadResponse of POST /dials/auto), in a shape the panel can show: a
// one-line summary and the details behind "Why?". Pure.
import { DIALER_RULES, type NoLeadResponse } from "../../src/contract/dialer";

export interface SkippedRule {
  rule: string;
  /** Leads this rule skipped. */
  count: number;
  /** The gateway's readable reason for one of them (English). */
  sample: string | null;
  /** The same reason with its key and values, to say it in the agent's language. */
  verdict: { rule: string; reason: string; key?: string; values?: Record<string, string | number> } | null;
}

export interface NoLeadExplanation {
  message: string;
  examined: number;
  /** A rule about the agent itself (operation hours, quota…) that stops every lead. */
  blocked: { rule: string; reason: string; key?: string; values?: Record<string, string | number> } | null;
  /** Most skipped first; ties in the engine's order. */
  skipped: SkippedRule[];
}

const order = (rule: string) => {
  const i = (DIALER_RULES as readonly string[]).indexOf(rule);
  return i < 0 ? DIALER_RULES.length : i;
};

export function explainNoLead(r: NoLeadResponse): NoLeadExplanation {
  const rules = new Set([...Object.keys(r.reasons), ...Object.keys(r.samples)]);
  const skipped = [...rules]
    .map((rule) => ({
      rule,
      count: r.reasons[rule] ?? 0,
      sample: r.samples[rule] ?? null,
      verdict: r.sampleVerdicts?.[rule] ?? null,
    }))
    .sort((a, b) => b.count - a.count || order(a.rule) - order(b.rule));
  return {
    message: r.message,
    examined: r.examined,
    blocked: r.blocked && !r.blocked.ok ? { rule: r.blocked.rule, reason: r.blocked.reason, key: r.blocked.key, values: r.blocked.values } : null,
    skipped,
  };
}

/**
 * One line: what blocks every lead (worded by `say`, in the agent's language), else the reason that skipped
 * the most leads, else the message.
 */
export function summaryOf(e: NoLeadExplanation, say: (v: NonNullable<NoLeadExplanation["blocked"]>) => string = (v) => v.reason): string {
  return (e.blocked && say(e.blocked)) ?? sampleOf(e.skipped.find((s) => s.sample), say) ?? e.message;
}

/** A skipped rule's sample reason, worded by `say` when the gateway sent its key. */
export function sampleOf(
  s: SkippedRule | undefined,
  say: (v: NonNullable<NoLeadExplanation["blocked"]>) => string = (v) => v.reason,
): string | null {
  if (!s) return null;
  return s.verdict ? say(s.verdict) : s.sample;
}

/** Whether "Why?" has anything more to show than the summary. */
export const hasDetails = (e: NoLeadExplanation) =>
  e.blocked !== null || e.skipped.length > 0 || e.examined > 0;
