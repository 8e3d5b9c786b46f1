// Fixtures and a mount() for the user summary's tests: the gateway's lists, the core's status, call and
// leads as fakes, through renderPlugin().
import { screen, waitFor } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { FollowUpItem, LastDialItem } from "../../src/contract/dialer";
import { callKey, leadsKey, statusKey, type LeadsControl } from "../../src/core/services";
import { fakeCallControl } from "../../src/test/fakeCall";
import { fakeGateway, type Reply } from "../../src/test/fakeGateway";
import { fakeStatusControl } from "../../src/test/fakeStatus";
import { provide, renderPlugin, type RenderPluginOptions } from "../../tests/helpers/renderPlugin";
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

export function fakeLeads() {
  const control: LeadsControl = {
    current: null,
    leadIds: [],
    awaitingDisposition: 0,
    open: vi.fn(async () => {
      throw new Error("not set");
    }),
    persist: vi.fn(),
    disposed: vi.fn(),
    select: vi.fn(),
  };
  return control;
}

export interface MountOptions extends Omit<RenderPluginOptions, "services"> {
  leads?: LeadsControl;
  /** Wait for the lists to be on screen (false: a test about failures). */
  loaded?: boolean;
}

export async function mount(o: MountOptions = {}) {
  const status = fakeStatusControl("after_call_work");
  const call = fakeCallControl();
  const leads = o.leads ?? fakeLeads();
  const gateway = o.gateway ?? fakeGateway(lists());
  const r = await renderPlugin<UserSummaryService, UserSummaryStore>(plugin, {
    ...o,
    gateway,
    services: [provide(statusKey, status.control), provide(callKey, call.control), provide(leadsKey, leads)],
  });
  await screen.findByRole("tablist");
  if (o.loaded !== false) await waitFor(() => expect(r.store.state).toBe("ready"));
  const reads = () => gateway.requests.filter((q) => `${q.method} ${q.url}` === LAST_DIALS).length;
  return { ...r, status, call, leads, gateway, reads };
}

/** The tab's accessible name is its title and its count badge. */
export const tab = (name: string | RegExp) => screen.getByRole("tab", { name });
