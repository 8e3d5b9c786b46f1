// A leads stack for plugin tests, observable like the core's: opening makes a lead current, disposing takes
// it off and the last remaining one becomes current. The test reads `state` and calls `setCurrent`.
import { makeAutoObservable, runInAction } from "mobx";
import { vi } from "vitest";
import type { LeadsControl, LeadView } from "../core/services";
import { leadView } from "./leadView";

export function fakeLeads(initial: LeadView[] = [], awaiting = initial.length) {
  const state = makeAutoObservable({
    stack: [...initial],
    currentId: initial.at(-1)?.id ?? null,
    awaiting,
  });
  const control: LeadsControl = {
    get current() {
      return state.stack.find((l) => l.id === state.currentId) ?? null;
    },
    get leadIds() {
      return state.stack.map((l) => l.id);
    },
    get awaitingDisposition() {
      return state.awaiting;
    },
    open: vi.fn(async (id: number, opts?: { awaitingDisposition?: boolean }) => {
      const found = state.stack.find((l) => l.id === id) ?? leadView({ id });
      runInAction(() => {
        if (!state.stack.includes(found)) state.stack.push(found);
        if (opts?.awaitingDisposition) state.awaiting += 1;
        state.currentId = id;
      });
      return found;
    }),
    refresh: vi.fn(async () => {}),
    persist: vi.fn(async () => {}),
    disposed: vi.fn((id: number) =>
      runInAction(() => {
        if (!state.stack.some((l) => l.id === id)) return;
        state.stack = state.stack.filter((l) => l.id !== id);
        state.awaiting = Math.max(0, state.awaiting - 1);
        state.currentId = state.stack.at(-1)?.id ?? null;
      }),
    ),
    select: vi.fn((id: number) => runInAction(() => void (state.currentId = id))),
    callLinked: vi.fn(async (from: number, to: number) => {
      const found = state.stack.find((l) => l.id === to) ?? leadView({ id: to });
      runInAction(() => {
        const leaving = state.stack.some((l) => l.id === from) && from !== to;
        state.stack = [...state.stack.filter((l) => l.id !== from && l.id !== to), found];
        if (!leaving) state.awaiting += 1;
        state.currentId = to;
      });
      return found;
    }),
  };
  /** Makes `lead` the current one (added to the stack when new), as a dial or a Load would. */
  const setCurrent = (lead: LeadView | null) =>
    runInAction(() => {
      if (lead && !state.stack.some((l) => l.id === lead.id)) state.stack.push(lead);
      state.currentId = lead?.id ?? null;
    });
  return { control, state, setCurrent };
}

/** The leads stack with nothing in it, for tests that do not drive it. */
export const fakeLeadsControl = () => fakeLeads().control;
