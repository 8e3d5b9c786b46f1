// Mounts the dispositions plugin as the workspace would, with a leads stack, a call, a status and a gateway
// the test drives; reads back what was saved, with which idempotency keys, and what was announced.
import { screen } from "@testing-library/react";
import type { CallSnapshot } from "../../../src/contract/calls";
import { createDisposition, IDEMPOTENCY_HEADER, type DispositionValue } from "../../../src/contract/dispositions";
import { matchEndpointPath } from "../../../src/contract/endpoint";
import { callKey, leadsKey, statusKey, type LeadView } from "../../../src/sdk";
import {
  fakeCallControl,
  fakeGateway,
  fakeLeads,
  fakeStatusControl,
  leadView,
  provide,
  renderPlugin,
  reply,
  type EndpointHandler,
  type EndpointRoute,
  type FakeReply,
  type RenderPluginOptions,
  type SeenRequest,
  type ServiceBinding,
} from "../../../src/sdk/testing";
import { dispositionSaved, type DispositionSaved } from "../api";
import type { DispositionsService } from "../service";
import plugin from "../index";

export const LEAD = 31;
export const CALL = 7;

/**
 * The gateway's answer to a save of LEAD's disposition (another lead's save: 404):
 * `fakeGateway([saving(created())])`, or later `gateway.reply(createDisposition, leadSave(created()))`.
 */
export const leadSave =
  (answer: EndpointHandler<typeof createDisposition>): EndpointHandler<typeof createDisposition> =>
  (req) =>
    req.params.id !== LEAD ? { status: 404 } : typeof answer === "function" ? answer(req) : answer;
export const saving = (answer: EndpointHandler<typeof createDisposition>): EndpointRoute =>
  reply(createDisposition, leadSave(answer));
/** A save of LEAD's disposition, as the gateway saw it. */
export const isSave = (q: SeenRequest) =>
  q.method === createDisposition.method && matchEndpointPath(createDisposition, q.path)?.id === String(LEAD);

/** A lead whose client has a valid date of birth, so nothing but the form decides. */
export const lead = (over: Partial<LeadView> = {}): LeadView =>
  leadView({ clients: [{ firstName: "Pat", lastName: "Doe", dob: "1960-04-02" }], ...over });

export function created(disposition: DispositionValue = "Not Interested"): FakeReply<typeof createDisposition> {
  return {
    status: 201,
    data: {
      data: {
        id: 1,
        lead_id: LEAD,
        call_id: CALL,
        disposition,
        reason: null,
        reason_other: null,
        notes: "",
        date_time: null,
        short_call: false,
        created_at: "2026-01-05T14:00:12.000Z",
      },
    },
  };
}

export interface MountOptions extends Omit<RenderPluginOptions, "services"> {
  /** The leads of the stack, the last one current; [] for none. */
  leads?: Partial<LeadView>[];
  awaiting?: number;
  /** The agent's call; null for none. Defaults to an ended call on the lead. */
  call?: Partial<CallSnapshot> | null;
  services?: ServiceBinding[];
}

export async function mount(o: MountOptions = {}) {
  const leads = fakeLeads(
    (o.leads ?? [{}]).map((l) => lead(l)),
    o.awaiting ?? 1,
  );
  const call = fakeCallControl();
  if (o.call !== null)
    call.push({
      callId: CALL,
      leadId: LEAD,
      type: "auto",
      status: "ended",
      endedAt: "2026-01-05T14:00:10.000Z",
      ...o.call,
    });
  const status = fakeStatusControl("after_call_work");
  const gateway = o.gateway ?? fakeGateway([saving(created())]);
  const r = await renderPlugin<DispositionsService>(plugin, {
    ...o,
    gateway,
    services: [
      provide(leadsKey, leads.control),
      provide(callKey, call.control),
      provide(statusKey, status.control),
      ...(o.services ?? []),
    ],
  });
  const announced: DispositionSaved[] = [];
  r.ctx.events.on(dispositionSaved, (payload) => void announced.push(payload));
  await screen.findByRole("heading");
  const saves = () => gateway.requests.filter(isSave);
  const keys = () => saves().map((q) => q.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
  return { ...r, leads, call, status, gateway, saves, keys, announced };
}

/** Waits for the lazily loaded panel's form. */
export const form = () => screen.findByRole("combobox", { name: "Disposition" });
export const button = (name: "Save & Next" | "Save & Stop") => screen.getByRole("button", { name });
