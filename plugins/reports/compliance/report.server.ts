// The compliance report (issue 37, part 5), read from the rollups the triggers keep (./tables.ts, ../migrations/0002) and
// judged by the compliance gate's own rules through the gateway SDK: a handful of queries whatever the number of
// calls, plus the calls of each rule broken (none on a compliant floor).
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  instantOf,
  judgeNumber,
  leadCampaigns,
  rowsOf,
  users,
  type Db,
  type GateVerdict,
} from "../../../server/sdk";
import { readDisclosuresGiven } from "../../disclosures/api.server";
import { spanOf, type Span } from "../span.server";
import {
  ABANDON_LIMIT,
  ABANDON_WINDOW_DAYS,
  MAX_LISTED,
  type AbandonCampaign,
  type Breach,
  type ComplianceRange,
  type ComplianceReport,
  type DisclosureCall,
} from "./contract";
import { closedSlots, placeOfPrefix, SLOT_MS, windowVerdict, type PrefixPlace } from "./windows.server";

const DAY_MS = 86_400_000;
/** Stretches of closed quarter-hours probed by one query. */
const STRETCHES_A_QUERY = 100;
const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The span's instants: its first local midnight and the one after its last day. */
function instantsOf(span: Span): { start: number; end: number } {
  const at = (day: string) => {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    return instantOf(y, m, d, 0, 0, span.timeZone);
  };
  return { start: at(span.from), end: at(addDays(span.to, 1)) };
}

/** The number as a report shows it: every digit but the last 4 hidden. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return "•".repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}

// ---------------------------------------------------------------- abandon rate

/** Per campaign, each day of the span with its own figures and those of the 30 days ending with it. */
export async function readAbandon(db: Db, span: Span): Promise<AbandonCampaign[]> {
  const first = addDays(span.from, -(ABANDON_WINDOW_DAYS - 1));
  const rows = rowsOf<{ campaign_id: number; day: string; persons: number; abandoned: number }>(
    await db.execute(sql`
      select campaign_id, to_char(day, 'YYYY-MM-DD') as day, sum(persons)::int as persons, sum(abandoned)::int as abandoned
        from report_abandon_days
       where tenant_id = ${span.tenantId} and day >= ${first}::date and day <= ${span.to}::date
       group by campaign_id, day
      having sum(persons) <> 0`),
  );
  const byCampaign = new Map<number, Map<string, { persons: number; abandoned: number }>>();
  for (const r of rows) {
    const days = byCampaign.get(r.campaign_id) ?? new Map();
    days.set(r.day, { persons: r.persons, abandoned: r.abandoned });
    byCampaign.set(r.campaign_id, days);
  }
  const ids = [...byCampaign.keys()].filter((id) => id !== 0);
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: leadCampaigns.id, name: leadCampaigns.name })
            .from(leadCampaigns)
            .where(and(eq(leadCampaigns.tenantId, span.tenantId), inArray(leadCampaigns.id, ids)))
        ).map((c) => [c.id, c.name])
      : [],
  );
  const campaigns: AbandonCampaign[] = [];
  for (const [id, days] of byCampaign) {
    const at = (day: string) => days.get(day) ?? { persons: 0, abandoned: 0 };
    // The 30 days before the first: the window the first day's rate reads.
    let persons30 = 0;
    let abandoned30 = 0;
    for (let d = first; d < span.from; d = addDays(d, 1)) {
      persons30 += at(d).persons;
      abandoned30 += at(d).abandoned;
    }
    const out: AbandonCampaign = {
      campaign_id: id === 0 ? null : id,
      name: id === 0 ? null : (names.get(id) ?? null),
      persons: 0,
      abandoned: 0,
      days: [],
      worst_rate_30: null,
      met: true,
    };
    for (let d = span.from; d <= span.to; d = addDays(d, 1)) {
      const today = at(d);
      const gone = at(addDays(d, -ABANDON_WINDOW_DAYS));
      persons30 += today.persons - gone.persons;
      abandoned30 += today.abandoned - gone.abandoned;
      const rate30 = rate(abandoned30, persons30);
      out.persons += today.persons;
      out.abandoned += today.abandoned;
      out.days.push({
        day: d,
        persons: today.persons,
        abandoned: today.abandoned,
        rate: rate(today.abandoned, today.persons),
        persons_30: persons30,
        abandoned_30: abandoned30,
        rate_30: rate30,
      });
      if (rate30 !== null && (out.worst_rate_30 === null || rate30 > out.worst_rate_30))
        out.worst_rate_30 = rate30;
    }
    out.met = out.worst_rate_30 === null || out.worst_rate_30 <= ABANDON_LIMIT;
    campaigns.push(out);
  }
  // Named campaigns by name, the calls of none last.
  return campaigns.sort(
    (a, b) =>
      Number(a.campaign_id === null) - Number(b.campaign_id === null) ||
      (a.name ?? "").localeCompare(b.name ?? "") ||
      (a.campaign_id ?? 0) - (b.campaign_id ?? 0),
  );
}

