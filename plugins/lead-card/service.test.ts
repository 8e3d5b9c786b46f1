// The lead card's service without rendering: it works only while a card is watched, and the newest read
// wins whatever order the gateway's answers come back in.
import { describe, expect, it } from "vitest";
import type { LeadHistory } from "../../src/contract/leadHistory";
import { callEnded } from "../../src/sdk";
import { fakeGateway, fakeLeads, leadView, manualClock, pluginContext, type Reply } from "../../src/sdk/testing";
import { LeadCardModel } from "./model";
import { createLeadCardService } from "./service";

const empty: LeadHistory = { dispositions: [], calls: [] };
const withCall = (id: number): LeadHistory => ({
  dispositions: [],
  calls: [{ id, started_at: "2026-01-05T13:00:00.000Z", type: "manual", direction: 0, duration: 12, agent_name: "Dana Reyes", live_transfer: 0 }],
});
const ok = (h: LeadHistory): Reply => ({ status: 200, data: { data: h } });
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(routes: Record<string, Reply | (() => Promise<Reply>)> = {}) {
  const stack = fakeLeads([leadView({ id: 31 })]);
  const gateway = fakeGateway({ "GET /leads/31/history": ok(withCall(1)), "GET /leads/32/history": ok(empty), ...routes });
  const clock = manualClock(Date.UTC(2026, 0, 5, 14, 0, 30));
  const view = pluginContext({ store: LeadCardModel.create({}), leads: stack.control, gateway, clock });
  const api = createLeadCardService(view.ctx);
  const urls = () => gateway.requests.map((r) => r.url);
  return { ...view, api, stack, urls };
}

describe("lead card service", () => {
  it("reads nothing until a card is watched, then follows the lead and its calls until unwatched", async () => {
    const { api, stack, urls, emit, ctx } = setup();
    emit(callEnded, { callId: 1, leadId: 31, duration: 10, shortCall: false, bridged: true });
    expect(urls()).toEqual([]);

    const unwatch = api.watch();
    await flush();
    expect(urls()).toEqual(["/leads/31/history"]);
    expect(ctx.store).toMatchObject({ leadId: 31, state: "ready", history: withCall(1) });

    emit(callEnded, { callId: 2, leadId: 31, duration: 10, shortCall: false, bridged: true });
    stack.setCurrent(leadView({ id: 32 }));
    await flush();
    expect(urls()).toEqual(["/leads/31/history", "/leads/31/history", "/leads/32/history"]);

    unwatch();
    stack.setCurrent(leadView({ id: 31 }));
    emit(callEnded, { callId: 3, leadId: 31, duration: 10, shortCall: false, bridged: true });
    await flush();
    expect(urls()).toHaveLength(3);
  });

  it("drops a slow answer for a lead the agent already left", async () => {
    let answer!: (r: Reply) => void;
    const { api, stack, ctx } = setup({ "GET /leads/31/history": () => new Promise<Reply>((r) => (answer = r)) });
    api.watch();
    stack.setCurrent(leadView({ id: 32 }));
    await flush();
    answer(ok(withCall(9)));
    await flush();
    expect(ctx.store).toMatchObject({ leadId: 32, history: empty });
  });

  it("keeps the list on screen when a refresh of the same lead fails, and logs no personal data", async () => {
    const { api, ctx, gateway, logged } = setup();
    api.watch();
    await flush();
    gateway.routes["GET /leads/31/history"] = { status: 503, data: { message: "Unavailable" } };
    await api.refresh();
    expect(ctx.store).toMatchObject({ state: "ready", history: withCall(1) });
    expect(logged).toEqual(["lead-card: could not read the history of lead 31"]);
  });

  it("ticks on each minute of the clock while watched, and stops with the last watcher", () => {
    const { api, clock, ctx } = setup();
    const stop = api.watch();
    expect(ctx.store.now).toBe(Date.UTC(2026, 0, 5, 14, 0, 30));
    clock.advance(30_000);
    expect(ctx.store.now).toBe(Date.UTC(2026, 0, 5, 14, 1, 0));
    clock.advance(60_000);
    expect(ctx.store.now).toBe(Date.UTC(2026, 0, 5, 14, 2, 0));
    stop();
    clock.advance(120_000);
    expect(ctx.store.now).toBe(Date.UTC(2026, 0, 5, 14, 2, 0));
  });
});
