/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const gateway = process.env.GATEWAY_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": gateway,
      "/socket.io": { target: gateway.replace(/^http/, "ws"), ws: true },
    },
  },
  build: { outDir: "dist", sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "plugins/**/*.test.{ts,tsx}", "variants/**/*.test.ts", "locales/**/*.test.ts"],
          exclude: ["plugins/**/*.server.test.ts"],
          setupFiles: ["./src/test-setup.ts"],
          globals: true,
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "plugins/**/*.server.test.ts"],
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
