// Loads and saves the agent's layout: the gateway is the truth (agents hot-desk), localStorage holds the
// last change until the gateway confirms it, so a reload or a dropped connection right after a drag never
// loses it. Saving happens only when the agent changes something (drag stop, resize stop, add, remove,
// reset), debounced, never on mount.
import type { AxiosInstance } from "axios";
import { z } from "zod";
import { LayoutResponse, SavedLayout, type AppliedMigrations, type LayoutItem } from "../contract/layout";
import type { Clock, ClockTimer } from "../shared/clock";
import type { KeyValueStorage } from "../store/storage";
import { restoreLayout, toSaved, type LayoutMigrations } from "./layout";
import type { LayoutModel } from "./LayoutModel";

export const SAVE_DEBOUNCE_MS = 400;

/** The local copy: the layout, and whether the gateway has it yet. */
const Cached = z.object({ doc: z.unknown(), pending: z.boolean() });

export interface LayoutService {
  /** Restores the agent's layout, through the enabled plugins' layout migrations it has not been through yet. */
  load(
    panels: ReadonlyMap<string, { size: { w: number; h: number } }>,
    fallback: LayoutItem[],
    migrations?: LayoutMigrations,
  ): Promise<LayoutItem[]>;
  /** Called after each change the agent makes. */
  changed(): void;
  /**
   * Sends a pending save now (sign-out, page hide). `keepalive` when the page is going away: the save must outlive
   * it, or a change made in the last moments before closing reaches the gateway only when this browser comes back.
   */
  flush(options?: { keepalive?: boolean }): Promise<void>;
}

export function createLayoutService(deps: {
  http: AxiosInstance;
  clock: Clock;
  storage: KeyValueStorage;
  layout: LayoutModel;
  agentId: number;
  variant: string;
  /** Where a layout migration that failed is told. */
  log?: (message: string, detail?: unknown) => void;
}): LayoutService {
  const { http, clock, storage, layout } = deps;
  const cacheKey = `isi-dialer-layout:${deps.agentId}:${deps.variant}`;
  const url = `/agents/me/layouts/${deps.variant}`;
  let timer: ClockTimer | null = null;
  // Saved with every change, so a layout migrated at load is not migrated again once the agent has saved it.
  let applied: AppliedMigrations = {};

  const readCache = () => {
    try {
      const parsed = Cached.safeParse(JSON.parse(storage.getItem(cacheKey) ?? "null"));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const writeCache = (doc: SavedLayout, pending: boolean) => storage.setItem(cacheKey, JSON.stringify({ doc, pending }));

  const send = async (keepalive = false) => {
    timer = null;
    const doc = toSaved(layout.items, applied);
    try {
      await http.put(url, doc, keepalive ? { keepalive } : undefined);
      // Only if nothing newer was written meanwhile.
      if (JSON.stringify(readCache()?.doc) === JSON.stringify(doc)) writeCache(doc, false);
    } catch {
      // Still pending in the cache: sent again at the next change or sign-in.
    }
  };
  const schedule = () => {
    if (timer) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => void send(), SAVE_DEBOUNCE_MS);
  };

  return {
    async load(panels, fallback, migrations) {
      const cached = readCache();
      let raw: unknown = cached?.doc ?? null;
      if (!cached?.pending) {
        try {
          const { data } = await http.get(url);
          raw = LayoutResponse.parse(data).data;
          if (raw) writeCache(raw as SavedLayout, false);
        } catch {
          // Gateway unreachable: the local copy, else the default.
        }
      }
      const restored = restoreLayout(raw, panels, fallback, { migrations, log: deps.log });
      const items = restored.items;
      applied = restored.migrations;
      layout.replace(items);
      // A change the gateway never received (reload right after a drag) goes out now.
      if (cached?.pending) schedule();
      return items;
    },
    changed() {
      writeCache(toSaved(layout.items, applied), true);
      schedule();
    },
    async flush(options) {
      if (!timer) return;
      clock.clearTimeout(timer);
      await send(options?.keepalive);
    },
  };
}
