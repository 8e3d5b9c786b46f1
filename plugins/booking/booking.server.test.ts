// The booking through the whole gateway: the wizard's draft, POST /meetings (steps checked from the draft, the
// restrictions, one transaction, Idempotency-Key, already booked), the advisor's follow-up, the instant offers.
// The harness clock starts 2026-01-05 15:00Z; advisor.isius's home base is 10016 (Manhattan), among others.
import { and, eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../src/contract/common";
import { followUps, leads, startTestGateway, type TestClient, type TestGateway, users } from "../../server/sdk/testing";
import { contactDetails, insuranceCoverage, meeting } from "./contract/fixtures";
import { IOA_ACCEPTED, type MeetingInput } from "./contract/meeting";
import { ALREADY_BOOKED, BOOKED_STATUS, IOA_ANSWER_MS } from "./server";
import { bookingDrafts, ioas, meetings } from "./tables";

let gw: TestGateway;
let qualifier: TestClient;
let colleague: TestClient;
let advisor: TestClient;

beforeAll(async () => {
  gw = await startTestGateway();
  [qualifier, colleague, advisor] = await Promise.all([
    gw.signIn("qualifier.isius@demo.test"),
    gw.signIn("qualifier3.isius@demo.test"),
    gw.signIn("advisor.isius@demo.test"),
  ]);
});
afterAll(() => gw.close());

const idOf = async (email: string) => (await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** A seeded ISIUS lead nobody owns yet, given to the qualifier. */
let skip = 0;
async function ownLead(email = "qualifier.isius@demo.test") {
  const [u] = await gw.db.select().from(users).where(eq(users.email, email));
  const [row] = await gw.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.tenantId, u!.tenantId), isNull(leads.ownerId), ne(leads.status, "Do Not Call"), ne(leads.status, BOOKED_STATUS)))
    .limit(1)
    .offset(skip++);
  await gw.db.update(leads).set({ ownerId: u!.id }).where(eq(leads.id, row!.id));
  return row!.id;
}

/** What the wizard saved: a Manhattan client (10016) with life insurance, at the given step. */
function draft(patch: { dob?: string; amount?: number; withCondition?: boolean } = {}) {
  const contact = contactDetails();
  contact.address = {
    ...contact.address,
    address: "200 East 34th Street",
    city: "New York",
    postal: "10016",
    state: "ny",
    latitude: 40.7459,
    longitude: -73.978,
    timezone: "America/New_York",
  };
  if (patch.dob) contact.clients[0]!.dob = patch.dob;
  const coverage = insuranceCoverage();
  if (patch.amount !== undefined) coverage.insurance[0]!.amount = patch.amount;
  if (patch.withCondition) coverage.clients[0]!.conditions = [{ value: "diabetes_type_2", duration: null }];
  return { step: 2, contact, coverage, meeting: {} };
}

const manhattan = (patch: Partial<MeetingInput> = {}): MeetingInput => ({
  ...meeting(),
  date: "2026-01-06T15:00:00Z",
  address: { ...meeting().address, address: "200 East 34th Street", city: "New York", postal: "10016", province: "ny", latitude: 40.7459, longitude: -73.978, timezone: "America/New_York" },
  ...patch,
});

const errorsOf = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
  return ErrorBody.parse(res.json()).errors ?? {};
};

describe("the booking draft", () => {
  it("keeps what the agent typed per lead and agent, and gives it back after a reload", async () => {
    const id = await ownLead();
    expect((await qualifier.request("GET", `/leads/${id}/booking-draft`)).json()).toEqual({ data: null });
    const typed = { step: 1, contact: { lead: { email: "half@typed" } }, coverage: {}, meeting: { type: "phone" } };
    expect((await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: typed })).statusCode).toBe(204);
    const back = (await qualifier.request("GET", `/leads/${id}/booking-draft`)).json();
    expect(back.data.draft).toEqual(typed);
    // A second save replaces the first.
    await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: { ...typed, step: 2 } });
    expect((await qualifier.request("GET", `/leads/${id}/booking-draft`)).json().data.draft.step).toBe(2);
  });

  it("is refused on a colleague's lead (403), when too large or malformed (422), and is per agent", async () => {
    const id = await ownLead();
    expect((await colleague.request("PUT", `/leads/${id}/booking-draft`, { draft: draft() })).statusCode).toBe(403);
    // Past 64 KiB the gateway's body limit answers first (413); the draft's own limit is the same size.
    const huge = { ...draft(), meeting: { notes: "x".repeat(70_000) } };
    expect((await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: huge })).statusCode).toBe(413);
    expect((await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: { step: 9 } })).statusCode).toBe(422);
    expect(await gw.db.select().from(bookingDrafts).where(eq(bookingDrafts.leadId, id))).toEqual([]);
  });
});

