// A StatusView for plugin tests, observable like the core's: `request` records and moves `current`, guards
// and dialing indicators added by the plugin are kept and readable (`readyBlocked`, `dialing`).
import { makeAutoObservable, observable, runInAction } from "mobx";
import { vi } from "vitest";
import type { AgentStatus } from "../contract/status";
import type { StatusGuard, StatusView } from "../core/services";

export function fakeStatusControl(initial: AgentStatus = "ready") {
  const state = makeAutoObservable({ current: initial, changing: false, deactivated: false });
  const guards = observable.map<string, StatusGuard>({}, { deep: false });
  const indicators = observable.map<string, () => boolean>({}, { deep: false });
  const listeners = new Set<(s: AgentStatus) => void>();
  const set = (s: AgentStatus) => {
    runInAction(() => (state.current = s));
    listeners.forEach((l) => l(s));
  };
  const control: StatusView = {
    request: vi.fn(async (s: AgentStatus) => set(s)),
    stayInAfterCallWork: vi.fn(async () => set("after_call_work")),
    get current() {
      return state.current;
    },
    get changing() {
      return state.changing;
    },
    get deactivated() {
      return state.deactivated;
    },
    get readyBlocked() {
      for (const g of guards.values()) {
        const r = g.reason();
        if (r !== null) return r;
      }
      return null;
    },
    onChange(handler) {
      listeners.add(handler);
      return () => void listeners.delete(handler);
    },
    addGuard: vi.fn((g: StatusGuard) => {
      runInAction(() => guards.set(g.id, g));
      return () => runInAction(() => void (guards.get(g.id) === g && guards.delete(g.id)));
    }),
    addDialingIndicator: vi.fn((id: string, active: () => boolean) => {
      runInAction(() => indicators.set(id, active));
      return () => runInAction(() => void indicators.delete(id));
    }),
  };
  return {
    control,
    state,
    /** The gateway recorded a status (a push, or the answer to a change): `onChange` handlers hear it. */
    set,
    setChanging: (on: boolean) => runInAction(() => (state.changing = on)),
    setDeactivated: (on: boolean) => runInAction(() => (state.deactivated = on)),
    /** Whether a plugin's dialing indicator holds now (Ready would show green). */
    get dialing() {
      return [...indicators.values()].some((a) => a());
    },
    guards,
  };
}
