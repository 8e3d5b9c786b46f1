// The floor's public face: other panels (the overstays feed, the agent dialogs) ask the wall to read the floor
// again.
import { serviceKey } from "../../src/sdk";

export interface FloorApi {
  /** Reads the whole floor again from the gateway (GET /floor). */
  refresh(): Promise<void>;
  /** Reads the floor unless it is read or being read (a second panel of the floor on the same page). */
  ensureLoaded(): Promise<void>;
}
export const floorApi = serviceKey<FloorApi>("floor.api");
