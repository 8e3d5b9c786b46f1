/// <reference types="vitest/config" />
import { availableParallelism } from "node:os";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { blueprintCssWithoutIconFont } from "./bench/bundle/blueprintCss.ts";
import { moduleListPlugin } from "./bench/bundle/plugin.ts";
import { ISOLATED_GATEWAY_TESTS, ISOLATED_WEB_TESTS } from "./tests/isolation.ts";

const gateway = process.env.GATEWAY_URL ?? "http://127.0.0.1:8080";
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/**
 * Code that must run before any zod schema is built: it turns zod's `new Function` probe off (the CSP forbids
 * eval). Kept in the libraries' chunk, where it runs first, because every chunk the entry imports (a shared
 * contract chunk builds schemas at load) is evaluated before the entry's own code.
 */
const RUNS_FIRST = /[\\/]src[\\/]zodWithoutEval\.ts$/;
/** React, its renderer and the router: ≈300 kB min that change only with an upgrade. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/;

const GATEWAY_TESTS = ["server/**/*.test.ts", "plugins/**/*.server.test.ts"];
const WEB_TESTS = [
  "src/**/*.test.{ts,tsx}",
  "plugins/**/*.test.{ts,tsx}",
  "variants/**/*.test.ts",
  "locales/**/*.test.ts",
  "tests/contracts/**/*.test.{ts,tsx}",
];

/** One gateway suite as two projects: the shared-module one and the isolated one, with the seeded template. */
function gatewayProjects(name: string, env: Record<string, string>, extra: string[] = []) {
  const common = {
    environment: "node" as const,
    // The seeded demo call centre, made once per run for every test gateway to copy (issue 32).
    globalSetup: ["./tests/setup/dbTemplate.ts"],
    globals: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env,
  };
  return [
    // Shared modules between files (tests/isolation.ts says which files may not share).
    { test: { ...common, name, include: [...GATEWAY_TESTS, ...extra], exclude: ISOLATED_GATEWAY_TESTS, isolate: false } },
    { test: { ...common, name: `${name}-isolated`, include: ISOLATED_GATEWAY_TESTS, isolate: true } },
  ];
}

export default defineConfig({
  plugins: [
    react(),
    // Drops the glyph table of Blueprint's icon font, which we never load (icons are SVG): ≈6 KiB gzip of CSS.
    blueprintCssWithoutIconFont(),
    // The modules of the sign-in page's initial chunks (dist/.vite/bundle-modules.json), for `npm test`'s budget.
    moduleListPlugin(),
  ],
  server: {
    proxy: {
      "/api": gateway,
      "/socket.io": { target: gateway.replace(/^http/, "ws"), ws: true },
      // The embedded SIP-over-WebSocket endpoint (softphone registration and calls).
      "/sip": { target: gateway.replace(/^http/, "ws"), ws: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    // The entry's lazy imports keep their preload lists (Vite's default): a browser that keeps a session, and
    // the sign-in page's hand-over, fetch the workspace's chunk and its libraries in one round trip, not one
    // chunk after another. Since the sign-in page split (issue 39) the entry lazily imports only the workspace's
    // start, the contract for the sign-in forms, the locales and the toaster, so the lists cost it 0.3 KiB gzip.
    rolldownOptions: {
      output: {
        // The sign-in page's own download, split into a few stable files instead of Rolldown's many small shared
        // chunks: fewer requests, ≈2 KiB less gzip, long-lived caching of the libraries across releases, and every
        // chunk far below Vite's 500 kB warning. Only modules the entry needs statically ($initial) go to
        // "vendor", so nothing that loads after sign-in is pulled forward; CSS keeps its single ordered file.
        codeSplitting: {
          groups: [
            { name: "react", test: REACT, priority: 2 },
            {
              name: "vendor",
              test: (id: string) => (NODE_MODULES.test(id) || RUNS_FIRST.test(id)) && !/\.css$/.test(id),
              tags: ["$initial"],
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    // One worker per core, not Vitest's default of one fewer: a gateway test spends about half its time waiting
    // (on the simulated clock's timers, PGlite, PostgreSQL, a child gateway), so a single worker on this 2-core
    // machine left a core idle. Two workers took the whole run from 7.9 to 4.9 minutes (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      ...[false, true].map((isolate) => ({
        extends: true as const,
        test: {
          name: isolate ? "web-isolated" : "web",
          environment: "jsdom",
          // Shared modules and DOM between files, but for the files that change the process (tests/isolation.ts).
          ...(isolate
            ? { include: ISOLATED_WEB_TESTS }
            : { include: WEB_TESTS, exclude: ["plugins/**/*.server.test.ts", ...ISOLATED_WEB_TESTS] }),
          isolate,
          setupFiles: ["./src/test-setup.ts"],
          globals: true,
          // A guard against a hang, not a speed check: a page test that types into fifty boxes took 5.1 s beside
          // the gateway suite and Chromium on this 2-core machine, past Vitest's 5 s default (CI, 2026-11-26).
          testTimeout: 20_000,
        },
      })),
      // The gateway suite, on PGlite; with DATABASE_URL set, again on PostgreSQL, each file in a fresh database.
      ...gatewayProjects("server", {}, ["scripts/**/*.test.ts"]),
      ...(process.env.DATABASE_URL ? gatewayProjects("server-pg", { TEST_DB: "postgres" }) : []),
    ],
  },
});
