// Import boundaries are the architecture (ARCHITECTURE.md decision 3): the core never names a plugin, a plugin
// reaches another plugin only through its api.ts, and the browser never pulls in gateway code.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import boundaries from "./scripts/eslint/boundaries.js";

export default tseslint.config(
  { ignores: ["dist", "node_modules", "coverage", "test-results", "playwright-report", "server/db/migrations", ".cache"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/plugins/**", "plugins/*"], message: "src/ never imports plugins/: extend the plugin contract instead." },
            { group: ["**/server/**"], message: "The browser never imports gateway code." },
          ],
        },
      ],
    },
  },
  {
    // A plugin imports the core through src/sdk and src/contract only, another plugin through its api.ts
    // only, at any folder depth; its gateway files (server.ts, *.server.ts, tables.ts and their tests) import
    // the gateway through server/sdk only (scripts/eslint/boundaries.js; proved by its test).
    files: ["plugins/**/*.{ts,tsx}"],
    ignores: ["plugins/catalogue.ts"],
    plugins: { boundaries },
    rules: { "boundaries/plugin-imports": "error" },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["react", "react-dom", "@blueprintjs/*"], message: "The gateway has no UI code." }] },
      ],
    },
  },
  {
    // The simulated PBX is deterministic (reference/telephony.md §2): time and chance come from its clock and seed.
    files: ["server/pbx/sim/**/*.ts"],
    ignores: ["server/pbx/sim/**/*.test.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "Date", property: "now", message: "Use the injected clock." },
        { object: "Math", property: "random", message: "Use the call's seeded stream (random.ts)." },
      ],
      "no-restricted-globals": [
        "error",
        { name: "setTimeout", message: "Use the injected clock." },
        { name: "setInterval", message: "Use the injected clock." },
      ],
    },
  },
);
