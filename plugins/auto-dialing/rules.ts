// When a tick may dial, and what the panel says otherwise (agent-workspace §4 Auto-dial, Dispositions'
// waiting state). Pure, so every case is tested.
import type { AgentStatus } from "../../src/contract/status";

/** What the loop and the panel look at, read from the core's observable services. */
export interface DialFacts {
  running: boolean;
  /** A POST /dials/auto is in flight. */
  dialing: boolean;
  status: AgentStatus;
  /** The status is still on its way to the gateway: a dial now would race the change (and be refused). */
  statusChanging: boolean;
  callActive: boolean;
  /** Leads opened by a call and not disposed yet. */
  awaiting: number;
  /** A manager disabled calling for this agent. */
  deactivated: boolean;
  hasExtension: boolean;
}

/** What the panel shows, most important first. */
export type AutoDialState =
  "dialing" | "deactivated" | "no_extension" | "on_call" | "dispose" | "running" | "ready";

/**
 * The loop runs while this holds: the gateway has recorded Ready, calling is allowed, no call is up and no
 * lead waits for its disposition. It stops the moment any of these goes.
 */
export function mayRun(f: Omit<DialFacts, "running" | "dialing">): boolean {
  return (
    f.status === "ready" &&
    !f.statusChanging &&
    !f.callActive &&
    f.awaiting === 0 &&
    !f.deactivated &&
    f.hasExtension
  );
}

/** A tick dials only when nothing stands in the way (and no other request is in flight). */
export function canDial(f: DialFacts): boolean {
  return !f.dialing && mayRun(f);
}

export function stateOf(f: DialFacts): AutoDialState {
  if (f.dialing) return "dialing";
  if (f.deactivated) return "deactivated";
  if (!f.hasExtension) return "no_extension";
  if (f.callActive) return "on_call";
  // A lead to dispose comes before READY: Save & Next both disposes and switches to ready.
  if (f.awaiting > 0) return "dispose";
  if (f.running && f.status === "ready") return "running";
  return "ready";
}
