// A manager's list import on a real test gateway (issue 36): a CSV of the demo lead book's shape with a bad row, a
// duplicate and a Do Not Call number is uploaded, mapped, checked (the dry run writes nothing), imported into a new
// list by the background job, and reported; a job whose instance dies mid-import is resumed by another and every row
// is in the book exactly once or refused; bad files get a clear 4xx and leave nothing behind.
import { and, count, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, pluginContextOf, startTestGateway, tenants, type TestClient, type TestGateway } from "../../../server/sdk/testing";
import { LeadImport, LeadList } from "../contract";
import { leadImportChunks, leadImports, leadListMembers, leadLists } from "../tables";
import { ImportJobs, LEASE_MS, UPLOAD_ABANDONED_MS } from "./job.server";

let gw: TestGateway;
let manager: TestClient;
let tenantId: number;

beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  tenantId = (await gw.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, "ISIUS")))[0]!.id;
});
afterAll(() => gw.close());

const HEADER = "Marketing ID,First Name,Last Name,Phone,Email,Date of birth,Language,Street,City,ZIP,State,Website,Keywords";
const row = (id: string, phone: string, over: Partial<Record<"first" | "zip" | "state", string>> = {}) =>
  `${id},${over.first ?? "Ada"},Lovelace,${phone},ada@example.com,04/02/1961,English,1 Main St,New York,${over.zip ?? "10001"},${over.state ?? "NY"},quotes.example.com,final expense`;

const upload = (body: string | Buffer, name = "spring-leads.csv", type = "text/csv") =>
  gw.app.inject({
    method: "POST",
    url: `/api/v1/lead-imports?file_name=${encodeURIComponent(name)}`,
    headers: {
      authorization: `Bearer ${manager.token}`,
      cookie: Object.entries(manager.cookies).map(([k, v]) => `${k}=${v}`).join("; "),
      "content-type": type,
    },
    payload: body,
  });
const read = async (id: number) => LeadImport.parse(((await manager.request("GET", `/lead-imports/${id}`)).json() as { data: unknown }).data);
const settle = () => gw.gw.background.idle();

async function uploaded(csv: string, name?: string): Promise<LeadImport> {
  const res = await upload(csv, name);
  expect(res.statusCode, res.body).toBe(201);
  return LeadImport.parse((res.json() as { data: unknown }).data);
}

