// The Do Not Call lists on a real test gateway (PGlite, the demo call centres): a manager creates a list, uploads a
// registry extract or a partner's CSV, adds and removes one number with its reason, finds which lists a number is
// on, browses and exports a list, deletes it. What the dialer makes of it: the compliance gate refuses a listed
// number naming the list, and a lead whose number is uploaded leaves the dialer at once ("Why this lead?" names the
// list). Refusals: agents (403), bad numbers, empty and binary files (422, nothing written), other content types
// (415), files over 50 MB (413), no such list or another call centre's (404), the internal list (409), a consumer's
// own request off the list by someone below a manager (403).
import { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ComplianceVerdict } from "../../src/contract/compliance";
import { ExplainResponse } from "../../src/contract/dialer";
import { HttpError, type Caller } from "../../server/sdk";
import {
  auditLog,
  dncNumbers,
  freeLeads,
  pluginContextOf,
  startTestGateway,
  type TestClient,
  type TestGateway,
} from "../../server/sdk/testing";
import { DNC_MESSAGES, DncEntry, DncList, UploadResult } from "./contract";
import { dncListsRoutes } from "./server";

let gw: TestGateway;
let manager: TestClient;
let qualifier: TestClient;
/** The gateway's time during the tests (its clock stands still between them). */
let at: string;
beforeAll(async () => {
  // The variants do not list the plugin yet: the demo call centres offer it for this test.
  gw = await startTestGateway({ offer: ["dnc-lists"] });
  // 17:00 UTC: every North American calling window is open, so the gate's verdicts are about the lists alone.
  await gw.run(3 * 3_600_000, 600_000);
  at = new Date(gw.clock.now()).toISOString();
  manager = await gw.signIn("manager.isius@demo.test");
  qualifier = await gw.signIn("qualifier.isius@demo.test");
});
afterAll(() => gw.close());

