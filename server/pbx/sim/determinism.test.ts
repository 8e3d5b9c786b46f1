// Determinism (telephony.md §2): the same seed and operations give the same events; another seed gives
// others; one more call never changes another call's events. Runs on a manual clock: no wall time.
import { describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import type { CallEvent, PbxEvent } from "../driver";
import { SimPbx } from "./pbx";
import { hashEvents } from "./testing";

const T0 = Date.UTC(2026, 0, 5, 14, 0, 0);
const HOUR = 3_600_000;
const AGENTS = 25;

/** `dials` auto dials spread over one virtual hour, then time enough for every call to end. */
async function autoDialHour(
  seed: number,
  dials = 500,
  extra?: { at: number; callId: string; to: string },
): Promise<PbxEvent[]> {
  const clock = manualClock(T0);
  const pbx = new SimPbx({ clock, seed });
  for (let a = 0; a < AGENTS; a++) pbx.provision(String(3000 + a), "external");
  const events: PbxEvent[] = [];
  pbx.onEvent((e) => events.push(e));
  const planned = Array.from({ length: dials }, (_, i) => ({
    at: Math.floor((i * HOUR) / dials),
    callId: `auto-${i}`,
    to: `+1514555${String(1000 + ((i * 37) % 9000)).padStart(4, "0")}`,
    agent: i % AGENTS,
  }));
  if (extra) planned.push({ ...extra, agent: 0 });
  planned.sort((a, b) => a.at - b.at);
  for (const p of planned) {
    clock.set(T0 + p.at);
    await pbx.originate({
      callId: p.callId,
      agentExt: String(3000 + p.agent),
      to: p.to,
      mode: "auto",
      amd: true,
    });
  }
  clock.advance(2 * HOUR);
  await pbx.close();
  return events;
}

const ofCall = (events: PbxEvent[], callId: string) =>
  events
    .filter((e): e is CallEvent => e.kind !== "ExtensionState" && e.callId === callId)
    .map(({ seq: _seq, ...rest }) => rest);

describe("SimPbx determinism", () => {
  it("the same seed gives the same trace for 500 auto dials over an hour; another seed another trace", async () => {
    const a = await autoDialHour(42);
    const b = await autoDialHour(42);
    const c = await autoDialHour(7);
    expect(hashEvents(a)).toBe(hashEvents(b));
    expect(hashEvents(c)).not.toBe(hashEvents(a));
    // Every call ended, with one CallEnded each.
    expect(a.filter((e) => e.kind === "CallEnded")).toHaveLength(500);
  });

  it("auto dials follow the profile's mix (35% human, 20% machine, 30% no answer, 10% busy, 5% failed)", async () => {
    const events = await autoDialHour(42);
    const share = (pred: (e: PbxEvent) => boolean) => events.filter(pred).length / 500;
    const leadCause = (cause: string) => (e: PbxEvent) =>
      e.kind === "LegHungUp" && e.legId.endsWith(":L2") && e.cause === cause;
    expect(share((e) => e.kind === "AmdResult" && e.result === "AMD-Human-voice")).toBeCloseTo(0.35, 1);
    expect(share((e) => e.kind === "AmdResult" && e.result === "AMD-Machine-Vm-WA")).toBeCloseTo(0.2, 1);
    expect(share(leadCause("no-answer"))).toBeCloseTo(0.3, 1);
    expect(share(leadCause("busy"))).toBeCloseTo(0.1, 1);
    expect(share(leadCause("failed"))).toBeCloseTo(0.05, 1);
  });

  it("adding one call does not change another call's events", async () => {
    const without = await autoDialHour(42, 60);
    const withExtra = await autoDialHour(42, 60, { at: 30_000, callId: "extra", to: "+15145559999" });
    expect(ofCall(withExtra, "extra").length).toBeGreaterThan(0);
    for (let i = 0; i < 60; i++) expect(ofCall(withExtra, `auto-${i}`)).toEqual(ofCall(without, `auto-${i}`));
  });
});
