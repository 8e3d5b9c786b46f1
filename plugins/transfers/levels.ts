// The three levels of an external, Sunlife or Matcha transfer (agent-workspace §4): 1 start, 2 join, 3 leave,
// then back to 1; kick or destroy resets to 1. The level is read from the call's conference as the gateway
// pushes it, so a reload or a second tab shows the same level; which transfer types an agent has comes from
// the Sent External destinations of the disposition contract (one source for the option and its reason).
import {
  isAvailable,
  SENT_EXTERNAL_DESTINATIONS,
  type DispositionFacts,
} from "../../src/contract/dispositions";
import type { ClientEventKey } from "../../src/contract/clientEvent";
import type { TransferEventName } from "../../src/contract/socket";
import { matchaEvents, sunlifeEvents } from "./contract/events";

export type TransferLevel = 1 | 2 | 3;
/** agent-workspace §9: live transfer max level 3. */
export const MAX_LEVEL: TransferLevel = 3;

/** The conference states of agent-workspace §3 (initializing, initialized, merged, hangedup, inactive). */
export function levelOf(conferenceState: string | null | undefined): TransferLevel {
  switch (conferenceState) {
    case "initializing":
    case "initialized":
      return 2;
    case "merged":
      return 3;
    default:
      return 1;
  }
}

export type TransferKind = "external" | "sunlife" | "matcha";
/** A choice of the type select: a live transfer to the advisors, or one of the three-level kinds. */
export type TransferType = "live" | TransferKind;
export type TransferStep = "start" | "join" | "leave" | "kick" | "destroy";

/** What each level offers: start a transfer, then join (merge) it, then leave it; kick and destroy undo. */
export function stepsAt(level: TransferLevel): TransferStep[] {
  if (level === 1) return ["start"];
  if (level === 2) return ["join", "kick", "destroy"];
  return ["leave", "kick", "destroy"];
}

const PARTNER_EVENTS = { sunlife: sunlifeEvents, matcha: matchaEvents } as const;

/**
 * The socket event of a step: the core's for an external transfer (external-transfer-start, sent with
 * `ctx.call.transfer`), the plugin's own for Sunlife and Matcha (sunlife-join, matcha-leave…, sent with
 * `ctx.call.send`).
 */
export function eventFor(kind: TransferKind, step: TransferStep): TransferEventName | ClientEventKey {
  return kind === "external" ? `external-transfer-${step}` : PARTNER_EVENTS[kind][step];
}

/** Matcha's number is the call centre's, known to the gateway; the others dial the target the agent chose. */
export const needsTarget = (kind: TransferKind) => kind !== "matcha";

/** Each kind's Sent External destination: the disposition's reason after a start. */
export const DESTINATION_OF: Readonly<Record<TransferKind, string>> = {
  external: "External Transfer",
  sunlife: "Sunlife",
  matcha: "Matcha",
};
const KIND_OF = new Map(Object.entries(DESTINATION_OF).map(([k, d]) => [d, k as TransferKind]));

/** The flag that turns external, Sunlife and Matcha transfers on for a tenant (the variant's "config flag"). */
export const EXTERNAL_TRANSFERS_FLAG = "external-transfers";

/**
 * The transfer types this agent may use, in the order of the type select (agent-workspace §2: Live Transfer,
 * External Transfer, Sunlife Transfer, Matcha Transfer). A qualifier always has the live transfer to the
 * advisors team (§6); the others follow the external-transfers flag and the Sent External destinations.
 */
export function transferKinds(facts: DispositionFacts, isOn: (flag: string) => boolean): TransferType[] {
  const live: TransferType[] = facts.roles.includes("qualifier") ? ["live"] : [];
  if (!isOn(EXTERNAL_TRANSFERS_FLAG)) return live;
  const order: TransferKind[] = ["external", "sunlife", "matcha"];
  const open = new Set(
    SENT_EXTERNAL_DESTINATIONS.filter((d) => isAvailable(d, facts)).map((d) => KIND_OF.get(d.value)),
  );
  return [...live, ...order.filter((k) => open.has(k))];
}
