// Fixtures and a mount() for the user summary's tests: the gateway's lists, the core's status, call and
// leads as the SDK's fakes, and the dispositions plugin (which writes a moved follow-up), through
// renderPlugin().
import { act, screen, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { FollowUpItem, LastDialItem } from "../../src/contract/dialer";
import { callKey, leadsKey, statusKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  fakeStatusControl,
  pluginContext,
  provide,
  renderPlugin,
  type RenderPluginOptions,
  type Reply,
} from "../../src/sdk/testing";
import { catalogue } from "../catalogue";
import { dispositionsApi, type DispositionsApi } from "../dispositions/api";
import plugin from "./index";
import type { LeadSearchRow } from "./lists";
import type { UserSummaryStore } from "./model";
import type { UserSummaryService } from "./service";

export const OVERDUE = "GET /agents/follow-ups?limit=50&overdue=true";
export const UPCOMING = "GET /agents/follow-ups?limit=50&overdue=false";
export const LAST_DIALS = "GET /agents/last-dials?limit=10";
export const DIAL = "POST /dials/follow-ups";

export function followUp(over: Partial<FollowUpItem> = {}): FollowUpItem {
  return {
    id: 1,
    leadId: 31,
    startsAt: "2026-01-06T15:00:00.000Z",
    startedAt: null,
    dateTime: "2026-01-06T15:00:00.000Z",
    name: "Pat Doe",
    notes: "Call after lunch",
    state: "TX",
    timezone: null,
    type: 2,
    kind: "Pocket",
    overdue: false,
    url: "https://dashboard.example.com/leads/31",
    ...over,
  };
}

export function lastDial(over: Partial<LastDialItem> = {}): LastDialItem {
  return {
    id: 70,
    leadId: 40,
    startedAt: "2026-01-05T13:30:00.000Z",
    dateTime: "2026-01-05T13:30:00.000Z",
    clientName: "Ana Ruiz",
    name: "Ruiz household",
    notes: "Voicemail left",
    state: "FL",
    status: "Voicemail",
    url: null,
    ...over,
  };
}

export function searchRow(over: Partial<LeadSearchRow> = {}): LeadSearchRow {
  return {
    id: 55,
    marketing_id: "ISF-55",
    name: "Lee Park",
    phone: "+15555550155",
    email: "lee@example.com",
    address: { state: "CA" },
    status: "New",
    ...over,
  };
}

/** One follow-ups answer; `overdue` is the caller's overdue count (meta.overdue). */
export function followUps(
  items: FollowUpItem[],
  meta: { overdue?: number; enforced?: boolean; total?: number } = {},
): Reply {
  return {
    status: 200,
    data: {
      data: items,
      meta: {
        total: meta.total ?? items.length,
        overdue: meta.overdue ?? 0,
        enforced: meta.enforced ?? false,
      },
    },
  };
}

/** The three lists as the gateway answers them. */
export function lists(
  o: { overdue?: FollowUpItem[]; upcoming?: FollowUpItem[]; dials?: LastDialItem[]; enforced?: boolean } = {},
) {
  const overdue = o.overdue ?? [];
  const meta = { overdue: overdue.length, enforced: o.enforced ?? false };
  return {
    [OVERDUE]: followUps(overdue, meta),
    [UPCOMING]: followUps(
      o.upcoming ?? [followUp(), followUp({ id: 2, leadId: 32, name: "Sam Roe", type: 3, url: null })],
      meta,
    ),
    [LAST_DIALS]: { status: 200, data: { data: o.dials ?? [lastDial()] } } as Reply,
  };
}

/**
 * The dispositions plugin as the registry sets it up (its manifest from the product's catalogue), on the
 * same gateway: the one writer of a lead's dispositions, a moved follow-up included.
 */
async function dispositionsOn(gateway: ReturnType<typeof fakeGateway>): Promise<DispositionsApi> {
  const { default: dispositions } = await catalogue.dispositions();
  const { ctx } = pluginContext({
    id: dispositions.id,
    store: dispositions.model!.create({}),
    config: dispositions.configSchema!.parse({}),
    gateway,
  });
  return dispositions.setup!(ctx) as DispositionsApi;
}

export interface MountOptions extends Omit<RenderPluginOptions, "services"> {
  /** Wait for the lists to be on screen (false: a test about failures). */
  loaded?: boolean;
  /** The tab the agent opens once the lists are read (a test about that tab's table). */
  tab?: string | RegExp;
}

export async function mount(o: MountOptions = {}) {
  const status = fakeStatusControl("after_call_work");
  const call = fakeCallControl();
  const leads = fakeLeads();
  const gateway = o.gateway ?? fakeGateway(lists());
  const r = await renderPlugin<UserSummaryService, UserSummaryStore>(plugin, {
    ...o,
    gateway,
    services: [
      provide(statusKey, status.control),
      provide(callKey, call.control),
      provide(leadsKey, leads.control),
      provide(dispositionsApi, await dispositionsOn(gateway)),
    ],
  });
  await screen.findByRole("tablist");
  if (o.loaded !== false) await waitFor(() => expect(r.store.state).toBe("ready"));
  if (o.tab !== undefined) await r.user.click(tab(o.tab));
  const reads = () => gateway.requests.filter((q) => `${q.method} ${q.url}` === LAST_DIALS).length;
  return { ...r, status, call, leads, gateway, reads };
}

/** The tab's accessible name is its title and its count badge. */
export const tab = (name: string | RegExp) => screen.getByRole("tab", { name });

/**
 * The layout the browser would give the tables (jsdom lays nothing out): the panel is `width` pixels wide, as
 * a ResizeObserver reports it; the table needs `table` pixels (it overflows a narrower panel); a cell's text
 * is cut beyond `cellChars` characters. `resize(w)` is the agent resizing the panel. Undo with
 * `vi.unstubAllGlobals()` and `vi.restoreAllMocks()`.
 */
export function panelLayout(width: number, o: { table?: number; cellChars?: number } = {}) {
  let panel = width;
  const observers = new Set<FakeResizeObserver>();
  class FakeResizeObserver {
    private readonly targets = new Set<Element>();
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      this.targets.add(target);
      observers.add(this);
      this.fire([target]);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
    fire(targets = [...this.targets]) {
      const entries = targets.map((target) => ({ target, contentRect: { width: panel } }));
      this.report(entries as unknown as ResizeObserverEntry[], this as unknown as ResizeObserver);
    }
  }
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
  const CHAR = 8;
  const cellChars = o.cellChars ?? 12;
  const box = (el: Element) => el.classList.contains("user-summary__fit-box");
  const cut = (el: Element) => el.classList.contains("user-summary__clip");
  vi.spyOn(Element.prototype, "clientWidth", "get").mockImplementation(function (this: Element) {
    return box(this) ? panel : cut(this) ? cellChars * CHAR : 0;
  });
  vi.spyOn(Element.prototype, "scrollWidth", "get").mockImplementation(function (this: Element) {
    if (box(this)) return Math.max(panel, o.table ?? 0);
    return cut(this) ? (this.textContent ?? "").length * CHAR : 0;
  });
  return {
    resize(w: number) {
      panel = w;
      act(() => observers.forEach((o) => o.fire()));
    },
  };
}

/** The column headers of the table named `name`. */
export const headers = (name: string) =>
  Array.from(screen.getByRole("table", { name }).querySelectorAll("th"), (h) => h.textContent);
