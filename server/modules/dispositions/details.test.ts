// A disposition's details: Sold with its sale (coverage, premium, policy number, plan type), and a disposition
// given as an exception, sent to a manager of the call centre by e-mail to approve.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXCEPTION_MESSAGES, SOLD_MESSAGES } from "../../../src/contract/dispositions";
import { rowsOf } from "../../db/client";
import { calls, devMailbox, dispositions, leads, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let advisor: TestClient;
let advisorId: number;
beforeAll(async () => {
  gw = await startTestGateway({ config: { devMailbox: true } });
  advisor = await gw.signIn("advisor.isius@demo.test");
  advisorId = (await gw.db.select({ id: users.id }).from(users).where(eq(users.email, "advisor.isius@demo.test")))[0]!.id;
});
afterAll(() => gw.close());

/** A lead of the demo book handed to the advisor. */
async function advisorsLead() {
  const [lead] = await gw.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.tenantId, 1), isNull(leads.ownerId)))
    .orderBy(desc(leads.id))
    .limit(1);
  await gw.db.update(leads).set({ ownerId: advisorId }).where(eq(leads.id, lead!.id));
  return lead!.id;
}
const dispose = (leadId: number, disposition: Record<string, unknown>) =>
  advisor.request("POST", `/leads/${leadId}/dispositions`, { disposition: { notes: "", ...disposition } });
const SALE = { coverage_amount: 250000, premium_amount: 84.5, policy_number: "GTL-2026/0042", plan_type: "gtl" };

describe("Sold", () => {
  it("keeps the sale's details with the disposition", async () => {
    const leadId = await advisorsLead();
    const res = await dispose(leadId, { disposition: "Sold", sold: SALE });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { disposition: "Sold", sold: SALE, exception: null } });
    const [row] = await gw.db.select().from(dispositions).where(eq(dispositions.leadId, leadId));
    expect(row!.sold).toEqual(SALE);
    // No exception is SQL NULL, not a JSON null (which `exception is not null` would count as one); a
    // disposition without a time keeps none.
    const [kept] = rowsOf<{ exception: boolean; time: boolean }>(
      await gw.db.execute(
        sql`select exception is null as exception, date_time is null as time from dispositions where id = ${row!.id}`,
      ),
    );
    expect(kept).toEqual({ exception: true, time: true });
  });

  it("refuses Sold without its details, details without Sold, and details out of bounds", async () => {
    const leadId = await advisorsLead();
    const cases: [Record<string, unknown>, string][] = [
      [{ disposition: "Sold" }, SOLD_MESSAGES.required],
      [{ disposition: "Not Interested", reason: "Too expensive", sold: SALE }, SOLD_MESSAGES.onlyWithSold],
      [{ disposition: "Sold", sold: { ...SALE, plan_type: "platinum" } }, ""],
      [{ disposition: "Sold", sold: { ...SALE, coverage_amount: 0 } }, ""],
      [{ disposition: "Sold", sold: { ...SALE, premium_amount: -3 } }, ""],
      [{ disposition: "Sold", sold: { ...SALE, policy_number: "=HYPERLINK()" } }, SOLD_MESSAGES.policyNumber],
      [{ disposition: "Sold", sold: { ...SALE, policy_number: "x".repeat(51) } }, ""],
    ];
    for (const [d, message] of cases) {
      const res = await dispose(leadId, d);
      expect(res.statusCode, JSON.stringify(d)).toBe(422);
      if (message) expect(JSON.stringify(res.json()), JSON.stringify(d)).toContain(message);
    }
    expect(await gw.db.select().from(dispositions).where(eq(dispositions.leadId, leadId))).toEqual([]);
  });
});

describe("a disposition given as an exception", () => {
  it("is stored with its reason and e-mailed to the manager named, who is asked to approve it", async () => {
    const leadId = await advisorsLead();
    const exception = { manager_email: "Manager.Isius@demo.test", reason: "Client asked twice to stop; manager agreed by phone" };
    const res = await dispose(leadId, { disposition: "Voicemail", exception });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { exception: { manager_email: "manager.isius@demo.test", reason: exception.reason } } });
    const [mail] = await gw.db.select().from(devMailbox).where(eq(devMailbox.to, "manager.isius@demo.test")).orderBy(desc(devMailbox.id)).limit(1);
    expect(mail!.subject).toBe("Disposition exception to approve: Voicemail");
    expect(mail!.body).toContain(`Maria Lopez disposed lead #${leadId} as Voicemail`);
    expect(mail!.body).toContain(exception.reason);
  });

  it("refuses an address that is no manager of the agent's call centre, and a blank reason, storing nothing", async () => {
    const leadId = await advisorsLead();
    const before = (await gw.db.select().from(devMailbox)).length;
    for (const email of ["qualifier.isius@demo.test", "nobody@demo.test"]) {
      const res = await dispose(leadId, { disposition: "Voicemail", exception: { manager_email: email, reason: "why" } });
      expect(res.statusCode, email).toBe(422);
      expect(res.json()).toMatchObject({ errors: { "disposition.exception.manager_email": [EXCEPTION_MESSAGES.notAManager] } });
    }
    const blank = await dispose(leadId, { disposition: "Voicemail", exception: { manager_email: "manager.isius@demo.test", reason: "  " } });
    expect(blank.statusCode).toBe(422);
    expect(await gw.db.select().from(dispositions).where(eq(dispositions.leadId, leadId))).toEqual([]);
    expect((await gw.db.select().from(devMailbox)).length).toBe(before);
  });
});

describe("the call a disposition names", () => {
  it("must be the agent's own call on this lead: another's call, or one on another lead, is refused on call_id", async () => {
    const leadId = await advisorsLead();
    const otherLead = await advisorsLead();
    const [someoneElse] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, "qualifier.isius@demo.test"));
    const callOf = async (agentId: number, lead: number) =>
      (
        await gw.db
          .insert(calls)
          .values({ tenantId: 1, leadId: lead, agentId, type: "manual", direction: 0, phone: "+12125550147", status: "ended", startedAt: new Date() })
          .returning({ id: calls.id })
      )[0]!.id;
    const withCall = (callId: number) =>
      advisor.request("POST", `/leads/${leadId}/dispositions`, {
        disposition: { disposition: "Voicemail", notes: "" },
        call_id: callId,
      });
    for (const callId of [await callOf(someoneElse!.id, leadId), await callOf(advisorId, otherLead)]) {
      const res = await withCall(callId);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ errors: { call_id: ["The call is not one of yours on this lead."] } });
    }
    expect(await gw.db.select().from(dispositions).where(eq(dispositions.leadId, leadId))).toEqual([]);
    const mine = await withCall(await callOf(advisorId, leadId));
    expect(mine.statusCode, mine.body).toBe(201);
  });
});
