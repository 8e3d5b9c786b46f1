// One writer per table on the gateway too: a plugin writes its own tables (its tables.ts) and changes the core's
// only through the domain services its context offers (ctx.leads.applyBooking…), never by writing them itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema";
import { PLUGINS_DIR } from "./manifests";

const coreTables = new Set(
  Object.entries(schema)
    .filter(([, v]) => is(v, PgTable))
    .map(([name]) => name),
);
const gatewayFiles = readdirSync(PLUGINS_DIR, { recursive: true, encoding: "utf8" }).filter((f) =>
  /(^|\/)(server|tables)\.ts$|\.server\.ts$/.test(f),
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
