// Which e-application systems the panel offers, and what its buttons say (agent-workspace §2 send to iApp):
// iApp wherever the call centre has it; iApp 2 as well only where the call centre configured the choice and the
// agent is an iApp 2 agent. Then the panel has two buttons, and asks Yes/No before it sends.
import type { IappDestination } from "./contract";

export interface IappOffer {
  /** The call centre's iApp feature. */
  iapp: boolean;
  /** The call centre offers the choice of iApp or iApp 2. */
  choice: boolean;
  /** The agent may use iApp 2 (sign-in is_iapp2_agent). */
  isIapp2Agent: boolean;
}

export function iappDestinations(offer: IappOffer): IappDestination[] {
  if (!offer.iapp) return [];
  return offer.choice && offer.isIapp2Agent ? ["iapp", "iapp2"] : ["iapp"];
}

/** Both systems offered: a send is confirmed (Yes/No) first, since the two are easy to mix up. */
export const asksFirst = (destinations: readonly IappDestination[]) => destinations.length > 1;

/**
 * The button's text key: ISIUS names the system its own way (the call-centre value ISIUS changes the label);
 * with both systems offered, each button names its system.
 */
export function buttonKey(destination: IappDestination, callCentre: string, both: boolean): string {
  const label = callCentre === "ISIUS" ? "isius" : "default";
  return both ? `choice.${label}.${destination}` : `send.${label}`;
}
