// The wall's effects: the snapshot (GET /floor), the pushes that keep it live, and a fresh snapshot after the
// socket comes back (pushes sent while it was away are lost, the snapshot is not).
import { callEndpoint, reconnected, type PluginContext } from "../../src/sdk";
import { floorAgentPush, floorTotalsPush, readFloor } from "./contract";
import type { FloorApi } from "./api";
import type { FloorStore } from "./model";

export function createFloorService(ctx: PluginContext<FloorStore>): FloorApi {
  async function refresh() {
    ctx.store.loading();
    const floor = await callEndpoint(ctx, readFloor, {});
    if (floor.ok) ctx.store.loaded(floor.data, ctx.clock.now());
    else ctx.store.failed();
  }
  ctx.events.on(floorAgentPush, (row) => ctx.store.upsert(row));
  ctx.events.on(floorTotalsPush, (totals) => ctx.store.setTotals(totals));
  ctx.events.on(reconnected, () => void refresh());
  return { refresh };
}
