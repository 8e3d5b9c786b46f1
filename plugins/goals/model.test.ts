import { describe, expect, it } from "vitest";
import { statisticsWithDailyDials } from "./fixtures";
import { GoalsModel } from "./model";

const stats = statisticsWithDailyDials;

describe("goals model", () => {
  it("starts idle with nothing to show, created from {} as the registry creates slices", () => {
    const goals = GoalsModel.create({});
    expect(goals.state).toBe("idle");
    expect(goals.statistics).toBeFalsy();
    expect(goals.updatedAt).toBeNull();
  });

  it("is loading until the first statistics arrive, then ready with them and their time", () => {
    const goals = GoalsModel.create({});
    goals.loading();
    expect(goals.state).toBe("loading");
    goals.loaded(stats(12), 1_000);
    expect(goals.state).toBe("ready");
    expect(goals.statistics?.dials.daily.current).toBe(12);
    expect(goals.updatedAt).toBe(1_000);
  });

  it("stays ready (no spinner) while a later refresh runs", () => {
    const goals = GoalsModel.create({});
    goals.loaded(stats(12), 1_000);
    goals.loading();
    expect(goals.state).toBe("ready");
  });

  it("fails only when it has nothing to show; otherwise keeps the last numbers", () => {
    const empty = GoalsModel.create({});
    empty.loading();
    empty.failed();
    expect(empty.state).toBe("failed");

    const shown = GoalsModel.create({});
    shown.loaded(stats(12), 1_000);
    shown.failed();
    expect(shown.state).toBe("ready");
    expect(shown.statistics?.dials.daily.current).toBe(12);
    expect(shown.updatedAt).toBe(1_000);
  });
});
