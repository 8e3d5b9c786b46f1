// The user summary's effects: reads the lists on the injected clock (every 60 s, at once on demand, after a
// call is settled, a disposition saved, a dial or a reschedule), keeps Ready away while enforced follow-ups
// are overdue, dials follow-ups and moves them (through the dispositions plugin, which writes dispositions),
// searches the agent's leads and loads one into the leads stack.
import { dialFollowUp, redialLead, type FollowUpItem, type LastDialItem } from "../../src/contract/dialer";
import { FollowUpsChangedPush } from "../../src/contract/socket";
import { callEndpoint, callEnded, definePush, type ClockTimer, type PluginContext } from "../../src/sdk";
import { dispositionSaved, type DispositionsApi } from "../dispositions/api";
import type { UserSummaryApi } from "./api";
import { enforceOverdueFollowUps } from "./enforcement";
import { fetchSummary, searchLeads } from "./lists";
import type { UserSummaryStore } from "./model";
import { firstMessage } from "./writes";

export const REFRESH_MS = 60_000;
/** A manager moved follow-ups to or from this agent (POST /agents/{id}/redistribute-follow-ups). */
export const followUpsChanged = definePush("follow-ups-changed", FollowUpsChangedPush);

export interface UserSummaryService extends UserSummaryApi {
  /** A follow-up's dial is possible now (no call, nothing else under way). */
  canDial(): boolean;
  dial(item: FollowUpItem): Promise<void>;
  /**
   * A qualifier may dial a lead of its last dials again (agent-workspace §8: "redial only if the qualifier
   * redial setting is enabled", the tenant feature qualifier-redial). The gateway judges the lead again.
   */
  readonly redialAllowed: boolean;
  redial(item: LastDialItem): Promise<void>;
  /** Moves the follow-up to `dateTime` (ISO, UTC); true once the gateway took it. */
  reschedule(item: FollowUpItem, dateTime: string): Promise<boolean>;
  search(text: string): Promise<void>;
  load(leadId: number): Promise<void>;
  dispose(): void;
}

/** Why a follow-up write did not go through, in the gateway's words when it gave any; null when it did. */
type Refusal = { message: string | null } | null;

export function createUserSummaryService(
  ctx: PluginContext<UserSummaryStore>,
  dispositions: DispositionsApi,
): UserSummaryService {
  const { store, clock } = ctx;
  let timer: ClockTimer | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let disposed = false;
  let searchTurn = 0;

  const readOnce = async () => {
    store.loading();
    try {
      const summary = await fetchSummary(ctx);
      if (!disposed) store.loaded(summary);
    } catch {
      if (!disposed) store.failed();
    }
  };

  const schedule = () => {
    if (timer) clock.clearTimeout(timer);
    timer = disposed ? null : clock.setTimeout(() => void refresh(), REFRESH_MS);
  };

  // One read at a time; asking during a read reads once more after it, so the answer is never stale.
  const refresh = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await readOnce();
      } while (again && !disposed);
    })().finally(() => {
      running = null;
      schedule();
    });
    return running;
  };

  const canDial = () => store.busyLeadId === null && !ctx.call.current.active;

  /** One follow-up write at a time; the lists are read again after it, whatever the answer. */
  const write = async (leadId: number, act: () => Promise<Refusal>, failure: string): Promise<boolean> => {
    store.setBusy(leadId);
    try {
      const refused = await act();
      if (refused) ctx.notify.error(refused.message ?? ctx.t(failure));
      return refused === null;
    } finally {
      if (!disposed) {
        store.setBusy(null);
        void refresh();
      }
    }
  };

  store.start(ctx.agent.roles.includes("advisor"));
  const stopEnforcing = enforceOverdueFollowUps(ctx, () => store.overdueEnforced);
  // A settled call and a saved disposition change the lists.
  ctx.events.on(callEnded, () => void refresh());
  ctx.events.on(dispositionSaved, () => void refresh());
  ctx.events.on(followUpsChanged, () => void refresh());
  // Read at sign-in, not only when the panel shows: enforced follow-ups hold even without the panel.
  void refresh();

  return {
    refresh,
    canDial,
    async dial(item) {
      if (!canDial()) return;
      await write(
        item.leadId,
        async () => {
          // Sent once, as before: the agent sees a failed dial at once and presses again (a new key).
          const dialled = await callEndpoint(ctx, dialFollowUp, { body: { leadId: item.leadId }, retry: false });
          return dialled.ok ? null : { message: firstMessage(dialled) };
        },
        "followUps.dial_failed",
      );
    },
    redialAllowed: ctx.agent.roles.includes("qualifier") && ctx.isOn("qualifier-redial"),
    async redial(item) {
      if (!canDial() || item.leadId === null) return;
      const leadId = item.leadId;
      await write(
        leadId,
        async () => {
          const dialled = await callEndpoint(ctx, redialLead, { body: { leadId }, retry: false });
          return dialled.ok ? null : { message: firstMessage(dialled) };
        },
        "lastDials.redial_failed",
      );
    },
    async reschedule(item, dateTime) {
      if (store.busyLeadId !== null) return false;
      const ok = await write(
        item.leadId,
        async () => {
          const outcome = await dispositions.reschedule(item, dateTime);
          return outcome.ok ? null : { message: firstMessage(outcome) };
        },
        "followUps.reschedule_failed",
      );
      if (ok) ctx.notify.success(ctx.t("followUps.rescheduled"));
      return ok;
    },
    async search(text) {
      const turn = ++searchTurn;
      const q = text.trim();
      if (!q) return store.searchFailed("required");
      store.searching();
      const found = await searchLeads(ctx, q);
      if (turn !== searchTurn || disposed) return;
      if (typeof found === "string") store.searchFailed(found);
      else store.searched(found);
    },
    async load(leadId) {
      try {
        await ctx.leads.open(leadId);
      } catch (e) {
        // The core's leads service rejects with a message already translated.
        ctx.notify.error(e instanceof Error && e.message ? e.message : ctx.t("clients.load_failed"));
      }
    },
    dispose() {
      disposed = true;
      if (timer) clock.clearTimeout(timer);
      timer = null;
      stopEnforcing();
    },
  };
}
