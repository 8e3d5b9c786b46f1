// Every plugin of the product, by id, loaded on demand: each folder under plugins/ with an index.ts, found by the
// build (Vite's import.meta.glob), so adding a plugin edits no list. Variants pick from it by id.
import type { AnyPlugin, Catalogue } from "../src/core/plugin";

// The scaffold's own test writes a throwaway plugin here for a few seconds (scripts/new-plugin.test.ts): never
// part of the product.
const modules = import.meta.glob<{ default: AnyPlugin }>(["./*/index.ts", "!./scaffold-probe-*/index.ts"]);

export const catalogue: Catalogue = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [file.split("/")[1]!, load]),
);

/** A plugin id, as the catalogue holds it. */
export type PluginId = string;
