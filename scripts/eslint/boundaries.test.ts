// The boundary rule bites where it must: fixture files at several depths of a plugin, linted with the
// project's own ESLint configuration.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { boundaryViolation } from "./boundaries.js";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
const lint = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "boundaries/plugin-imports").map((m) => m.message);
};

describe("plugin import boundaries", () => {
  it("lets a plugin import the SDK, its form fields, its testing helpers, the contract, another plugin's api.ts and its own files", async () => {
    const code = [
      'import { definePlugin } from "../../src/sdk";',
      'import { PhoneField } from "../../src/sdk/forms";',
      'import { TextField } from "../../src/sdk/forms/index";',
      'import { renderPlugin } from "../../src/sdk/testing";',
      'import { Lead } from "../../src/contract/lead";',
      'import { dispositionsApi } from "../dispositions/api";',
      'import { helper } from "./helper";',
      'export { x } from "./x";',
    ].join("\n");
    expect(await lint("plugins/fixture/index.ts", code)).toEqual([]);
    expect(
      await lint(
        "plugins/fixture/deep/er/file.ts",
        code.replaceAll('"../../', '"../../../../').replace('"../dispositions', '"../../../dispositions'),
      ),
    ).toEqual([]);
  });

  it("refuses the core's internals, from the plugin's root and from a sub-folder", async () => {
    expect(
      await lint("plugins/fixture/index.ts", 'import { busKey } from "../../src/core/services";'),
    ).toEqual([
      "A plugin imports the core only through src/sdk, src/sdk/forms, src/sdk/settings (tests: src/sdk/testing) and src/contract/, not src/core/services.",
    ]);
    // The SDK's entries only, not the files behind them.
    expect(
      await lint("plugins/fixture/index.ts", 'import { maskDob } from "../../src/sdk/forms/masks";'),
    ).toHaveLength(1);
    expect(
      await lint("plugins/fixture/index.ts", 'import { Select } from "../../src/sdk/ui/Select";'),
    ).toHaveLength(1);
    expect(
      await lint(
        "plugins/fixture/widget/Panel.tsx",
        'import { CallModel } from "../../../src/call/CallModel";',
      ),
    ).toHaveLength(1);
    expect(await lint("plugins/fixture/index.ts", 'export * from "../../src/api/idempotent";')).toHaveLength(
      1,
    );
    expect(
      await lint("plugins/fixture/index.ts", 'const m = import("../../src/store/storage");'),
    ).toHaveLength(1);
  });

  it("refuses another plugin's internals at any depth, including a deep relative import", async () => {
    expect(await lint("plugins/fixture/index.ts", 'import { save } from "../dispositions/save";')).toEqual([
      "A plugin reaches another plugin only through its api.ts: import plugins/dispositions/api, not plugins/dispositions/save.",
    ]);
    expect(
      await lint("plugins/fixture/sub/file.ts", 'import { x } from "../../dispositions/test/fakes";'),
    ).toHaveLength(1);
    expect(
      await lint("plugins/fixture/a/b/c.ts", 'import { x } from "../../../voicemail-detection/service";'),
    ).toHaveLength(1);
  });

  it("refuses gateway code in a plugin's browser files", async () => {
    expect(await lint("plugins/fixture/index.ts", 'import { x } from "../../server/db/schema";')).toEqual([
      "Browser code never imports gateway code.",
    ]);
  });
});

describe("plugin import boundaries on the gateway side", () => {
  it("lets a plugin's gateway files import the gateway SDK and the contract, its tests the testing entry", async () => {
    const code = [
      'import { defineRoute } from "../../server/sdk";',
      'import { leads } from "../../server/sdk/tables";',
      'import { ErrorBody } from "../../src/contract/common";',
      'import { helper } from "./helper";',
    ].join("\n");
    for (const file of [
      "plugins/fixture/server.ts",
      "plugins/fixture/adapter.server.ts",
      "plugins/fixture/tables.ts",
    ])
      expect(await lint(file, code)).toEqual([]);
    expect(
      await lint(
        "plugins/fixture/x.server.test.ts",
        'import { startTestGateway } from "../../server/sdk/testing";',
      ),
    ).toEqual([]);
    // Another plugin's gateway face (a report reads the disclosures given through it).
    expect(
      await lint("plugins/fixture/x.server.ts", 'import { readGiven } from "../disclosures/api.server";'),
    ).toEqual([]);
  });

  it("refuses the gateway's internals, the browser's core and another plugin in a plugin's gateway files", async () => {
    expect(
      await lint("plugins/fixture/server.ts", 'import { leads } from "../../server/db/schema";'),
    ).toEqual([
      "A plugin's gateway side imports the gateway only through server/sdk (tables: server/sdk/tables, tests: server/sdk/testing), not server/db/schema.",
    ]);
    expect(
      await lint("plugins/fixture/server.ts", 'import { startTestGateway } from "../../server/sdk/testing";'),
    ).toHaveLength(1);
    expect(
      await lint("plugins/fixture/tables.ts", 'import { manualClock } from "../../src/shared/clock";'),
    ).toHaveLength(1);
    expect(
      await lint("plugins/fixture/server.ts", 'import { definePlugin } from "../../src/sdk";'),
    ).toHaveLength(1);
    expect(
      await lint("plugins/fixture/x.server.ts", 'import { bookingApi } from "../booking/api";'),
    ).toHaveLength(1);
  });
});

describe("every plugin file as it is", () => {
  it("keeps the boundary: browser and gateway files alike (ESLint is not part of npm test; this is)", () => {
    const root = fileURLToPath(new URL("../../plugins", import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|tsx)$/.test(f))
      .map((f) => path.join(root, f));
    expect(files.length).toBeGreaterThan(100);
    const refused = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*"([^"]+)"/g)]
        .map((m) => ({ file: path.relative(root, file), source: m[1]!, why: boundaryViolation(file, m[1]!) }))
        .filter((v) => v.why !== null),
    );
    expect(refused).toEqual([]);
  });
});