/** A request with any body (a file, a stream), as the signed-in client sends it. */
async function send(
  c: TestClient,
  method: "PUT" | "POST" | "GET" | "DELETE",
  url: string,
  payload?: string | Buffer | Readable,
  headers: Record<string, string> = {},
) {
  const cookie = Object.entries(c.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  const res = await gw.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${c.token}`, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload !== undefined && { payload }),
  });
  const auth = res.headers.authorization;
  if (typeof auth === "string") c.token = auth.replace(/^Bearer\s+/i, "");
  return res;
}

const upload = (c: TestClient, list: number, file: string | Buffer | Readable, type = "text/csv") =>
  send(c, "PUT", `/dnc-lists/${list}/numbers`, file, { "content-type": type });

async function createList(name: string, extra: Record<string, unknown> = {}): Promise<DncList> {
  const res = await manager.request("POST", "/dnc-lists", { name, kind: "registry", source: "FTC extract", ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return DncList.parse((res.json() as { data: unknown }).data);
}

const lists = async () => ((await manager.request("GET", "/dnc-lists")).json() as { data: DncList[] }).data;
const onList = async (listId: number) => (await lists()).find((l) => l.id === listId)!.numbers;

async function verdict(phone: string) {
  const res = await qualifier.request("GET", `/calls/compliance?phone=${phone}`);
  expect(res.statusCode, res.body).toBe(200);
  return ComplianceVerdict.parse((res.json() as { data: unknown }).data);
}

async function dncRule(leadId: number) {
  const res = await manager.request("GET", `/leads/${leadId}/explain`);
  expect(res.statusCode, res.body).toBe(200);
  return ExplainResponse.parse(res.json()).rules.find((r) => r.rule === "dnc")!;
}

const bodyOf = <T>(res: { json(): unknown }, schema: { parse(v: unknown): T }) => schema.parse((res.json() as { data: unknown }).data);

describe("the lists", () => {
  it("lists the internal list first and creates imported lists; every field is checked; agents are refused", async () => {
    const created = await createList("Partner list — Québec", { kind: "partner", source: "Assurances Laval", expires_at: "2026-12-31" });
    expect(created).toMatchObject({ name: "Partner list — Québec", kind: "partner", source: "Assurances Laval", expires_at: "2026-12-31", expired: false, numbers: 0 });
    const all = await lists();
    expect(all[0]).toMatchObject({ id: 0, name: null, kind: "internal", expires_at: null });
    expect(all.map((l) => l.id)).toContain(created.id);

    const bad = await manager.request("POST", "/dnc-lists", { name: " ", kind: "blocked", source: "", expires_at: "2026-02-30" });
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as { errors: Record<string, string[]> }).errors).toEqual({
      name: [DNC_MESSAGES.name],
      kind: [DNC_MESSAGES.kind],
      source: [DNC_MESSAGES.source],
      expires_at: [DNC_MESSAGES.expiry],
    });
    const taken = await manager.request("POST", "/dnc-lists", { name: "partner list — québec", kind: "partner", source: "x" });
    expect(taken.json()).toMatchObject({ errors: { name: [DNC_MESSAGES.nameTaken] } });
    // The test clock is on 2026-01-05.
    const past = await manager.request("POST", "/dnc-lists", { name: "Old extract", kind: "registry", source: "x", expires_at: "2026-01-04" });
    expect(past.json()).toMatchObject({ errors: { expires_at: [DNC_MESSAGES.expiryPast] } });

    for (const [method, url, body] of [
      ["GET", "/dnc-lists", undefined],
      ["POST", "/dnc-lists", { name: "Mine", kind: "partner", source: "x" }],
      ["POST", "/dnc-lists/0/numbers", { phone: "3125550100", reason: "asked" }],
      ["DELETE", `/dnc-lists/${created.id}`, undefined],
      ["GET", "/dnc-lists/search?phone=3125550100", undefined],
      ["GET", "/dnc-lists/0/export", undefined],
      ["GET", "/dnc-lists/0/numbers", undefined],
    ] as const)
      expect((await qualifier.request(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    expect((await upload(qualifier, created.id, "3125550100\n")).statusCode).toBe(403);
    // Admins are managers and above.
    const admin = await gw.signIn("admin@demo.test");
    expect((await admin.request("GET", "/dnc-lists")).statusCode).toBe(200);
  });

  it("creates a list once per Idempotency-Key", async () => {
    const headers = { "idempotency-key": "dnc-create-1" };
    const body = { name: "Registry 312", kind: "registry", source: "FTC extract, area code 312" };
    const first = await manager.request("POST", "/dnc-lists", body, headers);
    const again = await manager.request("POST", "/dnc-lists", body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect((await lists()).filter((l) => l.name === "Registry 312")).toHaveLength(1);
  });

  it("deletes an imported list and its numbers (audited): its numbers may be dialled again; never the internal list", async () => {
    const list = await createList("Short-lived");
    expect((await upload(manager, list.id, "3125550170\n3125550171\n")).statusCode).toBe(200);
    expect((await verdict("3125550170")).callable).toBe(false);
    expect((await manager.request("DELETE", "/dnc-lists/0")).json()).toEqual({ message: DNC_MESSAGES.internalKept });
    expect((await manager.request("DELETE", "/dnc-lists/0")).statusCode).toBe(409);
    const gone = await manager.request("DELETE", `/dnc-lists/${list.id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await lists()).some((l) => l.id === list.id)).toBe(false);
    expect((await verdict("3125550170")).callable).toBe(true);
    const [audit] = await gw.db.select().from(auditLog).where(eq(auditLog.action, "dnc.list.delete")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ userId: await gw.idOf("manager.isius@demo.test"), detail: { listId: list.id, name: "Short-lived" } });
    expect((await manager.request("DELETE", `/dnc-lists/${list.id}`)).statusCode).toBe(404);
  });

  it("another call centre's list does not exist for the caller", async () => {
    const dnc = pluginContextOf(gw, "dnc-lists").dnc;
    const theirs = await dnc.createList(2, { name: "SLICA partners", kind: "partner", source: "x", expiresAt: null, createdBy: null });
    await dnc.add(2, theirs, [{ phone: "5145550199" }], { source: "import", agentId: null });
    expect((await manager.request("DELETE", `/dnc-lists/${theirs}`)).statusCode).toBe(404);
    expect((await upload(manager, theirs, "3125550100\n")).statusCode).toBe(404);
    expect((await manager.request("POST", `/dnc-lists/${theirs}/numbers`, { phone: "3125550100", reason: "x" })).statusCode).toBe(404);
    expect((await manager.request("GET", `/dnc-lists/${theirs}/export`)).statusCode).toBe(404);
    expect((await manager.request("GET", `/dnc-lists/${theirs}/numbers`)).statusCode).toBe(404);
    expect((await manager.request("DELETE", `/dnc-lists/${theirs}/numbers/5145550199?reason=x`)).statusCode).toBe(404);
    expect(((await manager.request("GET", "/dnc-lists/search?phone=5145550199")).json() as { data: unknown[] }).data).toEqual([]);
    expect((await lists()).some((l) => l.id === theirs)).toBe(false);
  });
});

