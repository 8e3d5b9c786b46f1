// Layout documents: restore what the gateway (or the local cache) holds, migrate old versions and each plugin's
// panels, drop panels this agent no longer has, clamp sizes to each panel's limits. Pure functions, so every rule
// is testable.
import { z } from "zod";
import {
  GRID_COLUMNS,
  LAYOUT_VERSION,
  LayoutItem,
  SavedLayout,
  type AppliedMigrations,
  type ShownWhile,
} from "../contract/layout";
import { pluginOfPanel } from "../core/layoutMigrations";
import type { DefaultLayoutItem } from "../core/variant";
import type { LayoutMigration, PanelDef } from "../core/plugin";

/**
 * Upgrades by version. Append only; never edit a migration that has shipped. Version 1 is the first, so the
 * table is empty: the next change of the stored shape adds `1: (v1) => v2` here and bumps LAYOUT_VERSION. A
 * plugin's own panels change through its layout migrations instead (`PluginManifest.layoutMigrations`).
 */
const MIGRATIONS: Record<number, (old: unknown) => unknown> = {};

type PanelLimits = Pick<PanelDef, "size">;

/** Each enabled plugin's layout migrations, by plugin id (`Registry.layoutMigrations`). */
export type LayoutMigrations = ReadonlyMap<string, readonly LayoutMigration[]>;

export interface RestoreOptions {
  migrations?: LayoutMigrations;
  /** Where a failed migration is told (the developer's console). */
  log?: (message: string, detail?: unknown) => void;
}

export interface RestoredLayout {
  items: LayoutItem[];
  /** What `toSaved` records with them: how many of each plugin's migrations they have been through. */
  migrations: AppliedMigrations;
}

/** The variant's default for a role, as layout items (a panel shown once has i = panel id). */
export function fromDefault(items: readonly DefaultLayoutItem[], panels: ReadonlyMap<string, PanelLimits>): LayoutItem[] {
  return items.filter((d) => panels.has(d.panel)).map((d) => clamp({ i: d.panel, ...d }, panels.get(d.panel)!));
}

/**
 * A stored layout made safe to show; the fallback when it is missing, broken or from the future. Each enabled
 * plugin's pending migrations run first, so a renamed panel is found under its new id before unknown panels go.
 */
export function restoreLayout(
  raw: unknown,
  panels: ReadonlyMap<string, PanelLimits>,
  fallback: LayoutItem[],
  options: RestoreOptions = {},
): RestoredLayout {
  const sequences = options.migrations ?? new Map<string, readonly LayoutMigration[]>();
  let doc = raw as { version?: number } | null | undefined;
  while (doc && typeof doc.version === "number" && MIGRATIONS[doc.version]) doc = MIGRATIONS[doc.version]!(doc) as typeof doc;
  const parsed = SavedLayout.safeParse(doc);
  // The default is in today's panel ids: every migration counts as done for it.
  if (!parsed.success || parsed.data.version !== LAYOUT_VERSION) return { items: fallback, migrations: allDone(sequences) };
  const migrated = migrate(parsed.data.items, parsed.data.migrations ?? {}, sequences, options.log ?? (() => {}));
  const seen = new Set<string>();
  const items = migrated.items.filter((it) => {
    // A panel whose plugin is off for this agent is hidden, not an error.
    if (!panels.has(it.panel) || seen.has(it.i)) return false;
    seen.add(it.i);
    return true;
  }).map((it) => clamp(it, panels.get(it.panel)!));
  return { items, migrations: migrated.applied };
}

function allDone(sequences: LayoutMigrations): AppliedMigrations {
  return Object.fromEntries([...sequences].filter(([, steps]) => steps.length > 0).map(([id, steps]) => [id, steps.length]));
}

const OwnItems = z.array(LayoutItem);

/** What a step gave back, if it is valid layout items of its own plugin: else the gateway would refuse every save. */
function ownItems(items: unknown, pluginId: string): LayoutItem[] {
  const parsed = OwnItems.safeParse(items);
  if (!parsed.success) throw new Error(`gave back what is not layout items: ${parsed.error.message}`);
  const stray = parsed.data.find((it) => pluginOfPanel(it.panel) !== pluginId);
  if (stray) throw new Error(`gave back ${stray.panel}, a panel of another plugin`);
  return parsed.data;
}

/**
 * Runs the migrations each plugin's items have not been through, on that plugin's items only. A step that throws,
 * or gives back anything but valid items of its own plugin, leaves that plugin's items as saved (a renamed panel is
 * then dropped like any unknown one) and its count where it was, so a fixed release runs the steps again; the rest
 * of the workspace keeps its arrangement. A plugin that is off keeps its count for when it is on again.
 */
function migrate(
  items: readonly LayoutItem[],
  applied: AppliedMigrations,
  sequences: LayoutMigrations,
  log: NonNullable<RestoreOptions["log"]>,
): { items: LayoutItem[]; applied: AppliedMigrations } {
  const next: Record<string, number> = { ...applied };
  const done = new Map<string, LayoutItem[]>();
  for (const [pluginId, steps] of sequences) {
    const from = applied[pluginId] ?? 0;
    if (from >= steps.length) continue;
    // Copies, so a step that changes an item in place and then throws cannot touch what is kept instead.
    let own: readonly LayoutItem[] = items.filter((it) => pluginOfPanel(it.panel) === pluginId).map((it) => ({ ...it }));
    let step = steps[from]!;
    try {
      for (step of steps.slice(from)) own = ownItems(step.up(own), pluginId);
      done.set(pluginId, [...own]);
      next[pluginId] = steps.length;
    } catch (e) {
      log(`layout migration ${step.id} failed; the layout keeps ${pluginId}'s panels as saved`, e);
    }
  }
  // Each plugin's migrated items take the place of its first saved item; the order of the others is kept.
  const out: LayoutItem[] = [];
  const placed = new Set<string>();
  for (const it of items) {
    const pluginId = pluginOfPanel(it.panel);
    const migrated = done.get(pluginId);
    if (!migrated) out.push(it);
    else if (!placed.has(pluginId)) {
      placed.add(pluginId);
      out.push(...migrated);
    }
  }
  // A step may place a panel for a plugin that had none in this layout.
  for (const [pluginId, migrated] of done) if (!placed.has(pluginId)) out.push(...migrated);
  return { items: out, applied: next };
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

/**
 * The document the gateway stores; `migrations` (what `restoreLayout` gave back) goes with the items, so a migrated
 * layout, once saved, is never migrated again.
 */
export function toSaved(items: readonly LayoutItem[], migrations: AppliedMigrations = {}): SavedLayout {
  return {
    version: LAYOUT_VERSION,
    items: items.map(({ i, panel, x, y, w, h, shownWhile }) => ({ i, panel, x, y, w, h, ...(shownWhile ? { shownWhile } : {}) })),
    ...(Object.keys(migrations).length ? { migrations: { ...migrations } } : {}),
  };
}
