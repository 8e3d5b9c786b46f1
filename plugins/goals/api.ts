// The goals plugin's public face: other plugins (a disposition saved, a call ended) ask it to refresh.
import { serviceKey } from "../../src/sdk";

/** The statistics' endpoint and answer, for a plugin that shows an agent's (the users list's statistics dialog). */
export { readGoalStatistics, type GoalStatistics } from "./contract";

export interface GoalsApi {
  /** Reads the agent's statistics now. */
  refresh(): Promise<void>;
  /** Keeps the statistics fresh while a goals panel is on screen; returns the function that stops it. */
  watch(): () => void;
}

export const goalsApi = serviceKey<GoalsApi>("goals.api");
