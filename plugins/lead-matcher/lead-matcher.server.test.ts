// The lead matcher on the gateway: the look-up by phone with type=match only looks (nobody's lead changes
// owner), never answers the call's own lead, another agent's or another call centre's; the link (PUT
// /calls/{callId}/lead) moves an inbound call from the lead made for it to the lead found, in one transaction
// with its failed live-transfer attempts and the plugins' rows (disclosure proofs, extra recordings), deletes
// the lead made for the call, makes the lead found the agent's, and the disposition saved next lands on it.
// Another agent's call, another call centre's lead, a colleague's lead, a disposed call and bad input are
// refused.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CallLinkResponse, CALL_LINK_MESSAGES } from "../../src/contract/callLink";
import { CurrentCallResponse } from "../../src/contract/calls";
import { LeadHistoryResponse } from "../../src/contract/leadHistory";
import { LeadSummaryResponse } from "../../src/contract/leads";
import { calls, dispositions, freeLeads as harnessFreeLeads, leads, liveTransfers, SimPbx, startTestGateway, type TestClient, type TestGateway } from "../../server/sdk/testing";
import { disclosureProofs } from "../disclosures/tables";
import { callRecordings } from "../recordings/tables";

let gw: TestGateway;
let sim: SimPbx;
let agentId: number;
let q: TestClient;

beforeAll(async () => {
  gw = await startTestGateway({ listen: true });
  sim = gw.gw.pbx as SimPbx;
  q = await gw.signIn("qualifier.isius@demo.test");
  agentId = await gw.idOf("qualifier.isius@demo.test");
  await sim.register("1001");
});
afterAll(() => gw.close());

/** Leads of the tenant nobody owns (imported ones, callable). */
async function freeLeads(tenantId: number, n: number) {
  const rows = await harnessFreeLeads(gw.db, tenantId, n, "5");
  expect(rows).toHaveLength(n);
  return rows;
}

const leadRow = async (id: number) => (await gw.db.select().from(leads).where(eq(leads.id, id)))[0];
const callRow = async (id: number) => (await gw.db.select().from(calls).where(eq(calls.id, id)))[0]!;
const link = (c: TestClient, callId: number, leadId: number, headers: Record<string, string> = {}) =>
  c.request("PUT", `/calls/${callId}/lead`, { lead_id: leadId }, headers);
const match = (c: TestClient, phone: string) => c.request("GET", `/leads/by-phone/${phone}?type=match`);

/** A caller rings the call centre; the qualifier, the one Ready agent, takes it on its phone. */
async function inboundCall(from: string) {
  expect((await q.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
  const manager = await gw.signIn("manager.isius@demo.test");
  expect((await manager.request("POST", "/sim-pbx/inbound-calls", { from })).statusCode).toBe(201);
  await gw.run(3_000);
  const call = CurrentCallResponse.parse((await q.request("GET", "/calls/current")).json()).data!;
  expect(call).toMatchObject({ type: "inbound", status: "answered" });
  return { callId: call.callId, leadId: call.leadId! };
}

/** The agent hangs up, the hangup flow settles the call, and the agent disposes the call's lead. */
async function hangUpAndDispose(callId: number, leadId: number) {
  await gw.gw.calls.hangupFor(agentId);
  await gw.run(500);
  expect(
    (await q.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 0 })).statusCode,
  ).toBe(202);
  const disposed = await q.request("POST", `/leads/${leadId}/dispositions`, {
    disposition: { disposition: "Voicemail", notes: "" },
    call_id: callId,
  });
  expect(disposed.statusCode, disposed.body).toBe(201);
}

/**
 * A test's call still up ends, so the next test's caller finds the agent free; it is disposed too when its lead
 * is the agent's (a known caller's imported lead is not: the agent may not dispose it).
 */
afterEach(async () => {
  const current = CurrentCallResponse.parse((await q.request("GET", "/calls/current")).json()).data;
  if (!current) return;
  if ((await leadRow(current.leadId!))?.ownerId === agentId)
    await hangUpAndDispose(current.callId, current.leadId!);
  else if (await gw.gw.calls.hangupFor(agentId)) await gw.run(500);
});