// ---------------------------------------------------------------- breaches

interface RawBreach {
  call_id: number;
  at: number;
  phone: string;
  agent_id: number | null;
  verdict: GateVerdict;
}

/** Breaches as the wire has them: the agent named, the number masked (the verdict's values never carry it). */
async function breachesOf(db: Db, tenantId: number, raw: RawBreach[]): Promise<Breach[]> {
  const ids = [...new Set(raw.map((r) => r.agent_id).filter((id): id is number => id !== null))];
  const people = new Map(
    ids.length
      ? (
          await db
            .select({ id: users.id, first: users.firstName, last: users.lastName })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)))
        ).map((u) => [u.id, `${u.first} ${u.last}`.trim()])
      : [],
  );
  return raw.map((r) => {
    const { phone: _phone, ...values } = r.verdict.values;
    return {
      call_id: r.call_id,
      at: new Date(r.at).toISOString(),
      phone: maskPhone(r.phone),
      agent_id: r.agent_id,
      agent: r.agent_id === null ? null : (people.get(r.agent_id) ?? null),
      reason: r.verdict.reason,
      values,
    };
  });
}

/** Calls placed outside a calling window in the span: how many, and the first `limit`, each judged on its own. */
export async function readWindowBreaches(
  db: Db,
  span: Span,
  limit: number,
): Promise<{ count: number; calls: Breach[] }> {
  const { start, end } = instantsOf(span);
  const firstDay = new Date(start).toISOString().slice(0, 10);
  const lastDay = new Date(end - 1).toISOString().slice(0, 10);
  // Which quarter-hours of each prefix's days have dials: three integers a row.
  const rows = rowsOf<{ prefix: string; day: string; mask: string }>(
    await db.execute(sql`
      select prefix, to_char(day, 'YYYY-MM-DD') as day, mask::text as mask
        from report_dial_slots
       where tenant_id = ${span.tenantId} and day >= ${firstDay}::date and day <= ${lastDay}::date`),
  );
  // Per place, its quarter-hours with dials, as one flag per quarter-hour of the UTC days read (a year: 35,000).
  const firstMidnight = Date.parse(`${firstDay}T00:00:00Z`);
  const size = (Math.round((Date.parse(`${lastDay}T00:00:00Z`) - firstMidnight) / DAY_MS) + 1) * 96;
  type Row = { prefix: string; base: number; words: number[] };
  const byPlace = new Map<string, { p: PrefixPlace; flags: Uint8Array; rows: Row[] }>();
  /** Each quarter-hour of a row with dials, as its index among the flags. */
  const eachSlot = (row: Row, visit: (index: number) => void) => {
    for (let w = 0; w < row.words.length; w++)
      for (let bits = row.words[w]!; bits !== 0; bits &= bits - 1)
        visit(row.base + w * 32 + (31 - Math.clz32(bits & -bits)));
  };
  for (const r of rows) {
    const p = placeOfPrefix(r.prefix);
    if (!p) continue;
    let group = byPlace.get(p.key);
    if (!group) byPlace.set(p.key, (group = { p, flags: new Uint8Array(size), rows: [] }));
    const row: Row = {
      prefix: r.prefix,
      base: Math.round((Date.parse(`${r.day}T00:00:00Z`) - firstMidnight) / DAY_MS) * 96,
      words: r.mask.slice(1, -1).split(",").map(Number),
    };
    group.rows.push(row);
    const flags = group.flags;
    eachSlot(row, (i) => (flags[i] = 1));
  }
  const shut: { prefix: string; s: number }[] = [];
  const from = Math.max(0, Math.round((start - firstMidnight) / SLOT_MS));
  const upto = Math.min(size, Math.round((end - firstMidnight) / SLOT_MS));
  for (const { p, flags, rows: placeRows } of byPlace.values()) {
    const slots: number[] = [];
    for (let i = from; i < upto; i++) if (flags[i]) slots.push(firstMidnight + i * SLOT_MS);
    const closed = closedSlots(p, slots);
    if (closed.size === 0) continue;
    // The prefixes dialled in the closed quarter-hours (a compliant floor has none).
    for (const row of placeRows)
      eachSlot(row, (i) => {
        const s = firstMidnight + i * SLOT_MS;
        if (closed.has(s)) shut.push({ prefix: row.prefix, s });
      });
  }
  if (shut.length === 0) return { count: 0, calls: [] };
  // How many dials the closed quarter-hours hold: the counts of their rows only.
  const closedRows = new Map<string, number[]>();
  for (const { prefix, s } of shut) {
    const key = `${prefix}|${new Date(s).toISOString().slice(0, 10)}`;
    closedRows.set(key, [...(closedRows.get(key) ?? []), Math.floor((s % 86_400_000) / SLOT_MS) + 1]);
  }
  const counted = rowsOf<{ prefix: string; day: string; slots: number[] }>(
    await db.execute(sql`
      select r.prefix, to_char(r.day, 'YYYY-MM-DD') as day, r.slots
        from jsonb_to_recordset(${JSON.stringify([...closedRows.keys()].map((k) => ({ prefix: k.slice(0, k.lastIndexOf("|")), day: k.slice(k.lastIndexOf("|") + 1) })))}::jsonb)
             as q(prefix text, day date)
        join report_dial_slots r on r.tenant_id = ${span.tenantId} and r.day = q.day and r.prefix = q.prefix`),
  );
  let count = 0;
  for (const r of counted)
    for (const k of closedRows.get(`${r.prefix}|${r.day}`) ?? []) count += r.slots[k - 1] ?? 0;
  if (count === 0) return { count, calls: [] };
  // A prefix's closed quarter-hours that follow one another (a night, a Sunday) are read as one stretch.
  shut.sort((a, b) => a.prefix.localeCompare(b.prefix) || a.s - b.s);
  const stretches: { prefix: string; a: number; b: number }[] = [];
  for (const { prefix, s } of shut) {
    const last = stretches.at(-1);
    if (last && last.prefix === prefix && last.b === s) last.b = s + SLOT_MS;
    else stretches.push({ prefix, a: s, b: s + SLOT_MS });
  }
  // Their calls, oldest first, a batch of stretches at a time until the first `limit` are known: a stretch that
  // begins after the limit-th call found holds none of them.
  stretches.sort((x, y) => x.a - y.a);
  type Found = { id: number; started_at: string | Date; phone: string; agent_id: number | null };
  let found: Found[] = [];
  for (let i = 0; i < stretches.length; i += STRETCHES_A_QUERY) {
    if (found.length >= limit && stretches[i]!.a > new Date(found[limit - 1]!.started_at).getTime()) break;
    const batch = stretches.slice(i, i + STRETCHES_A_QUERY).map((x) => ({
      prefix: x.prefix,
      a: new Date(x.a).toISOString(),
      b: new Date(x.b).toISOString(),
    }));
    const rows = await db.transaction(async (tx) => {
      // The plan's costs are guesses (stretches of unknown number and length): compiling it costs more than running it.
      await tx.execute(sql`set local jit = off`);
      return rowsOf<Found>(
        await tx.execute(sql`
          select c.id, c.started_at, c.phone, c.agent_id
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as q(prefix text, a timestamptz, b timestamptz)
            -- One probe of the call centre's calls by start per stretch (offset 0: never a join the planner could
            -- turn into a scan of every call).
            cross join lateral (
              select c.id, c.started_at, c.phone, c.agent_id from calls c
               where c.tenant_id = ${span.tenantId} and c.started_at >= q.a and c.started_at < q.b
                 and c.direction = 0 and report_dial_prefix(c.phone) = q.prefix
              offset 0) c
           order by c.started_at, c.id
           ${Number.isFinite(limit) ? sql`limit ${limit}` : sql``}`),
      );
    });
    found = [...found, ...rows]
      .sort((x, y) => new Date(x.started_at).getTime() - new Date(y.started_at).getTime() || x.id - y.id)
      .slice(0, limit);
  }
  const calls = found;
  const raw: RawBreach[] = [];
  for (const c of calls) {
    const at = new Date(c.started_at).getTime();
    const verdict = windowVerdict(c.phone, at);
    if (verdict && !verdict.callable)
      raw.push({ call_id: c.id, at, phone: c.phone, agent_id: c.agent_id, verdict });
  }
  return { count, calls: await breachesOf(db, span.tenantId, raw) };
}

