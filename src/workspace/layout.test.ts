// Layout documents: restore, migrate, drop, clamp, place, save. Pure functions.
import fc from "fast-check";
import { lazy } from "react";
import { describe, expect, it } from "vitest";
import { GRID_COLUMNS, LAYOUT_VERSION, type LayoutItem } from "../contract/layout";
import type { PanelDef } from "../core/plugin";
import { clamp, compactVertically, fromDefault, isShown, placeNew, restoreLayout, shownWhileOf, toSaved } from "./layout";

const Nothing = lazy(async () => ({ default: () => null }));
const panel = (id: `${string}.${string}`, size: PanelDef["size"]): PanelDef => ({ id, title: "t", component: Nothing, size });

const goals = panel("goals.progress", { w: 4, h: 9, minW: 3, minH: 6 });
const calls = panel("calls.list", { w: 6, h: 10, minW: 4, maxW: 8, maxH: 12 });
const PANELS = new Map([
  [goals.id, goals],
  [calls.id, calls],
]);
const FALLBACK: LayoutItem[] = [{ i: "goals.progress", panel: "goals.progress", x: 8, y: 0, w: 4, h: 9 }];
const item = (i: string, p: string, x: number, y: number, w: number, h: number): LayoutItem => ({ i, panel: p, x, y, w, h });
const doc = (items: unknown[], version = LAYOUT_VERSION) => ({ version, items });

describe("restoreLayout", () => {
  it("gives back a stored layout that fits", () => {
    const items = [item("goals.progress", "goals.progress", 0, 0, 4, 9), item("calls.list", "calls.list", 4, 0, 6, 10)];
    expect(restoreLayout(doc(items), PANELS, FALLBACK).items).toEqual(items);
  });

  it("drops panels this agent no longer has, without error", () => {
    const items = [item("goals.progress", "goals.progress", 0, 0, 4, 9), item("old.panel", "old.panel", 4, 0, 4, 4)];
    expect(restoreLayout(doc(items), PANELS, FALLBACK).items).toEqual([items[0]]);
  });

  it("keeps the first of two items with the same id", () => {
    const items = [item("goals.progress", "goals.progress", 0, 0, 4, 9), item("goals.progress", "goals.progress", 4, 4, 5, 7)];
    expect(restoreLayout(doc(items), PANELS, FALLBACK).items).toEqual([items[0]]);
  });

  it("clamps sizes to each panel's limits and positions to the grid", () => {
    const { items: restored } = restoreLayout(
      doc([item("goals.progress", "goals.progress", 11, 3, 1, 2), item("calls.list", "calls.list", 2, 0, 12, 40)]),
      PANELS,
      FALLBACK,
    );
    expect(restored).toEqual([
      item("goals.progress", "goals.progress", 9, 3, 3, 6), // minW 3, minH 6, pulled back inside 12 columns
      item("calls.list", "calls.list", 2, 0, 8, 12), // maxW 8, maxH 12
    ]);
  });

  it.each([
    ["nothing stored", null],
    ["undefined", undefined],
    ["not an object", "goals.progress"],
    ["a broken document", { version: LAYOUT_VERSION, items: [{ i: "x", panel: "goals.progress", x: -1, y: 0, w: 4, h: 4 }] }],
    ["items that are not a list", { version: LAYOUT_VERSION, items: "all" }],
    ["a foreign document", { panels: [{ id: "goals.progress", x: 0, y: 0, w: 4, h: 4 }] }],
    ["items with unknown keys", doc([{ ...item("goals.progress", "goals.progress", 0, 0, 4, 9), static: true }])],
    ["a version from the future", doc([item("calls.list", "calls.list", 0, 0, 6, 10)], LAYOUT_VERSION + 1)],
    ["version 0", doc([item("calls.list", "calls.list", 0, 0, 6, 10)], 0)],
    ["no version", { items: [item("calls.list", "calls.list", 0, 0, 6, 10)] }],
  ])("falls back to the default for %s", (_, raw) => {
    expect(restoreLayout(raw, PANELS, FALLBACK).items).toBe(FALLBACK);
  });

  it("keeps an empty layout the agent chose", () => {
    expect(restoreLayout(doc([]), PANELS, FALLBACK).items).toEqual([]);
  });
});

describe("fromDefault", () => {
  it("turns the variant's default into items keyed by panel id, leaving out panels the agent lacks", () => {
    expect(
      fromDefault(
        [
          { panel: "goals.progress", x: 8, y: 0, w: 4, h: 9 },
          { panel: "recordings.list", x: 0, y: 0, w: 8, h: 9 },
          { panel: "calls.list", x: 0, y: 9, w: 12, h: 6 },
        ],
        PANELS,
      ),
    ).toEqual([item("goals.progress", "goals.progress", 8, 0, 4, 9), item("calls.list", "calls.list", 0, 9, 8, 6)]);
  });
});

describe("placeNew", () => {
  it("puts a new panel at its default size on the left, below everything else", () => {
    const items = [item("goals.progress", "goals.progress", 8, 0, 4, 9), item("x.y", "x.y", 0, 3, 4, 10)];
    expect(placeNew(items, calls)).toEqual(item("calls.list", "calls.list", 0, 13, 6, 10));
  });

  it("puts it at the top of an empty grid", () => {
    expect(placeNew([], goals)).toEqual(item("goals.progress", "goals.progress", 0, 0, 4, 9));
  });
});