describe("one number", () => {
  it("on the internal list at a person's request: the gate refuses it; search says since when, why and who; only the reason takes it off", async () => {
    const added = await manager.request("POST", "/dnc-lists/0/numbers", {
      phone: "(312) 555-0101",
      reason: "Asked on the phone not to be called again",
      consumer_request: true,
    }, { "idempotency-key": "dnc-add-1" });
    expect(added.statusCode, added.body).toBe(201);
    expect(bodyOf(added, DncEntry)).toMatchObject({
      list_id: 0,
      list_name: null,
      kind: "internal",
      phone: "3125550101",
      source: "consumer",
      reason: "Asked on the phone not to be called again",
      added_by: "Dana Whitfield",
      active: true,
      added_at: at,
    });
    // Kept 3 years + 14 days.
    expect(bodyOf(added, DncEntry).expires_at).toBe(`2029-01-19${at.slice(10)}`);
    const replay = await manager.request("POST", "/dnc-lists/0/numbers", {
      phone: "(312) 555-0101",
      reason: "Asked on the phone not to be called again",
      consumer_request: true,
    }, { "idempotency-key": "dnc-add-1" });
    expect(replay.headers["idempotent-replayed"]).toBe("true");

    expect(await verdict("3125550101")).toMatchObject({ callable: false, reason: "dnc_listed", values: { since: "2026-01-05" } });

    const found = await manager.request("GET", "/dnc-lists/search?phone=312.555.0101");
    expect(found.statusCode).toBe(200);
    expect((found.json() as { data: unknown[] }).data.map((e) => DncEntry.parse(e))).toEqual([bodyOf(added, DncEntry)]);
    expect(((await manager.request("GET", "/dnc-lists/search?phone=3125550102")).json() as { data: unknown[] }).data).toEqual([]);
    const notPhone = await manager.request("GET", "/dnc-lists/search?phone=hello");
    expect(notPhone.statusCode).toBe(422);
    expect(notPhone.json()).toMatchObject({ errors: { phone: [DNC_MESSAGES.phone] } });

    // Added again as a manual entry, it stays the person's own request.
    const again = await manager.request("POST", "/dnc-lists/0/numbers", { phone: "3125550101", reason: "Called back to confirm" });
    expect(bodyOf(again, DncEntry)).toMatchObject({ source: "consumer", reason: "Called back to confirm" });

    const noReason = await manager.request("DELETE", "/dnc-lists/0/numbers/3125550101");
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ errors: { reason: [DNC_MESSAGES.reason] } });
    const blank = await manager.request("DELETE", "/dnc-lists/0/numbers/3125550101", { reason: "   " });
    expect(blank.json()).toMatchObject({ errors: { reason: [DNC_MESSAGES.reason] } });
    expect((await manager.request("DELETE", "/dnc-lists/0/numbers/3125550102", { reason: "typo" })).json()).toEqual({
      message: DNC_MESSAGES.numberMissing,
    });
    expect((await manager.request("DELETE", "/dnc-lists/0/numbers/555", { reason: "typo" })).statusCode).toBe(422);
    // A manager may take a consumer's request off; the audit log keeps who, which number and why.
    const removed = await manager.request("DELETE", "/dnc-lists/0/numbers/3125550101", { reason: "The person asked to be called again (written request)" });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await verdict("3125550101")).callable).toBe(true);
    const [audit] = await gw.db.select().from(auditLog).where(eq(auditLog.action, "dnc.remove")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit!.detail).toMatchObject({ listId: 0, phone: "3125550101", reason: "The person asked to be called again (written request)", source: "consumer" });
    // The reason may come in the query too.
    await manager.request("POST", "/dnc-lists/0/numbers", { phone: "3125550103", reason: "Wrong number" });
    expect((await manager.request("DELETE", "/dnc-lists/0/numbers/3125550103?reason=Added%20by%20mistake")).statusCode).toBe(204);
  });

  it("on an imported list: the gate's refusal names the list; a person's request is the internal list's alone", async () => {
    const list = await createList("Partner: Sun Coast Leads", { kind: "partner" });
    const added = await manager.request("POST", `/dnc-lists/${list.id}/numbers`, { phone: "3125550111", reason: "On the partner's list" });
    expect(added.statusCode, added.body).toBe(201);
    expect(bodyOf(added, DncEntry)).toMatchObject({ list_id: list.id, list_name: "Partner: Sun Coast Leads", kind: "partner", source: "manual", expires_at: null });
    expect(await verdict("3125550111")).toMatchObject({
      callable: false,
      reason: "dnc_listed_on",
      values: { list: "Partner: Sun Coast Leads", since: "2026-01-05" },
    });
    expect(await onList(list.id)).toBe(1);
    const consumer = await manager.request("POST", `/dnc-lists/${list.id}/numbers`, { phone: "3125550112", reason: "asked", consumer_request: true });
    expect(consumer.statusCode).toBe(422);
    expect(consumer.json()).toMatchObject({ errors: { consumer_request: [DNC_MESSAGES.consumerOnImported] } });
    const bad = await manager.request("POST", `/dnc-lists/${list.id}/numbers`, { phone: "011 44 20 7946 0958", reason: "" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { phone: [DNC_MESSAGES.phone], reason: [DNC_MESSAGES.reason] } });
    expect((await manager.request("POST", "/dnc-lists/999999/numbers", { phone: "3125550112", reason: "x" })).statusCode).toBe(404);
  });

  it("the route refuses a consumer's own request to anyone below a manager with the core's rule (403)", async () => {
    await manager.request("POST", "/dnc-lists/0/numbers", { phone: "3125550121", reason: "Asked not to be called", consumer_request: true });
    // Every route is for managers and above, so an agent never reaches the handler over HTTP (403 above); the
    // handler itself still answers the core's verdict for a caller below a manager.
    const remove = dncListsRoutes(pluginContextOf(gw, "dnc-lists")).find((r) => r.method === "DELETE" && r.url === "/dnc-lists/:list/numbers/:phone")!;
    const agent: Caller = { id: await gw.idOf("qualifier.isius@demo.test"), tenantId: 1, role: "qualifier", roles: ["qualifier"], permissions: [] };
    const reply = { code: () => reply } as unknown as FastifyReply;
    const refused = await Promise.resolve(
      remove.handler({ caller: agent, params: { list: 0, phone: "3125550121" }, query: {}, body: { reason: "Customer changed their mind" }, raw: {} as FastifyRequest }, reply),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 403, message: DNC_MESSAGES.consumerRequest });
    expect((await verdict("3125550121")).callable).toBe(false);
  });
});

