// A gateway that restarts mid-call (issue 15: "the gateway restarts mid-transfer"): the calls its database says
// were under way are followed again when the PBX still has them, rebuilt from the PBX's present state (its
// `liveCalls`), since the events sent while the gateway was down are not replayed. The embedded SimPbx ends its
// calls with the process, so there every open call ends; a PBX that runs apart (Asterisk) keeps them up.
import type { CallStatus, CallType, Direction } from "../../../src/contract/calls";
import type { PbxCallState } from "../../pbx/driver";
import type { ActiveCall } from "./active";
import { transferFrom, type StoredTransfer } from "./transferRow";

/** An open `calls` row with what its agent's view needs. */
export interface OpenCallRow {
  id: number;
  tenantId: number;
  agentId: number;
  agentExt: string | null;
  agentRole: string;
  leadId: number | null;
  leadStatus: string | null;
  name: string;
  phone: string;
  type: CallType;
  direction: Direction;
  status: CallStatus;
  pbxCallId: string | null;
  startedAt: number;
  answeredAt: number | null;
  /** The agent's phone had dropped mid-call and the lead was waiting for it (calls.agent_away_since). */
  agentAwaySince?: number | null;
  /** The outside transfer the row kept (calls.transfer, transferRow.ts). */
  transfer?: StoredTransfer | null;
}

export interface RebuiltView {
  call: ActiveCall;
  /** Both sides answered while the gateway was down: the answer is still to be recorded and pushed. */
  answeredMeanwhile: boolean;
  /** The lead waits for the agent whose phone dropped (rejoin.ts), since then: the wait goes on. */
  awaySince: number | null;
}

/**
 * The agent's view of its call on the PBX as it is now, or null when the agent is no longer on it (its leg
 * ended while the gateway was down, or the PBX has no such call): that call is over for the agent.
 */
export function rebuildView(row: OpenCallRow, pbx: PbxCallState | undefined): RebuiltView | null {
  if (!pbx || !row.agentExt) return null;
  // The agent's own leg, an advisor's leg rung in, or a qualifier's phone rung back into its call.
  const agent = pbx.legs.find(
    (l) => l.ext === row.agentExt && (l.role === "agent" || l.role === "transfer-target"),
  );
  const party = pbx.legs.find((l) => l.role === "lead" || l.role === "inbound") ?? null;
  // An advisor's view of a live transfer the qualifier left (no agent leg of its own any more): the lead is the
  // advisor's, and waits for its phone as for any agent's (rejoin.ts).
  const handedOver =
    row.type === "transfer" && party?.state === "answered" && !pbx.legs.some((l) => l.role === "agent");
  // The agent's phone had dropped and the lead still waits for it: followed again without an agent leg.
  const waiting =
    !agent && row.agentAwaySince != null && row.status === "answered" && party?.state === "answered" ? row.agentAwaySince : null;
  if (!agent && waiting === null) return null;
  const third = pbx.legs.find((l) => l.role === "third-party") ?? null;
  const bothOn = agent?.state === "answered" && (row.type === "transfer" || party?.state === "answered");
  const bridged = row.status === "answered" || bothOn;
  const call: ActiveCall = {
    id: row.id,
    pbxCallId: pbx.callId,
    tenantId: row.tenantId,
    agentId: row.agentId,
    agentExt: row.agentExt,
    agentRole: row.agentRole,
    leadId: row.leadId,
    leadStatus: row.leadStatus,
    phone: row.phone,
    name: row.name,
    type: row.type,
    direction: row.direction,
    // Recorded as answered below when it happened meanwhile (the answer's row update and push).
    status: row.status,
    bridged: row.status === "answered",
    onHold: agent?.held ?? false,
    startedAt: row.startedAt,
    answeredAt: row.answeredAt,
    endedAt: null,
    cause: null,
    inboundAlert: false,
    agentLegId: agent?.legId ?? null,
    partyLegId: row.type === "transfer" && !handedOver ? null : (party?.legId ?? null),
    partyCause: null,
    playback: null,
    // A party dialled into the conference (external, Sunlife, Matcha, third party): its level is rebuilt from the
    // PBX, which kind of transfer it is (and the disposition it sets) from the row.
    conference: third
      ? {
          id: pbx.confId ?? null,
          state: third.state !== "answered" ? "initializing" : party?.held ? "initialized" : "merged",
          party: third.number ?? null,
          partyLegId: third.legId,
          talkingTo: party?.held ? "party" : "lead",
        }
      : null,
    transfer: row.transfer ? transferFrom(row.transfer, third !== null) : null,
    ...(handedOver && { leadHandedOver: true }),
    seen: new Set(),
  };
  return { call, answeredMeanwhile: bridged && row.status !== "answered", awaySince: waiting };
}
