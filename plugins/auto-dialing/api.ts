// The auto-dialing plugin's public face: other plugins may ask whether the loop runs, or start and stop it
// the same way the core's "auto-dial:start" / "auto-dial:stop" events do.
import { serviceKey } from "../../src/core/plugin";

export interface AutoDialingApi {
  /** The loop is on (observable). */
  readonly running: boolean;
  /** Starts the loop when the agent is ready; the first tick runs at once. */
  start(): void;
  /** Stops the loop; a request already sent still records its answer. */
  stop(): void;
}

export const autoDialingApi = serviceKey<AutoDialingApi>("auto-dialing.api");