describe("POST /meetings", () => {
  it("books from the draft: the meeting, the lead's fields and status, and the nearest advisor's follow-up, in one go", async () => {
    const id = await ownLead();
    // A day no other test books on: the meeting goes to the nearest advisor only while nobody around has fewer that day.
    const day = manhattan({ date: "2026-01-07T15:00:00Z" });
    await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: draft() });
    const res = await qualifier.request("POST", "/meetings", { lead_id: id, meeting: day }, { "idempotency-key": `book-${id}` });
    expect(res.statusCode, res.body).toBe(201);
    const { meetingCrmId } = res.json().data;
    expect(meetingCrmId).toMatch(/^MTG-\d{8}$/);

    const advisorId = await idOf("advisor.isius@demo.test");
    const [m] = await gw.db.select().from(meetings).where(eq(meetings.leadId, id));
    expect(m).toMatchObject({ crmId: meetingCrmId, type: "face-to-face", advisorId, startsAt: new Date("2026-01-07T15:00:00Z") });
    const [lead] = await gw.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({ status: BOOKED_STATUS, firstName: "Jane", lastName: "Doe", postal: "10016", city: "New York", email: "jane.doe@example.com" });
    expect(lead!.clients[0]).toMatchObject({ firstName: "Jane", occupation: "Teacher" });
    expect(await gw.db.select().from(bookingDrafts).where(eq(bookingDrafts.leadId, id))).toEqual([]);

    // The advisor sees it among their follow-ups, and may open the lead to dial it.
    expect((await advisor.request("GET", `/leads/${id}`)).statusCode).toBe(200);
    const mine = (await advisor.request("GET", "/agents/follow-ups")).json();
    expect(mine.data.filter((f: { leadId: number }) => f.leadId === id)).toEqual([
      expect.objectContaining({ kind: BOOKED_STATUS, startsAt: "2026-01-07T15:00:00.000Z" }),
    ]);

    // The same Idempotency-Key answers the first result and stores nothing more.
    const again = await qualifier.request("POST", "/meetings", { lead_id: id, meeting: day }, { "idempotency-key": `book-${id}` });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.meetingCrmId).toBe(meetingCrmId);
    expect(await gw.db.select().from(meetings).where(eq(meetings.leadId, id))).toHaveLength(1);

    // The qualifier disposes the call Appointment Setup: the advisor's meeting stays theirs.
    const disposed = await qualifier.request("POST", `/leads/${id}/dispositions`, { disposition: { disposition: BOOKED_STATUS, notes: "" }, call_id: null });
    expect(disposed.statusCode, disposed.body).toBe(201);
    const pending = await gw.db.select().from(followUps).where(and(eq(followUps.leadId, id), eq(followUps.state, "pending")));
    expect(pending.map((f) => f.agentId)).toEqual([advisorId]);

    // Another booking of the same lead is refused with its current status.
    await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: draft() });
    const twice = await qualifier.request("POST", "/meetings", { lead_id: id, meeting: day });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`${ALREADY_BOOKED} ${BOOKED_STATUS}`);
  });

  it("refuses a booking whose steps are incomplete, naming each field with the form's key, and stores nothing", async () => {
    const id = await ownLead();
    const none = errorsOf(await qualifier.request("POST", "/meetings", { lead_id: id, meeting: manhattan() }));
    expect(Object.keys(none)).toEqual(expect.arrayContaining(["contact", "coverage"]));
    const d = draft();
    d.contact.address.valid = false;
    d.coverage.clients[0]!.occupation = "";
    await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: d });
    const errors = errorsOf(await qualifier.request("POST", "/meetings", { lead_id: id, meeting: manhattan() }));
    expect(errors["contact.address.valid"]).toEqual(["validation.address_not_validated"]);
    expect(errors["coverage.clients.0.occupation"]).toEqual(["validation.required"]);
    expect(await gw.db.select().from(meetings).where(eq(meetings.leadId, id))).toEqual([]);
    const [lead] = await gw.db.select({ status: leads.status }).from(leads).where(eq(leads.id, id));
    expect(lead!.status).not.toBe(BOOKED_STATUS);
  });

  it("refuses a face-to-face meeting for a client past 78 years 11 months, and books it by phone", async () => {
    const id = await ownLead();
    await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: draft({ dob: "1947-01-01" }) });
    const refused = errorsOf(await qualifier.request("POST", "/meetings", { lead_id: id, meeting: manhattan() }));
    expect(refused["meeting.type"]).toEqual(["restrictions.type_not_allowed"]);
    expect(await gw.db.select().from(meetings).where(eq(meetings.leadId, id))).toEqual([]);
    const byPhone = manhattan({ type: "phone", refusalReasons: [1] });
    const res = await qualifier.request("POST", "/meetings", { lead_id: id, meeting: byPhone });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("refuses health issues with more than $100,000 face to face", async () => {
    const id = await ownLead();
    await qualifier.request("PUT", `/leads/${id}/booking-draft`, {
      draft: draft({ amount: 150_000, withCondition: true }),
    });
    const errors = errorsOf(await qualifier.request("POST", "/meetings", { lead_id: id, meeting: manhattan() }));
    expect(errors["meeting.type"]).toEqual(["restrictions.type_not_allowed"]);
  });

  it("without advisors in the area a face-to-face meeting must be force-booked, with a reason", async () => {
    const id = await ownLead();
    const d = draft();
    // Rural Montana: no advisor of ISIUS within 25 km.
    d.contact.address = { ...d.contact.address, address: "1 Main St", city: "Jordan", postal: "59337", state: "mt", latitude: 47.32, longitude: -106.91, timezone: "America/Denver" };
    await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: d });
    const rural = { ...manhattan().address, address: "1 Main St", city: "Jordan", postal: "59337", province: "mt", latitude: 47.32, longitude: -106.91, timezone: "America/Denver" };
    const errors = errorsOf(await qualifier.request("POST", "/meetings", { lead_id: id, meeting: manhattan({ address: rural }) }));
    expect(errors["meeting.force"]).toEqual(["restrictions.force_required"]);
    const forced = await qualifier.request("POST", "/meetings", { lead_id: id, meeting: manhattan({ address: rural, force: true, reasons: [1] }) });
    expect(forced.statusCode, forced.body).toBe(201);
  });

  it("refuses another agent's lead (403), an unknown one (404) and a malformed body (422)", async () => {
    const id = await ownLead("qualifier3.isius@demo.test");
    expect((await qualifier.request("POST", "/meetings", { lead_id: id, meeting: manhattan() })).statusCode).toBe(403);
    expect((await qualifier.request("POST", "/meetings", { lead_id: 99_999_999, meeting: manhattan() })).statusCode).toBe(404);
    expect((await qualifier.request("POST", "/meetings", { lead_id: id })).statusCode).toBe(422);
    expect((await qualifier.request("POST", "/meetings", { lead_id: "x", meeting: {} })).statusCode).toBe(422);
  });
});

