// Test doubles for the dispositions plugin's tests: a leads stack and a status control the test drives.
import { makeAutoObservable } from "mobx";
import { vi } from "vitest";
import type { AgentStatus } from "../../../src/contract/status";
import type { LeadsControl, LeadView, StatusControl } from "../../../src/core/services";
import { leadView } from "../../../src/test/leadView";

export const lead = (over: Partial<LeadView> = {}): LeadView =>
  leadView({ clients: [{ firstName: "Pat", lastName: "Doe", dob: "1960-04-02" }], ...over });

/** A leads stack as the core keeps it: disposing a lead takes it off and the last remaining one is current. */
export function fakeLeads(initial: LeadView[] = [lead()], awaiting = initial.length) {
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
    open: vi.fn(async (id: number) => state.stack.find((l) => l.id === id) ?? lead({ id })),
    persist: vi.fn(async () => {}),
    disposed: vi.fn((id: number) => {
      state.stack = state.stack.filter((l) => l.id !== id);
      state.awaiting = Math.max(0, state.awaiting - 1);
      state.currentId = state.stack.at(-1)?.id ?? null;
    }),
    select: vi.fn((id: number) => void (state.currentId = id)),
  };
  return { control, state };
}

/**
 * An observable status control: `request` records, resolves and moves `current`; `overdueFollowUps` holds
 * what a follow-ups plugin set, as the reader this plugin asks the core for would show it.
 */
export function fakeStatus(initial: AgentStatus = "after_call_work") {
  const state = makeAutoObservable({ current: initial, overdueFollowUps: false });
  const control = {
    request: vi.fn(async (s: AgentStatus) => void (state.current = s)),
    setPhoneConnected: vi.fn(),
    get current() {
      return state.current;
    },
    get overdueFollowUps() {
      return state.overdueFollowUps;
    },
    changing: false,
    setAutoDialing: vi.fn(),
    setOverdueFollowUps: vi.fn((on: boolean) => void (state.overdueFollowUps = on)),
    setAwaitingDispositions: vi.fn(),
  } satisfies StatusControl & { readonly overdueFollowUps: boolean };
  return { control, state };
}
