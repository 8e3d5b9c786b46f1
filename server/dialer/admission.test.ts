// The dials an instance runs at once, and the wait its busy answers name: longer while refusals outnumber the
// dials taken, shorter once they stop.
import { describe, expect, it } from "vitest";
import { HttpError } from "../http/errors";
import { DialAdmission, DIALER_BUSY_RETRY_AFTER_MAX_S } from "./admission";

/** One admission with at most one dial at once, on a manual clock. */
function admissionOfOne() {
  let now = 0;
  const admission = new DialAdmission(1, () => now);
  let release = () => {};
  let running: Promise<unknown> = Promise.resolve();
  return {
    admission,
    /** A dial that stays under way until released. */
    hold() {
      running = admission.admit(() => new Promise<void>((r) => (release = r)));
    },
    async release() {
      release();
      await running;
    },
    /** The Retry-After of a refused dial. */
    async refusal() {
      const e = await admission.admit(async () => "dialled").catch((err: unknown) => err);
      expect(e).toBeInstanceOf(HttpError);
      expect((e as HttpError).statusCode).toBe(503);
      return Number((e as HttpError).headers!["retry-after"]);
    },
    later: (ms: number) => (now += ms),
  };
}

describe("dial admission", () => {
  it("runs at most `max` dials at once, and takes the next once one is done", async () => {
    const a = admissionOfOne();
    a.hold();
    expect(a.admission.inFlight).toBe(1);
    expect(await a.refusal()).toBe(1);
    await a.release();
    expect(a.admission.inFlight).toBe(0);
    expect(await a.admission.admit(async () => "dialled")).toBe("dialled");
  });

  it("names a longer wait each second refusals outnumber the dials taken, up to its ceiling, and a shorter one once they stop", async () => {
    const a = admissionOfOne();
    a.hold();
    const firstOfEachSecond: number[] = [];
    for (let second = 0; second < 7; second++) {
      a.later(1000);
      firstOfEachSecond.push(await a.refusal());
      for (let i = 0; i < 4; i++) await a.refusal();
    }
    // Five refusals against no dial taken: doubled each second, from the second after.
    expect(firstOfEachSecond).toEqual([
      1,
      2,
      4,
      8,
      16,
      DIALER_BUSY_RETRY_AFTER_MAX_S,
      DIALER_BUSY_RETRY_AFTER_MAX_S,
    ]);
    await a.release();
    // Seconds where the dials taken outnumber the refused (two to one) halve it, down to 1; the first still follows
    // the last busy second.
    const waits: number[] = [];
    for (let second = 0; second < 6; second++) {
      a.later(1000);
      await a.admission.admit(async () => "dialled");
      a.hold();
      waits.push(await a.refusal());
      await a.release();
    }
    expect(waits).toEqual([30, 15, 8, 4, 2, 1]);
  });
});
