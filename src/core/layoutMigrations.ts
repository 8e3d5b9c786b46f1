// The usual steps of a plugin's layout migrations (PluginManifest.layoutMigrations), and the check of their ids.
// restoreLayout (src/workspace/layout.ts) runs them.
import type { LayoutItem } from "../contract/layout";
import type { LayoutMigration } from "./plugin";

type PanelId = `${string}.${string}`;

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The plugin a saved panel id belongs to: what comes before its dot. */
export function pluginOfPanel(panel: string): string {
  return panel.slice(0, panel.indexOf("."));
}

/** A panel renamed: the agent's item keeps its place, its size and when it shows. */
export function renamePanel(from: PanelId, to: PanelId): LayoutMigration["up"] {
  return (items) => items.map((it) => (it.panel === from ? { ...it, panel: to, i: it.i === from ? to : it.i } : it));
}

/**
 * A panel split in several: they share the agent's cell, stacked top to bottom in the order given, its rows divided
 * as evenly as they go (the first ones take a spare row). Each is then held to its own size limits like any item. A
 * part the layout already has keeps its own place and is not placed twice, so splitting a layout split already
 * changes nothing.
 */
export function splitPanel(from: PanelId, into: readonly [PanelId, ...PanelId[]]): LayoutMigration["up"] {
  return (items) => {
    const parts = into.filter((panel) => panel === from || !items.some((it) => it.panel === panel));
    return items.flatMap((it) => {
      if (it.panel !== from) return [it];
      const rows = Math.floor(it.h / Math.max(1, parts.length));
      const spare = it.h % Math.max(1, parts.length);
      let y = it.y;
      return parts.map((panel, n): LayoutItem => {
        const h = Math.max(1, rows + (n < spare ? 1 : 0));
        const part = { ...it, i: panel, panel, y, h };
        y += h;
        return part;
      });
    });
  };
}

/**
 * Why a plugin's layout migrations cannot be trusted to count (each id `<plugin-id>/<n>-<what>`, n = 1, 2, 3… in
 * the order listed), or null. The count is what a saved layout records, so a step inserted or moved would run a
 * step twice or skip one on every agent's layout.
 */
export function layoutMigrationsProblem(pluginId: string, migrations: readonly LayoutMigration[]): string | null {
  for (const [n, m] of migrations.entries()) {
    const prefix = `${pluginId}/${n + 1}-`;
    if (!m.id.startsWith(prefix) || !KEBAB.test(m.id.slice(prefix.length)))
      return `layout migration ${n + 1} is "${m.id}", expected "${prefix}<what>" in kebab-case`;
    if (typeof m.up !== "function") return `layout migration ${m.id} has no up()`;
  }
  return null;
}
