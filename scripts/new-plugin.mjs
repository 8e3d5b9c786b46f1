#!/usr/bin/env node
// `npm run new:plugin <id>`: scaffolds plugins/<id>/ on the plugin SDK (manifest, panel, model, a service
// taking ctx, api, locales en/fr/es, tests) and lists it in plugins/catalogue.ts. List it in a variant
// (variants/isius.ts or slica.ts) to use it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { templates } from "./new-plugin/templates.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const id = args.find((a) => !a.startsWith("--"));
const skipCatalogue = args.includes("--no-catalogue");

function fail(message) {
  console.error(`new:plugin: ${message}`);
  process.exit(1);
}

if (!id) fail("usage: npm run new:plugin <plugin-id>   (kebab-case, e.g. lead-notes)");
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id)) fail(`"${id}" is not a kebab-case id (letters, digits and single dashes)`);
const dir = path.join(root, "plugins", id);
if (existsSync(dir)) fail(`plugins/${id} already exists`);

const names = {
  id,
  // demo-panel → DemoPanel, used for component and model names.
  Pascal: id.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase()),
  camel: id.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase()),
  title: id.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()),
};

mkdirSync(path.join(dir, "locales"), { recursive: true });
for (const [file, make] of Object.entries(templates)) {
  const target = path.join(dir, file.replace("{Pascal}", names.Pascal).replace("{id}", id));
  writeFileSync(target, make(names));
}

if (!skipCatalogue) {
  const catalogue = path.join(root, "plugins", "catalogue.ts");
  const source = readFileSync(catalogue, "utf8");
  const marker = "} satisfies Catalogue;";
  if (!source.includes(marker)) fail("plugins/catalogue.ts has no `} satisfies Catalogue;` line to insert before");
  const key = /^[a-z][a-z0-9]*$/.test(id) ? id : JSON.stringify(id);
  writeFileSync(catalogue, source.replace(marker, `  ${key}: () => import("./${id}"),\n${marker}`));
}

console.log(`Created plugins/${id}/ with a panel "${id}.main"${skipCatalogue ? "" : " and listed it in plugins/catalogue.ts"}.
Next:
  1. add "${id}" to the plugins of variants/isius.ts and/or variants/slica.ts;
  2. npx vitest run --project web plugins/${id} && npx eslint plugins/${id}
  3. sign in, choose Edit layout → Add panel → "${names.title}".
See docs/plugins.md.`);
