import { describe, expect, it, vi } from "vitest";
import { watching } from "./watching";

describe("watching", () => {
  it("starts with the first watcher, stops after the last, and counts each release once", () => {
    const start = vi.fn();
    const stop = vi.fn();
    const w = watching(start, stop);
    expect(w.active).toBe(false);
    const a = w.watch();
    const b = w.watch();
    expect(start).toHaveBeenCalledTimes(1);
    a();
    a();
    expect(stop).not.toHaveBeenCalled();
    expect(w.active).toBe(true);
    b();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(w.active).toBe(false);
    w.watch();
    expect(start).toHaveBeenCalledTimes(2);
  });
});
