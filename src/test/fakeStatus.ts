// A StatusControl for plugin tests: records what the plugin asked for and holds the flags it set.
import { vi } from "vitest";
import type { AgentStatus } from "../contract/status";
import type { StatusControl } from "../core/services";

export function fakeStatusControl(initial: AgentStatus = "ready") {
  const state = { current: initial, phoneConnected: null as boolean | null, autoDialing: false, overdueFollowUps: false, awaitingDispositions: 0 };
  const control = {
    request: vi.fn(async (s: AgentStatus) => {
      state.current = s;
    }),
    setPhoneConnected: vi.fn((on: boolean | null) => void (state.phoneConnected = on)),
    get current() {
      return state.current;
    },
    get changing() {
      return false;
    },
    setAutoDialing: vi.fn((on: boolean) => void (state.autoDialing = on)),
    setOverdueFollowUps: vi.fn((on: boolean) => void (state.overdueFollowUps = on)),
    get overdueFollowUps() {
      return state.overdueFollowUps;
    },
    setAwaitingDispositions: vi.fn((n: number) => void (state.awaitingDispositions = n)),
  } satisfies StatusControl;
  return { control, state };
}
