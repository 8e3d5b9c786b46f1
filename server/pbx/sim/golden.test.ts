// Golden event traces: each scripted scenario (scenarios.ts) must emit exactly the recorded events and
// phone-line calls. After an intended change of behaviour, regenerate with UPDATE_GOLDEN=1 and review the diff.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SCENARIOS } from "./scenarios";
import { serialiseTrace } from "./testing";

const file = (name: string) => fileURLToPath(new URL(`./golden/${name}.json`, import.meta.url));

describe("SimPbx golden traces", () => {
  for (const [name, run] of Object.entries(SCENARIOS)) {
    it(name, async () => {
      const text = serialiseTrace(await run());
      if (process.env.UPDATE_GOLDEN) {
        writeFileSync(file(name), text);
        return;
      }
      expect(existsSync(file(name)), `no golden trace for ${name}: run with UPDATE_GOLDEN=1`).toBe(true);
      // Compared as data, so reformatting the file (prettier) does not matter.
      expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(file(name), "utf8")));
    });
  }

  it("a scenario run twice gives the same trace", async () => {
    const run = SCENARIOS["conference-join-kick-destroy"]!;
    expect(serialiseTrace(await run())).toBe(serialiseTrace(await run()));
  });
});