describe("the look-up by phone with type=match", () => {
  it("finds the tenant's lead without making it the agent's, the agent's own first", async () => {
    // Not the lead of the agent's last call, which the look-up never answers: another test's known caller
    // may have left its call on a lead still nobody's.
    const lastCallLead = gw.gw.calls.current(agentId)?.leadId;
    const free = (await freeLeads(1, 2)).find((l) => l.id !== lastCallLead);
    const found = await match(q, free!.phone);
    expect(found.statusCode).toBe(200);
    expect(LeadSummaryResponse.parse(found.json()).data.id).toBe(free!.id);
    expect((await leadRow(free!.id))!.ownerId).toBeNull();
    // Any format of the number finds it.
    const dotted = `${free!.phone.slice(0, 3)}.${free!.phone.slice(3, 6)}.${free!.phone.slice(6)}`;
    expect(LeadSummaryResponse.parse((await match(q, dotted)).json()).data.id).toBe(free!.id);

    // The agent's own lead with the same number comes first (and goes: the free lead stays the one found).
    const own = await q.request("POST", "/leads", { phone: free!.phone, type: "manual" });
    const ownId = LeadSummaryResponse.parse(own.json()).data.id;
    try {
      expect(LeadSummaryResponse.parse((await match(q, free!.phone)).json()).data.id).toBe(ownId);
    } finally {
      await q.request("DELETE", `/leads/${ownId}`);
    }
  });

  it("never answers another agent's lead or another call centre's", async () => {
    const colleague = await gw.signIn("qualifier3.isius@demo.test");
    expect(
      (await colleague.request("POST", "/leads", { phone: "3125557301", type: "manual" })).statusCode,
    ).toBe(201);
    const none = await match(q, "3125557301");
    expect([none.statusCode, none.json()]).toEqual([404, { message: "No leads were found" }]);
    const [slica] = await freeLeads(2, 1);
    expect((await match(q, slica!.phone)).statusCode).toBe(404);
  });
});

// Each test takes its own inbound call, from a number of its own (a new number makes a lead of its own), and
// its own free leads; the afterEach above ends and disposes the call.
describe("linking an inbound call to the lead found", () => {
  /** A new caller's call, linked to a free lead the call centre had. */
  async function linkedCall(from: string) {
    const [existing] = await freeLeads(1, 1);
    const call = await inboundCall(from);
    expect((await link(q, call.callId, existing!.id)).statusCode).toBe(200);
    return { call, existing: existing! };
  }

  it("the caller's new number made a lead for the call; the look-up never answers it", async () => {
    const call = await inboundCall("+13125557001");
    const made = (await leadRow(call.leadId))!;
    expect(made).toMatchObject({
      firstName: "Inbound",
      lastName: "caller",
      ownerId: agentId,
      phone: "3125557001",
    });
    expect((await match(q, "3125557001")).statusCode).toBe(404);
  });

  it("moves the call, its failed live-transfer attempt and the plugins' rows in one transaction, or nothing", async () => {
    const [existing] = (await freeLeads(1, 1)) as [{ id: number; phone: string }];
    const call = await inboundCall("+13125557011");
    const now = new Date(gw.clock.now());
    await gw.db.insert(disclosureProofs).values({
      tenantId: 1,
      callId: call.callId,
      leadId: call.leadId,
      agentId,
      carrier: "gtl",
      wording: "aa",
      language: "en",
      steps: [],
      completed: false,
      createdAt: now,
    });
    await gw.db.insert(callRecordings).values({
      tenantId: 1,
      callId: call.callId,
      leadId: call.leadId,
      agentId,
      index: 1,
      key: `1/${call.callId}-1.wav`,
      pbxRecordingId: "rec-lead-matcher",
      state: "complete",
      startedAt: now,
    });
    await gw.db.insert(liveTransfers).values({
      tenantId: 1,
      leadId: call.leadId,
      qualifierId: agentId,
      callId: call.callId,
      state: "canceled",
      outcome: "canceled",
      createdAt: now,
    });
    const leadsOfCall = async () => ({
      call: (await callRow(call.callId)).leadId,
      proofs: (
        await gw.db.select().from(disclosureProofs).where(eq(disclosureProofs.callId, call.callId))
      ).map((r) => r.leadId),
      recordings: (
        await gw.db.select().from(callRecordings).where(eq(callRecordings.callId, call.callId))
      ).map((r) => r.leadId),
      transfers: (await gw.db.select().from(liveTransfers).where(eq(liveTransfers.callId, call.callId))).map(
        (r) => r.leadId,
      ),
    });

    // A plugin's hook that fails rolls the whole link back: nothing moved, the lead made for the call stays.
    const off = gw.gw.calls.relinks.on(async () => {
      throw new Error("a plugin could not move its rows");
    });
    try {
      expect((await link(q, call.callId, existing.id)).statusCode).toBe(500);
    } finally {
      off();
    }
    const before = {
      call: call.leadId,
      proofs: [call.leadId],
      recordings: [call.leadId],
      transfers: [call.leadId],
    };
    expect(await leadsOfCall()).toEqual(before);
    expect(await leadRow(call.leadId)).toBeDefined();
    expect((await leadRow(existing.id))!.ownerId).toBeNull();

    const res = await link(q, call.callId, existing.id, { "idempotency-key": "link-1" });
    expect(res.statusCode, res.body).toBe(200);
    const body = CallLinkResponse.parse(res.json());
    expect(body).toMatchObject({
      data: { id: existing.id, phone: existing.phone },
      from: { lead_id: call.leadId, removed: true },
    });
    const after = {
      call: existing.id,
      proofs: [existing.id],
      recordings: [existing.id],
      transfers: [existing.id],
    };
    expect(await leadsOfCall()).toEqual(after);
    // The lead made for this call only is gone; the lead found is now the agent's.
    expect(await leadRow(call.leadId)).toBeUndefined();
    expect((await leadRow(existing.id))!.ownerId).toBe(agentId);
    // The same request again answers the same.
    const again = await link(q, call.callId, existing.id, { "idempotency-key": "link-1" });
    expect(again.json()).toEqual(res.json());
  });

  it("the agent's call names the lead found: the desk's reload, the hang-up, the disposition and the lead's history", async () => {
    const { call, existing } = await linkedCall("+13125557012");
    const current = CurrentCallResponse.parse((await q.request("GET", "/calls/current")).json()).data!;
    expect(current).toMatchObject({ callId: call.callId, leadId: existing.id, status: "answered" });
    // Linking to the lead the call is on changes nothing.
    const same = await link(q, call.callId, existing.id);
    expect(CallLinkResponse.parse(same.json()).from).toEqual({ lead_id: existing.id, removed: false });

    await hangUpAndDispose(call.callId, existing.id);
    const [disposition] = await gw.db.select().from(dispositions).where(eq(dispositions.callId, call.callId));
    expect(disposition).toMatchObject({ leadId: existing.id, disposition: "Voicemail" });
    const history = LeadHistoryResponse.parse(
      (await q.request("GET", `/leads/${existing.id}/history`)).json(),
    );
    expect(history.data.calls.find((c) => c.id === call.callId)).toMatchObject({
      type: "inbound",
      direction: 1,
    });
    expect(history.data.dispositions[0]).toMatchObject({ disposition: "Voicemail" });
  });

  it("refuses a disposed call", async () => {
    const { call, existing } = await linkedCall("+13125557013");
    await hangUpAndDispose(call.callId, existing.id);
    const [other] = await freeLeads(1, 1);
    const res = await link(q, call.callId, other!.id);
    expect([res.statusCode, res.json()]).toEqual([409, { message: CALL_LINK_MESSAGES.disposed }]);
    expect((await callRow(call.callId)).leadId).toBe(existing.id);
    expect((await leadRow(other!.id))!.ownerId).toBeNull();
  });
});