/** Dials to a number on a Do Not Call list at that moment (recorded by the trigger when the dial was written). */
export async function readDncBreaches(
  db: Db,
  span: Span,
  limit: number,
): Promise<{ count: number; calls: Breach[] }> {
  const { start, end } = instantsOf(span);
  const within = sql`d.tenant_id = ${span.tenantId} and d.started_at >= ${new Date(start).toISOString()}::timestamptz
                     and d.started_at < ${new Date(end).toISOString()}::timestamptz`;
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from report_dnc_dials d where ${within}`),
  );
  if (n === 0) return { count: 0, calls: [] };
  const rows = rowsOf<{
    call_id: number;
    started_at: string | Date;
    list_name: string | null;
    added_at: string | Date;
    phone: string;
    agent_id: number | null;
  }>(
    await db.execute(sql`
      select d.call_id, d.started_at, d.list_name, d.added_at, c.phone, c.agent_id
        from report_dnc_dials d join calls c on c.id = d.call_id
       where ${within}
       order by d.started_at, d.call_id
       ${Number.isFinite(limit) ? sql`limit ${limit}` : sql``}`),
  );
  const raw = rows.map((r) => {
    const at = new Date(r.started_at).getTime();
    // The gate's own verdict over the fact the trigger recorded (its reason and values name the list and the day).
    const verdict = judgeNumber(
      {
        to: r.phone,
        place: null,
        allowedCountries: [],
        dncSince: new Date(r.added_at).getTime(),
        dncList: r.list_name,
        callsLast24h: 0,
        lead: null,
      },
      at,
    );
    return { call_id: r.call_id, at, phone: r.phone, agent_id: r.agent_id, verdict };
  });
  return { count: n, calls: await breachesOf(db, span.tenantId, raw) };
}

// ---------------------------------------------------------------- disclosures

export async function readDisclosures(
  db: Db,
  span: Span,
  limit: number,
): Promise<ComplianceReport["disclosures"]> {
  const { start, end } = instantsOf(span);
  const given = await readDisclosuresGiven(db, span.tenantId, new Date(start), new Date(end));
  const ids = [...new Set(given.map((g) => g.agentId))];
  const people = new Map(
    ids.length
      ? (
          await db
            .select({ id: users.id, first: users.firstName, last: users.lastName })
            .from(users)
            .where(and(eq(users.tenantId, span.tenantId), inArray(users.id, ids)))
        ).map((u) => [u.id, `${u.first} ${u.last}`.trim()])
      : [],
  );
  const advisors = new Map<
    number,
    {
      agent_id: number;
      name: string;
      calls: Set<number>;
      given: number;
      completed: number;
      audio_done: number;
    }
  >();
  for (const g of given) {
    const a = advisors.get(g.agentId) ?? {
      agent_id: g.agentId,
      name: people.get(g.agentId) ?? `#${g.agentId}`,
      calls: new Set<number>(),
      given: 0,
      completed: 0,
      audio_done: 0,
    };
    a.calls.add(g.callId);
    a.given++;
    if (g.completed) a.completed++;
    if (g.audio === "done") a.audio_done++;
    advisors.set(g.agentId, a);
  }
  const calls: DisclosureCall[] = [...given]
    .sort((a, b) => Number(a.completed) - Number(b.completed) || a.at.getTime() - b.at.getTime())
    .slice(0, limit)
    .map((g) => ({
      call_id: g.callId,
      at: g.at.toISOString(),
      agent_id: g.agentId,
      carrier: g.carrier,
      wording: g.wording,
      language: g.language,
      steps: g.steps,
      completed: g.completed,
      audio: g.audio,
    }));
  const completed = given.filter((g) => g.completed).length;
  return {
    met: completed === given.length,
    given: given.length,
    completed,
    advisors: [...advisors.values()]
      .map(({ calls: c, ...a }) => ({ ...a, calls: c.size }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    calls,
  };
}

// ---------------------------------------------------------------- the report

export async function readComplianceReport(
  db: Db,
  tenantId: number,
  range: ComplianceRange,
  now: Date,
  limit: number = MAX_LISTED,
): Promise<ComplianceReport> {
  const span = await spanOf(db, tenantId, range, now);
  const [campaigns, windows, dnc, disclosures] = await Promise.all([
    readAbandon(db, span),
    readWindowBreaches(db, span, limit),
    readDncBreaches(db, span, limit),
    readDisclosures(db, span, limit),
  ]);
  return {
    from: span.from,
    to: span.to,
    time_zone: span.timeZone,
    as_of: now.toISOString(),
    today: span.today,
    abandon: { met: campaigns.every((c) => c.met), campaigns },
    windows: { met: windows.count === 0, ...windows },
    dnc: { met: dnc.count === 0, ...dnc },
    disclosures,
  };
}
