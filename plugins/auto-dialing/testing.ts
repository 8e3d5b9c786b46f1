// Helpers for the auto-dialing tests: the gateway's answers to autoDial (POST /dials/auto), and a mount() that wires
// the SDK's observable status, call and leads fakes through renderPlugin(), so the loop's reactions see a change.
import { act, waitFor } from "@testing-library/react";
import { runInAction } from "mobx";
import { expect } from "vitest";
import { autoDial, type DialResponse, type NoLeadResponse } from "../../src/contract/dialer";
import type { AgentStatus } from "../../src/contract/status";
import { callKey, leadsKey, statusKey } from "../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  fakeStatusControl,
  provide,
  renderPlugin,
  reply,
  type FakeReply,
  type RenderPluginOptions,
} from "../../src/sdk/testing";
import { leadExplainApi, type LeadExplainApi } from "../lead-explain/api";
import plugin from "./index";
import type { AutoDialingService } from "./loop";
import type { AutoDialingStore } from "./model";

/** The auto-dial's request as the fake gateway records it. */
export const AUTO = "POST /dials/auto";
export type AutoDialReply = FakeReply<typeof autoDial>;

export function dialled(over: Partial<DialResponse> = {}): AutoDialReply {
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

export function noLead(over: Partial<NoLeadResponse> = {}): AutoDialReply {
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
  /** The status the gateway has recorded at sign-in. */
  status?: AgentStatus;
  /** Leads opened by a call and not disposed yet. */
  awaiting?: number;
  /** A manager disabled calling for the agent. */
  deactivated?: boolean;
  /** The explain plugin's wording of reasons, when it is on. */
  explainer?: Pick<LeadExplainApi, "say">;
}

export async function mount(o: MountOptions = {}) {
  const status = fakeStatusControl(o.status ?? "ready");
  if (o.deactivated) status.setDeactivated(true);
  const leads = fakeLeads([], o.awaiting ?? 0);
  const call = fakeCallControl();
  const gateway = o.gateway ?? fakeGateway([reply(autoDial, noLead())]);
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
