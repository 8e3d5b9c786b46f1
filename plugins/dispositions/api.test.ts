// The dispositions api as other plugins use it (the automatic Voicemail, the follow-ups table's reschedule):
// the one writer of POST /leads/{id}/dispositions, without the panel.
import { describe, expect, it } from "vitest";
import { createDisposition, IDEMPOTENCY_HEADER } from "../../src/contract/dispositions";
import {
  fakeGateway,
  fakeLeads,
  leadView,
  NETWORK_DOWN,
  pluginContext,
  reply,
  type FakeReply,
} from "../../src/sdk/testing";
import { dispositionSaved, type DispositionBody, type DispositionSaved } from "./api";
import { DispositionsModel } from "./model";
import { createDispositionsService } from "./service";

const LEAD = 31;
const ok: FakeReply<typeof createDisposition> = {
  status: 201,
  data: {
    data: {
      id: 1,
      lead_id: LEAD,
      call_id: 7,
      disposition: "Voicemail",
      reason: null,
      reason_other: null,
      notes: "",
      date_time: null,
      short_call: false,
      created_at: "2026-01-05T14:00:12.000Z",
    },
  },
};
const voicemail: DispositionBody = {
  disposition: { disposition: "Voicemail", notes: "", reschedule_followup: false, short_call: false },
  call_id: 7,
};
/** Lets the fake gateway's answers (promises) arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(answers: FakeReply<typeof createDisposition>[] = [ok]) {
  const leads = fakeLeads([leadView({ id: 30 }), leadView({ id: LEAD })]);
  const gateway = fakeGateway([
    reply(createDisposition, ({ params }) => (params.id === LEAD ? (answers.shift() ?? NETWORK_DOWN) : { status: 404 })),
  ]);
  const store = DispositionsModel.create({});
  const c = pluginContext({
    store,
    config: { showPreviousToAdvisors: false },
    gateway,
    leads: leads.control,
  });
  const api = createDispositionsService(c.ctx);
  const announced: DispositionSaved[] = [];
  c.ctx.events.on(dispositionSaved, (e) => void announced.push(e));
  const keys = () => gateway.requests.map((q) => q.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
  return { ...c, api, leads, store, announced, keys };
}

describe("the dispositions api", () => {
  it("saves a flow's disposition: the lead leaves the stack, its call counts as disposed, it is announced", async () => {
    const s = setup();
    const outcome = await s.api.save(LEAD, voicemail);
    expect(outcome).toMatchObject({ ok: true });
    expect(s.gateway.requests.map((q) => q.body)).toEqual([voicemail]);
    expect(s.leads.control.leadIds).toEqual([30]);
    expect(s.store.done).toEqual([`${LEAD}:7`]);
    expect(s.announced).toEqual([{ leadId: LEAD, disposition: "Voicemail", rescheduled: false }]);
  });

  it("retries on the clock under one key, and sends a failed save again under the key it hands back", async () => {
    const s = setup([NETWORK_DOWN, NETWORK_DOWN, NETWORK_DOWN, NETWORK_DOWN, ok]);
    const first = s.api.save(LEAD, voicemail);
    for (const delay of [1000, 2000, 4000]) {
      await settle();
      s.clock.advance(delay);
    }
    const failed = await first;
    expect(failed).toMatchObject({ ok: false, retryable: true });
    expect(s.leads.control.leadIds).toEqual([30, LEAD]);
    expect(s.announced).toEqual([]);

    expect(await s.api.save(LEAD, voicemail, { key: failed.key })).toMatchObject({ ok: true });
    expect(s.keys()).toHaveLength(5);
    expect(new Set(s.keys())).toEqual(new Set([failed.key]));
  });

  it("moves a follow-up with Pocket and reschedule_followup, announced, without closing the lead", async () => {
    const s = setup();
    const outcome = await s.api.reschedule({ leadId: LEAD, notes: null }, "2026-01-07T15:30:00.000Z");
    expect(outcome).toMatchObject({ ok: true });
    expect(s.gateway.requests[0]!.body).toEqual({
      disposition: {
        disposition: "Pocket",
        date_time: "2026-01-07T15:30:00.000Z",
        notes: "",
        reschedule_followup: true,
      },
    });
    expect(s.keys()[0]).toBeTruthy();
    expect(s.leads.control.leadIds).toEqual([30, LEAD]);
    expect(s.store.done).toEqual([]);
    expect(s.announced).toEqual([{ leadId: LEAD, disposition: "Pocket", rescheduled: true }]);
  });

  it("writes nothing on a refusal and says so, in the gateway's words", async () => {
    const s = setup([
      { status: 422, data: { message: "Invalid", errors: { "disposition.notes": ["too long"] } } },
    ]);
    const outcome = await s.api.save(LEAD, voicemail);
    expect(outcome).toMatchObject({
      ok: false,
      retryable: false,
      message: "Invalid",
      errors: { "disposition.notes": ["too long"] },
    });
    expect(s.leads.control.leadIds).toEqual([30, LEAD]);
    expect(s.announced).toEqual([]);
  });

  it("holds a lead for another flow until released, with that flow's reason", () => {
    const s = setup();
    const release = s.api.hold(LEAD, () => "An automatic Voicemail disposition is under way for this lead.");
    expect(s.store.heldBy(LEAD)).toBe("An automatic Voicemail disposition is under way for this lead.");
    expect(s.store.heldBy(30)).toBeNull();
    release();
    expect(s.store.heldBy(LEAD)).toBeNull();
  });
});
