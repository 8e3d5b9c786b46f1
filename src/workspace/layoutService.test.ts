// Loading and saving the agent's layout: the gateway is the truth, localStorage the copy that keeps a change
// until the gateway has it; saves are debounced on the clock and happen only after a change the agent made.
import axios from "axios";
import { describe, expect, it } from "vitest";
import { API_BASE } from "../contract/common";
import { LAYOUT_VERSION, type LayoutItem } from "../contract/layout";
import { manualClock } from "../shared/clock";
import { memoryStorage } from "../store/storage";
import { fakeGateway, NETWORK_DOWN } from "../test/fakeGateway";
import { renamePanel } from "../core/layoutMigrations";
import { LayoutModel } from "./LayoutModel";
import { createLayoutService, SAVE_DEBOUNCE_MS } from "./layoutService";

const PANELS = new Map([
  ["goals.progress", { size: { w: 4, h: 9, minW: 3, minH: 6 } }],
  ["calls.list", { size: { w: 6, h: 10 } }],
]);
const item = (panel: string, x: number, y: number, w: number, h: number): LayoutItem => ({ i: panel, panel, x, y, w, h });
const DEFAULT = [item("goals.progress", 8, 0, 4, 9)];
const SAVED = [item("goals.progress", 0, 0, 4, 9), item("calls.list", 4, 0, 6, 10)];
const CACHE_KEY = "isi-dialer-layout:42:isius";
const GET = "GET /agents/me/layouts/isius";
const PUT = "PUT /agents/me/layouts/isius";
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The local copy: a layout document, and whether the gateway still has to receive it. */
const cached = (items: LayoutItem[], pending: boolean) => ({ doc: { version: LAYOUT_VERSION, items }, pending });

function setup(routes: Parameters<typeof fakeGateway>[0] = {}, cache?: unknown) {
  const gateway = fakeGateway({ [PUT]: { status: 204 }, ...routes });
  const storage = memoryStorage(cache === undefined ? {} : { [CACHE_KEY]: JSON.stringify(cache) });
  const clock = manualClock();
  const layout = LayoutModel.create({ items: [] });
  const keepalive: (boolean | undefined)[] = [];
  const http = axios.create({
    baseURL: API_BASE,
    adapter: (config) => (config.method === "put" && keepalive.push(config.keepalive), gateway.adapter(config)),
  });
  const service = createLayoutService({ http, clock, storage, layout, agentId: 42, variant: "isius" });
  const puts = () => gateway.requests.filter((r) => r.method === "PUT");
  return { gateway, storage, clock, layout, service, puts, keepalive };
}

describe("loading the layout", () => {
  it("restores the layout the gateway holds", async () => {
    const { service, layout } = setup({ [GET]: { status: 200, data: { data: { version: LAYOUT_VERSION, items: SAVED } } } });
    expect(await service.load(PANELS, DEFAULT)).toEqual(SAVED);
    expect(layout.items).toEqual(SAVED);
  });

  it("prefers the gateway to a copy it already has (another browser may have changed it since)", async () => {
    const { service, storage } = setup(
      { [GET]: { status: 200, data: { data: { version: LAYOUT_VERSION, items: SAVED } } } },
      cached(DEFAULT, false),
    );
    expect(await service.load(PANELS, DEFAULT)).toEqual(SAVED);
    expect(JSON.parse(storage.getItem(CACHE_KEY)!)).toEqual(cached(SAVED, false));
  });

  it("uses the default when the agent never arranged one, even over an old copy", async () => {
    const { service } = setup({ [GET]: { status: 200, data: { data: null } } }, cached(SAVED, false));
    expect(await service.load(PANELS, DEFAULT)).toEqual(DEFAULT);
  });

  it("restores a change the gateway never received, and sends it once the debounce time has passed", async () => {
    const { service, clock, gateway, storage } = setup(
      { [GET]: { status: 200, data: { data: { version: LAYOUT_VERSION, items: DEFAULT } } } },
      cached(SAVED, true),
    );
    expect(await service.load(PANELS, DEFAULT)).toEqual(SAVED);
    expect(gateway.requests).toEqual([]);
    clock.advance(SAVE_DEBOUNCE_MS);
    await settle();
    expect(gateway.requests.map((r) => [r.method, r.body])).toEqual([["PUT", { version: LAYOUT_VERSION, items: SAVED }]]);
    expect(JSON.parse(storage.getItem(CACHE_KEY)!)).toEqual(cached(SAVED, false));
  });

  it.each([
    ["does not answer", NETWORK_DOWN],
    ["fails", { status: 500, data: { message: "Server Error" } }],
    ["answers nonsense", { status: 200, data: { layout: "?" } }],
  ])("falls back to the local cache when the gateway %s", async (_, answer) => {
    const { service } = setup({ [GET]: answer }, cached(SAVED, false));
    expect(await service.load(PANELS, DEFAULT)).toEqual(SAVED);
  });

  it("falls back to the default when the gateway fails and nothing is cached, or the cache is broken", async () => {
    expect(await setup({ [GET]: NETWORK_DOWN }).service.load(PANELS, DEFAULT)).toEqual(DEFAULT);
    const broken = setup({ [GET]: NETWORK_DOWN });
    broken.storage.setItem(CACHE_KEY, "{not json");
    expect(await broken.service.load(PANELS, DEFAULT)).toEqual(DEFAULT);
    // A copy in the shape of an older release is ignored too.
    expect(await setup({ [GET]: NETWORK_DOWN }, { version: LAYOUT_VERSION, items: SAVED }).service.load(PANELS, DEFAULT)).toEqual(DEFAULT);
  });

  it("drops panels the agent no longer has", async () => {
    const { service } = setup({
      [GET]: { status: 200, data: { data: { version: LAYOUT_VERSION, items: [...SAVED, item("gone.panel", 0, 20, 4, 4)] } } },
    });
    expect(await service.load(PANELS, DEFAULT)).toEqual(SAVED);
  });

  it.each([
    ["a saved layout", { data: { version: LAYOUT_VERSION, items: SAVED } }],
    ["no saved layout", { data: null }],
  ])("never saves on load (%s)", async (_, data) => {
    const { service, clock, puts } = setup({ [GET]: { status: 200, data } });
    await service.load(PANELS, DEFAULT);
    clock.advance(60_000);
    await service.flush();
    await settle();
    expect(puts()).toEqual([]);
  });
});