describe("a manager imports a CSV", () => {
  it("maps it, shows the dry run, imports the good rows into a new list and reports the refused ones", async () => {
    const [bookLead] = await gw.db.select({ phone: leads.phone }).from(leads).where(eq(leads.tenantId, tenantId)).limit(1);
    await pluginContextOf(gw, "lead-lists").dnc.add(tenantId, 0, [{ phone: "2125552003" }], { source: "manual", agentId: null });
    const csv =
      "\ufeff" +
      [
        HEADER,
        row("ISF900001", "(212) 555-2001"),
        row("ISFX900002", "212-555-2002", { first: "Grace" }),
        row("ISF900003", "2125552003"),
        row("ISF900004", "not a phone"),
        row("ISF900005", "212 555 2001"),
        row("ISF900006", bookLead!.phone),
        row("ISF900007", "2125552007", { zip: "90210" }),
        row("ISW900008", "2125552008", { first: '"Jo, Jr."' }),
      ].join("\r\n") +
      "\r\n";
    const up = await uploaded(csv);
    expect(up).toMatchObject({ state: "uploaded", file_name: "spring-leads.csv", mapping_remembered: false });
    expect(up.columns).toEqual(HEADER.split(","));
    expect(up.preview[0]!.slice(0, 4)).toEqual(["ISF900001", "Ada", "Lovelace", "(212) 555-2001"]);
    expect(up.mapping).toMatchObject({ marketing_id: 0, first_name: 1, last_name: 2, phone: 3, email: 4, date_of_birth: 5, postal: 9, state: 10 });

    const check = await manager.request("POST", `/lead-imports/${up.id}/check`, { mapping: up.mapping, campaign_id: null });
    expect(check.statusCode, check.body).toBe(202);
    await settle();
    const checked = await read(up.id);
    expect(checked.state).toBe("checked");
    expect(checked.dry_run!.counts).toEqual({ created: 3, dnc: 1, invalid: 2, duplicate_file: 1, duplicate_book: 1 });
    expect(checked.dry_run!.reasons.map((r) => r.reason)).toContain("phone: Enter a North American phone number: 10 digits, area code first (e.g. 212 555 0142).");
    expect((await gw.db.select({ n: count() }).from(leads).where(inArray(leads.marketingId, ["ISF900001", "ISFX900002"])))[0]!.n).toBe(0);

    const start = await manager.request("POST", `/lead-imports/${up.id}/start`, undefined, { "idempotency-key": "start-1" });
    expect(start.statusCode, start.body).toBe(202);
    await settle();
    const done = await read(up.id);
    expect(done).toMatchObject({ state: "done", rows_total: 8, rows_done: 8 });
    expect(done.counts).toEqual({ created: 3, dnc: 1, invalid: 2, duplicate_file: 1, duplicate_book: 1 });
    const written = await gw.db.select().from(leads).where(inArray(leads.marketingId, ["ISF900001", "ISFX900002", "ISW900008"]));
    expect(written.map((l) => [l.marketingId, l.firstName, l.timezone, l.status, l.ownerId]).sort()).toEqual([
      ["ISF900001", "Ada", "America/New_York", "New", null],
      ["ISFX900002", "Grace", "America/New_York", "New", null],
      ["ISW900008", "Jo, Jr.", "America/New_York", "New", null],
    ]);

    const lists = (await manager.request("GET", "/lead-lists")).json() as { data: unknown[] };
    const list = LeadList.parse(lists.data.find((l) => (l as { id: number }).id === done.list_id));
    expect(list).toMatchObject({ name: "spring-leads", kind: "import", paused: false, counts: { total: 3, dialable: 3, dialled: 0, dnc: 0 } });

    const refused = await manager.request("GET", `/lead-imports/${up.id}/refused`);
    expect(refused.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = refused.body.replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toBe(`line,reason,${HEADER}`);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["3", "4", "5", "6", "7"]);
    expect(lines.find((l) => l.startsWith("3,"))).toMatch(/is on the call centre's Do Not Call list since/);
    expect(lines.find((l) => l.startsWith("7,"))).toContain("The postal code 90210 is in CA, not NY.");

    // The file goes once imported; its report stays.
    expect((await gw.db.select({ n: count() }).from(leadImportChunks).where(eq(leadImportChunks.importId, up.id)))[0]!.n).toBe(0);
    // The same layout next time: the mapping is remembered.
    const again = await uploaded(HEADER + "\n" + row("ISF900009", "2125552009"));
    expect(again).toMatchObject({ mapping_remembered: true, mapping: up.mapping });
  });

  it("pauses a list (its leads leave the dialer, and 'Why this lead?' names it), resumes it, resets and empties it", async () => {
    const up = await uploaded(HEADER + "\n" + row("ISF910001", "2125553001") + "\n" + row("ISF910002", "2125553002"), "pause.csv");
    await manager.request("POST", `/lead-imports/${up.id}/check`, { mapping: up.mapping, campaign_id: null });
    await settle();
    await manager.request("POST", `/lead-imports/${up.id}/start`, undefined, { "idempotency-key": "start-2" });
    await settle();
    const { list_id } = await read(up.id);
    const [lead] = await gw.db.select({ id: leads.id }).from(leads).where(eq(leads.marketingId, "ISF910001"));
    const paused = await manager.request("PUT", `/lead-lists/${list_id}/paused`, { paused: true });
    expect(LeadList.parse((paused.json() as { data: unknown }).data)).toMatchObject({ paused: true, counts: { total: 2, dialable: 0 } });
    const why = (await manager.request("GET", `/leads/${lead!.id}/explain`)).json() as { rules: { rule: string; ok: boolean; key?: string; values?: object }[] };
    expect(why.rules.find((r) => r.rule === "held")).toMatchObject({ ok: false, key: "held_by", values: { list: "pause" } });
    const resumed = await manager.request("PUT", `/lead-lists/${list_id}/paused`, { paused: false });
    expect(LeadList.parse((resumed.json() as { data: unknown }).data).counts.dialable).toBe(2);
    await gw.db.update(leads).set({ dials: 3 }).where(eq(leads.id, lead!.id));
    const reset = await manager.request("POST", `/lead-lists/${list_id}/reset-dials`, undefined, { "idempotency-key": "reset-1" });
    expect(reset.json()).toEqual({ data: { leads: 1 } });
    const removed = await manager.request("POST", `/lead-lists/${list_id}/remove-undialled`, undefined, { "idempotency-key": "remove-1" });
    expect(removed.json()).toEqual({ data: { removed: 2 } });
    expect(await gw.db.select().from(leads).where(inArray(leads.marketingId, ["ISF910001", "ISF910002"]))).toEqual([]);
  });

  it("resumes a job another instance left mid-import: every row once, none lost", async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => row(`ISF92${String(i).padStart(4, "0")}`, `646555${String(4000 + i).padStart(4, "0")}`));
    const up = await uploaded([HEADER, ...rows].join("\n"), "big.csv");
    await manager.request("POST", `/lead-imports/${up.id}/check`, { mapping: up.mapping, campaign_id: null });
    await settle();
    expect((await read(up.id)).dry_run!.counts).toEqual({ created: 2500 });
    // Queued without the route's kick: instance A takes it, writes one batch, and freezes (a killed process).
    const [list] = await gw.db.insert(leadLists).values({ tenantId, name: "big", kind: "import", createdAt: new Date(gw.clock.now()) }).returning();
    await gw.db.update(leadImports).set({ state: "queued", listId: list!.id }).where(eq(leadImports.id, up.id));
    const ctx = pluginContextOf(gw, "lead-lists");
    let batches = 0;
    const frozen = new ImportJobs(ctx, "instance-a", { afterBatch: () => (++batches === 1 ? new Promise<void>(() => {}) : undefined) });
    const job = await frozen.claim();
    expect(job?.id).toBe(up.id);
    void frozen.run(job!);
    while ((await read(up.id)).rows_done === 0) await new Promise((r) => setTimeout(r, 20));
    expect((await read(up.id)).rows_done).toBe(1000);
    // Instance B finds the lease lapsed and resumes after the batch A wrote.
    const other = new ImportJobs(ctx, "instance-b");
    expect(await other.claim()).toBeNull();
    gw.clock.advance(LEASE_MS + 1000);
    await settle();
    await other.runAll();
    await settle();
    const done = await read(up.id);
    expect(done).toMatchObject({ state: "done", rows_done: 2500, counts: { created: 2500 } });
    const [{ n }] = await gw.db.select({ n: count() }).from(leadListMembers).where(eq(leadListMembers.listId, done.list_id!));
    expect(n).toBe(2500);
    const written = await gw.db.select({ id: leads.marketingId }).from(leads).where(like(leads.marketingId, "ISF92%"));
    expect(written.length).toBe(2500);
    expect(new Set(written.map((l) => l.id)).size).toBe(2500);
  });
});

