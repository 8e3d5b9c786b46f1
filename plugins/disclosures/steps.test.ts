import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DisclosureStep } from "./contract";
import { activeSteps, moveFrom, positionOf, type Answers } from "./steps";

const statement = (step: number): DisclosureStep => ({ step, text: `Step ${step}`, answers: null });
const question = (step: number, ...answers: { skip?: number[]; readd?: number[] }[]): DisclosureStep => ({
  step,
  text: `Question ${step}`,
  answers: answers.map((a, i) => ({ text: `Answer ${i}`, skip: a.skip ?? [], readd: a.readd ?? [] })),
});

// 1 statement; 2 "is the payer the insured?" yes → on, no → skip 3 and 4; 3 statement; 4 question; 5 the end.
const DISCLOSURE = [statement(1), question(2, {}, { skip: [3, 4] }), statement(3), question(4, {}, {}), statement(5)];

describe("a disclosure walked step by step", () => {
  it("counts a switch question only once answered, and Next waits for its answer", () => {
    expect(positionOf(DISCLOSURE, {}, 1)).toEqual({ n: 1, max: 4, canPrev: false, canNext: true });
    expect(positionOf(DISCLOSURE, {}, 2)).toMatchObject({ n: 2, max: 4, canNext: false });
    expect(positionOf(DISCLOSURE, { 2: 0 }, 2)).toMatchObject({ n: 2, max: 5, canNext: true });
    // "No": steps 3 and 4 are not read; the counter says so.
    expect(activeSteps(DISCLOSURE, { 2: 1 }).map((s) => s.step)).toEqual([1, 2, 5]);
    expect(positionOf(DISCLOSURE, { 2: 1 }, 2)).toMatchObject({ n: 2, max: 3 });
    expect(moveFrom(DISCLOSURE, { 2: 1 }, 2, 1)).toBe(5);
    expect(positionOf(DISCLOSURE, { 2: 1 }, 5)).toEqual({ n: 3, max: 3, canPrev: true, canNext: false });
    expect(moveFrom(DISCLOSURE, { 2: 1 }, 5, -1)).toBe(2);
  });

  it("a later answer puts back what an earlier one took out; an answer never changes what was already read", () => {
    const steps = [question(1, { skip: [3] }), question(2, { readd: [3] }, {}), statement(3), question(4, { skip: [1, 2] })];
    expect(activeSteps(steps, { 1: 0 }).map((s) => s.step)).toEqual([1, 2, 4]);
    expect(activeSteps(steps, { 1: 0, 2: 0 }).map((s) => s.step)).toEqual([1, 2, 3, 4]);
    expect(activeSteps(steps, { 1: 0, 2: 1, 4: 0 }).map((s) => s.step)).toEqual([1, 2, 4]);
  });
});

/** A disclosure of 1–12 steps whose answers skip and readd later steps at random. */
const disclosure = fc.integer({ min: 1, max: 12 }).chain((count) =>
  fc.tuple(
    ...Array.from({ length: count }, (_, i) => {
      const step = i + 1;
      const later = fc.array(fc.integer({ min: 1, max: count }), { maxLength: 3 });
      return fc.oneof(
        fc.constant(statement(step)),
        fc.array(fc.record({ skip: later, readd: later }), { minLength: 1, maxLength: 3 }).map((a) => question(step, ...a)),
      );
    }),
  ),
);

describe("any disclosure", () => {
  it("answering each question in turn walks from the first step to the last with a counter that ends full", () => {
    fc.assert(
      fc.property(disclosure, fc.infiniteStream(fc.nat()), (steps, picks) => {
        const answers: Record<number, number> = {};
        let current = activeSteps(steps, answers)[0]!.step;
        expect(current).toBe(1); // nothing is skipped before it is reached
        let previousN = 0;
        for (let guard = 0; guard < 50; guard++) {
          const here = steps.find((s) => s.step === current)!;
          if (here.answers) {
            expect(positionOf(steps, answers, current).canNext).toBe(false); // Next waits for the answer
            answers[current] = picks.next().value % here.answers.length;
          }
          const pos = positionOf(steps, answers, current);
          expect(pos.n).toBeGreaterThan(previousN);
          expect(pos.n).toBeLessThanOrEqual(pos.max);
          previousN = pos.n;
          if (!pos.canNext) break;
          const next = moveFrom(steps, answers, current, 1);
          expect(next).toBeGreaterThan(current);
          current = next;
        }
        const active = activeSteps(steps, answers);
        expect(current).toBe(active.at(-1)!.step);
        const last = positionOf(steps, answers, current);
        expect(last.n).toBe(last.max);
      }),
    );
  });

  it("without answers every step is read, and the active steps are always in order", () => {
    fc.assert(
      fc.property(disclosure, fc.dictionary(fc.integer({ min: 1, max: 12 }).map(String), fc.nat({ max: 2 })), (steps, raw) => {
        expect(activeSteps(steps, {}).length).toBe(steps.length);
        const answers: Answers = Object.fromEntries(Object.entries(raw).map(([k, v]) => [Number(k), v]));
        const numbers = activeSteps(steps, answers).map((s) => s.step);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(numbers[0]).toBe(1);
      }),
    );
  });
});
