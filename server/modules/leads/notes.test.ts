import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema";
import { startTestGateway, type TestGateway } from "../../test/harness";
import { addLeadNote, LEAD_NOTES_MAX, noteEntry } from "./notes";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const notesOf = async (id: number) => (await gw.db.select({ notes: leads.notes }).from(leads).where(eq(leads.id, id)))[0]!.notes;

describe("a lead's notes", () => {
  it("grow by dated entries, newest last, kept to the newest part when too long", async () => {
    const [lead] = await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.tenantId, 1)).limit(1);
    await gw.db.update(leads).set({ notes: null }).where(eq(leads.id, lead!.id));
    const at = new Date("2026-03-10T18:05:09Z");
    await addLeadNote(gw.db, lead!.id, at, " First ");
    expect(await notesOf(lead!.id)).toBe("2026-03-10 | 18:05:09 - First");
    await addLeadNote(gw.db, lead!.id, new Date("2026-03-10T18:06:00Z"), "Second");
    expect(await notesOf(lead!.id)).toBe("2026-03-10 | 18:05:09 - First\n2026-03-10 | 18:06:00 - Second");
    await addLeadNote(gw.db, lead!.id, at, "x".repeat(LEAD_NOTES_MAX));
    const long = (await notesOf(lead!.id))!;
    expect(long).toHaveLength(LEAD_NOTES_MAX);
    expect(long.endsWith("x".repeat(100))).toBe(true);
    expect(noteEntry(at, "y")).toBe("2026-03-10 | 18:05:09 - y");
  });
});