describe("saving the layout", () => {
  it("saves once, the last arrangement, when the agent's changes stop for the debounce time", async () => {
    const { service, layout, clock, puts, storage } = setup({ [GET]: { status: 200, data: { data: null } } });
    await service.load(PANELS, DEFAULT);

    layout.replace([item("goals.progress", 0, 0, 4, 9)]);
    service.changed();
    clock.advance(SAVE_DEBOUNCE_MS - 1);
    layout.replace(SAVED);
    service.changed();
    clock.advance(SAVE_DEBOUNCE_MS - 1);
    await settle();
    expect(puts()).toEqual([]);

    // Kept locally at once, as not yet on the gateway.
    expect(JSON.parse(storage.getItem(CACHE_KEY)!)).toEqual(cached(SAVED, true));

    clock.advance(1);
    await settle();
    expect(puts().map((r) => [r.url, r.body])).toEqual([["/agents/me/layouts/isius", { version: LAYOUT_VERSION, items: SAVED }]]);
    expect(JSON.parse(storage.getItem(CACHE_KEY)!)).toEqual(cached(SAVED, false));
  });

  it("keeps the change locally, still to be sent, when the gateway cannot take it", async () => {
    const { service, layout, clock, storage, gateway } = setup({ [PUT]: NETWORK_DOWN });
    layout.replace(SAVED);
    service.changed();
    clock.advance(SAVE_DEBOUNCE_MS);
    await settle();
    expect(gateway.requests.map((r) => r.method)).toEqual(["PUT"]);
    expect(JSON.parse(storage.getItem(CACHE_KEY)!)).toEqual(cached(SAVED, true));
  });

  it("sends a pending save at once on flush, and nothing when nothing is pending", async () => {
    const { service, layout, clock, puts } = setup();
    await service.flush();
    expect(puts()).toEqual([]);

    layout.replace(SAVED);
    service.changed();
    await service.flush();
    expect(puts().map((r) => r.body)).toEqual([{ version: LAYOUT_VERSION, items: SAVED }]);

    // The debounced save was replaced by the flush, not sent a second time.
    clock.advance(SAVE_DEBOUNCE_MS * 10);
    await settle();
    expect(puts()).toHaveLength(1);
  });

  it("asks the save flushed as the page goes away to outlive the page, and only that one", async () => {
    const { service, layout, clock, keepalive } = setup();
    layout.replace(SAVED);
    service.changed();
    clock.advance(SAVE_DEBOUNCE_MS);
    await settle();
    layout.replace(DEFAULT);
    service.changed();
    await service.flush({ keepalive: true });
    expect(keepalive).toEqual([undefined, true]);
  });
});

describe("a plugin's layout migrations", () => {
  it("run at load, and the agent's next save records them, so the gateway's copy is not migrated again", async () => {
    const steps = new Map([["goals", [{ id: "goals/1-old-is-progress", up: renamePanel("goals.old", "goals.progress") }]]]);
    const { service, layout, clock, puts } = setup({
      [GET]: { status: 200, data: { data: { version: LAYOUT_VERSION, items: [item("goals.old", 0, 0, 4, 9)] } } },
    });
    expect(await service.load(PANELS, DEFAULT, steps)).toEqual([item("goals.progress", 0, 0, 4, 9)]);
    // Migrating is not a change the agent made: nothing is sent for it alone.
    clock.advance(60_000);
    await settle();
    expect(puts()).toEqual([]);

    layout.replace([...layout.items, item("calls.list", 4, 0, 6, 10)]);
    service.changed();
    clock.advance(SAVE_DEBOUNCE_MS);
    await settle();
    expect(puts().map((r) => r.body)).toEqual([
      { version: LAYOUT_VERSION, items: [item("goals.progress", 0, 0, 4, 9), item("calls.list", 4, 0, 6, 10)], migrations: { goals: 1 } },
    ]);
  });
});
