// The call-detail search (issue 37, part 3): the calls of a range of the call centre's days, filtered, newest
// first, a page at a time by keyset — (started_at, id) below the cursor's — so a page is one index range scan of
// calls(tenant_id, started_at) (or calls(agent_id, started_at) for one agent, calls(lead_id) for one lead) that
// stops at the page's size, whatever the call centre's history: no offset, no count of the whole range.
//
// What the search shows of a call is the core's (calls, leads, users, lead_campaigns, dispositions) and, for its
// extra recordings, what the recordings plugin's gateway face says of them (plugins/recordings/api.server.ts).
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { leadCampaigns, rowsOf, users, type Db } from "../../../server/sdk";
import { AGENT_ROLES } from "../../../src/contract/common";
import type { CallType } from "../../../src/contract/calls";
import { hasRecording, recordingCountOf } from "../../recordings/api.server";
import { spanOf, type Span } from "../span.server";
import {
  encodeCursor,
  phoneSpellings,
  type CallRow,
  type CallsCursor,
  type CallsFilter,
  type CallsReport,
} from "./contract";

/** The call's disposition: the latest given for it (dispositions(call_id) finds it among millions). */
const dispositionOf = (call: SQL) => sql`(
  select d.disposition from dispositions d where d.call_id = ${call}.id order by d.id desc limit 1)`;


/** The filters as SQL over `calls c`, the range included. */
function whereOf(span: Span, f: CallsFilter, cursor: CallsCursor | undefined): SQL {
  const c = sql.raw("c");
  const parts: SQL[] = [
    sql`c.tenant_id = ${span.tenantId}`,
    sql`c.started_at >= (${span.start}::timestamp at time zone ${span.timeZone})`,
    sql`c.started_at < (${span.end}::timestamp at time zone ${span.timeZone})`,
  ];
  if (cursor) {
    // (started_at, id) < the cursor's, written so the index bounds started_at.
    const at = sql`(${cursor.at}::timestamp at time zone 'UTC')`;
    parts.push(sql`c.started_at <= ${at} and (c.started_at < ${at} or c.id < ${cursor.id})`);
  }
  if (f.agent_id !== undefined) parts.push(sql`c.agent_id = ${f.agent_id}`);
  if (f.lead_id !== undefined) parts.push(sql`c.lead_id = ${f.lead_id}`);
  if (f.phone !== undefined) {
    const spellings = phoneSpellings(f.phone);
    parts.push(sql`c.phone in (${sql.join(
      spellings.map((p) => sql`${p}`),
      sql`, `,
    )})`);
  }
  if (f.campaign_id !== undefined) parts.push(sql`c.campaign_id = ${f.campaign_id}`);
  if (f.direction !== undefined) parts.push(sql`c.direction = ${f.direction === "inbound" ? 1 : 0}`);
  if (f.min_duration !== undefined) parts.push(sql`coalesce(c.duration, 0) >= ${f.min_duration}`);
  if (f.max_duration !== undefined) parts.push(sql`coalesce(c.duration, 0) <= ${f.max_duration}`);
  if (f.amd !== undefined)
    parts.push(f.amd === "none" ? sql`c.amd_verdict is null` : sql`c.amd_verdict = ${f.amd}`);
  if (f.transfer !== undefined) parts.push(f.transfer === "yes" ? sql`c.live_transfer <> 0` : sql`c.live_transfer = 0`);
  if (f.recording !== undefined)
    parts.push(
      f.recording === "yes" ? hasRecording(sql`c.id`) : sql`not ${hasRecording(sql`c.id`)}`,
    );
  if (f.disposition !== undefined) parts.push(sql`${dispositionOf(c)} = ${f.disposition}`);
  return sql.join(parts, sql` and `);
}

interface RawRow {
  id: number;
  cursor_at: string;
  started_at: string;
  ended_at: string | null;
  agent_id: number;
  agent_first: string | null;
  agent_last: string | null;
  lead_id: number | null;
  lead_first: string | null;
  lead_last: string | null;
  phone: string;
  campaign_id: number | null;
  campaign_name: string | null;
  direction: number;
  type: string;
  duration: number | null;
  disposition: string | null;
  amd_verdict: string | null;
  live_transfer: number;
  recordings: number;
}

