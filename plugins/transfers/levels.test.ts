import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchaEvents, sunlifeEvents } from "./contract/events";
import { eventFor, levelOf, MAX_LEVEL, stepsAt, transferKinds } from "./levels";

const STATES = ["initializing", "initialized", "merged", "hangedup", "inactive", null] as const;

describe("transfer levels", () => {
  it("is 1 with no conference or an ended one, 2 while the target is dialled, 3 once merged", () => {
    expect(STATES.map(levelOf)).toEqual([2, 2, 3, 1, 1, 1]);
  });

  it("whatever the conference's state, starts only with none, joins only while dialling, leaves only once merged", () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATES), (state) => {
        const steps = stepsAt(levelOf(state));
        expect(steps.includes("start")).toBe(levelOf(state) === 1);
        expect(steps.includes("join")).toBe(state === "initializing" || state === "initialized");
        expect(steps.includes("leave")).toBe(state === "merged");
        expect(levelOf(state)).toBeLessThanOrEqual(MAX_LEVEL);
      }),
    );
  });

  it("offers start at 1, join at 2, leave at 3, kick and destroy once a target is on the line", () => {
    expect(stepsAt(1)).toEqual(["start"]);
    expect(stepsAt(2)).toEqual(["join", "kick", "destroy"]);
    expect(stepsAt(3)).toEqual(["leave", "kick", "destroy"]);
  });

  it("names each step's socket event as the specification does", () => {
    expect(eventFor("external", "start")).toBe("external-transfer-start");
    // Sunlife's and Matcha's are the plugin's own client events, under the specification's names.
    expect(eventFor("sunlife", "leave")).toBe(sunlifeEvents.leave);
    expect(eventFor("matcha", "destroy")).toBe(matchaEvents.destroy);
    expect([sunlifeEvents.leave.name, matchaEvents.destroy.name]).toEqual(["sunlife-leave", "matcha-destroy"]);
  });
});

describe("transfer types an agent may use", () => {
  const on = () => true;
  it("start with Live for a qualifier, then follow the Sent External destinations: External on ISIUS; Sunlife and Matcha on their account flags", () => {
    expect(transferKinds({ roles: ["qualifier"], callCentre: "ISIUS" }, on)).toEqual(["live", "external"]);
    expect(transferKinds({ roles: ["qualifier"], callCentre: "SLICA" }, on)).toEqual(["live"]);
    const both = { canTransferToMatcha: true, canTransferToSunlife: true };
    expect(transferKinds({ roles: ["qualifier"], callCentre: "SLICA", flags: both }, on)).toEqual([
      "live",
      "sunlife",
      "matcha",
    ]);
    expect(transferKinds({ roles: ["qualifier"], callCentre: "ISIUS", flags: both }, on)).toEqual([
      "live",
      "external",
      "matcha",
    ]);
  });

  it("are only Live without the tenant's external-transfers flag, and none for an advisor", () => {
    expect(transferKinds({ roles: ["qualifier"], callCentre: "ISIUS" }, () => false)).toEqual(["live"]);
    expect(transferKinds({ roles: ["advisor"], callCentre: "ISIUS" }, on)).toEqual([]);
  });
});
