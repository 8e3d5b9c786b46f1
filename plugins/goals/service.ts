import { watching, type ClockTimer, type PluginContext } from "../../src/sdk";
import type { GoalsApi } from "./api";
import { GoalStatistics } from "./contract";
import type { GoalsConfig, GoalsStore } from "./model";

export function createGoalsService(ctx: PluginContext<GoalsStore, GoalsConfig>): GoalsApi {
  const { http, clock, store } = ctx;
  let timer: ClockTimer | null = null;

  const refresh = async () => {
    store.loading();
    try {
      const { data } = await http.get(`/agents/${ctx.agent.id}/statistics`);
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
      void refresh().finally(() => watched.active && schedule());
    }, ctx.config.refreshSeconds * 1000);
  };

  const watched = watching(
    () => {
      void refresh();
      schedule();
    },
    () => {
      if (timer) clock.clearTimeout(timer);
      timer = null;
    },
  );
  return { refresh, watch: watched.watch };
}
