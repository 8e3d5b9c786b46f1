// A plugin renames or splits a panel that shipped, and each agent's saved arrangement follows: the layout
// migrations a plugin declares, as restoreLayout runs them and toSaved records them.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { LAYOUT_VERSION, SavedLayout, type AppliedMigrations, type LayoutItem } from "../contract/layout";
import { layoutMigrationsProblem, renamePanel, splitPanel } from "../core/layoutMigrations";
import type { LayoutMigration } from "../core/plugin";
import { restoreLayout, toSaved, type LayoutMigrations } from "./layout";

/** The panels this release offers: goals' "progress" became "today", then "today" was split into today and month. */
const PANELS = new Map([
  ["goals.today", { size: { w: 4, h: 9, minW: 3, minH: 4 } }],
  ["goals.month", { size: { w: 4, h: 4, minH: 2 } }],
  ["goals.ranking", { size: { w: 4, h: 6 } }],
  ["calls.list", { size: { w: 6, h: 10, minW: 4, maxW: 8, maxH: 12 } }],
]);
const FALLBACK: LayoutItem[] = [{ i: "calls.list", panel: "calls.list", x: 0, y: 0, w: 6, h: 10 }];
const item = (panel: string, x: number, y: number, w: number, h: number, more: Partial<LayoutItem> = {}): LayoutItem => ({
  i: panel,
  panel,
  x,
  y,
  w,
  h,
  ...more,
});
const saved = (items: LayoutItem[], migrations?: AppliedMigrations) => ({ version: LAYOUT_VERSION, items, ...(migrations ? { migrations } : {}) });
/** Through the wire and back, as the gateway or the local copy would hand it over. */
const wire = <T,>(doc: T): unknown => JSON.parse(JSON.stringify(doc));

const RENAME: LayoutMigration = { id: "goals/1-progress-is-today", up: renamePanel("goals.progress", "goals.today") };
const SPLIT: LayoutMigration = { id: "goals/2-today-and-month", up: splitPanel("goals.today", ["goals.today", "goals.month"]) };
const GOALS = [RENAME, SPLIT];
const migrations = (entries: Record<string, LayoutMigration[]>): LayoutMigrations => new Map(Object.entries(entries));

