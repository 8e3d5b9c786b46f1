// The gateway's answer and refusals in the shape the panel shows. Pure.
import { isAxiosError } from "axios";
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { ExplainResponse, RuleVerdict } from "../../src/contract/dialer";

// A rule id this browser does not know yet (a newer gateway) must not hide the other verdicts: the panel
// shows its id instead of a name.
const Answer = ExplainResponse.extend({ rules: z.array(RuleVerdict.extend({ rule: z.string() })) });
export type Explanation = z.infer<typeof Answer>;

export const parseExplanation = (data: unknown): Explanation => Answer.parse(data);

/** A translation function, as react-i18next gives it. */
type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * A verdict's reason in the agent's language. English is the gateway's own sentence (the calling window's is
 * more detailed than its short form); another language says the reason by its key and values (a value that
 * is a plain word, a weekday or a quota period, is translated too), else the gateway's English.
 */
export function reasonOf(
  r: Pick<Explanation["rules"][number], "reason" | "key" | "values">,
  t: Translate,
  language: string,
): string {
  if (!r.key || language === "en" || language.startsWith("en-")) return r.reason;
  const values = Object.fromEntries(
    Object.entries(r.values ?? {}).map(([k, v]) => [
      k,
      typeof v === "string" && /^[A-Za-z]+$/.test(v) ? t(`words.${v}`, { defaultValue: v }) : v,
    ]),
  );
  return t(`reasons.${r.key}`, { ...values, defaultValue: r.reason });
}

/** Index of the rule the engine would skip the lead for (the first that fails), -1 when callable. */
export const firstFailure = (e: Explanation): number => e.rules.findIndex((r) => !r.ok);

export type ExplainErrorKind = "forbidden" | "not_found" | "invalid" | "refused" | "failed";

export interface ExplainError {
  kind: ExplainErrorKind;
  /** The gateway's own sentence (and per-field messages), shown as given; null when none came. */
  message: string | null;
}

const KINDS: Record<number, ExplainErrorKind> = { 403: "forbidden", 404: "not_found", 422: "invalid" };

export function explainErrorOf(e: unknown): ExplainError {
  const response = isAxiosError(e) ? e.response : undefined;
  const body = ErrorBody.safeParse(response?.data);
  // 5xx, no answer, or an answer that is not ours: nothing the gateway said is worth showing.
  if (!response || response.status >= 500 || !body.success) return { kind: "failed", message: null };
  const details = Object.values(body.data.errors ?? {})
    .flat()
    .filter((m) => m !== body.data.message);
  return {
    kind: KINDS[response.status] ?? "refused",
    message: [body.data.message, ...details].join(" "),
  };
}
