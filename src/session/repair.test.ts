// A manager's frontend repair as the agent's page lives it: the state is read again from the gateway at
// once, the page reloads, and a page on a call waits for the call to end; the reloaded page's socket says it
// is a reconnection (the agent keeps its status).
import { observable, runInAction } from "mobx";
import { describe, expect, it, vi } from "vitest";
import { createEventBus } from "../core/events";
import { takeRepairMark, takeRepairNote, watchRepairs } from "./repair";

function page(active = false) {
  const bus = createEventBus();
  const call = observable({ active });
  const resync = vi.fn(async () => {});
  const reload = vi.fn();
  const stored = new Map<string, string>();
  const storage = {
    setItem: (k: string, v: string) => void stored.set(k, v),
    getItem: (k: string) => stored.get(k) ?? null,
    removeItem: (k: string) => void stored.delete(k),
  };
  const stop = watchRepairs({ bus, call, resync, reload, storage });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { bus, call, resync, reload, storage, stop, settle };
}

describe("a frontend repair", () => {
  it("re-reads the gateway's state, then reloads the page, marked as a repair", async () => {
    const p = page();
    p.bus.emit("repair", { by: 3 });
    await p.settle();
    expect(p.resync).toHaveBeenCalledOnce();
    expect(p.reload).toHaveBeenCalledOnce();
    expect(takeRepairMark(p.storage)).toBe(true);
    // The mark is used once: a later reload by the agent is a first connection again.
    expect(takeRepairMark(p.storage)).toBe(false);
  });

  it("on a live call, reloads only once the call has ended", async () => {
    const p = page(true);
    p.bus.emit("repair", { by: 3 });
    p.bus.emit("repair", { by: 3 });
    await p.settle();
    expect(p.resync).toHaveBeenCalledTimes(2);
    expect(p.reload).not.toHaveBeenCalled();
    runInAction(() => (p.call.active = false));
    expect(p.reload).toHaveBeenCalledOnce();
    runInAction(() => (p.call.active = true));
    runInAction(() => (p.call.active = false));
    expect(p.reload).toHaveBeenCalledOnce();
  });

  it("reloads even when the re-read fails, and not at all once the session is over", async () => {
    const p = page();
    p.resync.mockRejectedValueOnce(new Error("offline"));
    p.bus.emit("repair", { by: 3 });
    await p.settle();
    expect(p.reload).toHaveBeenCalledOnce();
    p.stop();
    p.bus.emit("repair", { by: 3 });
    await p.settle();
    expect(p.reload).toHaveBeenCalledOnce();
  });
});

describe("an admin's change of the call centre's plugins or features", () => {
  it("reloads the page after the call, and leaves a note the reloaded page reads once", async () => {
    const p = page(true);
    p.bus.emit("tenant-features", { changes: [{ kind: "plugin", id: "disclosures", enabled: false }] });
    await p.settle();
    expect(p.reload).not.toHaveBeenCalled();
    runInAction(() => (p.call.active = false));
    expect(p.reload).toHaveBeenCalledOnce();
    expect(takeRepairMark(p.storage)).toBe(true);
    expect(takeRepairNote(p.storage)).toBe("tenant-features");
    expect(takeRepairNote(p.storage)).toBeNull();
  });

  it("leaves no note after a manager's repair", async () => {
    const p = page();
    p.bus.emit("repair", { by: 3 });
    await p.settle();
    expect(takeRepairNote(p.storage)).toBeNull();
  });
});
