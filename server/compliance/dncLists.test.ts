// The Do Not Call lists (issue 36): a number on any list — the internal one or an imported one, in force — is
// refused by the compliance gate and skipped by the dialer, with the list named; a removal is audited and a
// consumer's own request stays unless a manager takes it off; an expired list no longer counts.
import fc from "fast-check";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as t from "../db/schema";
import { DialerEngine } from "../dialer/engine";
import { dialerFixture, type DialerFixture } from "../dialer/testing";
import { startTestGateway, type TestGateway } from "../test/harness";
import { addNumbers, createList, deleteList, dncInForce, findNumber, inForce, INTERNAL_DNC_LIST, listsOf, removeNumber } from "./dncLists";
import { checkDial } from "./gate";

/** Monday 5 January 2026, 10:00 in New York: inside every window. */
const NOW = Date.parse("2026-01-05T15:00:00Z");
const at = new Date(NOW);
const DAY = 86_400_000;

let gw: TestGateway;
let fx: DialerFixture;
let engine: DialerEngine;

beforeAll(async () => {
  gw = await startTestGateway();
  fx = await dialerFixture(gw);
  engine = new DialerEngine(gw.gw);
});
afterAll(() => gw.close());
beforeEach(() => fx.reset());

const registry = (name: string, expiresAt: Date | null = null) =>
  createList(gw.db, fx.tenantId, { name, kind: "registry", source: "National DNC Registry", expiresAt, createdBy: null, at });
const dial = (phone: string, when = NOW, leadId?: number) => checkDial(gw.db, { tenantId: fx.tenantId, phone, at: when, leadId });
const firstFailure = async (leadId: number, when = NOW) =>
  (await engine.explainAt(fx.tenantId, leadId, null, when)).rules.find((r) => !r.ok);