describe("cancelling", () => {
  it("stops a running import at its next batch: the rows written stay, nothing more is written, no instance takes it", async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => row(`ISF94${String(i).padStart(4, "0")}`, `917555${String(4000 + i).padStart(4, "0")}`));
    const up = await uploaded([HEADER, ...rows].join("\n"), "cancel.csv");
    await manager.request("POST", `/lead-imports/${up.id}/check`, { mapping: up.mapping, campaign_id: null });
    await settle();
    const [list] = await gw.db.insert(leadLists).values({ tenantId, name: "cancel", kind: "import", createdAt: new Date(gw.clock.now()) }).returning();
    await gw.db.update(leadImports).set({ state: "queued", listId: list!.id }).where(eq(leadImports.id, up.id));
    let release: () => void = () => {};
    const paused = new Promise<void>((r) => (release = r));
    let batches = 0;
    const jobs = new ImportJobs(pluginContextOf(gw, "lead-lists"), "instance-c", { afterBatch: () => (++batches === 1 ? paused : undefined) });
    const running = jobs.run((await jobs.claim())!);
    while ((await read(up.id)).rows_done === 0) await new Promise((r) => setTimeout(r, 20));
    const cancel = await manager.request("POST", `/lead-imports/${up.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    release();
    await running;
    expect(await read(up.id)).toMatchObject({ state: "cancelled", rows_done: 1000 });
    expect((await gw.db.select({ n: count() }).from(leadListMembers).where(eq(leadListMembers.listId, list!.id)))[0]!.n).toBe(1000);
    gw.clock.advance(LEASE_MS + 1000);
    expect(await new ImportJobs(pluginContextOf(gw, "lead-lists"), "instance-d").claim()).toBeNull();
    expect((await manager.request("POST", `/lead-imports/${up.id}/cancel`)).statusCode).toBe(409);
  });
});

describe("files nobody can use", () => {
  it("are dropped by the sweep: an upload a crash cut off, a cancelled import's file; a checked import keeps its own", async () => {
    const jobs = new ImportJobs(pluginContextOf(gw, "lead-lists"), "instance-sweep");
    await jobs.sweep(); // what earlier tests left
    const chunksOf = async (id: number) => (await gw.db.select({ n: count() }).from(leadImportChunks).where(eq(leadImportChunks.importId, id)))[0]!.n;
    // A gateway that stopped mid-upload leaves the row "uploading" with the pieces it stored.
    const cutOff = await uploaded([HEADER, row("ISF95000", "9175555000")].join("\n"), "cut-off.csv");
    await gw.db.update(leadImports).set({ state: "uploading" }).where(eq(leadImports.id, cutOff.id));
    const cancelled = await uploaded([HEADER, row("ISF95001", "9175555001")].join("\n"), "cancelled.csv");
    expect((await manager.request("POST", `/lead-imports/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const kept = await uploaded([HEADER, row("ISF95002", "9175555002")].join("\n"), "kept.csv");
    await manager.request("POST", `/lead-imports/${kept.id}/check`, { mapping: kept.mapping, campaign_id: null });
    await settle();
    expect(await chunksOf(cutOff.id)).toBeGreaterThan(0);

    // Within UPLOAD_ABANDONED_MS the upload may still be arriving: kept. The cancelled file goes at once.
    expect(await jobs.sweep()).toEqual({ abandoned: 0, filesDropped: 1 });
    expect(await chunksOf(cutOff.id)).toBeGreaterThan(0);
    expect(await chunksOf(cancelled.id)).toBe(0);
    expect(await read(cancelled.id)).toMatchObject({ state: "cancelled" });

    // Began longer ago than that (the row's start moved back, not the clock: the manager stays signed in).
    await gw.db
      .update(leadImports)
      .set({ createdAt: new Date(gw.clock.now() - UPLOAD_ABANDONED_MS - 1000) })
      .where(eq(leadImports.id, cutOff.id));
    expect(await jobs.sweep()).toEqual({ abandoned: 1, filesDropped: 0 });
    expect(await gw.db.select().from(leadImports).where(eq(leadImports.id, cutOff.id))).toEqual([]);
    expect(await chunksOf(cutOff.id)).toBe(0);
    expect(await read(kept.id)).toMatchObject({ state: "checked" });
    expect(await chunksOf(kept.id)).toBeGreaterThan(0);
  });
});

