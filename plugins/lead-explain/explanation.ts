// The gateway's answer and refusals in the shape the panel shows. Pure.
import { ExplainAnswer } from "../../src/contract/dialer";
import type { Refusal } from "../../src/sdk";
import { formatInstant, isInstant } from "./format";

// A rule id this browser does not know yet (a newer gateway) must not hide the other verdicts: the panel
// shows its id instead of a name (the endpoint's answer, ExplainAnswer, keeps it).
export type Explanation = ExplainAnswer;

export const parseExplanation = (data: unknown): Explanation => ExplainAnswer.parse(data);

/** A translation function, as react-i18next gives it. */
type Translate = (key: string, options: Record<string, unknown>) => string;

/** "Callback Scheduled" → "callback_scheduled", "operations-manager" → "operations_manager": a value's key. */
const keyOf = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

const OBSERVED = " (observed)";

/**
 * A value of a reason as the agent's language says it. The gateway sends some in English or as codes: the
 * lead's status (a disposition name), the agent's role, a holiday's name, a language code, a weekday or a
 * quota period. Numbers, times, zones, states and names stay as they are.
 */
function valueIn(name: string, v: string | number, t: Translate, language: string): string | number {
  if (typeof v !== "string") return v;
  switch (name) {
    case "status":
      return t(`statuses.${keyOf(v)}`, { defaultValue: v });
    case "role":
      return t(`roles.${keyOf(v)}`, { defaultValue: v });
    case "holiday": {
      // The observed weekday of a holiday is the same holiday, moved.
      const observed = v.endsWith(OBSERVED);
      const base = observed ? v.slice(0, -OBSERVED.length) : v;
      const said = t(`holidays.${keyOf(base)}`, { defaultValue: base });
      return observed ? t("holidays.observed", { name: said, defaultValue: v }) : said;
    }
    case "language":
    case "agentLanguage":
      return languageName(v, language);
  }
  return /^[A-Za-z]+$/.test(v) ? t(`words.${v}`, { defaultValue: v }) : v;
}

/** "es" → "espagnol" for a French agent; the code itself when the browser cannot name it. */
function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "language", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** How a reason is said: to whom it speaks, and in which zone its times are read. */
export interface Saying {
  /**
   * The agent the rules were checked for, when it is not the viewer (a manager explaining for an agent): its
   * name, or null for "the agent". Undefined: the viewer is the agent, and the reasons say "You …".
   */
  agent?: string | null;
  /** The viewer's time zone (default: the browser's). */
  timeZone?: string;
}

/** A key no locale holds: t() answers it when a third-person form is missing. */
const NONE = "\u0000";

/** The sentence with its first letter upper-cased ("the agent is bilingual." → "The agent is bilingual."). */
const capitalised = (s: string, language: string) => s.charAt(0).toLocaleUpperCase(language) + s.slice(1);

/**
 * A verdict's reason in the viewer's language. English is the gateway's own sentence (the calling window's is
 * more detailed than its short form) unless it holds a raw ISO instant or must speak of another agent; another
 * language says the reason by its key and values (the values the gateway words in English are translated too,
 * see valueIn), else the gateway's English. Instants are read in the viewer's zone and language (issue 33).
 * A manager explaining for an agent reads the reasons about that agent in the third person ("Jordan Reyes is
 * bilingual.", `reasons_agent`), where the agent reads "You are bilingual.".
 */
export function reasonOf(
  r: Pick<Explanation["rules"][number], "reason" | "key" | "values">,
  t: Translate,
  language: string,
  saying: Saying = {},
): string {
  if (!r.key) return r.reason;
  const english = language === "en" || language.startsWith("en-");
  const values = Object.fromEntries(
    Object.entries(r.values ?? {}).map(([k, v]) => [
      k,
      isInstant(v) ? formatInstant(v, language, saying.timeZone) : valueIn(k, v, t, language),
    ]),
  );
  if (saying.agent !== undefined) {
    const agent = saying.agent ?? t("agent_subject", {});
    const said = t(`reasons_agent.${r.key}`, { ...values, agent, defaultValue: NONE });
    if (said !== NONE) return capitalised(said, language);
  }
  if (english && !Object.values(r.values ?? {}).some(isInstant)) return r.reason;
  return t(`reasons.${r.key}`, { ...values, defaultValue: r.reason });
}

/** Index of the rule the engine would skip the lead for (the first that fails), -1 when callable. */
export const firstFailure = (e: Explanation): number => e.rules.findIndex((r) => !r.ok);

export type ShownRule = Explanation["rules"][number] & {
  /** The rule's place in the engine's order (0 first). */
  step: number;
  /** The rule the engine skips the lead for. */
  deciding: boolean;
};

/**
 * The rules in the order the panel lists them: those that decide the verdict first, so "Not callable now" has
 * its reason in sight without scrolling (issue 13, fault 9: the failing rules were below the fold). The
 * failing rules come first, the engine's first failure at the top; then the passing ones; then those not
 * checked (a manager's lead-only question), which decide nothing. The engine's order holds within each group.
 */
export function decidingFirst(e: Explanation): ShownRule[] {
  const first = firstFailure(e);
  const group = (r: Explanation["rules"][number]) => (!r.ok ? 0 : r.key === "not_checked" ? 2 : 1);
  return e.rules
    .map((r, step) => ({ ...r, step, deciding: step === first }))
    .sort((a, b) => group(a) - group(b) || a.step - b.step);
}

export type ExplainErrorKind = "forbidden" | "not_found" | "invalid" | "refused" | "failed";

export interface ExplainError {
  kind: ExplainErrorKind;
  /** The gateway's own sentence (and per-field messages), shown as given; null when none came. */
  message: string | null;
}

const KINDS: Record<number, ExplainErrorKind> = { 403: "forbidden", 404: "not_found", 422: "invalid" };

export function explainErrorOf(refusal: Refusal): ExplainError {
  const { status, message } = refusal;
  // 5xx, no answer, or an answer that is not ours (no ErrorBody): nothing the gateway said is worth showing.
  if (status === null || status >= 500 || message === null) return { kind: "failed", message: null };
  const details = Object.values(refusal.errors)
    .flat()
    .filter((m) => m !== message);
  return {
    kind: KINDS[status] ?? "refused",
    message: [message, ...details].join(" "),
  };
}
