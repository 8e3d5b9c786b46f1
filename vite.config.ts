/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { blueprintCssWithoutIconFont } from "./bench/bundle/blueprintCss.ts";
import { moduleListPlugin } from "./bench/bundle/plugin.ts";

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
    // The sign-in page's entry lazily imports the signed-in shell and its routes. Listing every chunk those pull
    // in (to preload them in parallel) cost the sign-in download ≈0.5 KiB gzip, and the list grows with every
    // plugin and contract module. From the entry, each import fetches only its own chunk, which then loads its
    // static imports itself; deeper lazy imports (the plugins) keep their preload lists. CSS is not concerned.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType, hostId }) =>
        hostType === "js" && /(^|\/)index-[^/]*\.js$/.test(hostId) ? [] : deps,
    },
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
    projects: [
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: [
            "src/**/*.test.{ts,tsx}",
            "plugins/**/*.test.{ts,tsx}",
            "variants/**/*.test.ts",
            "locales/**/*.test.ts",
            "tests/contracts/**/*.test.{ts,tsx}",
          ],
          exclude: ["plugins/**/*.server.test.ts"],
          setupFiles: ["./src/test-setup.ts"],
          globals: true,
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "plugins/**/*.server.test.ts", "scripts/**/*.test.ts"],
          globals: true,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // With DATABASE_URL set, the gateway suite runs again on PostgreSQL, each file in a fresh database.
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: "server-pg",
                environment: "node",
                include: ["server/**/*.test.ts", "plugins/**/*.server.test.ts"],
                globals: true,
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_DB: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