describe("bad files", () => {
  it.each([
    ["an empty file", "", "The file is empty."],
    ["a file with only a BOM", "\ufeff", "The file is empty."],
  ])("refuses %s with a clear 422 and keeps nothing", async (_, body, message) => {
    const res = await upload(body);
    expect(res.statusCode).toBe(422);
    expect((res.json() as { message: string }).message).toBe(message);
  });

  it("refuses a binary file, a JSON body and a file over 100 MB, and keeps none of them", async () => {
    const before = (await gw.db.select({ n: count() }).from(leadImports))[0]!.n;
    const png = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]), "photo.png", "application/octet-stream");
    expect(png.statusCode).toBe(422);
    expect((png.json() as { message: string }).message).toMatch(/not a text file/i);
    const json = await manager.request("POST", "/lead-imports?file_name=x.csv", { leads: [] });
    expect(json.statusCode).toBe(415);
    const big = await upload(Buffer.alloc(100 * 1024 * 1024 + 1, "a"));
    expect(big.statusCode).toBe(413);
    expect((await gw.db.select({ n: count() }).from(leadImports))[0]!.n).toBe(before);
    expect((await gw.db.select({ n: count() }).from(leadImportChunks).where(and(eq(leadImportChunks.seq, 0))))[0]!.n).toBeGreaterThanOrEqual(0);
  });

  it("refuses a mapping without the required fields, and an agent", async () => {
    const up = await uploaded(HEADER + "\n" + row("ISF930001", "2125555001"), "m.csv");
    const res = await manager.request("POST", `/lead-imports/${up.id}/check`, { mapping: { first_name: 1 }, campaign_id: null });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors.mapping!.length).toBeGreaterThan(0);
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("GET", "/lead-imports")).statusCode).toBe(403);
  });
});
