// The auto-dialing plugin's public face: other plugins may ask whether the loop runs. Nobody starts or stops
// it: it follows the agent's recorded status, the call and the leads stack by itself (see loop.ts).
import { serviceKey } from "../../src/sdk";

export interface AutoDialingApi {
  /** The loop is on (observable): Ready shows green meanwhile. */
  readonly running: boolean;
}

export const autoDialingApi = serviceKey<AutoDialingApi>("auto-dialing.api");