const fullName = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The calls `where` (SQL over `calls c`) finds as the search lists them (and their cursors), newest first. */
export async function readCallRows(
  db: Db,
  where: SQL,
  limit: number,
): Promise<{ rows: CallRow[]; cursors: CallsCursor[] }> {
  const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO})`);
  // The page's calls first (the filters, the order, the limit), then what each shows: the joins run for the page
  // only, not for every call the filters look at.
  const raw = rowsOf<RawRow>(
    await db.execute(sql`
      with page as (
        select c.id from calls c
         where ${where}
         order by c.started_at desc, c.id desc
         limit ${limit}
      )
      select c.id,
             to_char(c.started_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as cursor_at,
             ${iso("c.started_at")} as started_at, ${iso("c.ended_at")} as ended_at,
             c.agent_id, u.first_name as agent_first, u.last_name as agent_last,
             c.lead_id, l.first_name as lead_first, l.last_name as lead_last,
             c.phone, c.campaign_id, lc.name as campaign_name, c.direction, c.type, c.duration,
             ${dispositionOf(sql.raw("c"))} as disposition, c.amd_verdict, c.live_transfer,
             ${recordingCountOf(sql`c.id`)} as recordings
        from page p
        join calls c on c.id = p.id
        join users u on u.id = c.agent_id
        left join leads l on l.id = c.lead_id
        left join lead_campaigns lc on lc.id = c.campaign_id
       order by c.started_at desc, c.id desc`),
  );
  return {
    rows: raw.map((r) => ({
      id: r.id,
      started_at: r.started_at,
      ended_at: r.ended_at,
      agent: { id: r.agent_id, name: fullName(r.agent_first, r.agent_last) },
      lead: r.lead_id === null ? null : { id: r.lead_id, name: fullName(r.lead_first, r.lead_last) },
      number: r.phone,
      campaign: r.campaign_id === null ? null : { id: r.campaign_id, name: r.campaign_name ?? "" },
      direction: r.direction === 1 ? "inbound" : "outbound",
      // Only the gateway writes calls, always with one of CALL_TYPES (the column is text).
      type: r.type as CallType,
      duration: r.duration,
      disposition: r.disposition,
      amd: r.amd_verdict,
      live_transfer: r.live_transfer !== 0,
      recordings: Number(r.recordings),
    })),
    cursors: raw.map((r) => ({ at: r.cursor_at, id: r.id })),
  };
}

/** One page of the search, and the next page's cursor (null on the last). */
export async function readCallsPage(
  db: Db,
  span: Span,
  filter: CallsFilter,
  page: { cursor?: CallsCursor | undefined; limit: number },
): Promise<{ rows: CallRow[]; next: CallsCursor | null }> {
  // One more than asked: whether a next page exists, without counting the range.
  const got = await readCallRows(db, whereOf(span, filter, page.cursor), page.limit + 1);
  const more = got.rows.length > page.limit;
  return {
    rows: got.rows.slice(0, page.limit),
    next: more ? got.cursors[page.limit - 1]! : null,
  };
}

/** The filter's choices: the call centre's agents (and whoever else had calls in the page), its campaigns. */
async function choicesOf(db: Db, tenantId: number, rows: CallRow[]) {
  const callers = [...new Set(rows.map((r) => r.agent.id))];
  const [people, campaigns] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        deactivated: users.deactivated,
      })
      .from(users)
      .where(
        and(
          eq(users.tenantId, tenantId),
          or(inArray(users.role, [...AGENT_ROLES]), callers.length ? inArray(users.id, callers) : sql`false`),
        ),
      ),
    db
      .select({ id: leadCampaigns.id, name: leadCampaigns.name })
      .from(leadCampaigns)
      .where(eq(leadCampaigns.tenantId, tenantId))
      .orderBy(asc(leadCampaigns.name), asc(leadCampaigns.id)),
  ]);
  return {
    agents: people
      .map((p) => ({ id: p.id, name: fullName(p.firstName, p.lastName), role: p.role, active: !p.deactivated }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    campaigns,
  };
}

/** GET /reports/calls: a page of the search with the range it covers and the filters' choices. */
export async function readCallsReport(
  db: Db,
  tenantId: number,
  query: CallsFilter & { cursor?: CallsCursor | undefined; limit: number },
  now: Date,
): Promise<CallsReport> {
  const span = await spanOf(db, tenantId, query, now);
  const page = await readCallsPage(db, span, query, query);
  const choices = await choicesOf(db, tenantId, page.rows);
  return {
    from: span.from,
    to: span.to,
    time_zone: span.timeZone,
    as_of: now.toISOString(),
    today: span.today,
    ...choices,
    rows: page.rows,
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
}