describe("Do Not Call lists", () => {
  it("refuses a number on an imported list, naming the list, and the dialer skips its lead at once", async () => {
    const leadId = await fx.lead({ phone: "2125550142" });
    expect((await dial("2125550142")).callable).toBe(true);
    const list = await registry("Registry extract NY");
    expect(await addNumbers(gw.db, fx.tenantId, list, [{ phone: "(212) 555-0142" }, { phone: "212 555 0199" }], { source: "import", agentId: null, at })).toEqual({ added: 2, renewed: 0 });
    const v = await dial("+1 212 555 0142", NOW + 1000);
    expect(v).toMatchObject({ callable: false, reason: "dnc_listed_on", values: { list: "Registry extract NY", since: "2026-01-05" } });
    expect(v.text).toBe("+12125550142 is on the Do Not Call list “Registry extract NY” since 2026-01-05.");
    expect(await firstFailure(leadId, NOW + 1000)).toMatchObject({ rule: "dnc", key: "dnc_listed_on", values: { list: "Registry extract NY" } });
    expect((await listsOf(gw.db, fx.tenantId, at)).map((l) => [l.kind, l.numbers])).toEqual([["internal", 0], ["registry", 2]]);
  });

  it("names the list the number was on first, and says 'the call centre's list' for the internal one", async () => {
    await addNumbers(gw.db, fx.tenantId, INTERNAL_DNC_LIST, [{ phone: "2125550142", reason: "asked by e-mail" }], { source: "consumer", agentId: null, at });
    const list = await registry("Partner list");
    await addNumbers(gw.db, fx.tenantId, list, [{ phone: "2125550142" }], { source: "import", agentId: null, at: new Date(NOW + DAY) });
    expect(await dial("2125550142", NOW + 2 * DAY)).toMatchObject({ reason: "dnc_listed", values: { since: "2026-01-05" } });
    const found = await findNumber(gw.db, fx.tenantId, "212-555-0142", new Date(NOW + 2 * DAY));
    expect(found.map((e) => [e.listName, e.kind, e.source, e.reason, e.active])).toEqual([
      ["Partner list", "registry", "import", null, true],
      [null, "internal", "consumer", "asked by e-mail", true],
    ]);
  });

  it("lets a number go when its list expired, and when the list is deleted", async () => {
    const list = await registry("Old extract", new Date(NOW + 31 * DAY));
    await addNumbers(gw.db, fx.tenantId, list, [{ phone: "2125550142" }], { source: "import", agentId: null, at, expiresAt: new Date(NOW + 31 * DAY) });
    expect((await dial("2125550142", NOW + 30 * DAY)).callable).toBe(false);
    expect((await dial("2125550142", NOW + 32 * DAY)).callable).toBe(true);
    const other = await registry("Deleted");
    await addNumbers(gw.db, fx.tenantId, other, [{ phone: "2125550143" }], { source: "import", agentId: null, at });
    expect(await deleteList(gw.db, fx.tenantId, other, { id: 1 }, at)).toBe(true);
    expect((await dial("2125550143", NOW + 1000)).callable).toBe(true);
    expect(await deleteList(gw.db, fx.tenantId, INTERNAL_DNC_LIST, { id: 1 }, at)).toBe(false);
  });

  it("removes a number with its reason in the audit log; a consumer's request needs a manager", async () => {
    const manager = await fx.agent({ role: "manager" });
    await addNumbers(gw.db, fx.tenantId, INTERNAL_DNC_LIST, [{ phone: "2125550142" }], { source: "consumer", agentId: null, at });
    const remove = (may: boolean) =>
      removeNumber(gw.db, fx.tenantId, INTERNAL_DNC_LIST, "2125550142", { reason: "entered by mistake", actor: { id: manager.id }, mayRemoveConsumerRequests: may, at });
    // A disposition adding it again does not make it removable by anyone.
    await addNumbers(gw.db, fx.tenantId, INTERNAL_DNC_LIST, [{ phone: "2125550142" }], { source: "disposition", agentId: null, at });
    expect(await remove(false)).toBe("consumer_request");
    expect((await dial("2125550142", NOW + 1000)).callable).toBe(false);
    expect(await remove(true)).toBe("removed");
    expect(await remove(true)).toBe("missing");
    expect((await dial("2125550142", NOW + 1000)).callable).toBe(true);
    const [audit] = await gw.db.select().from(t.auditLog).where(and(eq(t.auditLog.action, "dnc.remove"), eq(t.auditLog.userId, manager.id)));
    expect(audit!.detail).toMatchObject({ listId: 0, phone: "2125550142", reason: "entered by mistake", source: "consumer" });
  });

  it("never lets a listed number through the gate or the dialer, whatever the lists and the instant (property)", async () => {
    const digits = fc.integer({ min: 0, max: 9999 }).map((n) => `212555${String(n).padStart(4, "0")}`);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(digits, { minLength: 2, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 1, max: 3 * 365 }),
        async (phones, lists, laterDays) => {
          await fx.reset();
          const ids = [INTERNAL_DNC_LIST, await registry("R"), await createList(gw.db, fx.tenantId, { name: "P", kind: "partner", source: "partner", expiresAt: null, createdBy: null, at })];
          // The last number stays off every list: the gate must keep judging it by the other rules.
          const listed = phones.slice(0, -1);
          for (const [i, phone] of listed.entries())
            await addNumbers(gw.db, fx.tenantId, ids[lists[i]!]!, [{ phone }], { source: "import", agentId: null, at });
          const later = NOW + laterDays * DAY;
          for (const phone of listed) {
            const v = await dial(phone, later);
            expect(v.callable).toBe(false);
            expect(v.reason).toMatch(/^dnc_listed/);
            const leadId = await fx.lead({ phone });
            expect((await firstFailure(leadId, later))?.rule).toBe("dnc");
          }
          expect((await dial(phones.at(-1)!, later)).reason).not.toMatch(/^dnc/);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("judges an entry in force alike everywhere: the gate's locked read, the dialer's facts, the counts and a row read (property)", async () => {
    const HOUR = 3_600_000;
    await fc.assert(
      fc.asyncProperty(
        // An entry added up to 3 days before or after the instant judged, expiring up to 3 days after its add.
        fc.integer({ min: -72, max: 72 }),
        fc.integer({ min: 0, max: 72 }),
        fc.constantFrom(-1, 0, 1),
        async (addedHours, keptHours, edgeMs) => {
          await fx.reset();
          const phone = "2125550177";
          const addedAt = new Date(NOW + addedHours * HOUR);
          // Instants on the entry's edges too: its add and its expiry, a millisecond either side.
          const expiresAt = new Date(addedAt.getTime() + keptHours * HOUR);
          await gw.db.insert(t.dncNumbers).values({ tenantId: fx.tenantId, listId: INTERNAL_DNC_LIST, phone, addedAt, expiresAt, source: "manual" });
          for (const when of [NOW, addedAt.getTime() + edgeMs, expiresAt.getTime() + edgeMs]) {
            const expected = addedAt.getTime() <= when && expiresAt.getTime() > when;
            expect(inForce({ addedAt, expiresAt }, new Date(when))).toBe(expected);
            expect((await dial(phone, when)).reason === "dnc_listed").toBe(expected);
            const leadId = await fx.lead({ phone });
            expect((await engine.explainAt(fx.tenantId, leadId, null, when)).rules.find((r) => r.rule === "dnc")?.ok).toBe(!expected);
            const [counted] = await gw.db
              .select({ n: count() })
              .from(t.dncNumbers)
              .where(and(eq(t.dncNumbers.phone, phone), dncInForce(new Date(when))));
            expect(counted!.n).toBe(expected ? 1 : 0);
            const [listed] = (await listsOf(gw.db, fx.tenantId, new Date(when))).filter((l) => l.id === INTERNAL_DNC_LIST);
            expect(listed!.numbers).toBe(expected ? 1 : 0);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

// Two connections are needed for one to wait on the other's lock: PostgreSQL only (PGlite has one).
describe.skipIf(process.env.TEST_DB !== "postgres")("a dial checked while its number is being added", () => {
  it("waits for the entry and is refused: the gate reads the list after the number's lock", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let added!: () => void;
    const isAdded = new Promise<void>((resolve) => (added = resolve));
    const adding = gw.db.transaction(async (tx) => {
      await addNumbers(tx as never, fx.tenantId, INTERNAL_DNC_LIST, [{ phone: "2125550177", reason: "asked by phone" }], {
        source: "consumer",
        agentId: null,
        at,
      });
      added();
      await held;
    });
    await isAdded;
    let settled = false;
    const checked = dial("2125550177", NOW + 1000).finally(() => (settled = true));
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(settled).toBe(false);
    } finally {
      release();
      await adding;
    }
    expect(await checked).toMatchObject({ callable: false, reason: "dnc_listed" });
  });
});
