// Fault injection: drops, duplicates and late (out-of-order) deliveries at the configured rates, decided by
// a seeded stream of their own so the calls themselves do not change; disconnect() loses events until
// connect(). Every delivered event is the original, seq included, so a consumer can de-duplicate and reorder.
import { describe, expect, it } from "vitest";
import { manualClock } from "../../../src/shared/clock";
import type { PbxEvent } from "../driver";
import type { SimFaults } from "./faults";
import { SimPbx } from "./pbx";

const T0 = Date.UTC(2026, 0, 5, 14, 0, 0);
const HOUR = 3_600_000;

async function run(faults?: SimFaults): Promise<Array<{ e: PbxEvent; at: number }>> {
  const clock = manualClock(T0);
  const pbx = new SimPbx({ clock, seed: 42, faults });
  for (let a = 0; a < 20; a++) pbx.provision(String(3000 + a), "external");
  const got: Array<{ e: PbxEvent; at: number }> = [];
  pbx.onEvent((e) => got.push({ e, at: clock.now() }));
  for (let i = 0; i < 500; i++) {
    clock.set(T0 + Math.floor((i * HOUR) / 500));
    await pbx.originate({
      callId: `auto-${i}`,
      agentExt: String(3000 + (i % 20)),
      to: `+1514555${String(1000 + i).padStart(4, "0")}`,
      mode: "auto",
      amd: true,
    });
  }
  clock.advance(2 * HOUR);
  return got;
}

describe("SimPbx fault injection", () => {
  it("drops, duplicates and reorders at the configured rates, keeping each event as it was", async () => {
    const truth = (await run()).map((d) => d.e);
    const faulty = await run({ dropRate: 0.1, duplicateRate: 0.1, reorderRate: 0.1 });
    const bySeq = new Map(truth.map((e) => [e.seq, e]));
    for (const { e } of faulty) expect(e).toEqual(bySeq.get(e.seq));

    const seen = new Map<number, number>();
    for (const { e } of faulty) seen.set(e.seq, (seen.get(e.seq) ?? 0) + 1);
    const dropped = truth.filter((e) => !seen.has(e.seq)).length / truth.length;
    const duplicated = [...seen.values()].filter((n) => n === 2).length / truth.length;
    let maxSeq = 0;
    let late = 0;
    for (const { e } of faulty) {
      if (e.seq < maxSeq && seen.get(e.seq) === 1) late++;
      maxSeq = Math.max(maxSeq, e.seq);
    }
    expect(truth.length).toBeGreaterThan(2000);
    expect(dropped).toBeGreaterThan(0.08);
    expect(dropped).toBeLessThan(0.12);
    expect(duplicated).toBeGreaterThan(0.08);
    expect(duplicated).toBeLessThan(0.12);
    expect(late / truth.length).toBeGreaterThan(0.08);
    expect(late / truth.length).toBeLessThan(0.12);
    expect([...seen.values()].every((n) => n <= 2)).toBe(true);
  });

  it("a late event arrives a few ms after the event that overtook it", async () => {
    const faulty = await run({ reorderRate: 0.2, reorderDelayMs: 4 });
    let prev: { e: PbxEvent; at: number } | undefined;
    let checked = 0;
    for (const d of faulty) {
      if (prev && d.e.seq < prev.e.seq) {
        const overtaker = faulty.find((x) => x.e.seq > d.e.seq && x.at <= d.at)!;
        expect(d.at - overtaker.at).toBeLessThanOrEqual(4);
        checked++;
      }
      prev = d;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("the same seed injects the same faults", async () => {
    const faults = { dropRate: 0.05, duplicateRate: 0.05, reorderRate: 0.05 };
    expect((await run(faults)).map((d) => d.e.seq)).toEqual((await run(faults)).map((d) => d.e.seq));
  });

  it("nothing is delivered between disconnect() and connect(); seq shows the gap", async () => {
    const clock = manualClock(T0);
    const pbx = new SimPbx({ clock, seed: 42 });
    pbx.provision("3000", "external");
    const got: PbxEvent[] = [];
    pbx.onEvent((e) => got.push(e));
    await pbx.originate({ callId: "c1", agentExt: "3000", to: "+15145550100", mode: "manual" });
    pbx.disconnect();
    clock.advance(10_000); // the agent's phone and the lead answer meanwhile
    expect(got.map((e) => e.kind)).toEqual(["LegCreated", "LegRinging"]);
    await pbx.connect();
    await pbx.hangupCall("c1");
    const after = got.slice(2);
    expect(after.map((e) => e.kind)).toEqual(["LegHungUp", "LegHungUp", "CallEnded"]);
    expect(after[0]!.seq).toBeGreaterThan(got[1]!.seq + 1);
  });
});
