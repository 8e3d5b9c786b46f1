// The plugin boundary as an ESLint rule (docs/architecture.md): a plugin's browser code imports the core only
// through `src/sdk`, its form fields `src/sdk/forms` and settings-page kit `src/sdk/settings` (tests also
// `src/sdk/testing`) and the wire contract `src/contract/`, and another plugin only through that plugin's
// `api.ts`, from any folder depth. Its gateway files (`server.ts`, `*.server.ts`, `tables.ts`) import the gateway
// only through the gateway SDK `server/sdk` (tables: `server/sdk/tables`; gateway tests also
// `server/sdk/testing`) and the wire contract, never the browser's core. The import is resolved against the
// importing file, so `../../other-plugin/x` from a sub-folder is caught as surely as `../other-plugin/x`.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const rel = (p) => path.relative(root, p).split(path.sep).join("/");
const strip = (p) => p.replace(/\.(ts|tsx|js|mjs)$/, "").replace(/\/index$/, "");

/** The SDK's entries: the SDK, its form fields, its test helpers. Not their files one by one. */
const SDK_ENTRIES = new Set(["src/sdk", "src/sdk/forms", "src/sdk/settings", "src/sdk/testing"]);
/** The gateway SDK's entries, for a plugin's gateway files. */
const GATEWAY_SDK_ENTRIES = new Set(["server/sdk", "server/sdk/tables", "server/sdk/testing"]);

/** A plugin's gateway file: its routes, gateway helpers, tables and their tests. */
export const isGatewayFile = (file) => /(^|\/)(server|tables)\.ts$|\.server(\.test)?\.ts$/.test(file);

/** Why a plugin's gateway file may not import `target` (a path from the root), or null when it may. */
function gatewayViolation(from, target) {
  if (target.startsWith("server/")) {
    if (GATEWAY_SDK_ENTRIES.has(target) && (target !== "server/sdk/testing" || from.endsWith(".test.ts")))
      return null;
    return `A plugin's gateway side imports the gateway only through server/sdk (tables: server/sdk/tables, tests: server/sdk/testing), not ${target}.`;
  }
  if (target.startsWith("src/") && !target.startsWith("src/contract/"))
    return `A plugin's gateway side imports the wire contract (src/contract/) and server/sdk, not ${target}.`;
  return null;
}

/** Why `source` may not be imported from `file`, or null when it may. Exported for the rule's own test. */
export function boundaryViolation(file, source) {
  if (!source.startsWith(".")) return null; // packages
  const from = rel(path.resolve(file));
  const own = /^plugins\/([^/]+)\//.exec(from)?.[1];
  if (!own) return null;
  const target = strip(rel(path.resolve(path.dirname(path.resolve(file)), source)));
  const other = /^plugins\/([^/]+)\/(.+)$/.exec(target);
  if (isGatewayFile(from)) {
    // A gateway test may read another plugin's tables (a relink moves every plugin's rows of a call). Another
    // plugin's gateway face is its api.server.ts (a gateway file itself, so it imports only server/sdk): a report
    // reads the disclosures given through it, never the plugin's tables. Its browser api.ts stays out of reach.
    const othersTables = other && other[2] === "tables" && from.endsWith(".test.ts");
    const othersGatewayApi = other && other[2] === "api.server";
    if (other && other[1] !== own && !othersTables && !othersGatewayApi)
      return `A plugin's gateway side never imports another plugin (plugins/${other[1]}), but its api.server.ts.`;
    return gatewayViolation(from, target);
  }
  if (target.startsWith("src/")) {
    if (SDK_ENTRIES.has(target) || target.startsWith("src/contract/")) return null;
    return `A plugin imports the core only through src/sdk, src/sdk/forms, src/sdk/settings (tests: src/sdk/testing) and src/contract/, not ${target}.`;
  }
  if (other && other[1] !== own && other[2] !== "api") {
    return `A plugin reaches another plugin only through its api.ts: import plugins/${other[1]}/api, not ${target}.`;
  }
  if (target.startsWith("server/")) return "Browser code never imports gateway code.";
  return null;
}

const rule = {
  meta: { type: "problem", docs: { description: "plugin import boundaries" }, schema: [] },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string") return;
      const why = boundaryViolation(context.filename, source);
      if (why) context.report({ node: node.source, message: why });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => {
        if (node.source.type === "Literal") check({ source: node.source });
      },
    };
  },
};

export default { rules: { "plugin-imports": rule } };
