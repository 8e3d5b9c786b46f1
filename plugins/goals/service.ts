import { callEndpoint, watching, type ClockTimer, type PluginContext } from "../../src/sdk";
import type { GoalsApi } from "./api";
import { readGoalStatistics } from "./contract";
import type { GoalsConfig, GoalsStore } from "./model";

export function createGoalsService(ctx: PluginContext<GoalsStore, GoalsConfig>): GoalsApi {
  const { clock, store } = ctx;
  let timer: ClockTimer | null = null;

  const refresh = async () => {
    store.loading();
    const read = await callEndpoint(ctx, readGoalStatistics, { params: { id: ctx.agent.id } });
    if (read.ok) store.loaded(read.data, clock.now());
    else store.failed();
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
