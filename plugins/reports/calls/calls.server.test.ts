// The call-detail search on a real test gateway (issue 37, part 3). The property test writes random histories of
// calls straight into the core's tables — several agents, leads and campaigns, numbers in every spelling the PBX
// and the seed use, calls at the same instant (and a microsecond apart), dispositions given and given again,
// recordings — then asks a random filter page by page at a random page size: the pages put together are exactly
// the calls the raw rows say, newest first, none twice and none missing. Then each filter alone, the CSV (streamed
// a page at a time, equal to the pages), one call's detail, another call centre's calls, and what is refused.
import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agentStatusChanges,
  calls,
  dispositions,
  leadCampaigns,
  leads,
  startTestGateway,
  users,
  type TestClient,
  type TestGateway,
} from "../../../server/sdk/testing";
import { callRecordings } from "../../recordings/tables";
import { disclosurePlaybacks, disclosureProofs } from "../../disclosures/tables";
import {
  CALLS_CSV_COLUMNS,
  CALLS_MESSAGES,
  CallDetail,
  CallsFilterQuery,
  CallsReport,
} from "./contract";
import { callsCsv, csvCell, CSV_PAGE } from "./csv.server";
import { REPORT_MESSAGES } from "../contract";

const ISIUS = 1;
const SLICA = 2;
/** Saturday 2026-03-07 00:00 in New York: a week after the demo seed's history, before the clocks go forward. */
const BASE = Date.parse("2026-03-07T05:00:00Z");
const FROM = "2026-03-07";
const TO = "2026-03-11";

let gw: TestGateway;
let manager: TestClient;
let agents: number[];
let leadIds: number[];
let campaignIds: number[];

beforeAll(async () => {
  gw = await startTestGateway();
  manager = await gw.signIn("manager.isius@demo.test");
  const made = await gw.db
    .insert(users)
    .values(
      [1, 2, 3].map((n) => ({
        tenantId: ISIUS,
        email: `calls-agent-${n}@test.test`,
        passwordHash: "not-a-hash",
        firstName: "Calls",
        lastName: `Agent ${n}`,
        role: n === 3 ? "advisor" : "qualifier",
      })),
    )
    .returning({ id: users.id });
  agents = made.map((u) => u.id);
  const campaigns = await gw.db
    .insert(leadCampaigns)
    .values(
      ["Final Expense", "Mortgage Protection"].map((name, i) => ({
        tenantId: ISIUS,
        slug: `calls-test-${i}`,
        name,
        prefix: `CT${i}`,
      })),
    )
    .returning({ id: leadCampaigns.id });
  campaignIds = campaigns.map((c) => c.id);
  const made2 = await gw.db
    .insert(leads)
    .values(
      ["Ada Lovelace", "Grace Hopper"].map((name, i) => ({
        tenantId: ISIUS,
        marketingId: `CT0${900 + i}`,
        campaignId: campaignIds[i]!,
        firstName: name.split(" ")[0]!,
        lastName: name.split(" ")[1]!,
        phone: `212555014${i}`,
        country: "US",
        status: "New",
      })),
    )
    .returning({ id: leads.id });
  leadIds = made2.map((l) => l.id);
});
afterAll(() => gw?.close());

const DISPOSITIONS = ["Voicemail", "Sold", "Not Interested"] as const;
const VERDICTS = [null, "AMD-Human-voice", "AMD-Machine-Vm-WA", "AMD-NotSure", "AMD-Hangup"] as const;
/** One number as the PBX dials it, as the seed and an inbound leg keep it, and another number. */
const NUMBERS = ["+12125550100", "2125550100", "12125550100", "+13055550199"] as const;

