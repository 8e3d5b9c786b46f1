// A build plugin that writes, for every chunk the entries import statically (the sign-in page's own download),
// the modules it holds: <outDir>/.vite/bundle-modules.json, next to where Vite puts its manifest. The bundle
// budget (tests/bundle/budget.ts) reads it to prove that the sign-in route loads no workspace, admin, grid, map
// or SIP code. Paths are relative to the project root.
import { relative } from "node:path";
import type { Plugin } from "vite";
import { MODULE_LIST } from "./measure.ts";

export function moduleListPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "isi:bundle-module-list",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === "chunk" ? [[output.fileName, output] as const] : [],
        ),
      );
      const initial = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      for (let i = 0; i < initial.length; i++) {
        for (const next of chunks.get(initial[i])?.imports ?? [])
          if (!initial.includes(next)) initial.push(next);
      }
      const list: Record<string, string[]> = {};
      for (const file of initial.sort()) {
        list[file] = (chunks.get(file)?.moduleIds ?? []).map((id) =>
          id.startsWith("/") ? relative(root, id).replace(/\\/g, "/") : id,
        );
      }
      this.emitFile({ type: "asset", fileName: MODULE_LIST, source: `${JSON.stringify(list, null, 1)}\n` });
    },
  };
}