describe("a plugin's layout migrations", () => {
  it("rename a panel: the agent's item keeps its place, its size and when it shows, and the saved layout says so", () => {
    const before = [item("calls.list", 0, 0, 8, 10), item("goals.progress", 8, 0, 4, 9, { shownWhile: "idle" })];
    const restored = restoreLayout(saved(before), PANELS, FALLBACK, { migrations: migrations({ goals: [RENAME] }) });
    expect(restored.items).toEqual([item("calls.list", 0, 0, 8, 10), item("goals.today", 8, 0, 4, 9, { shownWhile: "idle" })]);
    expect(toSaved(restored.items, restored.migrations)).toEqual(saved(restored.items, { goals: 1 }));
  });

  it("split a panel: the parts share its cell, top to bottom, each held to its own limits", () => {
    const before = [item("goals.today", 8, 2, 4, 9, { shownWhile: "call" })];
    const restored = restoreLayout(saved(before, { goals: 1 }), PANELS, FALLBACK, { migrations: migrations({ goals: GOALS }) });
    expect(restored.items).toEqual([
      item("goals.today", 8, 2, 4, 5, { shownWhile: "call" }),
      item("goals.month", 8, 7, 4, 4, { shownWhile: "call" }),
    ]);
    expect(restored.migrations).toEqual({ goals: 2 });
    // A cell too small for both: each part still gets its minimum height (the grid moves what is below).
    const small = restoreLayout(saved([item("goals.today", 0, 0, 4, 3)], { goals: 1 }), PANELS, FALLBACK, {
      migrations: migrations({ goals: GOALS }),
    });
    expect(small.items).toEqual([item("goals.today", 0, 0, 4, 4), item("goals.month", 0, 2, 4, 2)]);
    // A part the layout has already keeps its place and is not placed twice: splitting what was split changes nothing.
    const split = [item("goals.today", 8, 2, 4, 5), item("goals.month", 0, 9, 4, 4)];
    expect(SPLIT.up(split)).toEqual(split);
  });

  it("run in order, each on what the one before left: a layout that has been through none goes through both", () => {
    const before = [item("goals.progress", 0, 0, 4, 10), item("goals.ranking", 4, 0, 4, 6)];
    const restored = restoreLayout(saved(before), PANELS, FALLBACK, { migrations: migrations({ goals: GOALS }) });
    expect(restored.items).toEqual([item("goals.today", 0, 0, 4, 5), item("goals.month", 0, 5, 4, 5), item("goals.ranking", 4, 0, 4, 6)]);
    expect(toSaved(restored.items, restored.migrations).migrations).toEqual({ goals: 2 });
  });

  it("never run twice: a step the saved layout has been through is not run again, after a save and a sign-in either", () => {
    const taller: LayoutMigration = { id: "goals/1-ranking-taller", up: (items) => items.map((it) => ({ ...it, h: it.h + 2 })) };
    const options = { migrations: migrations({ goals: [taller] }) };
    const first = restoreLayout(saved([item("goals.ranking", 0, 0, 4, 6)]), PANELS, FALLBACK, options);
    expect(first.items).toEqual([item("goals.ranking", 0, 0, 4, 8)]);
    const again = restoreLayout(wire(toSaved(first.items, first.migrations)), PANELS, FALLBACK, options);
    expect(again).toEqual(first);
    // Only the steps added since the last save run.
    const more: LayoutMigration = { id: "goals/2-ranking-wider", up: (items) => items.map((it) => ({ ...it, w: it.w + 1 })) };
    const later = restoreLayout(wire(toSaved(first.items, first.migrations)), PANELS, FALLBACK, {
      migrations: migrations({ goals: [taller, more] }),
    });
    expect(later).toEqual({ items: [item("goals.ranking", 0, 0, 5, 8)], migrations: { goals: 2 } });
  });

  it("that throw keep the layout: that plugin's items stay as saved (its renamed panel dropped), the others migrate", () => {
    const log = vi.fn();
    const broken: LayoutMigration = {
      id: "goals/2-broken",
      up: (items) => {
        items.forEach((it) => Object.assign(it, { w: 1 })); // changes what it was given, then fails
        throw new Error("no");
      },
    };
    const calls: LayoutMigration = { id: "calls/1-old-list-is-list", up: renamePanel("calls.old", "calls.list") };
    const before = [item("goals.progress", 0, 0, 4, 9), item("goals.ranking", 4, 0, 4, 6), item("calls.old", 0, 9, 8, 10)];
    const restored = restoreLayout(saved(before, { other: 3 }), PANELS, FALLBACK, {
      migrations: migrations({ goals: [RENAME, broken], calls: [calls] }),
      log,
    });
    expect(restored.items).toEqual([item("goals.ranking", 4, 0, 4, 6), item("calls.list", 0, 9, 8, 10)]);
    // goals stays where it was, so a release with the step fixed runs both again; a plugin that is off keeps its count.
    expect(restored.migrations).toEqual({ other: 3, calls: 1 });
    expect(log).toHaveBeenCalledWith(expect.stringContaining("goals/2-broken"), expect.any(Error));
  });

  it("that give back a panel of another plugin, or no layout items, count as failed", () => {
    const log = vi.fn();
    const stray: LayoutMigration = { id: "goals/1-stray", up: (items) => [...items, item("calls.list", 0, 0, 6, 10)] };
    const garbage: LayoutMigration = { id: "calls/1-garbage", up: (items) => items.map((it) => ({ ...it, x: -3 })) };
    const before = [item("goals.ranking", 4, 0, 4, 6), item("calls.list", 0, 0, 6, 10)];
    const restored = restoreLayout(saved(before), PANELS, FALLBACK, { migrations: migrations({ goals: [stray], calls: [garbage] }), log });
    expect(restored).toEqual({ items: before, migrations: {} });
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("apply to a layout saved before plugins could migrate theirs, which still parses and is still saved the same", () => {
    const old = { version: 1, items: [item("goals.progress", 8, 0, 4, 9), item("calls.list", 0, 0, 8, 10)] };
    expect(SavedLayout.safeParse(old).success).toBe(true);
    const restored = restoreLayout(old, PANELS, FALLBACK, { migrations: migrations({ goals: [RENAME] }) });
    expect(restored.items.map((it) => it.panel)).toEqual(["goals.today", "calls.list"]);
    // With no plugin migrating anything, nothing new is written.
    const plain = restoreLayout(old, PANELS, FALLBACK);
    expect(toSaved(plain.items, plain.migrations)).toEqual({ version: 1, items: [item("calls.list", 0, 0, 8, 10)] });
  });

  it("leave the items of a plugin that is off for this agent to be dropped quietly, as before", () => {
    const log = vi.fn();
    const restored = restoreLayout(saved([item("calls.list", 0, 0, 6, 10), item("weather.forecast", 6, 0, 4, 6)]), PANELS, FALLBACK, {
      migrations: migrations({ goals: GOALS }),
      log,
    });
    expect(restored.items).toEqual([item("calls.list", 0, 0, 6, 10)]);
    expect(log).not.toHaveBeenCalled();
  });

  it("count as done for the default layout, which is in today's panel ids", () => {
    for (const raw of [null, { version: 99, items: [] }]) {
      const restored = restoreLayout(raw, PANELS, FALLBACK, { migrations: migrations({ goals: GOALS, calls: [] }) });
      expect(restored.items).toBe(FALLBACK);
      expect(toSaved(restored.items, restored.migrations).migrations).toEqual({ goals: 2 });
    }
  });

  it("are refused by the saved layout's schema when the record is malformed", () => {
    for (const record of [{ goals: -1 }, { goals: 1.5 }, { Goals: 1 }, { "goals.today": 1 }, { goals: "1" }]) {
      expect(SavedLayout.safeParse({ version: LAYOUT_VERSION, items: [], migrations: record }).success).toBe(false);
    }
    expect(SavedLayout.safeParse(saved([], { goals: 2, "lead-card": 1 })).success).toBe(true);
  });

  it("must count 1, 2, 3… in their ids, so a step inserted or moved is caught before it runs", () => {
    expect(layoutMigrationsProblem("goals", GOALS)).toBeNull();
    expect(layoutMigrationsProblem("goals", [SPLIT, RENAME])).toMatch(/goals\/1-/);
    expect(layoutMigrationsProblem("calls", [RENAME])).toMatch(/calls\/1-/);
    expect(layoutMigrationsProblem("goals", [{ ...RENAME, id: "goals/1-" }])).not.toBeNull();
  });
});

describe("restoring a layout migrated and saved", () => {
  // Old and new ids of goals' panels, a panel of calls renamed, and one of a plugin that is off.
  const SAVED_PANELS = ["goals.progress", "goals.today", "goals.month", "goals.ranking", "calls.old", "calls.list", "gone.panel"];
  const STEPS = migrations({
    goals: [RENAME, SPLIT, { id: "goals/3-ranking-taller", up: (items) => items.map((it) => (it.panel === "goals.ranking" ? { ...it, h: it.h + 1 } : it)) }],
    calls: [{ id: "calls/1-old-list-is-list", up: renamePanel("calls.old", "calls.list") }],
  });
  const layout = fc.record({
    items: fc.array(
      fc.record({
        panel: fc.constantFrom(...SAVED_PANELS),
        x: fc.nat(11),
        y: fc.nat(60),
        w: fc.integer({ min: 1, max: 12 }),
        h: fc.integer({ min: 1, max: 150 }),
        shownWhile: fc.option(fc.constantFrom("always", "call", "idle" as const), { nil: undefined }),
      }),
      { maxLength: 8 },
    ),
    migrations: fc.option(fc.record({ goals: fc.nat(3), calls: fc.nat(1), gone: fc.nat(4) }, { requiredKeys: [] }), { nil: undefined }),
  });

  it("changes nothing: what was migrated and saved is given back as it was, and saved the same", () => {
    fc.assert(
      fc.property(layout, ({ items, migrations: applied }) => {
        const doc = saved(
          items.map(({ shownWhile, ...it }) => ({ i: it.panel, ...it, w: Math.min(it.w, 12 - it.x), ...(shownWhile ? { shownWhile } : {}) })),
          applied,
        );
        const first = restoreLayout(wire(doc), PANELS, FALLBACK, { migrations: STEPS });
        const savedOnce = toSaved(first.items, first.migrations);
        const second = restoreLayout(wire(savedOnce), PANELS, FALLBACK, { migrations: STEPS });
        expect(second).toEqual(first);
        expect(toSaved(second.items, second.migrations)).toEqual(savedOnce);
        // Every plugin that is on has been through all its steps.
        expect(second.migrations).toMatchObject({ goals: 3, calls: 1 });
      }),
    );
  });
});
