// The only file other plugins may import: the service key and its interface, and the shapes and push a plugin that
// lists agents (the floor's wall) reads to show who is supervised.
import { serviceKey } from "../../src/sdk";
import type { Supervision, SupervisionMode } from "./contract";

export {
  readLiveSupervisions,
  superviseAgent,
  SUPERVISION_MODES,
  supervisionChanged,
  type Supervision,
  type SupervisionMode,
} from "./contract";

export interface SupervisionApi {
  /** The call centre's supervisions under way (managers); read once, then kept by the pushes. */
  loadLive(): Promise<void>;
  /** The supervision of this agent's call under way, if any (observable). */
  of(agentId: number): Supervision | null;
  /** The caller's own supervision under way, if any (observable). */
  readonly mine: Supervision | null;
  /**
   * Starts supervising the agent's answered call in `mode`, or changes the mode: null once the gateway took it,
   * else the refusal to show.
   */
  supervise(agentId: number, mode: SupervisionMode): Promise<string | null>;
  /** Leaves the supervision under way; the call goes on. */
  leave(): Promise<void>;
  /** The admin page: a page of the audit trail, and the call centre's setting. */
  loadAudit(page: number): Promise<void>;
  loadSettings(): Promise<void>;
  setAgentsSee(on: boolean): Promise<boolean>;
}

export const supervisionApi = serviceKey<SupervisionApi>("supervision.api");
