// An agent's workspace layout as saved on the gateway: only {i, panel, x, y, w, h} and when the panel shows
// (`shownWhile`, optional), with a version number for migrations of the document's shape and, per plugin, how many
// of its own layout migrations the items have been through (`migrations`, optional). Edit-mode flags and sizes
// react-grid-layout adds are never stored.
import { z } from "zod";

export const LAYOUT_VERSION = 1;
export const GRID_COLUMNS = 12;
/**
 * The rows a screen holds: grid rows are sized so that this many fill the workspace's height (at least 30 px
 * each), so a default layout designed within 15 rows shows whole on a 1366×768 and a 1920×1080 screen alike,
 * with nothing an agent needs below the fold. An agent's own layout may go further down and scroll.
 */
export const SCREEN_ROWS = 15;
export const MAX_LAYOUT_ITEMS = 60;

/**
 * When a panel takes its cell: "always"; "call", while the agent has a call (being set up or up); "idle", between
 * calls. Two panels, one for calls and one for between them, can so share a part of the screen (the script on a
 * call, the agent's follow-ups between calls: agent-workspace §1 "booking workflow or user summary").
 */
export const SHOWN_WHILE = ["always", "call", "idle"] as const;
export const ShownWhile = z.enum(SHOWN_WHILE);
export type ShownWhile = z.infer<typeof ShownWhile>;

const PanelId = z.string().regex(/^[a-z0-9-]+\.[a-z0-9-]+$/, "panel.invalid").max(80);

export const LayoutItem = z.strictObject({
  i: z.string().min(1).max(100),
  panel: PanelId,
  x: z.number().int().min(0).max(GRID_COLUMNS - 1),
  y: z.number().int().min(0).max(10_000),
  w: z.number().int().min(1).max(GRID_COLUMNS),
  h: z.number().int().min(1).max(200),
  /** The agent's choice for this panel; absent, the panel's own (`PanelDef.shownWhile`, else always). Optional,
   * so layouts saved before it existed stay version 1. */
  shownWhile: ShownWhile.optional(),
});
export type LayoutItem = z.infer<typeof LayoutItem>;

/** A plugin's id as the registry takes it: kebab-case. */
const PluginId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "plugin.invalid").max(60);
/** More plugins than any variant could offer is not a layout. */
export const MAX_LAYOUT_PLUGINS = 100;

/**
 * Per plugin id, how many of that plugin's layout migrations (`PluginManifest.layoutMigrations`) the items have
 * been through, so none runs twice. A plugin missing here has been through none.
 */
export const AppliedMigrations = z
  .record(PluginId, z.number().int().min(0).max(1000))
  .refine((r) => Object.keys(r).length <= MAX_LAYOUT_PLUGINS, "migrations.tooMany");
export type AppliedMigrations = z.infer<typeof AppliedMigrations>;

export const SavedLayout = z.strictObject({
  version: z.number().int().min(1).max(LAYOUT_VERSION),
  items: z.array(LayoutItem).max(MAX_LAYOUT_ITEMS),
  /** Optional, so a layout saved before plugins could migrate theirs stays version 1: it has been through none. */
  migrations: AppliedMigrations.optional(),
});
export type SavedLayout = z.infer<typeof SavedLayout>;

/** GET /agents/me/layouts/{variant}: the saved layout, or null when the agent never arranged one. */
export const LayoutResponse = z.object({ data: SavedLayout.nullable() });
