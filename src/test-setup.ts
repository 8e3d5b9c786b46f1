import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";

// The test machine has two cores shared by parallel test files: give findBy* queries room to breathe.
configure({ asyncUtilTimeout: 4000 });

afterEach(cleanup);
// Files share their worker's DOM (tests/isolation.ts): what a file left in the page (a toaster's notices,
// a portal) goes with it.
afterAll(() => {
  // A file may run in Node (`@vitest-environment node`): no page then.
  if (typeof document !== "undefined") document.body.replaceChildren();
});
