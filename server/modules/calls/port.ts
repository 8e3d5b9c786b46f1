// What the call service's parts (transfers, live transfers, the internal transfer, relinks, inbound routing) ask of
// the service: its table of live calls, their one-at-a-time queue and the pushes of a call's view. A part holds
// these narrow views of the service, never the class, so no part imports the module that builds it and the
// service's import graph has no cycle (server/imports.test.ts). They are also the seam a call directory shared by
// several gateway instances will fill (issue 38).
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../../src/shared/clock";
import type { Db } from "../../db/client";
import type { CallEvent, HangupCause, PbxDriver } from "../../pbx/driver";
import type { Push } from "../../realtime/push";
import type { BackgroundWork } from "../status/background";
import type { StatusService } from "../status/service";
import type { ActiveCall } from "./active";
import type { AgentRejoin } from "./rejoin";

export interface CallDeps {
  db: Db;
  clock: Clock;
  pbx: PbxDriver;
  push: Push;
  statuses: StatusService;
  log: FastifyBaseLogger;
  background: BackgroundWork;
  /** How long a lead waits on hold for an agent whose phone dropped mid-call (ms; 0: the call ends at once). */
  rejoinLimitMs?: number;
}

export interface Caller {
  id: number;
  tenantId: number;
}

/** The live calls this gateway follows, and the way to change one. */
export interface CallTable {
  viewById(callId: number): ActiveCall | undefined;
  byPbxCallId(pbxCallId: string): ActiveCall | undefined;
  /** The agent's call that is not over yet. */
  activeCallOf(agentId: number): ActiveCall | undefined;
  /** Follows a call placed outside `dial` (an inbound call, a live transfer's advisor leg). */
  track(call: ActiveCall): void;
  /** Runs `work` after the call's earlier events and changes, one at a time. */
  serially(call: ActiveCall, work: () => Promise<void>): Promise<void>;
  /** Pushes the call's view to its agent (and whoever else follows it). */
  publish(call: ActiveCall): void;
  onCallEvent(listener: (e: CallEvent) => void): () => void;
  /** The call is over for its agent: row, push, the agent's next status (not the PBX's call: others may stay). */
  endForAgent(call: ActiveCall, cause: HangupCause, agentLegCause: HangupCause | null): Promise<void>;
  /** Keeps the lead on hold while the agent's phone is rung back after it dropped (rejoin.ts). */
  readonly rejoin: Pick<AgentRejoin, "guard" | "handOver" | "leftWhileAway" | "limitMs" | "waiting">;
}

export type ConferenceAction =
  | "initializeConference"
  | "mergeConference"
  | "swapConferenceMember"
  | "kickSecondParty"
  | "hangupConference";

/** What the transfers of a call (transfers.ts) add to the table: the call's conference and its live transfer. */
export interface TransferCalls extends CallTable {
  conference(agentId: number, action: ConferenceAction, phone?: string): Promise<boolean>;
  openConference(call: ActiveCall, target: string): Promise<void>;
  readonly live: { qualifierHangsUp(call: ActiveCall): Promise<boolean> };
}
