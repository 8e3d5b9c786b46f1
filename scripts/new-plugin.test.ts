// `npm run new:plugin` writes a plugin that works: it uses only the SDK (ESLint's import rule), typechecks,
// and its own tests pass.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const id = `scaffold-probe-${process.pid}`;
const Pascal = `ScaffoldProbe${process.pid}`;
const dir = path.join(root, "plugins", id);
const read = (f: string) => readFileSync(path.join(dir, f), "utf8");
const npx = (...args: string[]) => execFileSync("npx", args, { cwd: root, encoding: "utf8", stdio: "pipe" });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("new:plugin", () => {
  it("scaffolds an SDK plugin folder that passes ESLint, the typecheck and its own tests", () => {
    execFileSync("node", ["scripts/new-plugin.mjs", id, "--no-catalogue"], { cwd: root });
    const files = ["index.ts", "api.ts", "model.ts", "service.ts", `${Pascal}Panel.tsx`, "service.test.ts", `${id}.test.tsx`];
    for (const f of [...files, "locales/en.json", "locales/fr.json", "locales/es.json"]) {
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    }
    expect(read("index.ts")).toContain(`id: "${id}"`);
    expect(read("index.ts")).toContain(`setup: (ctx) => create${Pascal}Service(ctx)`);
    // The core only through the SDK: no core path, no key for a core service, no hand-wired translator.
    for (const f of files) {
      const imports = [...read(f).matchAll(/from "(\.\.\/\.\.\/[^"]+)"/g)].map((m) => m[1]);
      for (const i of imports) expect(["../../src/sdk", "../../src/sdk/testing"], `${f}: ${i}`).toContain(i);
    }
    expect(read(`${Pascal}Panel.tsx`)).toContain('import { usePlugin } from "../../src/sdk";');
    expect(read("index.ts")).not.toMatch(/needs:|Key\b/);

    npx("eslint", `plugins/${id}`);
    // The generated folder alone, with the test setup that types jest-dom's matchers.
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ extends: "../../tsconfig.json", include: [".", "../../src/test-setup.ts"] }),
    );
    npx("tsc", "-p", `plugins/${id}/tsconfig.json`, "--noEmit");
    rmSync(path.join(dir, "tsconfig.json"));
    // The generated tests, run as a developer would.
    const out = stripVTControlCharacters(npx("vitest", "run", "--project", "web", `plugins/${id}`, "--reporter=dot"));
    expect(out).toMatch(/Test Files\s+2 passed/);
    expect(out).toMatch(/Tests\s+3 passed/);
  }, 240_000);

  it("refuses ids that are not kebab-case or already taken", () => {
    const run = (arg: string) => {
      try {
        execFileSync("node", ["scripts/new-plugin.mjs", arg, "--no-catalogue"], { cwd: root, stdio: "pipe" });
        return 0;
      } catch (e) {
        return (e as { status: number }).status;
      }
    };
    expect(run("Bad_Name")).toBe(1);
    expect(run("goals")).toBe(1);
  });
});
