// The lead record through the whole gateway: GET /leads/{id} in snake case, PUT /leads/{id} (partial fields,
// validation, override_status), PUT /leads/{id}/statuses and DELETE /leads/{id} (only an untouched lead the
// agent made by a manual dial), each behind the object-level lead access.
import { and, eq, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../../src/contract/common";
import { LEAD_RECORD_MESSAGES, LeadResponse, type WireLead } from "../../../src/contract/lead";
import { calls, leads, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let qualifier: TestClient;
let colleague: TestClient;
let manager: TestClient;
let slica: TestClient;

beforeAll(async () => {
  gw = await startTestGateway();
  [qualifier, colleague, manager, slica] = await Promise.all([
    gw.signIn("qualifier.isius@demo.test"),
    gw.signIn("qualifier3.isius@demo.test"),
    gw.signIn("manager.isius@demo.test"),
    gw.signIn("qualifier.slica@demo.test"),
  ]);
});
afterAll(() => gw.close());

const idOf = async (email: string) =>
  (await gw.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** A seeded lead of the account's tenant, given to the account; `skip` picks another one each time. */
let skip = 0;
async function ownLead(email: string, extra: { clients?: boolean } = {}) {
  const [u] = await gw.db.select().from(users).where(eq(users.email, email));
  const rows = await gw.db
    .select({ id: leads.id, clients: leads.clients })
    .from(leads)
    .where(and(eq(leads.tenantId, u!.tenantId), isNull(leads.ownerId), ne(leads.status, "Do Not Call")))
    .limit(1)
    .offset(skip++);
  const row = rows[0]!;
  if (extra.clients) expect(row.clients.length).toBeGreaterThan(0);
  await gw.db.update(leads).set({ ownerId: u!.id }).where(eq(leads.id, row.id));
  return row.id;
}

const read = async (c: TestClient, id: number): Promise<WireLead> => {
  const res = await c.request("GET", `/leads/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return LeadResponse.parse(res.json()).data;
};

const errorsOf = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(422);
  const body = ErrorBody.parse(res.json());
  expect(body.message).toBe("The given data was invalid.");
  return body.errors ?? {};
};

describe("GET /leads/{id}", () => {
  it("answers the whole lead in snake case: address, clients, insurance, phone_other as a JSON string", async () => {
    const id = await ownLead("qualifier.isius@demo.test", { clients: true });
    const lead = await read(qualifier, id);
    const [row] = await gw.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({
      id,
      marketing_id: row!.marketingId,
      first_name: row!.firstName,
      phone: row!.phone,
      status: row!.status,
      new: row!.isNew,
      created: false,
      address: { street: row!.street, zip: row!.postal, state: row!.state, province: null, type: 1 },
    });
    expect(JSON.parse(lead.phone_other!)).toEqual(row!.phoneOther);
    expect(Object.keys(lead.clients[0]!)).toContain("first_name");
    expect(lead.clients[0]!.height_units).toBe(1);
    expect(typeof lead.clients[0]!.height).toBe("string");
    expect(Array.isArray(lead.insurance.type)).toBe(true);
    expect(lead.campaign).toEqual(expect.any(String));
  });

  it("answers what the CRM knows of the lead: CRE notes, keywords, source, MGA and a redistributed follow-up", async () => {
    const id = await ownLead("qualifier.isius@demo.test");
    const blank = await read(qualifier, id);
    expect(blank).toMatchObject({ keywords: null, website: null, mga: null, is_redistributed_followup: false });
    const notes = "2026-01-04 | 10:15:02 - Wants a visit after 5 pm<br>2026-01-05 | 09:00:00 - Spouse joins";
    await gw.db
      .update(leads)
      .set({ creNotes: notes, keywords: "final expense", website: "quotes.example", mga: "North MGA", isRedistributedFollowup: true })
      .where(eq(leads.id, id));
    expect(await read(qualifier, id)).toMatchObject({
      cre_notes: notes,
      keywords: "final expense",
      website: "quotes.example",
      mga: "North MGA",
      is_redistributed_followup: true,
    });
  });

  it("gives a Canadian lead its province", async () => {
    const id = await ownLead("qualifier.slica@demo.test");
    const lead = await read(slica, id);
    expect(lead.address.province).toBe(lead.address.state);
  });

  it("refuses a colleague's lead to an agent (403), shows it to a manager, and hides another tenant's (404)", async () => {
    const id = await ownLead("qualifier3.isius@demo.test");
    expect((await qualifier.request("GET", `/leads/${id}`)).statusCode).toBe(403);
    expect((await colleague.request("GET", `/leads/${id}`)).statusCode).toBe(200);
    expect((await manager.request("GET", `/leads/${id}`)).statusCode).toBe(200);
    const foreign = await ownLead("qualifier.slica@demo.test");
    expect((await manager.request("GET", `/leads/${foreign}`)).statusCode).toBe(404);
    expect((await qualifier.request("GET", "/leads/abc")).statusCode).toBe(422);
  });
});

describe("PUT /leads/{id}", () => {
  it("stores every field it is given and answers 204", async () => {
    const id = await ownLead("qualifier.isius@demo.test", { clients: true });
    const before = await read(qualifier, id);
    const res = await qualifier.request("PUT", `/leads/${id}`, {
      first_name: "Pat",
      last_name: "Doe",
      email: "pat.doe@example.com",
      language: "es",
      phone_other: JSON.stringify(["5555550142"]),
      notes: "Call after 5\u0007 pm",
      address: { street: "12 Elm St", zip: "10001", state: "NY", timezone: "America/New_York", buzzer: "4", type: 2, valid: false },
      clients: [{ dob: "1960-02-29", occupation: "Teacher" }],
      insurance: { amount: 250000, type: ["life", "other"], type_other: "Funeral" },
      is_annuity: true,
      reasons: ["critical", "final"],
      reason_other: "Wants to cover a mortgage",
    });
    expect(res.statusCode, res.body).toBe(204);
    const after = await read(qualifier, id);
    expect(after).toMatchObject({
      first_name: "Pat",
      last_name: "Doe",
      email: "pat.doe@example.com",
      language: "es",
      notes: "Call after 5 pm",
      status: before.status,
      address: { street: "12 Elm St", zip: "10001", state: "ny", timezone: "America/New_York", buzzer: "4", type: 2, valid: false },
      insurance: { ...before.insurance, amount: 250000, type: ["life", "other"], type_other: "Funeral" },
      is_annuity: true,
      reasons: ["critical", "final"],
      reason_other: "Wants to cover a mortgage",
    });
    expect(JSON.parse(after.phone_other!)).toEqual(["5555550142"]);
    // The client merges into the stored one: untouched fields stay.
    expect(after.clients).toEqual([{ ...before.clients[0], dob: "1960-02-29", occupation: "Teacher" }]);
  });

  it("keeps the notes' accents, punctuation and emoji; drops only control and bidirectional-override characters", async () => {
    const id = await ownLead("qualifier.isius@demo.test");
    expect((await qualifier.request("PUT", `/leads/${id}`, { notes: "Zoë – café 😀" })).statusCode).toBe(204);
    expect((await read(qualifier, id)).notes).toBe("Zoë – café 😀");
    expect((await qualifier.request("PUT", `/leads/${id}`, { notes: "a\u202Eb\u0007c" })).statusCode).toBe(204);
    expect((await read(qualifier, id)).notes).toBe("abc");
    const multiLine = "Señora Núñez’s visit:\n« mardi » at 17 h\t✓\r\n\u2067ok\u2069";
    expect((await qualifier.request("PUT", `/leads/${id}`, { notes: multiLine })).statusCode).toBe(204);
    expect((await read(qualifier, id)).notes).toBe("Señora Núñez’s visit:\n« mardi » at 17 h✓\nok");
  });

  it("with override_status: true the lead becomes In Process", async () => {
    const id = await ownLead("qualifier.isius@demo.test");
    expect((await qualifier.request("PUT", `/leads/${id}`, { override_status: true })).statusCode).toBe(204);
    expect((await read(qualifier, id)).status).toBe("In Process");
  });

  it("writes a Canadian postal code as 'AAA AAA' and refuses a zip on a Canadian lead", async () => {
    const id = await ownLead("qualifier.slica@demo.test");
    expect(
      (await slica.request("PUT", `/leads/${id}`, { address: { zip: "k1a0b1", province: "ON" } })).statusCode,
    ).toBe(204);
    expect((await read(slica, id)).address).toMatchObject({ zip: "K1A 0B1", state: "on", province: "on" });
    const bad = await slica.request("PUT", `/leads/${id}`, { address: { zip: "10001" } });
    expect(errorsOf(bad)).toEqual({ "address.zip": [LEAD_RECORD_MESSAGES.postalInvalid] });
  });

  it("answers 422 {message, errors} for bad fields and writes nothing", async () => {
    const id = await ownLead("qualifier.isius@demo.test");
    const before = await gw.db.select().from(leads).where(eq(leads.id, id));
    const cases: [unknown, string][] = [
      [{ email: "not-an-email" }, "email"],
      [{ clients: [{ dob: "1990-02-30" }] }, "clients.0.dob"],
      [{ clients: [{ dob: "2026-01-05" }] }, "clients.0.dob"],
      [{ address: { zip: "123" } }, "address.zip"],
      [{ address: { zip: "K1A 0B1" } }, "address.zip"],
      [{ address: { state: "on" } }, "address.state"],
      [{ phone_other: "not json" }, "phone_other"],
      [{ first_name: "x".repeat(192) }, "first_name"],
      [{ language: "de" }, "language"],
      [{ override_status: "yes" }, "override_status"],
    ];
    for (const [body, field] of cases) {
      const errors = errorsOf(await qualifier.request("PUT", `/leads/${id}`, body));
      expect(Object.keys(errors), JSON.stringify(body)).toContain(field);
    }
    const unknown = await qualifier.request("PUT", `/leads/${id}`, { phone: "5555550100" });
    expect(unknown.statusCode).toBe(422);
    expect(await gw.db.select().from(leads).where(eq(leads.id, id))).toEqual(before);
  });

  it("yesterday is the latest date of birth", async () => {
    const id = await ownLead("qualifier.isius@demo.test");
    // The test clock stands on 2026-01-05.
    expect(
      (await qualifier.request("PUT", `/leads/${id}`, { clients: [{ dob: "2026-01-04" }] })).statusCode,
    ).toBe(204);
  });

  it("is refused on a colleague's lead", async () => {
    const id = await ownLead("qualifier3.isius@demo.test");
    expect((await qualifier.request("PUT", `/leads/${id}`, { first_name: "X" })).statusCode).toBe(403);
    expect((await manager.request("PUT", `/leads/${id}`, { first_name: "Y" })).statusCode).toBe(204);
  });
});

describe("PUT /leads/{id}/statuses", () => {
  it("sets a known status (204) and refuses an unknown one (422)", async () => {
    const id = await ownLead("qualifier.isius@demo.test");
    expect((await qualifier.request("PUT", `/leads/${id}/statuses`, { status: "Callback" })).statusCode).toBe(
      204,
    );
    expect((await read(qualifier, id)).status).toBe("Callback");
    expect(
      (await qualifier.request("PUT", `/leads/${id}/statuses`, { status: "Not Interested" })).statusCode,
    ).toBe(204);
    expect(
      Object.keys(errorsOf(await qualifier.request("PUT", `/leads/${id}/statuses`, { status: "Bogus" }))),
    ).toEqual(["status"]);
    expect((await read(qualifier, id)).status).toBe("Not Interested");
  });
});

describe("DELETE /leads/{id}", () => {
  const made = async (c: TestClient, phone: string) => {
    const res = await c.request("POST", "/leads", { phone, type: "manual" });
    expect(res.statusCode).toBe(201);
    return (res.json() as { data: { id: number } }).data.id;
  };

  it("places a lead made by a dial at its area code: state, country and, for a one-zone area code, its time zone", async () => {
    const nyc = await read(qualifier, await made(qualifier, "2125550142"));
    expect(nyc).toMatchObject({ country: "US", address: { state: "ny", timezone: "America/New_York" } });
    const toronto = await read(slica, await made(slica, "4165550142"));
    expect(toronto).toMatchObject({ country: "CA", address: { state: "on", province: "on", timezone: "America/Toronto" } });
    // 555 is no area code: nothing is guessed.
    const nowhere = await read(qualifier, await made(qualifier, "5555550143"));
    expect(nowhere.address).toMatchObject({ state: null, timezone: null });
  });

  it("deletes an untouched lead the agent made by a manual dial", async () => {
    const id = await made(qualifier, "5555550911");
    expect((await read(qualifier, id)).created).toBe(true);
    expect((await qualifier.request("DELETE", `/leads/${id}`)).statusCode).toBe(204);
    expect((await qualifier.request("GET", `/leads/${id}`)).statusCode).toBe(404);
  });

  it("answers 409 for an imported lead, a lead with a call or a disposition, and another agent's lead", async () => {
    const imported = await ownLead("qualifier.isius@demo.test");
    const res = await qualifier.request("DELETE", `/leads/${imported}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: LEAD_RECORD_MESSAGES.notCreated });

    const called = await made(qualifier, "5555550912");
    await gw.db.insert(calls).values({
      tenantId: 1,
      leadId: called,
      agentId: await idOf("qualifier.isius@demo.test"),
      type: "manual",
      direction: 0,
      phone: "+15555550912",
      status: "ended",
      startedAt: new Date(gw.clock.now()),
    });
    const withCall = await qualifier.request("DELETE", `/leads/${called}`);
    expect(withCall.statusCode).toBe(409);
    expect(withCall.json()).toEqual({ message: LEAD_RECORD_MESSAGES.hasHistory });

    const disposed = await made(qualifier, "5555550913");
    const d = await qualifier.request("POST", `/leads/${disposed}/dispositions`, {
      disposition: { disposition: "Voicemail", notes: "" },
    });
    expect(d.statusCode).toBe(201);
    expect((await qualifier.request("DELETE", `/leads/${disposed}`)).statusCode).toBe(409);

    // A manager may reach the agent's lead, but only the agent who made it may take it back.
    const others = await made(qualifier, "5555550914");
    expect((await manager.request("DELETE", `/leads/${others}`)).statusCode).toBe(409);
    expect((await colleague.request("DELETE", `/leads/${others}`)).statusCode).toBe(403);
    expect((await qualifier.request("GET", `/leads/${others}`)).statusCode).toBe(200);
  });
});
