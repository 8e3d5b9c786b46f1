// Fixtures and a mount() for the user summary's tests: the gateway's lists, the core's status, call and
// leads as the SDK's fakes, and the dispositions plugin (which writes a moved follow-up), through
// renderPlugin().
import { act, screen, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import {
  dialFollowUp,
  listFollowUps,
  listLastDials,
  searchLeads,
  type FollowUpItem,
  type LastDialItem,
} from "../../src/contract/dialer";
import { createDisposition } from "../../src/contract/dispositions";
import { matchEndpointPath, type AnyEndpoint } from "../../src/contract/endpoint";
import { callKey, leadsKey, statusKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  fakeStatusControl,
  pluginContext,
  provide,
  renderPlugin,
  reply,
  type EndpointHandler,
  type EndpointRoute,
  type FakeGateway,
  type FakeReply,
  type RenderPluginOptions,
  type SeenRequest,
} from "../../src/sdk/testing";
import { catalogue } from "../catalogue";
import { dispositionsApi, type DispositionsApi } from "../dispositions/api";
import plugin from "./index";
import type { LeadSearchRow } from "./lists";
import type { UserSummaryStore } from "./model";
import type { UserSummaryService } from "./service";

/** The requests the gateway saw of an endpoint (its method, and a path of its). */
export const sentTo = (gateway: FakeGateway, endpoint: AnyEndpoint): SeenRequest[] =>
  gateway.requests.filter((q) => q.method === endpoint.method && matchEndpointPath(endpoint, q.path) !== null);

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
): FakeReply<typeof listFollowUps> {
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

export interface ListsOptions {
  overdue?: FollowUpItem[];
  upcoming?: FollowUpItem[];
  dials?: LastDialItem[];
  enforced?: boolean;
  /** The overdue list's answer instead of `overdue`'s (a failure). */
  overdueAnswer?: FakeReply<typeof listFollowUps>;
}

/** The three lists as the gateway answers them: the follow-ups by `overdue` (true or false), the last dials. */
export function lists(o: ListsOptions = {}): EndpointRoute[] {
  const overdue = o.overdue ?? [];
  const meta = { overdue: overdue.length, enforced: o.enforced ?? false };
  const overdueAnswer = o.overdueAnswer ?? followUps(overdue, meta);
  const upcomingAnswer = followUps(
    o.upcoming ?? [followUp(), followUp({ id: 2, leadId: 32, name: "Sam Roe", type: 3, url: null })],
    meta,
  );
  return [
    reply(listFollowUps, ({ query }) => (query.overdue ? overdueAnswer : upcomingAnswer)),
    reply(listLastDials, { status: 200, data: { data: o.dials ?? [lastDial()] } }),
  ];
}

/** The lists' answers from now on (the next read sees them). */
export function relist(gateway: FakeGateway, o: ListsOptions = {}) {
  for (const route of lists(o)) gateway.reply(route.endpoint, route.handler);
}

/** The gateway's lead search: the answer for each text; any other text finds nothing (404). */
export const searches = (answers: Record<string, EndpointHandler<typeof searchLeads>>): EndpointRoute =>
  reply(searchLeads, (req) => {
    const answer = answers[req.params.text];
    if (answer === undefined) return { status: 404, data: { message: "No leads were found" } };
    return typeof answer === "function" ? answer(req) : answer;
  });

/** A dial the gateway placed for the lead (POST /dials/follow-ups and /dials/redials answer the same). */
export function dialled(leadId: number, type: "follow-up" | "manual" = "follow-up"): FakeReply<typeof dialFollowUp> {
  const result = {
    type,
    suffix: "ISF #2",
    leadId,
    callId: 500,
    dialNumber: 2,
    followUpId: type === "follow-up" ? 1 : null,
    lead: {
      id: leadId,
      marketing_id: `ISF-${leadId}`,
      first_name: "Pat",
      last_name: "Doe",
      phone: "+15555550131",
      status: "Pocket",
      language: "en",
      state: "TX",
      timezone: null,
    },
  } as const;
  return { status: 201, data: { ...result, data: result } };
}

/** A follow-up moved (the dispositions plugin's Pocket with reschedule_followup), as the gateway saved it. */
export function moved(leadId: number): FakeReply<typeof createDisposition> {
  return {
    status: 201,
    data: {
      data: {
        id: 90,
        lead_id: leadId,
        call_id: null,
        disposition: "Pocket",
        reason: null,
        reason_other: null,
        notes: "",
        date_time: "2026-01-07T15:30:00.000Z",
        short_call: false,
        created_at: "2026-01-05T14:00:00.000Z",
      },
    },
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
  const reads = () => sentTo(gateway, listLastDials).length;
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
