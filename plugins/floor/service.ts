// The wall's effects: the snapshot (GET /floor), the pushes that keep it live, and a fresh snapshot after the
// socket comes back (pushes sent while it was away are lost, the snapshot is not).
import { callEndpoint, reconnected, type PluginContext } from "../../src/sdk";
import { healthReported, readFloorHealth } from "../client-health/api";
import { floorAgentPush, floorTotalsPush, readFloor } from "./contract";
import type { FloorApi } from "./api";
import type { FloorStore } from "./model";

export function createFloorService(ctx: PluginContext<FloorStore>): FloorApi {
  async function refresh() {
    ctx.store.loading();
    const [floor, health] = await Promise.all([
      callEndpoint(ctx, readFloor, {}),
      // A call centre without client health answers 404: the wall then shows no health.
      callEndpoint(ctx, readFloorHealth, {}),
    ]);
    if (floor.ok) ctx.store.loaded(floor.data, ctx.clock.now());
    else ctx.store.failed();
    if (health.ok) ctx.store.healthLoaded(health.data.data);
  }
  ctx.events.on(floorAgentPush, (row) => ctx.store.upsert(row));
  ctx.events.on(floorTotalsPush, (totals) => ctx.store.setTotals(totals));
  ctx.events.on(healthReported, (sample) => ctx.store.healthReported(sample));
  ctx.events.on(reconnected, () => void refresh());
  return {
    refresh,
    async ensureLoaded() {
      if (ctx.store.state === "idle" || ctx.store.state === "failed") await refresh();
    },
  };
}
