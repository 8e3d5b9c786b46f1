// The shared driver suite (issue 19): every scenario runs on SimPbx and on AriDriver against the fake
// Asterisk, and the two must tell the gateway the same thing — the same events, in the same order, at the
// same clock times, ids aside. A difference in behaviour is a failing test here, not a comment.
import { afterEach, describe, expect, it } from "vitest";
import type { PbxEvent } from "../driver";
import { SCENARIOS } from "./scenarios";
import { normalise, openWorld, type DriverWorld } from "./worlds";

const open: DriverWorld[] = [];
afterEach(async () => {
  for (const w of open.splice(0)) await w.close();
});

async function runOn(name: "sim" | "asterisk", scenario: (typeof SCENARIOS)[string]): Promise<PbxEvent[]> {
  const w = await openWorld(name, scenario.world);
  open.push(w);
  const before = w.events.length;
  await scenario.run(w);
  return w.events.slice(before);
}

describe("the same scenario on SimPbx and on AriDriver + fake ARI", () => {
  for (const [title, scenario] of Object.entries(SCENARIOS)) {
    it(title, async () => {
      const sim = normalise(await runOn("sim", scenario));
      const ari = normalise(await runOn("asterisk", scenario));
      expect(sim.length).toBeGreaterThan(0);
      expect(ari).toEqual(sim);
    });
  }
});
