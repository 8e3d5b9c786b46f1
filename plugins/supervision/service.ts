// Supervision's effects: a manager's page reads the call centre's supervisions under way and follows them by
// push, and asks the gateway to supervise, change mode or leave; an agent's page keeps the notice that its call is
// supervised (pushed only where the call centre shows it) until the supervision or the call ends.
import { holdsRoleAtLeast } from "../../src/contract/common";
import { callEnded, callEndpoint, reconnected, type PluginContext } from "../../src/sdk";
import type { SupervisionApi } from "./api";
import {
  callSupervised,
  leaveSupervision,
  readLiveSupervisions,
  readSupervisionAudit,
  readSupervisionSettings,
  superviseAgent,
  supervisionChanged,
  updateSupervisionSettings,
} from "./contract";
import type { SupervisionStore } from "./model";

const REFUSALS: Record<number, string> = { 404: "errors.no_call", 409: "errors.no_softphone" };

export function createSupervisionService(ctx: PluginContext<SupervisionStore>): SupervisionApi {
  const { store } = ctx;
  const me = ctx.agent.id;
  const manager = holdsRoleAtLeast(ctx.agent.roles, "manager");

  async function loadLive() {
    const live = await callEndpoint(ctx, readLiveSupervisions, {});
    if (live.ok) store.liveLoaded(live.data.data);
  }

  if (manager) {
    ctx.events.on(supervisionChanged, (s) => store.changed(s));
    ctx.events.on(reconnected, () => void loadLive());
    void loadLive();
  } else {
    ctx.events.on(callSupervised, (n) => store.noticed(n));
    ctx.events.on(callEnded, () => store.clearNotice());
  }

  return {
    loadLive,
    of: (agentId) => store.of(agentId),
    get mine() {
      return store.mineOf(me);
    },
    async supervise(agentId, mode) {
      store.setPending({ agentId, mode });
      try {
        const r = await callEndpoint(ctx, superviseAgent, { params: { id: String(agentId) }, body: { mode } });
        // The gateway's words are English: the manager reads the refusal in its own language.
        if (!r.ok) return ctx.t(REFUSALS[r.status ?? 0] ?? "errors.failed");
        store.changed(r.data.data);
        return null;
      } finally {
        store.setPending(null);
      }
    },
    async leave() {
      const mine = store.mineOf(me);
      if (!mine) return;
      const r = await callEndpoint(ctx, leaveSupervision, { params: { id: String(mine.agent_id) } });
      // Gone already (404): the call ended meanwhile; either way the bar closes.
      if (r.ok || r.status === 404) store.changed({ ...mine, state: "ended" });
    },
    async loadAudit(page) {
      store.auditLoading();
      const r = await callEndpoint(ctx, readSupervisionAudit, { query: { page } });
      if (r.ok) store.auditLoaded(r.data.data, r.data.total, page);
      else store.auditFailed();
    },
    async loadSettings() {
      const r = await callEndpoint(ctx, readSupervisionSettings, {});
      if (r.ok) store.settingsLoaded(r.data.data.agents_see_supervision);
    },
    async setAgentsSee(on) {
      const r = await callEndpoint(ctx, updateSupervisionSettings, { body: { agents_see_supervision: on } });
      if (r.ok) store.settingsLoaded(r.data.data.agents_see_supervision);
      return r.ok;
    },
  };
}