describe("instant appointment offers", () => {
  it("searches, answers after a while by the advisors in the area, stops, and is the searching agent's only", async () => {
    const start = gw.clock.now();
    const created = await qualifier.request("POST", "/ioas", { address: "200 East 34th Street, New York", firstName: "Pat", lastName: "Doe", mga: null, postal: "10016" });
    expect(created.statusCode, created.body).toBe(201);
    const { ioaId } = created.json().data;
    expect((await qualifier.request("GET", `/ioas/${ioaId}`)).json().data).toMatchObject({ result: -1, running: true, display: true });
    gw.clock.set(start + IOA_ANSWER_MS);
    expect((await qualifier.request("GET", `/ioas/${ioaId}`)).json().data).toMatchObject({ result: 2, running: false });
    expect((await colleague.request("GET", `/ioas/${ioaId}`)).statusCode).toBe(404);
    expect((await qualifier.request("DELETE", `/ioas/${ioaId}`)).statusCode).toBe(204);
    expect((await qualifier.request("GET", `/ioas/${ioaId}`)).json().data.display).toBe(false);

    const nowhere = await qualifier.request("POST", "/ioas", { address: "1 Main St, Jordan", firstName: "Pat", lastName: "Doe", postal: "59337" });
    gw.clock.set(gw.clock.now() + IOA_ANSWER_MS);
    expect((await qualifier.request("GET", `/ioas/${nowhere.json().data.ioaId}`)).json().data.result).toBe(0);
    expect((await qualifier.request("POST", "/ioas", { address: "", firstName: "Pat", lastName: "Doe" })).statusCode).toBe(422);
    expect(await gw.db.select().from(ioas).where(eq(ioas.address, ""))).toEqual([]);
  });
});

