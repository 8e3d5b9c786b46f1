// The goals service: reads the agent's statistics, keeps the last good numbers, polls while watched.
import { describe, expect, it } from "vitest";
import { fakeGateway, NETWORK_DOWN, pluginContext, reply, type EndpointHandler, type FakeReply } from "../../src/sdk/testing";
import { readGoalStatistics } from "./contract";
import { statisticsWithDailyDials } from "./fixtures";
import { GoalsModel } from "./model";
import { createGoalsService } from "./service";

const stats = statisticsWithDailyDials;
const URL = "GET /agents/7/statistics";
/** Lets the fake gateway's answers (promises) arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

type Reply = FakeReply<typeof readGoalStatistics>;

function setup(answer: EndpointHandler<typeof readGoalStatistics> = { status: 200, data: stats(10) }, gateway = fakeGateway([reply(readGoalStatistics, answer)])) {
  const store = GoalsModel.create({});
  const { ctx, clock } = pluginContext({
    store,
    config: { refreshSeconds: 30 },
    agent: { id: 7 },
    gateway,
  });
  const api = createGoalsService(ctx);
  const polls = () => gateway.requests.filter((r) => r.url === "/agents/7/statistics").length;
  return { gateway, clock, store, api, polls };
}

describe("goals service", () => {
  it("reads the agent's statistics on refresh", async () => {
    const { api, store, clock, gateway } = setup();
    await api.refresh();
    expect(gateway.requests.map((r) => `${r.method} ${r.url}`)).toEqual([URL]);
    expect(store.state).toBe("ready");
    expect(store.statistics?.dials.daily.current).toBe(10);
    expect(store.updatedAt).toBe(clock.now());
  });

  it("keeps the last numbers when a refresh fails, and fails when it never had any", async () => {
    const { api, store, gateway } = setup(NETWORK_DOWN);
    await api.refresh();
    expect(store.state).toBe("failed");

    gateway.reply(readGoalStatistics, { status: 200, data: stats(10) });
    await api.refresh();
    gateway.reply(readGoalStatistics, { status: 500, data: { message: "boom" } });
    await api.refresh();
    expect(store.state).toBe("ready");
    expect(store.statistics?.dials.daily.current).toBe(10);
  });

  it("refuses an answer that does not match the contract", async () => {
    // An answer the gateway could not send (its endpoint's fake would refuse it): answered by its address.
    const { api, store } = setup(undefined, fakeGateway({ [URL]: { status: 200, data: { dials: "many" } } }));
    await api.refresh();
    expect(store.state).toBe("failed");
    expect(store.statistics).toBeFalsy();
  });

  it("polls every refreshSeconds while watched, and stops when unwatched", async () => {
    const { api, clock, polls } = setup();
    const unwatch = api.watch();
    await settle();
    expect(polls()).toBe(1);

    clock.advance(29_999);
    await settle();
    expect(polls()).toBe(1);
    clock.advance(1);
    await settle();
    expect(polls()).toBe(2);
    clock.advance(30_000);
    await settle();
    expect(polls()).toBe(3);

    unwatch();
    clock.advance(120_000);
    await settle();
    expect(polls()).toBe(3);
  });

  it("keeps polling after a failed refresh", async () => {
    const { api, clock, polls, gateway, store } = setup(NETWORK_DOWN);
    api.watch();
    await settle();
    expect(store.state).toBe("failed");
    gateway.reply(readGoalStatistics, { status: 200, data: stats(3) });
    clock.advance(30_000);
    await settle();
    expect(polls()).toBe(2);
    expect(store.state).toBe("ready");
  });

  it("polls once per period however many panels watch, until the last one stops", async () => {
    const { api, clock, polls } = setup();
    const first = api.watch();
    const second = api.watch();
    await settle();
    expect(polls()).toBe(1);

    clock.advance(30_000);
    await settle();
    expect(polls()).toBe(2);

    first();
    clock.advance(30_000);
    await settle();
    expect(polls()).toBe(3);

    second();
    clock.advance(90_000);
    await settle();
    expect(polls()).toBe(3);
  });

  it("polls once per period when a panel closes and reopens while a refresh is under way", async () => {
    let answer: ((r: Reply) => void) | null = null;
    const { api, clock, polls, gateway } = setup();
    const unwatch = api.watch();
    await settle();

    // The 30 s refresh hangs; meanwhile the panel is closed and opened again.
    gateway.reply(readGoalStatistics, () => new Promise<Reply>((resolve) => (answer = resolve)));
    clock.advance(30_000);
    await settle();
    expect(polls()).toBe(2);
    unwatch();
    gateway.reply(readGoalStatistics, { status: 200, data: stats(10) });
    api.watch();
    await settle();
    expect(polls()).toBe(3);
    answer!({ status: 200, data: stats(11) });
    await settle();

    clock.advance(30_000);
    await settle();
    expect(polls()).toBe(4);
    clock.advance(30_000);
    await settle();
    expect(polls()).toBe(5);
  });
});
