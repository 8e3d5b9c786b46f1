// A list's counts (issue 36, part 3) recomputed from its leads' own rows for random books: statuses, dial counts,
// owners, zones, Do Not Call entries in force or expired, holds, claims and dispositions with and without a
// contact. The counts are one SQL statement of joins (lists.server.ts); this holds it to the definitions.
import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dispositions,
  dncNumbers,
  inProcessLeads,
  leadCampaigns,
  leadHolds,
  leads,
  startTestGateway,
  tenants,
  users,
  type TestGateway,
} from "../../server/sdk/testing";
import { DISPOSITIONS, FINAL_STATUSES, NO_CONTACT_DISPOSITIONS, SALE_DISPOSITIONS, TRANSFER_DISPOSITIONS } from "../../src/contract/dispositions";
import { listsOf } from "./lists.server";
import { leadListMembers, leadLists } from "./tables";

const AT = new Date("2026-03-10T15:00:00Z");
const HOUR = 3_600_000;
let gw: TestGateway;
let tenantId: number;
let campaignId: number;
let agentId: number;

beforeAll(async () => {
  gw = await startTestGateway();
  tenantId = (await gw.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, "ISIUS")))[0]!.id;
  campaignId = (await gw.db.select({ id: leadCampaigns.id }).from(leadCampaigns).where(eq(leadCampaigns.tenantId, tenantId)))[0]!.id;
  agentId = (await gw.db.select({ id: users.id }).from(users).where(eq(users.email, "qualifier.isius@demo.test")))[0]!.id;
});
afterAll(() => gw.close());

const aLead = fc.record({
  list: fc.integer({ min: 0, max: 1 }),
  status: fc.constantFrom("New", "Do Not Call", ...DISPOSITIONS),
  dials: fc.integer({ min: 0, max: 2 }),
  owned: fc.boolean(),
  zoned: fc.boolean(),
  /** none, in force, expired, not yet added */
  dnc: fc.constantFrom("none", "none", "in-force", "expired", "later"),
  held: fc.boolean(),
  claimed: fc.boolean(),
  given: fc.array(fc.constantFrom(...DISPOSITIONS), { maxLength: 2 }),
});
type ALead = typeof aLead extends fc.Arbitrary<infer T> ? T : never;

function expected(book: ALead[], list: number) {
  const final = new Set<string>(FINAL_STATUSES.filter((s) => s !== "Do Not Call"));
  const booked = new Set<string>([...TRANSFER_DISPOSITIONS, ...SALE_DISPOSITIONS]);
  const noContact = new Set<string>(NO_CONTACT_DISPOSITIONS);
  const mine = book.filter((l) => l.list === list);
  const listed = (l: ALead) => l.dnc === "in-force";
  return {
    total: mine.length,
    dialable: mine.filter((l) => !final.has(l.status) && l.status !== "Do Not Call" && !listed(l) && !l.held && !l.claimed && !l.owned && l.zoned).length,
    dialled: mine.filter((l) => l.dials > 0).length,
    contacted: mine.filter((l) => l.given.some((d) => !noContact.has(d))).length,
    booked: mine.filter((l) => booked.has(l.status)).length,
    exhausted: mine.filter((l) => final.has(l.status) && !booked.has(l.status)).length,
    dnc: mine.filter((l) => l.status === "Do Not Call" || listed(l)).length,
  };
}

describe("a lead list's counts", () => {
  it("are its leads' own, whatever their statuses, numbers, holds, claims and dispositions (property)", async () => {
    const db = gw.db;
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(aLead, { maxLength: 14 }), async (book) => {
        const ids = await db
          .insert(leadLists)
          .values([0, 1].map((n) => ({ tenantId, name: `Counted ${++serial}-${n}`, kind: "import", createdAt: AT })))
          .returning({ id: leadLists.id })
          .then((r) => r.map((x) => x.id));
        const leadIds: number[] = [];
        try {
          for (const l of book) {
            const phone = `31255${String(++serial).padStart(5, "0")}`;
            const [row] = await db
              .insert(leads)
              .values({
                tenantId,
                marketingId: `CNT${String(serial).padStart(7, "0")}`,
                campaignId,
                prefix: "CNT",
                firstName: "Counted",
                lastName: String(serial),
                phone,
                status: l.status,
                dials: l.dials,
                ownerId: l.owned ? agentId : null,
                country: "US",
                state: "il",
                timezone: l.zoned ? "America/Chicago" : "",
              })
              .returning({ id: leads.id });
            const leadId = row!.id;
            leadIds.push(leadId);
            await db.insert(leadListMembers).values({ leadId, listId: ids[l.list]! });
            if (l.dnc !== "none") {
              const addedAt = new Date(AT.getTime() + (l.dnc === "later" ? HOUR : -48 * HOUR));
              const expiresAt = new Date(AT.getTime() + (l.dnc === "expired" ? -HOUR : 48 * HOUR));
              await db.insert(dncNumbers).values({ tenantId, listId: 0, phone, addedAt, expiresAt, source: "manual" });
            }
            if (l.held) await db.insert(leadHolds).values({ leadId, holder: "test:1", label: "Held" });
            if (l.claimed) await db.insert(inProcessLeads).values({ leadId, tenantId, agentId, since: AT, via: "auto" });
            for (const d of l.given) await db.insert(dispositions).values({ tenantId, leadId, agentId, disposition: d, createdAt: AT });
          }
          const counted = await listsOf(db, tenantId, AT);
          for (const [n, id] of ids.entries()) expect(counted.find((x) => x.id === id)?.counts, `list ${n}`).toEqual(expected(book, n));
          // One list asked alone answers the same.
          expect((await listsOf(db, tenantId, AT, ids[1]))[0]?.counts).toEqual(expected(book, 1));
        } finally {
          if (leadIds.length) {
            await db.delete(dispositions).where(inArray(dispositions.leadId, leadIds));
            await db.delete(dncNumbers).where(inArray(dncNumbers.phone, (await db.select({ p: leads.phone }).from(leads).where(inArray(leads.id, leadIds))).map((r) => r.p)));
            await db.delete(leads).where(inArray(leads.id, leadIds));
          }
          await db.delete(leadLists).where(inArray(leadLists.id, ids));
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
