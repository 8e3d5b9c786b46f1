// One writer per table on the gateway too: a plugin writes its own tables (its tables.ts) and changes the core's
// only through the domain services its context offers (ctx.leads.applyBooking…), never by writing them itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema";
import { isGatewayFile } from "../../scripts/eslint/boundaries.js";
import { PLUGINS_DIR } from "../pluginFolders";

const coreTables = new Set(
  Object.entries(schema)
    .filter(([, v]) => is(v, PgTable))
    .map(([name]) => name),
);
// The plugin's own gateway code, as the boundary rule names it; its tests may arrange any table.
const gatewayFiles = readdirSync(PLUGINS_DIR, { recursive: true, encoding: "utf8" }).filter(
  (f) => isGatewayFile(f) && !f.endsWith(".test.ts"),
);

describe("a plugin's gateway files", () => {
  it("write none of the core's tables", () => {
    expect(coreTables.has("leads") && coreTables.has("followUps")).toBe(true);
    expect(gatewayFiles.length).toBeGreaterThan(5);
    const writes = gatewayFiles.flatMap((file) =>
      [
        ...readFileSync(path.join(PLUGINS_DIR, file), "utf8").matchAll(
          /\.(insert|update|delete)\(\s*(\w+)\s*\)/g,
        ),
      ]
        .filter((m) => coreTables.has(m[2]!))
        .map((m) => `${file}: ${m[1]}(${m[2]})`),
    );
    expect(writes).toEqual([]);
  });
});
