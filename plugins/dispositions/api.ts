// The dispositions plugin's public face: flows that decide a lead's disposition themselves (a confirmed live
// transfer, a third-party or external transfer) set it here, and the agent saves it from the panel.
import { serviceKey } from "../../src/core/plugin";
import type { DispositionValue } from "../../src/contract/dispositions";

export interface DispositionPreset {
  disposition: DispositionValue;
  /** For Sent External, the target's name (agent-workspace §4 External transfers). */
  reason?: string;
  /** The agent may not change it (a confirmed live transfer: cannotBeChanged). */
  locked?: boolean;
}

export interface DispositionsApi {
  /** Sets the disposition of a lead in the agent's stack; hidden values (Live_Transfer) are allowed here. */
  preset(leadId: number, preset: DispositionPreset): void;
  /** A disposition is being saved. */
  readonly saving: boolean;
}

export const dispositionsApi = serviceKey<DispositionsApi>("dispositions.api");
