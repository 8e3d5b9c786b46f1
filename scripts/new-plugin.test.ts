// `npm run new:plugin` writes a plugin that works: its own test passes and the registry offers its panel.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const id = `scaffold-probe-${process.pid}`;
const dir = path.join(root, "plugins", id);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("new:plugin", () => {
  it("scaffolds a plugin folder whose test passes", () => {
    execFileSync("node", ["scripts/new-plugin.mjs", id, "--no-catalogue"], { cwd: root });
    for (const f of ["index.ts", "api.ts", "model.ts", "ScaffoldProbe" + process.pid + "Panel.tsx", `${id}.test.tsx`, "locales/en.json", "locales/fr.json", "locales/es.json"]) {
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    }
    expect(readFileSync(path.join(dir, "index.ts"), "utf8")).toContain(`id: "${id}"`);
    // The generated test, run as a developer would.
    const out = execFileSync("npx", ["vitest", "run", "--project", "web", `plugins/${id}`, "--reporter=dot"], { cwd: root, encoding: "utf8" });
    expect(out).toMatch(/2 passed/);
  }, 120_000);

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
