// Test doubles for the auto-dialing tests: a status and a leads stack whose values are observable, as the
// core's are, so the loop's reactions see a change; and a mount() that wires them through renderPlugin().
import { act, waitFor } from "@testing-library/react";
import { observable, runInAction } from "mobx";
import { expect, vi } from "vitest";
import type { DialResponse, NoLeadResponse } from "../../src/contract/dialer";
import type { AgentStatus } from "../../src/contract/status";
import { callKey, leadsKey, statusKey, type LeadsControl, type StatusControl } from "../../src/core/services";
import { fakeCallControl } from "../../src/test/fakeCall";
import { fakeGateway, type Reply } from "../../src/test/fakeGateway";
import { provide, renderPlugin, type RenderPluginOptions } from "../../tests/helpers/renderPlugin";
import { leadExplainApi, type LeadExplainApi } from "../lead-explain/api";
import plugin from "./index";
import type { AutoDialingService } from "./loop";
import type { AutoDialingStore } from "./model";

export const AUTO = "POST /dials/auto";

export function observableStatus(initial: AgentStatus) {
  const state = observable({ current: initial, autoDialing: false, changing: false });
  const control = {
    get current() {
      return state.current;
    },
    get changing() {
      return state.changing;
    },
    request: vi.fn(async (s: AgentStatus) => runInAction(() => void (state.current = s))),
    setPhoneConnected: vi.fn(),
    setAutoDialing: vi.fn((on: boolean) => runInAction(() => void (state.autoDialing = on))),
    setOverdueFollowUps: vi.fn(),
    overdueFollowUps: false,
    setAwaitingDispositions: vi.fn(),
  } satisfies StatusControl;
  return { control, state };
}

export function observableLeads(awaiting = 0) {
  const state = observable({ awaiting });
  const control: LeadsControl = {
    current: null,
    leadIds: [],
    get awaitingDisposition() {
      return state.awaiting;
    },
    open: vi.fn(),
    persist: vi.fn(),
    disposed: vi.fn(),
    select: vi.fn(),
  };
  return { control, state };
}

export function dialled(over: Partial<DialResponse> = {}): Reply {
  const result = {
    type: "auto" as const,
    suffix: "ISF #3",
    leadId: 31,
    callId: 7,
    dialNumber: 3,
    followUpId: null,
    lead: {
      id: 31,
      marketing_id: "ISF-31",
      first_name: "Pat",
      last_name: "Doe",
      phone: "+15555550100",
      status: "New",
      language: "en",
      state: "TX",
      timezone: "America/Chicago",
    },
    ...over,
  };
  return { status: 201, data: { ...result, data: result } };
}

export function noLead(over: Partial<NoLeadResponse> = {}): Reply {
  return {
    status: 404,
    data: {
      message: "No leads were found",
      reasons: { dnc: 2, "calling-window": 5 },
      samples: {
        dnc: "The number is on the Do Not Call list",
        "calling-window": "Outside the lead's calling window (9:00-20:00)",
      },
      examined: 7,
      blocked: null,
      ...over,
    },
  };
}

export interface MountOptions extends Omit<RenderPluginOptions, "services"> {
  status?: AgentStatus;
  awaiting?: number;
  /** The explain plugin's wording of reasons, when it is on. */
  explainer?: Pick<LeadExplainApi, "say">;
}

export async function mount(o: MountOptions = {}) {
  const status = observableStatus(o.status ?? "ready");
  const leads = observableLeads(o.awaiting ?? 0);
  const call = fakeCallControl();
  const gateway = o.gateway ?? fakeGateway({ [AUTO]: noLead() });
  const r = await renderPlugin<AutoDialingService, AutoDialingStore>(plugin, {
    ...o,
    gateway,
    services: [
      provide(statusKey, status.control),
      provide(leadsKey, leads.control),
      provide(callKey, call.control),
      ...(o.explainer ? [provide(leadExplainApi, o.explainer as LeadExplainApi)] : []),
    ],
  });
  const posts = () => gateway.requests.filter((q) => `${q.method} ${q.url}` === AUTO);
  /** Changes the core's state the way its services would, inside act(). */
  const change = async (fn: () => void) => {
    await act(async () => runInAction(fn));
    await idle();
  };
  /** Waits until no request is in flight (the gateway's answer has been handled). */
  const idle = () => waitFor(() => expect(r.store.dialing).toBe(false));
  await idle();
  return {
    ...r,
    status,
    leads,
    call,
    gateway,
    posts,
    change,
    idle,
    /** Moves the clock once the request in flight is answered, then waits for the new one's answer. */
    async advance(ms: number) {
      await idle();
      await r.advance(ms);
      await idle();
    },
    /** Moves the clock without waiting for answers. */
    rawAdvance: r.advance,
  };
}