const aCall = fc.record({
  agent: fc.integer({ min: 0, max: 2 }),
  lead: fc.constantFrom(0, 1, null),
  // Few distinct instants: calls at the same moment are common, and the order must still be total.
  at: fc.integer({ min: 0, max: 12 }).map((k) => k * 7 * 3600),
  micro: fc.integer({ min: 0, max: 2 }),
  direction: fc.constantFrom(0, 1),
  type: fc.constantFrom("auto", "manual", "inbound", "callback"),
  number: fc.constantFrom(...NUMBERS),
  campaign: fc.constantFrom(0, 1, null),
  duration: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
  amd: fc.constantFrom(...VERDICTS),
  transfer: fc.boolean(),
  given: fc.array(fc.constantFrom(...DISPOSITIONS), { maxLength: 2 }),
  recordings: fc.integer({ min: 0, max: 2 }),
});
type ACall = typeof aCall extends fc.Arbitrary<infer C> ? C : never;

const aFilter = fc.record(
  {
    agent: fc.integer({ min: 0, max: 2 }),
    lead: fc.integer({ min: 0, max: 1 }),
    phone: fc.constantFrom("(212) 555-0100", "+1 212.555.0100", "305-555-0199"),
    campaign: fc.integer({ min: 0, max: 1 }),
    direction: fc.constantFrom("outbound", "inbound"),
    disposition: fc.constantFrom(...DISPOSITIONS),
    min_duration: fc.integer({ min: 0, max: 300 }),
    max_duration: fc.integer({ min: 300, max: 600 }),
    amd: fc.constantFrom("AMD-Human-voice", "AMD-Machine-Vm-WA", "AMD-NotSure", "AMD-Hangup", "none"),
    transfer: fc.constantFrom("yes", "no"),
    recording: fc.constantFrom("yes", "no"),
  },
  { requiredKeys: [] },
);
type AFilter = typeof aFilter extends fc.Arbitrary<infer F> ? F : never;

interface Written extends Omit<ACall, "number"> {
  number: string;
  id: number;
}

/** Writes the calls as the core would keep them; answers them with their ids. */
async function write(history: (Omit<ACall, "number"> & { number: string })[]): Promise<Written[]> {
  const out: Written[] = [];
  for (const c of history) {
    const started = new Date(BASE + c.at * 1000);
    const [row] = await gw.db
      .insert(calls)
      .values({
        tenantId: ISIUS,
        agentId: agents[c.agent]!,
        leadId: c.lead === null ? null : leadIds[c.lead]!,
        type: c.type,
        direction: c.direction,
        phone: c.number,
        status: "ended",
        startedAt: started,
        answeredAt: c.duration === null ? null : started,
        endedAt: new Date(started.getTime() + 60_000 + (c.duration ?? 0) * 1000),
        duration: c.duration,
        amdVerdict: c.amd,
        liveTransfer: c.transfer ? 1 : 0,
        campaignId: c.campaign === null ? null : campaignIds[c.campaign]!,
      })
      .returning({ id: calls.id });
    const id = row!.id;
    if (c.micro) await gw.db.execute(sql`update calls set started_at = started_at + ${`${c.micro} microseconds`}::interval where id = ${id}`);
    if (c.lead !== null)
      for (const [i, value] of c.given.entries())
        await gw.db.insert(dispositions).values({
          tenantId: ISIUS,
          leadId: leadIds[c.lead]!,
          agentId: agents[c.agent]!,
          callId: id,
          disposition: value,
          createdAt: new Date(started.getTime() + 120_000 + i * 1000),
        });
    for (let i = 1; i <= c.recordings; i++)
      await gw.db.insert(callRecordings).values({
        tenantId: ISIUS,
        callId: id,
        leadId: c.lead === null ? null : leadIds[c.lead]!,
        agentId: agents[c.agent]!,
        index: i,
        key: `${ISIUS}/${id}-${i}.wav`,
        pbxRecordingId: `rec-${id}-${i}`,
        state: "complete",
        startedAt: started,
      });
    out.push({ ...c, id });
  }
  return out;
}

