// The wall's effects: the snapshot (GET /floor), the pushes that keep it live, and a fresh snapshot after the
// socket comes back (pushes sent while it was away are lost, the snapshot is not).
import { callEndpoint, reconnected, type PluginContext } from "../../src/sdk";
import { healthReported, readFloorHealth } from "../client-health/api";
import { floorAgentPush, floorStatusPush, floorTotalsPush, readFloor } from "./contract";
import type { FloorApi } from "./api";
import type { FloorStore, PendingPush } from "./model";

/** One frame: the longest a push waits to be drawn. */
export const FRAME_MS = 16;

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
  // Pushes are applied a frame at a time, in one action: a busy floor sends hundreds a second, and the wall
  // draws once per frame instead of once per push.
  const pending: PendingPush[] = [];
  let flushing: ReturnType<typeof ctx.clock.setTimeout> | null = null;
  const later = (apply: PendingPush) => {
    pending.push(apply);
    flushing ??= ctx.clock.setTimeout(() => {
      flushing = null;
      ctx.store.apply(pending.splice(0));
    }, FRAME_MS);
  };
  ctx.events.on(floorAgentPush, (row) => later((s) => s.upsert(row)));
  ctx.events.on(floorStatusPush, (change) => later((s) => s.statusChanged(change)));
  ctx.events.on(floorTotalsPush, (totals) => later((s) => s.setTotals(totals)));
  ctx.events.on(healthReported, (sample) => later((s) => s.healthReported(sample)));
  ctx.events.on(reconnected, () => void refresh());
  return {
    refresh,
    async ensureLoaded() {
      if (ctx.store.state === "idle" || ctx.store.state === "failed") await refresh();
    },
  };
}
