// `npm run new:plugin` writes a whole plugin that works, both sides, without an edit outside its folder: it keeps
// the plugin boundary, typechecks, and its own browser and gateway tests pass.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { boundaryViolation } from "./eslint/boundaries.js";

const root = path.resolve(__dirname, "..");
const id = `scaffold-probe-${process.pid}`;
const Pascal = `ScaffoldProbe${process.pid}`;
const dir = path.join(root, "plugins", id);
const read = (f: string) => readFileSync(path.join(dir, f), "utf8");
const npx = (...args: string[]) => execFileSync("npx", args, { cwd: root, encoding: "utf8", stdio: "pipe" });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("new:plugin", () => {
  it("scaffolds a whole plugin, both sides, that passes the boundary rule, the typecheck and its own tests, with no edit outside its folder", () => {
    const before = execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], {
      cwd: root,
      encoding: "utf8",
    });
    execFileSync("node", ["scripts/new-plugin.mjs", id], { cwd: root });
    const files = [
      "manifest.ts",
      "index.ts",
      "api.ts",
      "contract.ts",
      "model.ts",
      "service.ts",
      `${Pascal}Panel.tsx`,
      `${Pascal}AdminPage.tsx`,
      "CallNotes.tsx",
      "tables.ts",
      "server.ts",
      "service.test.ts",
      `${id}.test.tsx`,
      `${id}.server.test.ts`,
    ];
    for (const f of [
      ...files,
      "locales/en.json",
      "locales/fr.json",
      "locales/es.json",
      "migrations/meta/_journal.json",
    ]) {
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    }
    // Nothing outside the folder changed: the build and the gateway find the plugin by themselves.
    const after = execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], {
      cwd: root,
      encoding: "utf8",
    });
    const outside = after
      .split("\n")
      .filter((l) => l && !before.includes(l) && !l.includes(`plugins/${id}/`));
    expect(outside).toEqual([]);
    expect(read("manifest.ts")).toContain(`id: "${id}"`);
    expect(read("index.ts")).toContain("...manifest,");
    expect(read("server.ts")).toContain(`export default definePluginServer(`);
    expect(read("index.ts")).toContain("callFacet: defineCallFacet(");
    expect(read("migrations/0000_init.sql")).toContain(`CREATE TABLE "${id.replaceAll("-", "_")}_notes"`);
    // The core only through the SDKs and the contract, on both sides (the rule ESLint applies too).
    for (const f of files)
      for (const m of read(f).matchAll(/from "([^"]+)"/g))
        expect(boundaryViolation(path.join(dir, f), m[1]!), `${f}: ${m[1]}`).toBeNull();

    npx("eslint", `plugins/${id}`);
    // The generated folder alone, with the test setup that types jest-dom's matchers.
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ extends: "../../tsconfig.json", include: [".", "../../src/test-setup.ts"] }),
    );
    npx("tsc", "-p", `plugins/${id}/tsconfig.json`, "--noEmit");
    rmSync(path.join(dir, "tsconfig.json"));
    // The generated tests, run as a developer would: the browser side over fakes, the gateway side end to end
    // (its route, table and push on a real test gateway). PLUGIN_PROBE lets that test process load the probe,
    // which every other gateway leaves alone (server/db/migrations.ts).
    const web = stripVTControlCharacters(
      npx("vitest", "run", "--project", "web", `plugins/${id}`, "--reporter=dot"),
    );
    expect(web).toMatch(/Test Files\s+2 passed/);
    expect(web).toMatch(/Tests\s+5 passed/);
    const gateway = stripVTControlCharacters(
      execFileSync("npx", ["vitest", "run", "--project", "server", `plugins/${id}`, "--reporter=dot"], {
        cwd: root,
        encoding: "utf8",
        stdio: "pipe",
        env: { ...process.env, PLUGIN_PROBE: id },
      }),
    );
    expect(gateway).toMatch(/Test Files\s+1 passed/);
    expect(gateway).toMatch(/Tests\s+3 passed/);
  }, 480_000);

  it("refuses ids that are not kebab-case or already taken", () => {
    const run = (arg: string) => {
      try {
        execFileSync("node", ["scripts/new-plugin.mjs", arg], { cwd: root, stdio: "pipe" });
        return 0;
      } catch (e) {
        return (e as { status: number }).status;
      }
    };
    expect(run("Bad_Name")).toBe(1);
    expect(run("goals")).toBe(1);
  });
});
