// The floor's public face: other panels (the overstays feed, the agent dialogs) ask the wall to read the floor
// again.
import { serviceKey } from "../../src/sdk";
import type { HealthSample } from "../client-health/api";

/** A manager's action on an agent: done, or refused (the wall says so in the manager's words). */
export type ActionOutcome = { ok: true } | { ok: false };

export interface FloorApi {
  /** A message to one agent, kept until it confirms it. */
  notify(agentId: number, message: string, type: "success" | "warning" | "error"): Promise<ActionOutcome>;
  /** Sets the agent offline; the reason reaches it as a notification. */
  setOffline(agentId: number, reason: string): Promise<ActionOutcome>;
  /** Disables or enables the agent's calling (the users area's calling toggle). */
  setCallingDisabled(agentId: number, disabled: boolean): Promise<ActionOutcome>;
  /** Ends the agent's call (hung up at the PBX, or a stuck row closed). */
  endCall(agentId: number): Promise<ActionOutcome>;
  /** The agent's client-health reports of the last hour, oldest first; null when they could not be read. */
  healthHour(agentId: number): Promise<HealthSample[] | null>;
  /** Reads the whole floor again from the gateway (GET /floor). */
  refresh(): Promise<void>;
  /** Reads the floor unless it is read or being read (a second panel of the floor on the same page). */
  ensureLoaded(): Promise<void>;
}
export const floorApi = serviceKey<FloorApi>("floor.api");
