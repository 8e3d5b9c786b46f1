// The wall's effects: the snapshot (GET /floor), the pushes that keep it live, and a fresh snapshot after the
// socket comes back (pushes sent while it was away are lost, the snapshot is not).
import { callEndpoint, reconnected, type PluginContext } from "../../src/sdk";
import { setCallingStatus } from "../../src/contract/status";
import { healthReported, readAgentHealth, readFloorHealth } from "../client-health/api";
import { endAgentCall, floorAgentPush, floorStatusPush, floorTotalsPush, notifyAgent, readFloor, setAgentOffline } from "./contract";
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
  const outcome = (r: { ok: boolean }) => ({ ok: r.ok }) as { ok: true } | { ok: false };
  const params = (agentId: number) => ({ id: agentId });
  return {
    refresh,
    notify: async (agentId, message, type) =>
      outcome(await callEndpoint(ctx, notifyAgent, { params: params(agentId), body: { message, type } })),
    setOffline: async (agentId, reason) =>
      outcome(await callEndpoint(ctx, setAgentOffline, { params: params(agentId), body: { reason } })),
    setCallingDisabled: async (agentId, disabled) =>
      outcome(await callEndpoint(ctx, setCallingStatus, { params: params(agentId), body: { deactivated: disabled } })),
    endCall: async (agentId) => outcome(await callEndpoint(ctx, endAgentCall, { params: params(agentId) })),
    async healthHour(agentId) {
      const r = await callEndpoint(ctx, readAgentHealth, { params: params(agentId) });
      return r.ok ? r.data.data : null;
    },
    async ensureLoaded() {
      if (ctx.store.state === "idle" || ctx.store.state === "failed") await refresh();
    },
  };
}
