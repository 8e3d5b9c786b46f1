// Do-not-disturb lives in Asterisk (a `Stasis:DND<ext>` device state the dialplan reads), not in one gateway's
// memory: in a cluster the instance that signs an agent in sets it, another clears it when the agent goes Ready,
// and the lease holder, which picks agents for inbound callers, must read what Asterisk has.
import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import { AriDriver } from "./driver";
import { scriptedWorld, startFakeAri, type FakeAri } from "./testing";

let fake: FakeAri | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("do-not-disturb with several gateway instances on one Asterisk", () => {
  it("each instance reads the state another one set, and writes it whatever it set last itself", async () => {
    const clock = manualClock(Date.parse("2026-01-05T15:00:00Z"));
    fake = await startFakeAri({
      clock,
      world: scriptedWorld(clock, {}),
      user: "dialer",
      password: "secret",
      extensions: ["1012"],
    });
    fake.registerContact("1012");
    const instance = () =>
      new AriDriver({ config: { url: fake!.url, user: "dialer", password: "secret" }, clock });
    const [a, b] = [instance(), instance()];
    // A signs the agent in: do-not-disturb on.
    await a.setDnd("1012", true);
    expect((await b.getExtensionStatus("1012")).dnd).toBe(true);
    // B takes the agent's Ready: off, though B never set it on.
    await b.setDnd("1012", false);
    expect(fake.model.deviceStates.get("Stasis:DND1012")).toBe("NOT_INUSE");
    expect((await a.getExtensionStatus("1012")).dnd).toBe(false);
    // A, which last set it on, sets it on again: written, though A believes it is on already.
    await b.setDnd("1012", true);
    await a.setDnd("1012", false);
    expect(fake.model.deviceStates.get("Stasis:DND1012")).toBe("NOT_INUSE");
    await Promise.all([a.close(), b.close()]);
  });
});
