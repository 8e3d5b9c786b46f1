// Layout documents: restore what the gateway (or the local cache) holds, migrate old versions, drop panels
// this agent no longer has, clamp sizes to each panel's limits. Pure functions, so every rule is testable.
import { GRID_COLUMNS, LAYOUT_VERSION, SavedLayout, type LayoutItem, type ShownWhile } from "../contract/layout";
import type { DefaultLayoutItem } from "../core/variant";
import type { PanelDef } from "../core/plugin";

/**
 * Upgrades by version. Append only; never edit a migration that has shipped. Version 1 is the first, so the
 * table is empty: the next change of the stored shape adds `1: (v1) => v2` here and bumps LAYOUT_VERSION.
 */
const MIGRATIONS: Record<number, (old: unknown) => unknown> = {};

type PanelLimits = Pick<PanelDef, "size">;

/** The variant's default for a role, as layout items (a panel shown once has i = panel id). */
export function fromDefault(items: readonly DefaultLayoutItem[], panels: ReadonlyMap<string, PanelLimits>): LayoutItem[] {
  return items.filter((d) => panels.has(d.panel)).map((d) => clamp({ i: d.panel, ...d }, panels.get(d.panel)!));
}

/** A stored layout made safe to show; the fallback when it is missing, broken or from the future. */
export function restoreLayout(raw: unknown, panels: ReadonlyMap<string, PanelLimits>, fallback: LayoutItem[]): LayoutItem[] {
  let doc = raw as { version?: number } | null | undefined;
  while (doc && typeof doc.version === "number" && MIGRATIONS[doc.version]) doc = MIGRATIONS[doc.version]!(doc) as typeof doc;
  const parsed = SavedLayout.safeParse(doc);
  if (!parsed.success || parsed.data.version !== LAYOUT_VERSION) return fallback;
  const seen = new Set<string>();
  return parsed.data.items.filter((it) => {
    // A panel whose plugin is off for this agent is hidden, not an error.
    if (!panels.has(it.panel) || seen.has(it.i)) return false;
    seen.add(it.i);
    return true;
  }).map((it) => clamp(it, panels.get(it.panel)!));
}

export function clamp(item: LayoutItem, panel: PanelLimits): LayoutItem {
  const { minW = 1, minH = 1, maxW = GRID_COLUMNS, maxH = 200 } = panel.size;
  const w = Math.max(minW, Math.min(maxW, GRID_COLUMNS, item.w));
  const h = Math.max(minH, Math.min(maxH, item.h));
  const placed = { i: item.i, panel: item.panel, x: Math.max(0, Math.min(GRID_COLUMNS - w, item.x)), y: Math.max(0, item.y), w, h };
  return item.shownWhile ? { ...placed, shownWhile: item.shownWhile } : placed;
}

/** When a placed panel shows: the agent's choice for the item, else the panel's own rule, else always. */
export function shownWhileOf(item: Pick<LayoutItem, "shownWhile">, panel: Pick<PanelDef, "shownWhile">): ShownWhile {
  return item.shownWhile ?? panel.shownWhile ?? "always";
}

/** Whether a panel takes its cell now: edit mode shows them all, so the agent can arrange each. */
export function isShown(when: ShownWhile, now: { onCall: boolean; editing: boolean }): boolean {
  return now.editing || when === "always" || (when === "call") === now.onCall;
}

/**
 * Where the grid puts the items it shows: react-grid-layout's vertical compaction (each item, top to bottom, moves
 * up until it meets another). Used to check that a layout shows whole, on a call and between calls.
 */
export function compactVertically<T extends Pick<LayoutItem, "x" | "y" | "w" | "h">>(items: readonly T[]): T[] {
  const placed: T[] = [];
  for (const item of [...items].sort((a, b) => a.y - b.y || a.x - b.x)) {
    let y = item.y;
    const collides = (at: number) =>
      placed.some((p) => item.x < p.x + p.w && p.x < item.x + item.w && at < p.y + p.h && p.y < at + item.h);
    while (y > 0 && !collides(y - 1)) y -= 1;
    placed.push({ ...item, y });
  }
  return placed;
}

/** Where a newly added panel goes: its default size, below everything else. */
export function placeNew(items: readonly LayoutItem[], panel: PanelDef): LayoutItem {
  const bottom = items.reduce((max, it) => Math.max(max, it.y + it.h), 0);
  return clamp({ i: panel.id, panel: panel.id, x: 0, y: bottom, w: panel.size.w, h: panel.size.h }, panel);
}

export function toSaved(items: readonly LayoutItem[]): SavedLayout {
  return {
    version: LAYOUT_VERSION,
    items: items.map(({ i, panel, x, y, w, h, shownWhile }) => ({ i, panel, x, y, w, h, ...(shownWhile ? { shownWhile } : {}) })),
  };
}
