// The user summary's effects: reads the lists on the injected clock (every 60 s, at once on demand, after a
// call is settled and after a dial or a reschedule), keeps enforced follow-ups in step, dials and moves
// follow-ups, searches the agent's leads and loads one into the leads stack.
import type { AxiosInstance } from "axios";
import { isAxiosError } from "axios";
import type { FollowUpItem } from "../../src/contract/dialer";
import type { Clock, ClockTimer } from "../../src/core/clock";
import type { EventBus } from "../../src/core/events";
import type { CallControl, LeadsControl, Notify, StatusControl } from "../../src/core/services";
import type { UserSummaryApi } from "./api";
import { overdueEnforcer } from "./enforcement";
import { fetchSummary, searchLeads } from "./lists";
import type { UserSummaryStore } from "./model";
import { initialTab } from "./tabs";
import { dialFollowUp, gatewayMessage, newIdempotencyKey, reschedule } from "./writes";

export const REFRESH_MS = 60_000;

export interface UserSummaryService extends UserSummaryApi {
  /** A follow-up's dial is possible now (no call, nothing else under way). */
  canDial(): boolean;
  dial(item: FollowUpItem): Promise<void>;
  /** Moves the follow-up to `dateTime` (ISO, UTC); true once the gateway took it. */
  reschedule(item: FollowUpItem, dateTime: string): Promise<boolean>;
  search(text: string): Promise<void>;
  load(leadId: number): Promise<void>;
  dispose(): void;
}

export interface UserSummaryDeps {
  store: UserSummaryStore;
  http: AxiosInstance;
  clock: Clock;
  bus: EventBus;
  notify: Notify;
  status: StatusControl;
  call: CallControl;
  leads: LeadsControl;
  isAdvisor: boolean;
  t: (key: string) => string;
  newKey?: () => string;
}

export function createUserSummaryService(d: UserSummaryDeps): UserSummaryService {
  const { store, http, clock } = d;
  const newKey = d.newKey ?? newIdempotencyKey;
  const enforcer = overdueEnforcer(d.status, d.notify, () => d.t("setters.overdueFollowUpsMessage"));
  let timer: ClockTimer | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let disposed = false;
  let searchTurn = 0;

  const readOnce = async () => {
    store.loading();
    try {
      const summary = await fetchSummary(http);
      if (disposed) return;
      store.loaded(summary);
      enforcer.update(summary.enforced, summary.overdueCount);
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

  const canDial = () => store.busyLeadId === null && !d.call.current.active;

  const write = async (leadId: number, act: () => Promise<void>, failure: string): Promise<boolean> => {
    store.setBusy(leadId);
    try {
      await act();
      return true;
    } catch (e) {
      d.notify.error(gatewayMessage(e) ?? d.t(failure));
      return false;
    } finally {
      if (!disposed) {
        store.setBusy(null);
        void refresh();
      }
    }
  };

  store.choose(initialTab(d.isAdvisor));
  // A settled call and a saved disposition (the specification's 'disposition/create') change the lists.
  const stops = [d.bus.on("call:ended", () => void refresh()), d.bus.on("disposition/create", () => void refresh())];
  // Read at sign-in, not only when the panel shows: enforced follow-ups hold even without the panel.
  void refresh();

  return {
    refresh,
    canDial,
    async dial(item) {
      if (!canDial()) return;
      await write(item.leadId, () => dialFollowUp(http, item.leadId, newKey()), "followUps.dial_failed");
    },
    async reschedule(item, dateTime) {
      if (store.busyLeadId !== null) return false;
      const ok = await write(
        item.leadId,
        () => reschedule(http, item, dateTime, newKey()),
        "followUps.reschedule_failed",
      );
      if (ok) d.notify.success(d.t("followUps.rescheduled"));
      return ok;
    },
    async search(text) {
      const turn = ++searchTurn;
      const q = text.trim();
      if (!q) return store.searchFailed("required");
      store.searching();
      try {
        const rows = await searchLeads(http, q);
        if (turn === searchTurn && !disposed) store.searched(rows);
      } catch (e) {
        if (turn !== searchTurn || disposed) return;
        store.searchFailed(isAxiosError(e) && e.response?.status === 404 ? "not_found" : "failed");
      }
    },
    async load(leadId) {
      try {
        await d.leads.open(leadId);
      } catch (e) {
        // The core's leads service rejects with a message already translated.
        d.notify.error(e instanceof Error && e.message ? e.message : d.t("clients.load_failed"));
      }
    },
    dispose() {
      disposed = true;
      if (timer) clock.clearTimeout(timer);
      timer = null;
      stops.forEach((f) => f());
      enforcer.clear();
    },
  };
}
