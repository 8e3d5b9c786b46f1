import type { AxiosInstance } from "axios";
import type { Clock, ClockTimer } from "../../src/core/clock";
import type { GoalsApi } from "./api";
import { GoalStatistics } from "./contract";
import type { GoalsStore } from "./model";

export function createGoalsService(deps: {
  http: AxiosInstance;
  clock: Clock;
  store: GoalsStore;
  agentId: number;
  refreshSeconds: number;
}): GoalsApi {
  const { http, clock, store } = deps;
  let watchers = 0;
  let timer: ClockTimer | null = null;

  const refresh = async () => {
    store.loading();
    try {
      const { data } = await http.get(`/agents/${deps.agentId}/statistics`);
      store.loaded(GoalStatistics.parse(data), clock.now());
    } catch {
      store.failed();
    }
  };
  // One poll chain at most: a panel reopened while a refresh is under way must not start a second one.
  const schedule = () => {
    if (timer) return;
    timer = clock.setTimeout(() => {
      timer = null;
      void refresh().finally(() => watchers > 0 && schedule());
    }, deps.refreshSeconds * 1000);
  };

  return {
    refresh,
    watch() {
      if (watchers++ === 0) {
        void refresh();
        schedule();
      }
      return () => {
        if (--watchers === 0 && timer) {
          clock.clearTimeout(timer);
          timer = null;
        }
      };
    },
  };
}
