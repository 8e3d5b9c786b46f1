// Walking a disclosure (agent-workspace §2 disclosure popup, §5 "Disclosure Next is disabled on the last step or
// when the current question is unanswered; a switch question counts toward the total only once answered").
// Pure: the popup keeps `answers` and `current`, these functions say what the agent sees.
//
// An answer's skip list takes later steps out; its readd list puts back steps an earlier answer took out. They
// apply in step order and only to the steps after the answered one (a question decides what follows, never what
// was already read), and only while the answered step is itself in the disclosure.
import type { DisclosureStep } from "./contract";

/** Step number → index of the chosen answer. */
export type Answers = Readonly<Record<number, number>>;

/** The steps the agent reads with these answers, in order. */
export function activeSteps(steps: readonly DisclosureStep[], answers: Answers): DisclosureStep[] {
  const ordered = [...steps].sort((a, b) => a.step - b.step);
  const out = new Set(ordered.map((s) => s.step));
  for (const s of ordered) {
    if (!out.has(s.step)) continue;
    const chosen = s.answers?.[answers[s.step] ?? -1];
    if (!chosen) continue;
    for (const n of chosen.skip) if (n > s.step) out.delete(n);
    for (const n of chosen.readd) if (n > s.step) out.add(n);
  }
  return ordered.filter((s) => out.has(s.step));
}

/** A question whose answers change which steps follow. */
export const isSwitch = (s: DisclosureStep) => s.answers?.some((a) => a.skip.length > 0 || a.readd.length > 0) ?? false;

const answered = (s: DisclosureStep, answers: Answers) => s.answers !== null && s.answers[answers[s.step] ?? -1] !== undefined;

export interface Position {
  /** 1-based place of the current step among those counted. */
  n: number;
  max: number;
  canPrev: boolean;
  canNext: boolean;
}

/** The counter n/max and the Prev / Next buttons on step `current` (a step number among the active ones). */
export function positionOf(steps: readonly DisclosureStep[], answers: Answers, current: number): Position {
  const active = activeSteps(steps, answers);
  const at = Math.max(0, active.findIndex((s) => s.step === current));
  const counts = (s: DisclosureStep) => !isSwitch(s) || answered(s, answers);
  const before = active.slice(0, at).filter(counts).length;
  const n = before + 1;
  const max = Math.max(n, active.filter(counts).length);
  const here = active[at];
  const waiting = here !== undefined && here.answers !== null && !answered(here, answers);
  return { n, max, canPrev: at > 0, canNext: at < active.length - 1 && !waiting };
}

/** The step after (or before) `current` with these answers; `current` itself at either end. */
export function moveFrom(steps: readonly DisclosureStep[], answers: Answers, current: number, by: 1 | -1): number {
  const active = activeSteps(steps, answers);
  const at = active.findIndex((s) => s.step === current);
  // The current step left the disclosure (an answer changed): go to the nearest step still in it.
  if (at < 0) return (by > 0 ? active.find((s) => s.step > current) : [...active].reverse().find((s) => s.step < current))?.step ?? active[0]?.step ?? current;
  return active[Math.min(active.length - 1, Math.max(0, at + by))]!.step;
}