describe("uploads", () => {
  it("reads a registry extract's formats, refuses what is no North American number, and withdraws a matching lead from the dialer at once", async () => {
    const [lead] = await freeLeads(gw.db, 1, 1);
    expect((await dncRule(lead!.id)).ok).toBe(true);
    const list = await createList("National registry: 312", { expires_at: "2026-02-05" });
    const d = lead!.phone;
    const file = [
      "212,5550131",
      "2125550132",
      "(212) 555-0133",
      `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
      "",
      "212;555-0134",
      "+1 212 555 0135",
      "2125550132",
      "hello",
      "12345",
      "044 20 7946 0958",
      "212,555013",
    ].join("\r\n");
    const res = await upload(manager, list.id, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(bodyOf(res, UploadResult)).toEqual({
      read: 11,
      added: 6,
      renewed: 1,
      refused: 4,
      refused_samples: [
        { line: 9, text: "hello", reason: "no_number" },
        { line: 10, text: "12345", reason: "no_number" },
        { line: 11, text: "044 20 7946 0958", reason: "not_north_american" },
        { line: 12, text: "212,555013", reason: "no_number" },
      ],
    });
    expect(await onList(list.id)).toBe(6);
    // The dialer reads the lists at each pick: the lead is out now, and "Why this lead?" names the list.
    const rule = await dncRule(lead!.id);
    expect(rule).toMatchObject({ ok: false, key: "dnc_listed_on", values: { list: "National registry: 312", since: "2026-01-05" } });
    expect(rule.reason).toContain("National registry: 312");
    expect(await verdict("2125550134")).toMatchObject({ callable: false, reason: "dnc_listed_on", values: { list: "National registry: 312" } });
    // The list's expiry is each number's: through 2026-02-05 in every North American time zone.
    const [row] = await gw.db.select().from(dncNumbers).where(and(eq(dncNumbers.listId, list.id), eq(dncNumbers.phone, "2125550131")));
    expect(row).toMatchObject({ source: "import", agentId: await gw.idOf("manager.isius@demo.test"), expiresAt: new Date("2026-02-06T12:00:00Z") });
    // Uploaded again: nothing new, every number renewed.
    expect(bodyOf(await upload(manager, list.id, file), UploadResult)).toMatchObject({ added: 0, renewed: 7, refused: 4 });
  });

  it("takes a partner's CSV by its first column holding a number, after its heading, in Latin-1 or UTF-8 with a byte order mark", async () => {
    const list = await createList("Partner CSV", { kind: "partner" });
    const latin1 = Buffer.from("Nom;Téléphone;Ville\nMénard;212-555-0141;Montréal\n\"Côté, Zoé\";(212) 555 0142;Québec\nLévesque;;Laval\n", "latin1");
    const res = await upload(manager, list.id, latin1, "application/octet-stream");
    expect(bodyOf(res, UploadResult)).toEqual({
      read: 3,
      added: 2,
      renewed: 0,
      refused: 1,
      refused_samples: [{ line: 4, text: "Lévesque;;Laval", reason: "no_number" }],
    });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("id,phone\n17,2125550143\n", "utf8")]);
    expect(bodyOf(await upload(manager, list.id, bom), UploadResult)).toMatchObject({ read: 1, added: 1, refused: 0 });
  });

  it("refuses an empty or binary file (422, nothing written), another type (415), over 50 MB (413), the internal list and an expired list (409)", async () => {
    const list = await createList("Refusals");
    for (const [file, message] of [
      ["", DNC_MESSAGES.empty],
      [" \r\n\r\n  \n", DNC_MESSAGES.empty],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x32, 0x31, 0x32]), DNC_MESSAGES.binary],
      [Buffer.concat([Buffer.from("2125550151\n"), Buffer.from([0x00, 0x01, 0x02])]), DNC_MESSAGES.binary],
      [Buffer.from([0xff, 0xfe, 0x32, 0x00, 0x31, 0x00]), DNC_MESSAGES.utf16],
    ] as const) {
      const res = await upload(manager, list.id, file);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message, errors: { file: [message] } });
    }
    expect(await onList(list.id)).toBe(0);
    const json = await send(manager, "PUT", `/dnc-lists/${list.id}/numbers`, JSON.stringify({ phone: "2125550151" }), { "content-type": "application/json" });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: DNC_MESSAGES.uploadType });
    const declared = await upload(manager, list.id, "2125550151\n", "text/csv");
    expect(declared.statusCode).toBe(200);
    const big = await send(manager, "PUT", `/dnc-lists/${list.id}/numbers`, "2125550152\n", {
      "content-type": "text/csv",
      "content-length": String(50 * 1024 * 1024 + 1),
    });
    expect(big.statusCode).toBe(413);
    // A body without a length is counted as it arrives.
    const line = `${"x".repeat(1023)}\n`;
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < 51 * 1024; i++) yield line;
      })(),
    );
    const counted = await upload(manager, list.id, stream);
    expect(counted.statusCode).toBe(413);
    expect(counted.json()).toEqual({ message: DNC_MESSAGES.tooBig });
    expect((await upload(manager, 0, "2125550151\n")).json()).toEqual({ message: DNC_MESSAGES.internalUpload });
    const dnc = pluginContextOf(gw, "dnc-lists").dnc;
    const expired = await dnc.createList(1, { name: "Expired extract", kind: "registry", source: "x", expiresAt: new Date("2026-01-01T00:00:00Z"), createdBy: null });
    expect((await lists()).find((l) => l.id === expired)).toMatchObject({ expired: true, expires_at: "2025-12-30" });
    const late = await upload(manager, expired, "2125550151\n");
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: DNC_MESSAGES.expired });
    expect((await manager.request("POST", `/dnc-lists/${expired}/numbers`, { phone: "2125550151", reason: "x" })).statusCode).toBe(409);
    expect((await upload(manager, 999999, "2125550151\n")).statusCode).toBe(404);
  });

  it(
    "reads a 100,000-line file as it arrives and writes it only once it is whole, holding 8 bytes a number meanwhile",
    async () => {
      const list = await createList("Registry 100k");
      const LINES = 100_000;
      const phoneOf = (i: number) => `312${2_000_000 + i}`;
      const lineOf = (i: number) => {
        const p = phoneOf(i);
        return i % 3 === 0 ? `${p.slice(0, 3)},${p.slice(3)}` : i % 3 === 1 ? `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}` : p;
      };
      let onListMidway = -1;
      let heapPeak = 0;
      const heapBefore = process.memoryUsage().heapUsed;
      async function* file() {
        for (let i = 0; i < LINES; i += 1000) {
          // Most of the file sent, and time given to write it: nothing is on the list before the file's end.
          if (i === 60_000) {
            await new Promise((r) => setTimeout(r, 300));
            onListMidway = await onList(list.id);
          }
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
          let chunk = "";
          for (let j = i; j < i + 1000; j++) chunk += `${lineOf(j)}\n`;
          yield chunk;
        }
      }
      const res = await upload(manager, list.id, Readable.from(file()));
      expect(res.statusCode, res.body).toBe(200);
      expect(onListMidway).toBe(0);
      expect(bodyOf(res, UploadResult)).toEqual({ read: LINES, added: LINES, renewed: 0, refused: 0, refused_samples: [] });
      expect(await onList(list.id)).toBe(LINES);
      // Bounded: far less than the whole file held as text (a loose bound, the heap moves with the GC).
      expect(heapPeak - heapBefore).toBeLessThan(200 * 1024 * 1024);
    },
    180_000,
  );

  it("writes nothing of a file that goes over the limit or breaks off after thousands of numbers", async () => {
    const list = await createList("Cut short");
    // 20,000 good numbers (four of the route's batches), then more than 50 MB without a Content-Length.
    const numbers = Array.from({ length: 20_000 }, (_, i) => `312${3_000_000 + i}`).join("\n") + "\n";
    const padding = `${"x".repeat(1023)}\n`;
    const over = await upload(
      manager,
      list.id,
      Readable.from(
        (function* () {
          yield numbers;
          for (let i = 0; i < 51 * 1024; i++) yield padding;
        })(),
      ),
    );
    expect(over.statusCode).toBe(413);
    expect(await onList(list.id)).toBe(0);
    // The browser's connection dropped mid-file: the body's stream fails after the numbers.
    const dropped = await upload(
      manager,
      list.id,
      Readable.from(
        (async function* () {
          yield numbers;
          await new Promise((r) => setTimeout(r, 10));
          throw new Error("connection reset");
        })(),
      ),
    ).catch((e: unknown) => e);
    expect(dropped).toBeDefined();
    expect(await onList(list.id)).toBe(0);
    // The same numbers sent whole are all written.
    const whole = await upload(manager, list.id, numbers);
    expect(bodyOf(whole, UploadResult)).toMatchObject({ read: 20_000, added: 20_000, refused: 0 });
    expect(await onList(list.id)).toBe(20_000);
  }, 120_000);
});

describe("browsing and export", () => {
  it("pages through a list in number order and exports it as CSV, a would-be formula kept as text", async () => {
    const list = await createList("Export me", { expires_at: "2026-06-30" });
    await upload(manager, list.id, "2125550163\n2125550161\n2125550162\n");
    await manager.request("POST", `/dnc-lists/${list.id}/numbers`, { phone: "2125550164", reason: '=HYPERLINK("x"), said "no"' });
    const first = await manager.request("GET", `/dnc-lists/${list.id}/numbers?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as { data: DncEntry[]; next: string | null };
    expect(page1.data.map((e) => e.phone)).toEqual(["2125550161", "2125550162"]);
    expect(page1.next).toBe("2125550162");
    const page2 = (await manager.request("GET", `/dnc-lists/${list.id}/numbers?limit=2&after=${page1.next}`)).json() as { data: DncEntry[]; next: string | null };
    expect(page2.data.map((e) => e.phone)).toEqual(["2125550163", "2125550164"]);
    const page3 = (await manager.request("GET", `/dnc-lists/${list.id}/numbers?limit=2&after=${page2.next}`)).json() as { data: DncEntry[]; next: string | null };
    expect(page3).toEqual({ data: [], next: null });
    expect((await manager.request("GET", `/dnc-lists/${list.id}/numbers?limit=501`)).statusCode).toBe(422);

    const csv = await manager.request("GET", `/dnc-lists/${list.id}/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="dnc-export-me-2026-01-05.csv"');
    expect(csv.body.split("\r\n")).toEqual([
      "\uFEFFphone,added_at,expires_at,source,reason",
      `2125550161,${at},2026-07-01T12:00:00.000Z,import,`,
      `2125550162,${at},2026-07-01T12:00:00.000Z,import,`,
      `2125550163,${at},2026-07-01T12:00:00.000Z,import,`,
      `2125550164,${at},2026-07-01T12:00:00.000Z,manual,"'=HYPERLINK(""x""), said ""no"""`,
      "",
    ]);
    const internal = await manager.request("GET", "/dnc-lists/0/export");
    expect(internal.headers["content-disposition"]).toBe('attachment; filename="dnc-internal-2026-01-05.csv"');
    // The export reads back as a list: its heading skipped, its first column the number.
    const copy = await createList("Copy of Export me");
    expect(bodyOf(await upload(manager, copy.id, csv.rawPayload), UploadResult)).toMatchObject({ read: 4, added: 4, refused: 0 });
  });

  it("exports a list of more than one page whole", async () => {
    const list = await createList("Two pages");
    const numbers = Array.from({ length: 12_000 }, (_, i) => `313${2_000_000 + i}`);
    expect(bodyOf(await upload(manager, list.id, numbers.join("\n")), UploadResult)).toMatchObject({ added: 12_000 });
    const csv = await manager.request("GET", `/dnc-lists/${list.id}/export`);
    const rows = csv.body.split("\r\n").slice(1, -1).map((r) => r.split(",")[0]);
    expect(rows).toEqual(numbers);
  }, 60_000);

  it("documents every route on the OpenAPI page", async () => {
    const res = await gw.client().request("GET", "/api/docs/json");
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const p of ["/api/v1/dnc-lists", "/api/v1/dnc-lists/search", "/api/v1/dnc-lists/{list}", "/api/v1/dnc-lists/{list}/numbers", "/api/v1/dnc-lists/{list}/numbers/{phone}", "/api/v1/dnc-lists/{list}/export"])
      expect(paths).toContain(p);
  });
});