describe("toSaved", () => {
  it("keeps only {i, panel, x, y, w, h} with the current version", () => {
    const fromGrid = [{ ...item("goals.progress", "goals.progress", 1, 2, 4, 9), moved: false, static: false, minW: 3, isDraggable: true }];
    expect(toSaved(fromGrid)).toEqual({ version: LAYOUT_VERSION, items: [item("goals.progress", "goals.progress", 1, 2, 4, 9)] });
    expect(Object.keys(toSaved(fromGrid).items[0]!)).toEqual(["i", "panel", "x", "y", "w", "h"]);
  });

  it("saves what restoreLayout gives back unchanged", () => {
    const items = [item("goals.progress", "goals.progress", 0, 0, 4, 9), item("calls.list", "calls.list", 4, 0, 6, 10)];
    expect(restoreLayout(JSON.parse(JSON.stringify(toSaved(items))), PANELS, FALLBACK).items).toEqual(items);
  });
});

describe("clamp", () => {
  it("always lands inside the grid and the panel's limits", () => {
    const limits = fc
      .record({ minW: fc.integer({ min: 1, max: 6 }), minH: fc.integer({ min: 1, max: 6 }), extraW: fc.nat(6), extraH: fc.nat(20) })
      .map(({ minW, minH, extraW, extraH }) => ({ w: minW, h: minH, minW, minH, maxW: minW + extraW, maxH: minH + extraH }));
    fc.assert(
      fc.property(
        limits,
        fc.nat(GRID_COLUMNS - 1),
        fc.nat(500),
        fc.integer({ min: 1, max: GRID_COLUMNS }),
        fc.integer({ min: 1, max: 200 }),
        (size, x, y, w, h) => {
          const c = clamp(item("a.b", "a.b", x, y, w, h), { size });
          expect(c.w).toBeGreaterThanOrEqual(size.minW);
          expect(c.w).toBeLessThanOrEqual(Math.min(size.maxW, GRID_COLUMNS));
          expect(c.h).toBeGreaterThanOrEqual(size.minH);
          expect(c.h).toBeLessThanOrEqual(size.maxH);
          expect(c.x).toBeGreaterThanOrEqual(0);
          expect(c.x + c.w).toBeLessThanOrEqual(GRID_COLUMNS);
          expect(c.y).toBe(y);
          // An item already inside the limits is left alone.
          if (w >= size.minW && w <= size.maxW && h >= size.minH && h <= size.maxH && x + w <= GRID_COLUMNS) {
            expect(c).toEqual(item("a.b", "a.b", x, y, w, h));
          }
        },
      ),
    );
  });
});

describe("when a panel shows", () => {
  it("keeps the agent's choice through restoring, clamping and saving", () => {
    const item: LayoutItem = { i: "a.b", panel: "a.b", x: 0, y: 0, w: 4, h: 5, shownWhile: "idle" };
    const panels = new Map([["a.b", { size: { w: 4, h: 5 } }]]);
    const { items: restored } = restoreLayout({ version: LAYOUT_VERSION, items: [item] }, panels, []);
    expect(restored).toEqual([item]);
    expect(toSaved(restored).items[0]).toEqual(item);
    // A layout saved before the choice existed has none, and saves none.
    expect(toSaved([clamp({ ...item, shownWhile: undefined }, panels.get("a.b")!)]).items[0]).not.toHaveProperty("shownWhile");
  });

  it("takes the item's choice over the panel's own, and the panel's over always", () => {
    expect(shownWhileOf({ shownWhile: "always" }, { shownWhile: "call" })).toBe("always");
    expect(shownWhileOf({}, { shownWhile: "call" })).toBe("call");
    expect(shownWhileOf({}, {})).toBe("always");
  });

  it("shows every panel in edit mode, and each rule only at its moment otherwise", () => {
    fc.assert(
      fc.property(fc.constantFrom("always", "call", "idle" as const), fc.boolean(), fc.boolean(), (when, onCall, editing) => {
        const expected = editing || when === "always" || (when === "call" ? onCall : !onCall);
        expect(isShown(when, { onCall, editing })).toBe(expected);
      }),
    );
  });
});

describe("compactVertically", () => {
  it("moves each item up until it meets another, as the grid does", () => {
    const items = [
      { i: "top", x: 0, y: 0, w: 4, h: 2 },
      { i: "under", x: 0, y: 6, w: 4, h: 3 },
      { i: "beside", x: 4, y: 3, w: 4, h: 2 },
    ];
    expect(compactVertically(items).map(({ i, y }) => [i, y])).toEqual([
      ["top", 0],
      ["beside", 0],
      ["under", 2],
    ]);
  });

  it("never makes two items overlap, and never moves one down", () => {
    const item = fc.record({
      x: fc.integer({ min: 0, max: 8 }),
      y: fc.integer({ min: 0, max: 20 }),
      w: fc.integer({ min: 1, max: 4 }),
      h: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (raw) => {
        // The grid's input never overlaps (a saved layout is compact already, or the grid resolves it first).
        const items = raw
          .filter((a, n) =>
            raw.slice(0, n).every((b) => !(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)),
          )
          .map((it, n) => ({ ...it, i: String(n) }));
        const placed = compactVertically(items);
        for (const [n, a] of placed.entries())
          for (const b of placed.slice(n + 1))
            expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).toBe(false);
        for (const p of placed) expect(p.y).toBeLessThanOrEqual(items[Number(p.i)]!.y);
      }),
    );
  });
});
