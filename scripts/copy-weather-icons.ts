// Copies the weather widget's icons (plugins/booking/widgets/weather-icons/) from Meteocons,
// @bybas/weather-icons (MIT, Bas Milius; a devDependency), "fill" style: the icons the forecast names
// (WEATHER_ICONS in src/contract/geo.ts; not-available stands in for anything else). The animations are
// removed (<animate…/> and <animateTransform…/>): the forecast sits on an agent's screen for a whole shift,
// and a static icon neither distracts nor costs a core's time. The files are committed; run this again only
// to change the set.
//
// Usage: npx tsx scripts/copy-weather-icons.ts
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { WEATHER_ICONS } from "../src/contract/geo";

// The icons the gateway names (the contract's WEATHER_ICONS): one list, read from the contract.
const ICONS = WEATHER_ICONS;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "plugins", "booking", "widgets", "weather-icons");
const require = createRequire(import.meta.url);
const from = dirname(require.resolve("@bybas/weather-icons/package.json"));

mkdirSync(OUT, { recursive: true });
for (const name of ICONS) {
  const svg = readFileSync(join(from, "production", "fill", "all", `${name}.svg`), "utf8");
  const still = svg.replace(/<animate(Transform)?\b[^>]*\/>/g, "");
  if (/<animate/.test(still)) throw new Error(`${name}.svg: an animation was left`);
  writeFileSync(join(OUT, `${name}.svg`), still.trimEnd() + "\n");
}
console.log(`${ICONS.length} icons in ${OUT}`);
