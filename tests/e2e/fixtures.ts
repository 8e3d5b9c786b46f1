// Playwright with one gateway per worker (issue 32): playwright.config.ts starts a fresh embedded gateway for each
// worker on E2E_PORT + its index, and `test` here points the worker's pages and requests at its own. Specs import
// `test` and `expect` from this file, never from @playwright/test, so no spec reaches another worker's gateway.
import { test as base } from "@playwright/test";

export * from "@playwright/test";

/** The first worker's gateway port; worker n's is this + n. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

/** The address of the gateway of the worker running the current test (or of the worker slot given). */
export function gatewayURL(parallelIndex = base.info().parallelIndex): string {
  return `http://127.0.0.1:${E2E_PORT + parallelIndex}`;
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature takes the fixtures first
  baseURL: async ({}, use, testInfo) => use(gatewayURL(testInfo.parallelIndex)),
});
