// Test files share their worker's modules unless tests/isolation.ts lists them (issue 32): a file that changes
// the whole process (a module mock, a stubbed global, a time zone, fake timers, browser shims) would change the
// files that run after it in the same worker, and a suite that passes only in one order proves little.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED_GATEWAY_TESTS, ISOLATED_WEB_TESTS, PROCESS_WIDE_CHANGES } from "../isolation";

const root = path.resolve(__dirname, "../..");
/** Every test file of the suite, relative to the repository ("server/http/fuzz.test.ts"). */
const all = ["src", "plugins", "variants", "locales", "tests/contracts", "server", "scripts"]
  .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((f) => `${dir}/${f}`))
  .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes("node_modules") && f !== "tests/contracts/isolation.test.ts")
  .sort();
/** A glob as Vitest reads these ones: `**` any folders, `*` within a name, `{a,b}` either. */
const globRegex = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^$()|[\]\\]/g, "\\$&")
      .replace(/\{([^}]*)\}/g, (_, alts: string) => `(${alts.split(",").join("|")})`)
      .replace(/\*\*\//g, "§")
      .replace(/\*/g, "[^/]*")
      .replace(/§/g, "(.*/)?")}$`,
  );
const files = (patterns: string[]) => all.filter((f) => patterns.some((p) => globRegex(p).test(f)));

describe("which test files run isolated", () => {
  it("every file that changes the process for the files after it is isolated", () => {
    const isolated = new Set(files([...ISOLATED_GATEWAY_TESTS, ...ISOLATED_WEB_TESTS]));
    const changers = all.filter((f) => PROCESS_WIDE_CHANGES.some((re) => re.test(readFileSync(path.join(root, f), "utf8"))));
    expect(changers.length).toBeGreaterThan(0);
    expect(changers.filter((f) => !isolated.has(f))).toEqual([]);
  });

  it("every isolated entry names a file that exists", () => {
    for (const pattern of [...ISOLATED_GATEWAY_TESTS, ...ISOLATED_WEB_TESTS])
      expect(files([pattern]).length, pattern).toBeGreaterThan(0);
  });
});
