import { describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import { availabilityOf, type ExtensionStateEvent } from "../driver";
import { SimPbx } from "./extensions";

const setup = () => {
  const clock = manualClock(Date.UTC(2026, 0, 5, 15, 0, 0));
  const directory = async (ext: string) =>
    ext === "1001" ? ("webrtc" as const) : ext === "2001" ? ("external" as const) : null;
  const pbx = new SimPbx({ clock, directory });
  const events: ExtensionStateEvent[] = [];
  pbx.onEvent((e) => {
    if (e.kind === "ExtensionState") events.push(e);
  });
  return { clock, pbx, events };
};

describe("SimPbx extensions", () => {
  it("a softphone registering an extension first known as a desk phone is taken once the account has WebRTC", async () => {
    let via: "webrtc" | "external" = "external";
    const pbx = new SimPbx({ clock: manualClock(0), directory: async () => via });
    expect((await pbx.getExtensionStatus("3001")).via).toBe("external");
    await pbx.register("3001");
    expect((await pbx.getExtensionStatus("3001")).via).toBe("external"); // no WebRTC yet: ignored
    via = "webrtc"; // a manager's toggle, then the agent signs in and the softphone registers
    await pbx.register("3001");
    expect(await pbx.getExtensionStatus("3001")).toMatchObject({ via: "webrtc", registered: true });
  });

  it("an external phone (Bria) is open by default; closing and opening it changes its availability", async () => {
    const { pbx } = setup();
    expect(availabilityOf(await pbx.getExtensionStatus("2001"))).toEqual({ available: true, reason: null });
    await pbx.setPhoneOpen("2001", false);
    expect(availabilityOf(await pbx.getExtensionStatus("2001"))).toEqual({
      available: false,
      reason: "closed",
    });
    await pbx.setPhoneOpen("2001", true);
    expect((await pbx.getExtensionStatus("2001")).reachable).toBe(true);
  });

  it("a WebRTC extension is reachable only while registered, and a registration expires on the clock", async () => {
    const { pbx, clock } = setup();
    expect(availabilityOf(await pbx.getExtensionStatus("1001"))).toEqual({
      available: false,
      reason: "not_registered",
    });
    await pbx.register("1001", 60_000);
    expect(await pbx.getExtensionStatus("1001")).toMatchObject({
      via: "webrtc",
      registered: true,
      reachable: true,
      contacts: 1,
    });
    clock.advance(59_999);
    expect((await pbx.getExtensionStatus("1001")).registered).toBe(true);
    clock.advance(1);
    expect((await pbx.getExtensionStatus("1001")).registered).toBe(false);
    await pbx.register("1001");
    await pbx.unregister("1001");
    expect((await pbx.getExtensionStatus("1001")).registered).toBe(false);
  });

  it("an unknown extension is not available", async () => {
    const { pbx } = setup();
    expect(availabilityOf(await pbx.getExtensionStatus("9999"))).toEqual({
      available: false,
      reason: "unknown",
    });
    await pbx.setDnd("9999", true); // no effect, no throw
  });

  it("keeps do-not-disturb per extension and emits ordered ExtensionState events with the clock's time", async () => {
    const { pbx, clock, events } = setup();
    await pbx.setDnd("2001", true);
    await pbx.setDnd("2001", true); // idempotent: no second event
    clock.advance(1000);
    await pbx.register("1001", 5000);
    clock.advance(5000);
    expect(
      events.map((e) => [e.seq, e.ts - Date.UTC(2026, 0, 5, 15, 0, 0), e.ext, e.registered, e.dnd]),
    ).toEqual([
      [1, 0, "2001", true, true],
      [2, 1000, "1001", true, false],
      [3, 6000, "1001", false, false],
    ]);
    expect((await pbx.getExtensionStatus("2001")).dnd).toBe(true);
  });

  it("provision() declares extensions without a directory and keeps state when re-declared alike", async () => {
    const clock = manualClock();
    const pbx = new SimPbx({ clock });
    pbx.provision("3001", "external");
    await pbx.setDnd("3001", true);
    pbx.provision("3001", "external");
    expect(await pbx.getExtensionStatus("3001")).toMatchObject({ known: true, reachable: true, dnd: true });
    pbx.provision("3001", "webrtc");
    expect(await pbx.getExtensionStatus("3001")).toMatchObject({
      via: "webrtc",
      reachable: false,
      dnd: true,
    });
    await pbx.close();
  });
});