async function clear() {
  const mine = await gw.db.select({ id: calls.id }).from(calls).where(inArray(calls.agentId, agents));
  const ids = mine.map((c) => c.id);
  if (ids.length) {
    await gw.db.delete(callRecordings).where(inArray(callRecordings.callId, ids));
    await gw.db.delete(disclosureProofs).where(inArray(disclosureProofs.callId, ids));
    await gw.db.delete(disclosurePlaybacks).where(inArray(disclosurePlaybacks.callId, ids));
    await gw.db.delete(dispositions).where(inArray(dispositions.callId, ids));
  }
  await gw.db.delete(calls).where(inArray(calls.agentId, agents));
  await gw.db.delete(agentStatusChanges).where(inArray(agentStatusChanges.userId, agents));
}

const nanp = (n: string) => n.replace(/\D/g, "").replace(/^1(\d{10})$/, "$1");

/** The calls a filter keeps, from the raw rows, newest first (ties: the larger id first). */
function expected(written: Written[], f: AFilter): Written[] {
  return written
    .filter((c) => {
      const given = c.lead === null ? undefined : c.given.at(-1);
      const amd = c.amd ?? "none";
      return (
        (f.agent === undefined || c.agent === f.agent) &&
        (f.lead === undefined || c.lead === f.lead) &&
        (f.phone === undefined || nanp(c.number) === nanp(f.phone)) &&
        (f.campaign === undefined || c.campaign === f.campaign) &&
        (f.direction === undefined || c.direction === (f.direction === "inbound" ? 1 : 0)) &&
        (f.disposition === undefined || given === f.disposition) &&
        (f.min_duration === undefined || (c.duration ?? 0) >= f.min_duration) &&
        (f.max_duration === undefined || (c.duration ?? 0) <= f.max_duration) &&
        (f.amd === undefined || amd === f.amd) &&
        (f.transfer === undefined || c.transfer === (f.transfer === "yes")) &&
        (f.recording === undefined || c.recordings > 0 === (f.recording === "yes"))
      );
    })
    .sort((a, b) => b.at - a.at || b.micro - a.micro || b.id - a.id);
}

/** The filter as the query string says it. */
function queryOf(f: AFilter): Record<string, string> {
  const q: Record<string, string> = { from: FROM, to: TO };
  if (f.agent !== undefined) q.agent_id = String(agents[f.agent]);
  if (f.lead !== undefined) q.lead_id = String(leadIds[f.lead]);
  if (f.phone !== undefined) q.phone = f.phone;
  if (f.campaign !== undefined) q.campaign_id = String(campaignIds[f.campaign]);
  for (const k of ["direction", "disposition", "amd", "transfer", "recording"] as const)
    if (f[k] !== undefined) q[k] = f[k];
  if (f.min_duration !== undefined) q.min_duration = String(f.min_duration);
  if (f.max_duration !== undefined) q.max_duration = String(f.max_duration);
  return q;
}

const ask = (c: TestClient, path: string, q: Record<string, string>) =>
  c.request("GET", `${path}?${new URLSearchParams(q).toString()}`);

