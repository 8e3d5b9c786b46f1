import { observable, runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { askBeforeLeavingMidCall } from "./leaveGuard";

/** A page going away: true when the page asked the browser to question the agent first. */
const leaving = (target: EventTarget) => {
  const e = new Event("beforeunload", { cancelable: true });
  target.dispatchEvent(e);
  return e.defaultPrevented;
};

describe("leaving the page", () => {
  it("asks first while a call is up, not before nor after it", () => {
    const call = observable({ active: false });
    const page = new EventTarget() as unknown as Window;
    const stop = askBeforeLeavingMidCall(call, page);
    expect(leaving(page)).toBe(false);
    runInAction(() => (call.active = true));
    expect(leaving(page)).toBe(true);
    runInAction(() => (call.active = false));
    expect(leaving(page)).toBe(false);
    runInAction(() => (call.active = true));
    stop();
    // Signed out: nothing is held any more.
    expect(leaving(page)).toBe(false);
  });
});
