// The heap cap the gateway is started with (package.json's start script; docs/deploy.md says the same for
// production). The benches start their gateways with it, so that the memory they report is the product's as run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `--max-old-space-size=N` of `npm start`, as node arguments (none if the script sets no cap). */
export function gatewayHeapFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const cap = /--max-old-space-size=\d+/.exec(pkg.scripts.start ?? "");
  return cap ? [cap[0]] : [];
}