/** Every page of the search, in order, at `limit` a page. */
async function allPages(q: Record<string, string>, limit: number) {
  const pages: CallsReport[] = [];
  let cursor: string | null = null;
  do {
    const res = await ask(manager, "/reports/calls", { ...q, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const page = CallsReport.parse(res.json()).data;
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    cursor = page.next_cursor;
    if (cursor) expect(page.rows.length).toBe(limit);
  } while (cursor && pages.length < 100);
  return pages;
}

describe("the call-detail search", () => {
  it("pages through exactly the calls the raw rows say, newest first, none twice or missing, for random histories and filters", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(aCall, { maxLength: 18 }),
        aFilter,
        fc.integer({ min: 1, max: 6 }),
        async (history, filter, limit) => {
          await clear();
          const written = await write(history);
          const pages = await allPages(queryOf(filter), limit);
          const rows = pages.flatMap((p) => p.rows);
          const want = expected(written, filter);
          expect(rows.map((r) => r.id)).toEqual(want.map((c) => c.id));
          for (const [i, r] of rows.entries()) {
            const c = want[i]!;
            expect(r).toMatchObject({
              agent: { id: agents[c.agent], name: `Calls Agent ${c.agent + 1}` },
              lead: c.lead === null ? null : { id: leadIds[c.lead], name: ["Ada Lovelace", "Grace Hopper"][c.lead] },
              number: c.number,
              campaign:
                c.campaign === null
                  ? null
                  : { id: campaignIds[c.campaign], name: ["Final Expense", "Mortgage Protection"][c.campaign] },
              direction: c.direction === 1 ? "inbound" : "outbound",
              type: c.type,
              duration: c.duration,
              disposition: c.lead === null ? null : (c.given.at(-1) ?? null),
              amd: c.amd,
              live_transfer: c.transfer,
              recordings: c.recordings,
            });
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("narrows by each filter alone", async () => {
    await clear();
    const base: ACall = {
      agent: 0,
      lead: 0,
      at: 3600,
      micro: 0,
      direction: 0,
      type: "auto",
      number: "+12125550100",
      campaign: 0,
      duration: 30,
      amd: "AMD-Human-voice",
      transfer: false,
      given: [],
      recordings: 0,
    };
    const w = await write([
      base,
      { ...base, agent: 1, at: 7200 },
      { ...base, lead: 1, at: 7300 },
      { ...base, number: "+13055550199", at: 7400 },
      { ...base, campaign: 1, at: 7500 },
      { ...base, direction: 1, type: "inbound", at: 7600 },
      { ...base, given: ["Sold"], at: 7700 },
      { ...base, duration: 400, at: 7800 },
      { ...base, duration: null, amd: null, at: 7900 },
      { ...base, amd: "AMD-Machine-Vm-WA", at: 8000 },
      { ...base, transfer: true, at: 8100 },
      { ...base, recordings: 1, at: 8200 },
    ]);
    const ids = async (q: Record<string, string>) =>
      CallsReport.parse((await ask(manager, "/reports/calls", { from: FROM, to: TO, ...q })).json()).data.rows.map(
        (r) => r.id,
      );
    const all = w.map((c) => c.id);
    const only = (...i: number[]) => i.map((k) => all[k]).reverse();
    const but = (...i: number[]) => all.filter((_, k) => !i.includes(k)).reverse();
    expect(await ids({})).toEqual([...all].reverse());
    expect(await ids({ agent_id: String(agents[1]) })).toEqual(only(1));
    expect(await ids({ lead_id: String(leadIds[1]) })).toEqual(only(2));
    expect(await ids({ phone: "305 555 0199" })).toEqual(only(3));
    expect(await ids({ phone: "1-212-555-0100" })).toEqual(but(3));
    expect(await ids({ campaign_id: String(campaignIds[1]) })).toEqual(only(4));
    expect(await ids({ direction: "inbound" })).toEqual(only(5));
    expect(await ids({ direction: "outbound" })).toEqual(but(5));
    expect(await ids({ disposition: "Sold" })).toEqual(only(6));
    expect(await ids({ min_duration: "300" })).toEqual(only(7));
    expect(await ids({ max_duration: "0" })).toEqual(only(8));
    expect(await ids({ amd: "none" })).toEqual(only(8));
    expect(await ids({ amd: "AMD-Machine-Vm-WA" })).toEqual(only(9));
    expect(await ids({ transfer: "yes" })).toEqual(only(10));
    expect(await ids({ recording: "yes" })).toEqual(only(11));
    expect(await ids({ recording: "no" })).toEqual(but(11));
    // The range: local days of the call centre (the calls are on Saturday the 7th, New York time).
    expect(await ids({ from: "2026-03-08", to: "2026-03-08" })).toEqual([]);
    expect(await ids({ from: "2026-03-07", to: "2026-03-07" })).toEqual([...all].reverse());
  });

  it("lists the call centre's agents and campaigns for the filters", async () => {
    const report = CallsReport.parse((await ask(manager, "/reports/calls", { from: FROM, to: TO })).json()).data;
    expect(report.agents.map((a) => a.name)).toEqual(expect.arrayContaining(["Calls Agent 1", "Calls Agent 3"]));
    expect(report.campaigns.map((c) => c.name)).toEqual(expect.arrayContaining(["Final Expense", "Mortgage Protection"]));
    expect(report).toMatchObject({ from: FROM, to: TO, time_zone: "America/New_York" });
  });
});

describe("the search as CSV", () => {
  it("streams the header and every call, equal to the pages, as an attachment", async () => {
    await clear();
    await write(
      Array.from({ length: 7 }, (_, i): ACall => ({
        agent: i % 3,
        lead: i % 2 === 0 ? 0 : null,
        at: (i % 3) * 3600,
        micro: 0,
        direction: i % 2 === 0 ? 0 : 1,
        type: "manual",
        number: "+12125550100",
        campaign: 0,
        duration: i * 10,
        amd: null,
        transfer: i === 3,
        given: i === 2 ? (["Sold"] as ACall["given"]) : [],
        recordings: i === 4 ? 2 : 0,
      })),
    );
    const q = { from: FROM, to: TO, direction: "outbound" };
    const res = await ask(manager, "/reports/calls/export", q);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="calls-${FROM}-${TO}.csv"`);
    const lines = res.body.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(CALLS_CSV_COLUMNS.join(","));
    const pages = (await allPages(q, 2)).flatMap((p) => p.rows);
    expect(lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual(pages.map((r) => r.id));
    const sold = pages.find((r) => r.disposition === "Sold")!;
    const line = lines.find((l) => l.startsWith(`${sold.id},`))!.split(",");
    expect(line.slice(2)).toEqual([
      // Two hours after 2026-03-07 05:00 UTC, midnight in New York.
      "2026-03-07 02:00:00",
      String(sold.agent.id),
      sold.agent.name,
      String(sold.lead!.id),
      "Ada Lovelace",
      "+12125550100",
      "Final Expense",
      "outbound",
      "manual",
      "20",
      "Sold",
      "",
      "no",
      "0",
    ]);
  });

  it("keeps a would-be spreadsheet formula as text, and a number as dialled", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+12125550100")).toBe("+12125550100");
    expect(csvCell("Smith, Jo")).toBe(`"Smith, Jo"`);
    expect(csvCell(null)).toBe("");
  });

  it("reads a page at a time and writes each as it is read", async () => {
    await clear();
    // More than two pages' worth, written in one statement.
    const n = CSV_PAGE * 2 + 5;
    await gw.db.execute(sql`
      insert into calls (tenant_id, agent_id, type, direction, phone, status, started_at)
      select ${ISIUS}, ${agents[0]!}, 'auto', 0, '+12125550100', 'ended',
             ${new Date(BASE).toISOString()}::timestamptz + (g % 50) * interval '1 minute'
        from generate_series(1, ${n}) g`);
    const filter = CallsFilterQuery.parse({ from: FROM, to: TO, agent_id: String(agents[0]) });
    const pieces: string[] = [];
    for await (const piece of callsCsv(gw.db, ISIUS, filter, new Date(gw.clock.now()))) pieces.push(piece);
    // The header, then one piece per page read.
    expect(pieces.map((p) => p.split("\r\n").length - 1)).toEqual([1, CSV_PAGE, CSV_PAGE, 5]);
    const ids = pieces.slice(1).flatMap((p) => p.split("\r\n").filter(Boolean).map((l) => Number(l.split(",")[0])));
    expect(new Set(ids).size).toBe(n);
  });
});

describe("GET /reports/calls/:id", () => {
  it("answers the call with its lead, recordings, disclosures and the agent's status trail around it", async () => {
    await clear();
    const [call] = await write([
      {
        agent: 2,
        lead: 1,
        at: 3600,
        micro: 0,
        direction: 0,
        type: "manual",
        number: "+12125550141",
        campaign: 1,
        duration: 95,
        amd: "AMD-Human-voice",
        transfer: false,
        given: ["Voicemail", "Sold"],
        recordings: 0,
      },
    ]);
    const id = call!.id;
    const started = BASE + 3600_000;
    const ended = started + 60_000 + 95_000;
    await gw.db.insert(callRecordings).values(
      [
        { index: 1, state: "complete", durationMs: 42_340 },
        { index: 2, state: "no_audio", durationMs: null },
      ].map((r) => ({
        tenantId: ISIUS,
        callId: id,
        leadId: leadIds[1]!,
        agentId: agents[2]!,
        index: r.index,
        key: `${ISIUS}/${id}-${r.index}.wav`,
        pbxRecordingId: `rec-${id}-${r.index}`,
        state: r.state,
        startedAt: new Date(started + 30_000),
        durationMs: r.durationMs,
      })),
    );
    const step = { step: 1, text: "This call is recorded by Great Western.", answer: "Yes", at: new Date(started + 40_000).toISOString() };
    await gw.db.insert(disclosureProofs).values({
      tenantId: ISIUS,
      callId: id,
      leadId: leadIds[1]!,
      agentId: agents[2]!,
      carrier: "gtl",
      wording: "aa",
      language: "en",
      steps: [step],
      completed: true,
      createdAt: new Date(started + 50_000),
    });
    await gw.db.insert(disclosurePlaybacks).values({
      tenantId: ISIUS,
      callId: id,
      agentId: agents[2]!,
      media: "disclosures/aa-en",
      startedAt: new Date(started + 35_000),
      endedAt: new Date(started + 47_500),
      end: "done",
    });
    // The agent's day: ready long before, on a call, wrap-up after, a break later (after the trail's end).
    const change = (minutes: number, from: string | null, to: string) => ({
      tenantId: ISIUS,
      userId: agents[2]!,
      fromStatus: from,
      toStatus: to,
      at: new Date(started + minutes * 60_000),
      previousDuration: 0,
      source: "agent",
    });
    await gw.db.insert(agentStatusChanges).values([
      change(-120, null, "ready"),
      change(-30, "ready", "break"),
      change(-10, "break", "ready"),
      change(0.5, "ready", "on_a_call"),
      change((ended - started) / 60_000 + 0.2, "on_a_call", "after_call_work"),
      change((ended - started) / 60_000 + 2, "after_call_work", "ready"),
    ]);

    const res = await manager.request("GET", `/reports/calls/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = CallDetail.parse(res.json()).data;
    expect(detail.time_zone).toBe("America/New_York");
    expect(detail.call).toMatchObject({
      id,
      started_at: new Date(started).toISOString(),
      ended_at: new Date(ended).toISOString(),
      agent: { id: agents[2], name: "Calls Agent 3" },
      lead: { id: leadIds[1], name: "Grace Hopper" },
      campaign: { id: campaignIds[1], name: "Mortgage Protection" },
      duration: 95,
      disposition: "Sold",
      recordings: 2,
    });
    expect(detail.lead).toEqual({
      id: leadIds[1],
      name: "Grace Hopper",
      phone: "2125550141",
      status: "New",
      marketing_id: "CT0901",
      campaign: { id: campaignIds[1], name: "Mortgage Protection" },
    });
    expect(detail.recordings).toEqual([
      { id: expect.any(Number), index: 1, at: new Date(started + 30_000).toISOString(), seconds: 42.3, state: "complete" },
      { id: expect.any(Number), index: 2, at: new Date(started + 30_000).toISOString(), seconds: null, state: "no_audio" },
    ]);
    expect(detail.disclosures).toEqual([
      { at: new Date(started + 50_000).toISOString(), carrier: "gtl", wording: "aa", language: "en", completed: true, steps: [step] },
    ]);
    expect(detail.playbacks).toEqual([
      { at: new Date(started + 35_000).toISOString(), media: "disclosures/aa-en", seconds: 12.5, end: "done" },
    ]);
    // From the last change before the call (ready at -10 min) to the first after it ended (after-call work).
    expect(detail.status_trail.map((s) => [s.from, s.to])).toEqual([
      ["break", "ready"],
      ["ready", "on_a_call"],
      ["on_a_call", "after_call_work"],
    ]);
    expect(detail.status_trail[0]!.at).toBe(new Date(started - 10 * 60_000).toISOString());
  });

  it("does not exist for another call centre, nor when there is no such call; agents may not read it", async () => {
    await clear();
    const [call] = await write([
      {
        agent: 0,
        lead: 0,
        at: 0,
        micro: 0,
        direction: 0,
        type: "auto",
        number: "+12125550100",
        campaign: 0,
        duration: 10,
        amd: null,
        transfer: false,
        given: [],
        recordings: 0,
      },
    ]);
    const [{ hash }] = (await gw.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, "manager.isius@demo.test"))) as [{ hash: string }];
    await gw.db.insert(users).values({
      tenantId: SLICA,
      email: "calls.manager.slica@test.test",
      passwordHash: hash,
      firstName: "Lou",
      lastName: "Tremblay",
      role: "manager",
    });
    const slica = await gw.signIn("calls.manager.slica@test.test");
    expect((await slica.request("GET", `/reports/calls/${call!.id}`)).statusCode).toBe(404);
    const theirs = CallsReport.parse((await ask(slica, "/reports/calls", { from: FROM, to: TO })).json()).data;
    expect(theirs.rows).toEqual([]);
    expect(theirs.campaigns.map((c) => c.name)).not.toContain("Final Expense");
    const csv = await ask(slica, "/reports/calls/export", { from: FROM, to: TO });
    expect(csv.body.replace(/^\uFEFF/, "").split("\r\n").filter(Boolean)).toEqual([CALLS_CSV_COLUMNS.join(",")]);
    expect((await manager.request("GET", `/reports/calls/${call!.id}`)).statusCode).toBe(200);
    expect((await manager.request("GET", `/reports/calls/2000000000`)).statusCode).toBe(404);
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("GET", `/reports/calls/${call!.id}`)).statusCode).toBe(403);
    expect((await agent.request("GET", "/reports/calls")).statusCode).toBe(403);
  });
});

describe("what the search refuses", () => {
  it("answers 422 on the field for input it cannot read", async () => {
    const errors = async (q: Record<string, string>, path = "/reports/calls") => {
      const res = await ask(manager, path, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect((await errors({ phone: "call me" })).phone).toEqual([CALLS_MESSAGES.phone]);
    expect((await errors({ phone: "12" })).phone).toEqual([CALLS_MESSAGES.phone]);
    expect((await errors({ direction: "sideways" })).direction).toEqual([CALLS_MESSAGES.choice]);
    expect((await errors({ disposition: "Maybe" })).disposition).toEqual([CALLS_MESSAGES.choice]);
    expect((await errors({ amd: "robot" })).amd).toEqual([CALLS_MESSAGES.choice]);
    expect((await errors({ transfer: "true" })).transfer).toEqual([CALLS_MESSAGES.choice]);
    expect((await errors({ min_duration: "-1" })).min_duration).toEqual([CALLS_MESSAGES.whole]);
    expect((await errors({ min_duration: "90", max_duration: "30" })).max_duration).toEqual([CALLS_MESSAGES.durations]);
    expect((await errors({ agent_id: "abc" })).agent_id).toEqual([CALLS_MESSAGES.id]);
    expect((await errors({ cursor: "not-a-cursor" })).cursor).toEqual([CALLS_MESSAGES.cursor]);
    expect((await errors({ limit: "500" })).limit).toBeDefined();
    expect((await errors({ from: "2026-03-10", to: "2026-03-01" })).to).toEqual([REPORT_MESSAGES.order]);
    expect((await errors({ from: "2025-01-01", to: "2026-03-01" })).to).toEqual([REPORT_MESSAGES.span]);
    expect((await errors({ from: "2026-02-30" })).from).toEqual([REPORT_MESSAGES.date]);
    expect(await errors({ colour: "blue" })).toBeDefined();
    expect((await errors({ phone: "call me" }, "/reports/calls/export")).phone).toEqual([CALLS_MESSAGES.phone]);
    expect((await errors({ cursor: "x" }, "/reports/calls/export"))).toBeDefined();
    expect((await ask(manager, "/reports/calls/abc", {})).statusCode).toBe(422);
  });
});
