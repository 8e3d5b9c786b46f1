// What the sign-in page downloads before it can render, measured on a built `dist/`: the scripts and styles
// that index.html names, plus every chunk those scripts import statically (dynamic import() is not counted).
// Sizes are gzip -9 of the bytes on disk, so the same build always gives the same numbers.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The sign-in route's budget (issue 3 §8, performance.md F1–F2). Lower it whenever the route shrinks; never raise it.
 *
 * JS: the 170 KiB is met since the sign-in page is split from the workspace (issue 39, docs/decisions.md
 * "Sign-in page split"): the first download is React, the router, i18next, the sign-in forms (Blueprint's inputs)
 * and their English, 140.1 KiB measured; the store (mobx-state-tree, mobx), the gateway client (axios), the
 * contract's schemas (zod) and final-form load with the workspace, fetched while the agent types. The budget is
 * that figure rounded up to the next KiB (it was 229 before the split).
 * CSS: 39.9 KiB measured, under the 45 KiB.
 */
export const BUDGET = {
  /** Initial JS of the sign-in route, gzip. */
  jsGzipKiB: 141,
  /** CSS linked from index.html, gzip. */
  cssGzipKiB: 45,
};

/**
 * Code the sign-in route must not download: it all loads after sign-in. Matched against the module ids of the
 * initial chunks (paths relative to the project root, as in .vite/bundle-modules.json).
 */
export const FORBIDDEN: readonly { what: string; pattern: RegExp }[] = [
  { what: "the workspace (src/workspace)", pattern: /^src\/workspace\// },
  {
    what: "the signed-in shell and admin area (src/app/shell, src/app/SignedInShell)",
    pattern: /^src\/app\/(shell\/(?!adminLinks\.ts$)|SignedInShell\.tsx$)/,
  },
  {
    what: "a plugin (plugins/*; only the catalogue of lazy imports may load)",
    pattern: /^plugins\/(?!catalogue\.ts$)/,
  },
  {
    what: "a variant manifest (variants/*; only the index of lazy imports may load)",
    pattern: /^variants\/(?!index\.ts$)/,
  },
  {
    what: "react-grid-layout",
    pattern: /(^|\/)node_modules\/(react-grid-layout|react-resizable|react-draggable)\//,
  },
  { what: "Leaflet", pattern: /(^|\/)node_modules\/(leaflet|react-leaflet|@react-leaflet\/[^/]+)\// },
  { what: "JsSIP", pattern: /(^|\/)node_modules\/jssip\// },
  { what: "uPlot (the managers' report charts)", pattern: /(^|\/)node_modules\/uplot\// },
  // The workspace's libraries: the sign-in page validates with the contract it loads on demand and posts by fetch.
  {
    what: "the workspace's store (mobx-state-tree, mobx, src/store's models)",
    pattern:
      /(^|\/)node_modules\/(mobx|mobx-state-tree|mobx-react-lite)\/|^src\/store\/(root|account|ui)\.ts$/,
  },
  {
    what: "the gateway client (axios, src/api/http.ts)",
    pattern: /(^|\/)node_modules\/axios\/|^src\/api\/http\.ts$/,
  },
  { what: "zod (the contract's schemas load on demand)", pattern: /(^|\/)node_modules\/zod\// },
  { what: "final-form", pattern: /(^|\/)node_modules\/(final-form|react-final-form)\// },
];

/** Where the build writes the modules of each chunk the entries import statically (see moduleListPlugin). */
export const MODULE_LIST = ".vite/bundle-modules.json";

export interface Asset {
  file: string;
  bytes: number;
  gzip: number;
}

export interface InitialBundle {
  js: Asset[];
  css: Asset[];
  jsGzip: number;
  cssGzip: number;
  jsBytes: number;
  cssBytes: number;
}

export const gzipSize = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
export const kib = (bytes: number) => bytes / 1024;

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, "i").exec(tag)?.[1];

/** The script, modulepreload and stylesheet URLs of index.html, in document order. */
export function htmlAssets(html: string): { scripts: string[]; preloads: string[]; styles: string[] } {
  const scripts: string[] = [];
  const preloads: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag)) {
      const src = attr(tag, "src");
      if (src) scripts.push(src);
      continue;
    }
    const rel = attr(tag, "rel")?.toLowerCase();
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "stylesheet") styles.push(href);
    else if (rel === "modulepreload") preloads.push(href);
  }
  return { scripts, preloads, styles };
}

/**
 * The static imports of a built ES module: `import … from "x"`, `import "x"` and `export … from "x"`.
 * Dynamic `import("x")` is left out. Good for bundler output, where these sit at top level.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

const toFile = (outDir: string, url: string) => join(outDir, url.replace(/^\//, "").split(/[?#]/)[0]);

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".") && !spec.startsWith("/")) return undefined; // a bare or absolute URL: not ours
  if (spec.startsWith("/")) return spec;
  const base = from.split("/").slice(0, -1);
  for (const part of spec.split("/")) {
    if (part === "..") base.pop();
    else if (part !== ".") base.push(part);
  }
  return base.join("/");
}

/** Walks index.html and the static import graph of its scripts; sums gzip -9 of initial JS and CSS. */
export function measureInitial(outDir: string): InitialBundle {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const { scripts, preloads, styles } = htmlAssets(html);
  const seen = new Set<string>();
  const queue = [...scripts, ...preloads].map((url) => (url.startsWith("/") ? url : `/${url}`));
  const js: Asset[] = [];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const file = toFile(outDir, url);
    if (!existsSync(file)) throw new Error(`index.html or a chunk names ${url}, which is not in ${outDir}`);
    const code = readFileSync(file);
    js.push({ file: url.slice(1), bytes: code.length, gzip: gzipSize(code) });
    for (const spec of staticImports(code.toString("utf8"))) {
      const next = resolveImport(url, spec);
      if (next && !seen.has(next)) queue.push(next);
    }
  }
  const css = styles.map((url) => {
    const data = readFileSync(toFile(outDir, url));
    return { file: url.replace(/^\//, ""), bytes: data.length, gzip: gzipSize(data) };
  });
  const sum = (assets: Asset[], key: "bytes" | "gzip") => assets.reduce((n, a) => n + a[key], 0);
  return {
    js,
    css,
    jsGzip: sum(js, "gzip"),
    cssGzip: sum(css, "gzip"),
    jsBytes: sum(js, "bytes"),
    cssBytes: sum(css, "bytes"),
  };
}

/** Initial chunk file name → module ids, as written by moduleListPlugin; undefined for a build without it. */
export function readModuleList(outDir: string): Record<string, string[]> | undefined {
  const file = join(outDir, MODULE_LIST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string[]>) : undefined;
}

/** Module ids of the initial chunks that the sign-in route must not load, each with the rule it breaks. */
export function forbiddenModules(bundle: InitialBundle, modules: Record<string, string[]>) {
  const hits: { chunk: string; module: string; what: string }[] = [];
  for (const { file } of bundle.js) {
    for (const id of modules[file] ?? []) {
      const path = id.replace(/\\/g, "/");
      const rule = FORBIDDEN.find((r) => r.pattern.test(path));
      if (rule) hits.push({ chunk: file, module: path, what: rule.what });
    }
  }
  return hits;
}

export interface BudgetResult {
  ok: boolean;
  problems: string[];
  bundle: InitialBundle;
}

/** The budget check of `npm test`: initial JS and CSS under BUDGET and no forbidden module on the sign-in route. */
export function checkBudget(outDir: string, budget = BUDGET): BudgetResult {
  const bundle = measureInitial(outDir);
  const problems: string[] = [];
  if (kib(bundle.jsGzip) > budget.jsGzipKiB) {
    problems.push(
      `initial JS is ${kib(bundle.jsGzip).toFixed(1)} KiB gzip, over the ${budget.jsGzipKiB} KiB budget`,
    );
  }
  if (kib(bundle.cssGzip) > budget.cssGzipKiB) {
    problems.push(
      `initial CSS is ${kib(bundle.cssGzip).toFixed(1)} KiB gzip, over the ${budget.cssGzipKiB} KiB budget`,
    );
  }
  const modules = readModuleList(outDir);
  if (!modules) problems.push(`${MODULE_LIST} is missing: build with the project's vite.config.ts`);
  else {
    // The walk from index.html and the bundler's own chunk graph must agree on what loads first.
    const walked = new Set(bundle.js.map((a) => a.file));
    const unlisted = [...walked].filter((file) => !modules[file]);
    const unwalked = Object.keys(modules).filter((file) => !walked.has(file));
    if (unlisted.length > 0)
      problems.push(`${MODULE_LIST} does not list ${unlisted.join(", ")}: a stale build?`);
    if (unwalked.length > 0) problems.push(`the walk from index.html missed ${unwalked.join(", ")}`);
    // One line per rule broken, with its first module: a library pulled in whole would list each of its files.
    const hits = new Map<string, ReturnType<typeof forbiddenModules>>();
    for (const hit of forbiddenModules(bundle, modules))
      hits.set(hit.what, [...(hits.get(hit.what) ?? []), hit]);
    for (const [what, [first, ...rest]] of hits) {
      const more = rest.length > 0 ? ` and ${rest.length} more` : "";
      problems.push(`the sign-in route loads ${what}: ${first!.module} (in ${first!.chunk})${more}`);
    }
  }
  return { ok: problems.length === 0, problems, bundle };
}
