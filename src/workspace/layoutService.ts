// Loads and saves the agent's layout: the gateway is the truth (agents hot-desk), localStorage a cache for a
// gateway that does not answer. Saving happens only when the agent changes something (drag stop, resize
// stop, add, remove, reset), debounced, never on mount.
import type { AxiosInstance } from "axios";
import { LayoutResponse, type LayoutItem } from "../contract/layout";
import type { Clock, ClockTimer } from "../core/clock";
import type { KeyValueStorage } from "../store/storage";
import { restoreLayout, toSaved } from "./layout";
import type { LayoutModel } from "./LayoutModel";

export const SAVE_DEBOUNCE_MS = 400;

export interface LayoutService {
  load(panels: ReadonlyMap<string, { size: { w: number; h: number } }>, fallback: LayoutItem[]): Promise<LayoutItem[]>;
  /** Called after each change the agent makes. */
  changed(): void;
  /** Sends a pending save now (sign-out, page hide). */
  flush(): Promise<void>;
}

export function createLayoutService(deps: {
  http: AxiosInstance;
  clock: Clock;
  storage: KeyValueStorage;
  layout: LayoutModel;
  agentId: number;
  variant: string;
}): LayoutService {
  const { http, clock, storage, layout } = deps;
  const cacheKey = `isi-dialer-layout:${deps.agentId}:${deps.variant}`;
  const url = `/agents/me/layouts/${deps.variant}`;
  let timer: ClockTimer | null = null;

  const readCache = () => {
    try {
      return JSON.parse(storage.getItem(cacheKey) ?? "null");
    } catch {
      return null;
    }
  };
  const save = async () => {
    timer = null;
    const doc = toSaved(layout.items);
    storage.setItem(cacheKey, JSON.stringify(doc));
    try {
      await http.put(url, doc);
    } catch {
      // The cache keeps the change; the next change (or sign-in) sends it again.
    }
  };

  return {
    async load(panels, fallback) {
      let raw: unknown = readCache();
      try {
        const { data } = await http.get(url);
        raw = LayoutResponse.parse(data).data;
      } catch {
        // Gateway unreachable: the local copy, else the default.
      }
      const items = raw ? restoreLayout(raw, panels, fallback) : fallback;
      layout.replace(items);
      return items;
    },
    changed() {
      if (timer) clock.clearTimeout(timer);
      timer = clock.setTimeout(() => void save(), SAVE_DEBOUNCE_MS);
    },
    async flush() {
      if (!timer) return;
      clock.clearTimeout(timer);
      await save();
    },
  };
}
