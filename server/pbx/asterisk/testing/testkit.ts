// Shared setup for the fake's own tests: a manual clock, a scripted world, a started fake and a client.
import { manualClock, type ManualClock } from "../../../../src/shared/clock";
import { connectClient, type TestAriClient } from "./client";
import { startFakeAri, type FakeAri, type FakeAriFaults } from "./server";
import { scriptedWorld, type FarScript } from "./world";

export const AUTH = { user: "dialer", password: "secret" };

export interface Kit {
  clock: ManualClock;
  fake: FakeAri;
  ari: TestAriClient;
  world: ReturnType<typeof scriptedWorld>;
  /** Advances the clock and waits until the client has every event. */
  run(ms: number): Promise<void>;
  types(): string[];
  close(): Promise<void>;
}

export async function kit(scripts: Record<string, FarScript> = {}, faults?: FakeAriFaults, subscribeAll = false): Promise<Kit> {
  const clock = manualClock();
  const world = scriptedWorld(clock, scripts, { mediaMs: 3000 });
  const fake = await startFakeAri({ clock, world, ...AUTH, faults, extensions: ["1001", "1002"] });
  const ari = await connectClient(fake, { ...AUTH, subscribeAll });
  return {
    clock, fake, ari, world,
    async run(ms) {
      for (let t = 0; t < ms; t += 100) {
        clock.advance(Math.min(100, ms - t));
        await ari.caughtUp();
      }
      await ari.caughtUp();
    },
    types: () => ari.events.map((e) => e.type as string),
    async close() {
      ari.close();
      await fake.close();
    },
  };
}