// Each test takes its own call from a caller the call centre knows; the afterEach above ends and disposes it.
describe("refusals", () => {
  /** A caller the call centre knows rings: the call is on that (imported) lead. */
  async function knownCaller() {
    const [known] = await freeLeads(1, 1);
    const call = await inboundCall(`+1${known!.phone}`);
    expect(call.leadId).toBe(known!.id);
    return call;
  }
  /** A free lead other than the one the call is on. */
  const otherThan = async (leadId: number) => (await freeLeads(1, 2)).find((l) => l.id !== leadId);

  it("another agent's call does not exist for the agent; bad input is 422", async () => {
    const call = await knownCaller();
    const target = await otherThan(call.leadId);
    const colleague = await gw.signIn("qualifier3.isius@demo.test");
    expect((await link(colleague, call.callId, target!.id)).statusCode).toBe(404);
    for (const body of [{ lead_id: "x" }, { lead_id: 0 }, { lead_id: 1.5 }, {}, { lead_id: 1, extra: 1 }])
      expect(
        (await q.request("PUT", `/calls/${call.callId}/lead`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(422);
    expect((await q.request("PUT", "/calls/0x10/lead", { lead_id: target!.id })).statusCode).toBe(422);
    expect((await callRow(call.callId)).leadId).toBe(call.leadId);
  });

  it("another call centre's lead does not exist; a colleague's lead is refused", async () => {
    const call = await knownCaller();
    const [slica] = await freeLeads(2, 1);
    expect((await link(q, call.callId, slica!.id)).statusCode).toBe(404);
    const colleague = await gw.signIn("qualifier3.isius@demo.test");
    const theirs = LeadSummaryResponse.parse(
      (await colleague.request("POST", "/leads", { phone: "3125557302", type: "manual" })).json(),
    ).data;
    const res = await link(q, call.callId, theirs.id);
    expect([res.statusCode, res.json()]).toEqual([403, { message: CALL_LINK_MESSAGES.notYourLead }]);
    expect((await callRow(call.callId)).leadId).toBe(call.leadId);
  });

  it("a lead the call centre had before the call stays when the call moves on", async () => {
    const call = await knownCaller();
    const target = await otherThan(call.leadId);
    const res = await link(q, call.callId, target!.id);
    expect(CallLinkResponse.parse(res.json()).from).toEqual({ lead_id: call.leadId, removed: false });
    expect(await leadRow(call.leadId)).toMatchObject({ id: call.leadId, ownerId: null });
    await hangUpAndDispose(call.callId, target!.id);
  });

  it("only the agent's latest call moves", async () => {
    // An earlier call of the agent's, over and disposed, then the current one.
    const earlier = await inboundCall("+13125557014");
    await hangUpAndDispose(earlier.callId, earlier.leadId);
    const call = await knownCaller();
    const mine = await gw.db.select({ id: calls.id }).from(calls).where(eq(calls.agentId, agentId));
    const older = mine
      .map((c) => c.id)
      .filter((id) => id < call.callId)
      .at(-1)!;
    const target = await otherThan(call.leadId);
    const res = await link(q, older, target!.id);
    expect([res.statusCode, res.json()]).toEqual([409, { message: CALL_LINK_MESSAGES.notTheCurrentCall }]);
  });
});
