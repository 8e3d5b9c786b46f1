#!/usr/bin/env node
// `npm run new:plugin <id>`: scaffolds plugins/<id>/ on the plugin SDK (manifest, panel, model, a service
// taking ctx, api, locales en/fr/es, tests). The build and the gateway find the folder by themselves; list the
// plugin in a variant (variants/isius.ts or slica.ts) to offer it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { templates } from "./new-plugin/templates.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const id = args.find((a) => !a.startsWith("--"));

function fail(message) {
  console.error(`new:plugin: ${message}`);
  process.exit(1);
}

if (!id) fail("usage: npm run new:plugin <plugin-id>   (kebab-case, e.g. lead-notes)");
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id))
  fail(`"${id}" is not a kebab-case id (letters, digits and single dashes)`);
const dir = path.join(root, "plugins", id);
if (existsSync(dir)) fail(`plugins/${id} already exists`);

const names = {
  id,
  // demo-panel → DemoPanel, used for component and model names.
  Pascal: id.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase()),
  camel: id.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase()),
  snake: id.replaceAll("-", "_"),
  title: id.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()),
};

mkdirSync(path.join(dir, "locales"), { recursive: true });
for (const [file, make] of Object.entries(templates)) {
  const target = path.join(dir, file.replace("{Pascal}", names.Pascal).replace("{id}", id));
  writeFileSync(target, make(names));
}

// The table's first migration, in the plugin's own folder (the gateway runs it after the core's).
execFileSync("node", [path.join(root, "scripts", "db-generate-plugin.mjs"), id, "init"], {
  cwd: root,
  stdio: "pipe",
});

console.log(`Created plugins/${id}/: a panel "${id}.main", an admin page, gateway routes, a push and a table with its migration.
Next:
  1. add "${id}" to the plugins of variants/isius.ts and/or variants/slica.ts (the only file outside the folder);
  2. npx vitest run --project web plugins/${id} && npx vitest run --project server plugins/${id} && npx eslint plugins/${id}
  3. sign in, choose Edit layout → Add panel → "${names.title}"; as a manager, Admin Panel → "Agents' notes".
See docs/plugins.md.`);