describe("POST /ioas/{id}/assign", () => {
  it("gives the meeting the client accepted to the offer, only for a meeting the agent booked", async () => {
    const id = await ownLead();
    const start = gw.clock.now();
    const created = await qualifier.request("POST", "/ioas", { address: "200 East 34th Street, New York", firstName: "Jane", lastName: "Doe", postal: "10016" });
    const { ioaId } = created.json().data;
    gw.clock.set(start + IOA_ANSWER_MS);
    expect((await qualifier.request("GET", `/ioas/${ioaId}`)).json().data.result).toBe(2);

    await qualifier.request("PUT", `/leads/${id}/booking-draft`, { draft: draft() });
    const booked = await qualifier.request("POST", "/meetings", { lead_id: id, meeting: manhattan({ ioa: IOA_ACCEPTED }) });
    expect(booked.statusCode, booked.body).toBe(201);
    const { meetingCrmId } = booked.json().data;
    const body = { leadCrmId: null, marketingId: "WEB000031", meetingCrmId };

    // Not another agent's offer, and not a meeting the agent did not book.
    expect((await colleague.request("POST", `/ioas/${ioaId}/assign`, body)).statusCode).toBe(404);
    const wrong = await qualifier.request("POST", `/ioas/${ioaId}/assign`, { ...body, meetingCrmId: "MTG-99999999" });
    expect(errorsOf(wrong).meetingCrmId).toBeDefined();
    expect((await qualifier.request("POST", `/ioas/${ioaId}/assign`, { ...body, extra: 1 })).statusCode).toBe(422);
    const [before] = await gw.db.select().from(ioas).where(eq(ioas.id, Number(ioaId)));
    expect(before!.assignedMeetingCrmId).toBeNull();

    expect((await qualifier.request("POST", `/ioas/${ioaId}/assign`, body)).statusCode).toBe(204);
    const [after] = await gw.db.select().from(ioas).where(eq(ioas.id, Number(ioaId)));
    expect(after).toMatchObject({ assignedMeetingCrmId: meetingCrmId, marketingId: "WEB000031" });
  });
});

describe("GET /leads/{id}/mgas", () => {
  it("answers the lead's MGA, behind the lead's access", async () => {
    const id = await ownLead();
    expect((await qualifier.request("GET", `/leads/${id}/mgas`)).json()).toEqual({ data: { mga: null } });
    await gw.db.update(leads).set({ mga: "North MGA" }).where(eq(leads.id, id));
    expect((await qualifier.request("GET", `/leads/${id}/mgas?province=ny`)).json()).toEqual({ data: { mga: "North MGA" } });
    expect((await colleague.request("GET", `/leads/${id}/mgas`)).statusCode).toBe(403);
  });
});

