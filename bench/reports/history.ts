// The reports bench's history (run.ts explains the bench): a year of an ISIUS call centre's floor, generated in
// SQL straight into the core's tables before the gateway serves, and the reports plugin's rollups built for it.
//
// What is generated, per history agent and working day (Monday to Friday, in the call centre's zone), from a seeded
// hash of (agent, day, position) only, so the same options give the same rows (bench_u below: no random(), no
// order of execution matters):
//  - a shift: it starts 08:00–09:30 local, lasts 7.5–8.5 h, and holds 180–200 status changes (offline → ready at
//    the login, then a call's on_a_call and the status after it — ready, after_call_work, a break, a restroom, a
//    meeting, coaching, training, one lunch — in turns, and → offline at the logout; the agent's very first change
//    comes from no status). The night and the weekend are offline periods, as the gateway writes them.
//  - a call for each on_a_call period (89–99 a day): a qualifier's are auto-dials (3 % inbound), an advisor's
//    transfers taken (60 %) and callbacks; 45 % of the outgoing ones are answered, judged by the PBX's AMD (35 %
//    machine, 55 % human, 10 % not sure), with their talk seconds; ended and settled.
//  - dispositions: 80 % of the contacts and 13 % of the other calls get one, by the role's usual values.
//  - live transfers: 7.5 % of a qualifier's contacts go to an advisor (completed); overstays: 4 % of the breaks.
//  - leads of their own (1,500 per agent, status Not Interested: closed for the dialer, so the pool is unaffected),
//    with their dial counts; each agent's current status (offline since its last logout).
//
// Two ways in (loadHistory(), below): the history itself with the five rollup triggers off (ALTER TABLE … DISABLE
// TRIGGER report_…; the foreign keys stay checked) and the rollups built afterwards by set-based SQL that computes
// what the triggers compute (rollupSql); then a slice through the plugin's triggers, as the write path would add
// the rows (`sampleAgents` agents of a second call centre, the same generator, the same days), timed. The sample's
// rollups computed by that SQL are compared with those its triggers wrote, row by row, and the sample is deleted.

import { readFileSync } from "node:fs";
/** Runs one statement (or a script of several) and answers its rows. */
export type Exec = (text: string) => Promise<Record<string, unknown>[]>;

export const LEADS_PER_AGENT = 1500;

export interface HistoryOptions {
  tenantId: number;
  agents: number;
  /** The call centre's today (YYYY-MM-DD, local): the history covers the `days` calendar days before it. */
  today: string;
  days: number;
  timeZone: string;
  seed: number;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The generator's helpers: a seeded uniform hash, the status at a position of a shift, the instant of a change. */
export const helpersSql = (seed: number) => `
CREATE OR REPLACE FUNCTION bench_u(k bigint, s int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT (hashint8extended(k, ${seed}::bigint * 1000 + s) & 9007199254740991)::float8 / 9007199254740992.0 $$;
CREATE OR REPLACE FUNCTION bench_status(ad bigint, j int, n int) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN j = 0 THEN 'ready'
    WHEN j = n - 1 THEN 'offline'
    WHEN j % 2 = 1 THEN 'on_a_call'
    WHEN j = 2 * (n / 4) THEN 'lunch_break'
    ELSE (ARRAY['ready', 'after_call_work', 'break', 'restroom', 'meeting', 'coaching', 'training'])
         [width_bucket(bench_u(ad * 256 + j, 5), ARRAY[0, 0.62, 0.87, 0.92, 0.95, 0.97, 0.985]::float8[])]
  END $$;
CREATE OR REPLACE FUNCTION bench_t(start timestamptz, len float8, n int, ad bigint, j int) RETURNS timestamptz
  LANGUAGE sql STABLE PARALLEL SAFE AS
  $$ SELECT date_trunc('milliseconds', start + make_interval(secs => (j + 0.1 + 0.8 * bench_u(ad * 256 + j, 4)) * len / n)) $$;
CREATE TABLE IF NOT EXISTS bench_days (d int PRIMARY KEY, day date NOT NULL);
CREATE TABLE IF NOT EXISTS bench_agents (tenant_id int NOT NULL, a int NOT NULL, user_id int NOT NULL UNIQUE,
  role text NOT NULL, lead_base int, PRIMARY KEY (tenant_id, a));
CREATE TABLE IF NOT EXISTS bench_shifts (tenant_id int NOT NULL, user_id int NOT NULL, a int NOT NULL, role text NOT NULL,
  d int NOT NULL, ad bigint NOT NULL, n int NOT NULL, start timestamptz NOT NULL, len float8 NOT NULL, lead_base int NOT NULL);
`;

export const dropHelpersSql = `
DROP TABLE IF EXISTS bench_days, bench_agents, bench_shifts;
DROP FUNCTION IF EXISTS bench_t(timestamptz, float8, int, bigint, int);
DROP FUNCTION IF EXISTS bench_status(bigint, int, int);
DROP FUNCTION IF EXISTS bench_u(bigint, int);
`;

/** The working days of the history: the `days` calendar days before today, Monday to Friday. */
export const daysSql = (o: HistoryOptions) => `
TRUNCATE bench_days;
INSERT INTO bench_days
SELECT (row_number() OVER (ORDER BY day) - 1)::int, day
  FROM (SELECT generate_series(${lit(o.today)}::date - ${o.days}, ${lit(o.today)}::date - 1, interval '1 day')::date AS day) x
 WHERE extract(isodow FROM day) < 6`;

/** The history agents (users), their leads, and their shifts. */
export const agentsSql = (o: HistoryOptions) => `
INSERT INTO users (tenant_id, email, password_hash, first_name, last_name, role, language, created_at)
SELECT ${o.tenantId}, format('history.%s.%s@bench.test', ${o.tenantId}, a), 'not-a-hash', 'History',
       format('Agent %s', lpad(a::text, 3, '0')), CASE WHEN a % 5 = 4 THEN 'advisor' ELSE 'qualifier' END, 'en',
       (${lit(o.today)}::date - ${o.days})::timestamp AT TIME ZONE ${lit(o.timeZone)}
  FROM generate_series(0, ${o.agents - 1}) a ORDER BY a;
INSERT INTO bench_agents (tenant_id, a, user_id, role)
SELECT tenant_id, split_part(split_part(email, '@', 1), '.', 3)::int, id, role
  FROM users WHERE tenant_id = ${o.tenantId} AND email LIKE 'history.%@bench.test';
INSERT INTO leads (tenant_id, marketing_id, first_name, last_name, phone, language, status, is_new, country, state,
                   timezone, created_at)
SELECT ag.tenant_id, format('H%s-%s-%s', ag.tenant_id, ag.a, k), 'History', format('Lead %s-%s', ag.a, k),
       '212' || lpad((3000000 + ag.a * ${LEADS_PER_AGENT} + k)::text, 7, '0'), 'en', 'Not Interested', false, 'US',
       'ny', 'America/New_York', (${lit(o.today)}::date - ${o.days})::timestamp AT TIME ZONE ${lit(o.timeZone)}
  FROM bench_agents ag CROSS JOIN generate_series(0, ${LEADS_PER_AGENT - 1}) k
 WHERE ag.tenant_id = ${o.tenantId}
 ORDER BY ag.a, k;
UPDATE bench_agents ag SET lead_base = l.first
  FROM (SELECT split_part(marketing_id, '-', 2)::int AS a, min(id) AS first, max(id) - min(id) AS spread
          FROM leads WHERE tenant_id = ${o.tenantId} AND marketing_id LIKE 'H%' GROUP BY 1) l
 WHERE ag.tenant_id = ${o.tenantId} AND ag.a = l.a AND l.spread = ${LEADS_PER_AGENT - 1};
INSERT INTO bench_shifts
SELECT ag.tenant_id, ag.user_id, ag.a, ag.role, dd.d, x.ad, 2 * (90 + floor(bench_u(x.ad, 3) * 11))::int,
       (dd.day + time '08:00' + make_interval(mins => floor(bench_u(x.ad, 1) * 90)::int)) AT TIME ZONE ${lit(o.timeZone)}
         + make_interval(secs => bench_u(x.ad, 6) * 60),
       8 * 3600 + (bench_u(x.ad, 2) - 0.5) * 3600, ag.lead_base
  FROM bench_agents ag CROSS JOIN bench_days dd CROSS JOIN LATERAL (SELECT ag.a::bigint * 1000 + dd.d AS ad) x
 WHERE ag.tenant_id = ${o.tenantId}
 ORDER BY ag.a, dd.d`;

/** The status trail: 180–200 changes per agent-day. */
export const statusChangesSql = (tenantId: number) => `
INSERT INTO agent_status_changes (tenant_id, user_id, from_status, to_status, at, previous_duration, source, reason)
SELECT s.tenant_id, s.user_id,
       CASE WHEN j = 0 THEN CASE WHEN s.d = 0 THEN NULL ELSE 'offline' END ELSE bench_status(s.ad, j - 1, s.n) END,
       bench_status(s.ad, j, s.n),
       bench_t(s.start, s.len, s.n, s.ad, j),
       CASE WHEN j = 0 THEN 0
            ELSE floor(extract(epoch FROM bench_t(s.start, s.len, s.n, s.ad, j) - bench_t(s.start, s.len, s.n, s.ad, j - 1)))::int END,
       'agent', CASE WHEN j = 0 THEN 'login' WHEN j = s.n - 1 THEN 'logout' END
  FROM bench_shifts s CROSS JOIN LATERAL generate_series(0, s.n - 1) j
 WHERE s.tenant_id = ${tenantId}`;

/** A call per on_a_call period, from its start to the next change. */
export const callsSql = (tenantId: number) => `
INSERT INTO calls (tenant_id, lead_id, agent_id, type, direction, phone, status, started_at, answered_at, ended_at,
                   duration, cause, settled_at, amd_verdict)
SELECT c.tenant_id, c.lead_base + c.li, c.user_id,
       CASE WHEN c.role = 'advisor' THEN CASE WHEN c.dir = 1 THEN 'transfer' ELSE 'callback' END
            ELSE CASE WHEN c.dir = 1 THEN 'inbound' ELSE 'auto' END END,
       c.dir, '212' || lpad((3000000 + c.a * ${LEADS_PER_AGENT} + c.li)::text, 7, '0'), 'ended', c.st, c.ans, c.en,
       CASE WHEN c.ans IS NOT NULL THEN floor(extract(epoch FROM c.en - c.ans))::int END,
       CASE WHEN c.ans IS NOT NULL THEN 'normal' WHEN c.u_amd < 0.7 THEN 'no-answer' ELSE 'busy' END,
       c.en,
       CASE WHEN c.ans IS NOT NULL AND c.dir = 0 THEN
         (ARRAY['AMD-Machine-Vm-WA', 'AMD-Human-voice', 'AMD-NotSure'])[width_bucket(c.u_amd, ARRAY[0, 0.35, 0.9]::float8[])]
       END
  FROM (
    SELECT b.*, CASE WHEN b.dir = 1 OR b.u_ans < 0.45 THEN b.st + make_interval(secs => 3 + 12 * b.u_ring) END AS ans
      FROM (
        SELECT s.tenant_id, s.user_id, s.a, s.d, j, s.role, s.lead_base,
               bench_t(s.start, s.len, s.n, s.ad, j) AS st, bench_t(s.start, s.len, s.n, s.ad, j + 1) AS en,
               (bench_u(s.ad * 256 + j, 20) < CASE WHEN s.role = 'advisor' THEN 0.6 ELSE 0.03 END)::int AS dir,
               bench_u(s.ad * 256 + j, 21) AS u_ans, bench_u(s.ad * 256 + j, 22) AS u_ring,
               bench_u(s.ad * 256 + j, 23) AS u_amd,
               floor(bench_u(s.ad * 256 + j, 24) * ${LEADS_PER_AGENT})::int AS li
          FROM bench_shifts s CROSS JOIN LATERAL generate_series(1, s.n - 3, 2) j
         WHERE s.tenant_id = ${tenantId}) b
  ) c`;

/** The key of a call or a change for the hash: its instant in ms (an agent has one at a time). */
const keyOf = (col: string) => `(extract(epoch FROM ${col}) * 1000)::bigint`;
const contact = `(c.answered_at IS NOT NULL AND c.amd_verdict IS DISTINCT FROM 'AMD-Machine-Vm-WA')`;

/** Dispositions: most contacts, some of the others. */
export const dispositionsSql = (tenantId: number) => `
INSERT INTO dispositions (tenant_id, lead_id, agent_id, call_id, disposition, created_at)
SELECT x.tenant_id, x.lead_id, x.agent_id, x.id,
       CASE
         WHEN x.contact AND x.role = 'advisor' THEN
           (ARRAY['Sold', 'Make Phone Appointment', 'Not Interested', 'Engaged Opportunity', 'Failed Transfer',
                  'Medical Disqualification'])[width_bucket(x.v, ARRAY[0, 0.15, 0.35, 0.6, 0.8, 0.9]::float8[])]
         WHEN x.contact THEN
           (ARRAY['Not Interested', 'Appointment Setup', 'Callback Scheduled', 'Dead', 'Duplicate',
                  'Disqualified Transfer - Age'])[width_bucket(x.v, ARRAY[0, 0.45, 0.6, 0.8, 0.85, 0.9]::float8[])]
         WHEN x.role = 'advisor' THEN 'Unreachable'
         ELSE (ARRAY['Voicemail', 'Not In Service', 'Call Dropped'])[width_bucket(x.v, ARRAY[0, 0.7, 0.85]::float8[])]
       END,
       x.ended_at + make_interval(secs => 2 + 18 * bench_u(x.k, 31))
  FROM (SELECT c.tenant_id, c.lead_id, c.agent_id, c.id, c.ended_at, ag.role, ${contact} AS contact,
               ${keyOf("c.started_at")} AS k, bench_u(${keyOf("c.started_at")}, 32) AS v,
               bench_u(${keyOf("c.started_at")}, 30) AS p
          FROM calls c JOIN bench_agents ag ON ag.user_id = c.agent_id
         WHERE c.tenant_id = ${tenantId}) x
 WHERE x.p < CASE WHEN x.contact THEN 0.8 ELSE 0.13 END
 ORDER BY x.id`;

/** Live transfers a qualifier completed to an advisor, on 7.5 % of its contacts. */
export const transfersSql = (tenantId: number) => `
INSERT INTO live_transfers (tenant_id, lead_id, qualifier_id, call_id, state, outcome, advisor_id, created_at,
                            accepted_at, ended_at)
SELECT c.tenant_id, c.lead_id, c.agent_id, c.id, 'completed', NULL,
       adv.ids[1 + floor(bench_u(${keyOf("c.started_at")}, 41) * cardinality(adv.ids))::int],
       c.answered_at + interval '20 seconds', c.answered_at + interval '35 seconds', c.ended_at
  FROM calls c JOIN bench_agents ag ON ag.user_id = c.agent_id
 CROSS JOIN (SELECT array_agg(user_id ORDER BY a) AS ids FROM bench_agents
              WHERE tenant_id = ${tenantId} AND role = 'advisor') adv
 WHERE c.tenant_id = ${tenantId} AND ag.role = 'qualifier' AND ${contact} AND c.direction = 0
   AND c.ended_at > c.answered_at + interval '35 seconds' AND cardinality(adv.ids) > 0
   AND bench_u(${keyOf("c.started_at")}, 40) < 0.075
 ORDER BY c.id`;

/** Overstays: 4 % of the breaks. */
export const overstaysSql = (tenantId: number) => `
INSERT INTO overstays (tenant_id, user_id, period_id, status, role, limit_seconds, grace_seconds, started_at,
                       agent_notified_at, rtv_notified_at, ended_at, detected_by, chat_sent_at)
SELECT c.tenant_id, c.user_id, c.id, c.to_status, ag.role, 20, 0, c.at + interval '20 seconds',
       c.at + interval '20 seconds', c.at + interval '20 seconds', c.at + interval '25 seconds', 'gateway',
       c.at + interval '21 seconds'
  FROM agent_status_changes c JOIN bench_agents ag ON ag.user_id = c.user_id
 WHERE c.tenant_id = ${tenantId} AND c.to_status IN ('break', 'restroom', 'lunch_break')
   AND bench_u(${keyOf("c.at")}, 50) < 0.04
 ORDER BY c.id`;

/** Each history agent's current status: offline since its last change; and its leads' dial counts. */
export const finishSql = (tenantId: number) => `
INSERT INTO agent_statuses (user_id, tenant_id, status, since, offset_seconds, period_id, source)
SELECT DISTINCT ON (c.user_id) c.user_id, c.tenant_id, c.to_status, c.at, 0, c.id, 'agent'
  FROM agent_status_changes c JOIN bench_agents ag ON ag.user_id = c.user_id
 WHERE c.tenant_id = ${tenantId}
 ORDER BY c.user_id, c.at DESC, c.id DESC;
UPDATE leads l SET dials = x.n, is_new = false
  FROM (SELECT lead_id, count(*)::int AS n FROM calls WHERE tenant_id = ${tenantId} GROUP BY 1) x
 WHERE l.id = x.lead_id`;

// ---------------------------------------------------------------- the rollups, set-based

/**
 * What the reports plugin's triggers (plugins/reports/migrations/0000_reports.sql) add for a call centre's rows,
 * computed in one pass per table: the three SELECTs give the rows of report_agent_hours, report_status_hours and
 * report_disposition_hours. Hours are report_hour()'s: date_trunc('hour', t AT TIME ZONE the call centre's zone).
 * A status period (from the change before, by (at, id), to this one: lag()) is cut as report_status_period's loop
 * cuts it, literally (a recursive CTE takes the loop's steps for all the periods at once): the local hour h of t0,
 * the piece up to the next local hour (h + 1 h) AT TIME ZONE or t1, and the loop's guard when that end is not
 * after t0; so the hour repeated when the clocks go back, and the hour skipped when they go forward, fall where the
 * triggers put them.
 */
export function rollupSql(tenantId: number) {
  const tz = `(SELECT coalesce((SELECT timezone FROM tenants WHERE id = ${tenantId}), 'UTC'))`;
  const hourOf = (col: string) => `date_trunc('hour', ${col} AT TIME ZONE ${tz})`;
  const agentHours = `
SELECT ${tenantId} AS tenant_id, agent_id, hour, sum(dials)::int AS dials, sum(inbound)::int AS inbound,
       sum(contacts)::int AS contacts, sum(talk)::int AS talk_seconds, sum(sent)::int AS transfers_sent,
       sum(taken)::int AS transfers_taken, sum(overstays)::int AS overstays
  FROM (
    SELECT c.agent_id, ${hourOf("c.started_at")} AS hour, (c.direction = 0)::int AS dials,
           (c.direction = 1)::int AS inbound, ${contact}::int AS contacts, coalesce(c.duration, 0) AS talk,
           0 AS sent, 0 AS taken, 0 AS overstays
      FROM calls c WHERE c.tenant_id = ${tenantId}
    UNION ALL
    SELECT t.qualifier_id, ${hourOf("t.created_at")}, 0, 0, 0, 0, 1, 0, 0
      FROM live_transfers t WHERE t.tenant_id = ${tenantId} AND t.state = 'completed'
    UNION ALL
    SELECT t.advisor_id, ${hourOf("coalesce(t.accepted_at, t.created_at)")}, 0, 0, 0, 0, 0, 1, 0
      FROM live_transfers t WHERE t.tenant_id = ${tenantId} AND t.state = 'completed' AND t.advisor_id IS NOT NULL
    UNION ALL
    SELECT o.user_id, ${hourOf("o.started_at")}, 0, 0, 0, 0, 0, 0, 1
      FROM overstays o WHERE o.tenant_id = ${tenantId}
  ) x
 GROUP BY agent_id, hour`;
  const dispositionHours = `
SELECT ${tenantId} AS tenant_id, d.agent_id, ${hourOf("d.created_at")} AS hour, d.disposition, count(*)::int AS n
  FROM dispositions d WHERE d.tenant_id = ${tenantId}
 GROUP BY 2, 3, 4`;
  const statusHours = `
WITH RECURSIVE periods AS (
  SELECT p.user_id, p.from_status AS st, p.began AS t0, p.at AS t1
    FROM (SELECT user_id, from_status, at, lag(at) OVER (PARTITION BY user_id ORDER BY at, id) AS began
            FROM agent_status_changes WHERE tenant_id = ${tenantId}) p
   WHERE p.from_status IS NOT NULL AND p.began IS NOT NULL AND p.began < p.at
),
zone AS (SELECT ${tz} AS tz),
pieces (user_id, st, tz, t0, t1, h, upto) AS (
  SELECT p.user_id, p.st, z.tz, p.t0, p.t1, x.h,
         CASE WHEN x.u <= p.t0 THEN least(p.t1, p.t0 + interval '1 hour') ELSE x.u END
    FROM periods p CROSS JOIN zone z
   CROSS JOIN LATERAL (SELECT h0.h, least(p.t1, (h0.h + interval '1 hour') AT TIME ZONE z.tz) AS u
                         FROM (SELECT date_trunc('hour', p.t0 AT TIME ZONE z.tz) AS h) h0) x
  UNION ALL
  SELECT q.user_id, q.st, q.tz, q.upto, q.t1, x.h,
         CASE WHEN x.u <= q.upto THEN least(q.t1, q.upto + interval '1 hour') ELSE x.u END
    FROM pieces q
   CROSS JOIN LATERAL (SELECT h0.h, least(q.t1, (h0.h + interval '1 hour') AT TIME ZONE q.tz) AS u
                         FROM (SELECT date_trunc('hour', q.upto AT TIME ZONE q.tz) AS h) h0) x
   WHERE q.upto < q.t1
)
SELECT ${tenantId} AS tenant_id, user_id AS agent_id, h AS hour, st AS status,
       sum(extract(epoch FROM upto - t0)::float8) AS seconds
  FROM pieces
 GROUP BY user_id, h, st`;
  return { agentHours, statusHours, dispositionHours };
}

export const ROLLUPS = {
  agentHours: {
    table: "report_agent_hours",
    columns:
      "tenant_id, agent_id, hour, dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays",
    key: ["agent_id", "hour"],
    values: [
      "dials",
      "inbound",
      "contacts",
      "talk_seconds",
      "transfers_sent",
      "transfers_taken",
      "overstays",
    ],
  },
  statusHours: {
    table: "report_status_hours",
    columns: "tenant_id, agent_id, hour, status, seconds",
    key: ["agent_id", "hour", "status"],
    values: ["seconds"],
  },
  dispositionHours: {
    table: "report_disposition_hours",
    columns: "tenant_id, agent_id, hour, disposition, n",
    key: ["agent_id", "hour", "disposition"],
    values: ["n"],
  },
} as const;
export type RollupName = keyof typeof ROLLUPS;

/**
 * Rows that differ between the rollups the triggers wrote for a call centre and those rollupSql computes (into
 * bench_cmp_*): only on one side, or a value off (seconds by more than 1 ms: the triggers add floats one period
 * at a time, the SQL in another order).
 */
export const compareSql = (tenantId: number, name: RollupName) => {
  const r = ROLLUPS[name];
  const on = r.key.map((k) => `a.${k} = b.${k}`).join(" AND ");
  const differ = r.values
    .map((v) => (v === "seconds" ? `abs(a.${v} - b.${v}) > 0.001` : `a.${v} <> b.${v}`))
    .join(" OR ");
  return `
SELECT count(*)::int AS rows_triggers,
       (SELECT count(*)::int FROM bench_cmp_${name}) AS rows_sql,
       (SELECT count(*)::int FROM (SELECT * FROM ${r.table} WHERE tenant_id = ${tenantId}) a
          FULL JOIN bench_cmp_${name} b ON ${on}
         WHERE a.agent_id IS NULL OR b.agent_id IS NULL OR ${differ}) AS differing,
       ${r.values.map((v) => `(SELECT sum(${v})::float8 FROM ${r.table} WHERE tenant_id = ${tenantId}) AS ${v}_triggers, (SELECT sum(${v})::float8 FROM bench_cmp_${name}) AS ${v}_sql`).join(", ")}
  FROM ${r.table} WHERE tenant_id = ${tenantId}`;
};

export const TRIGGERS: [table: string, trigger: string][] = [
  ["calls", "report_calls"],
  ["dispositions", "report_dispositions"],
  ["agent_status_changes", "report_status_changes"],
  ["overstays", "report_overstays"],
  ["live_transfers", "report_transfers"],
  // The campaigns' and the compliance report's (migration 0002).
  ["calls", "report_campaign_calls"],
  ["dispositions", "report_campaign_dispositions"],
  ["leads", "report_campaign_leads"],
  ["leads", "report_campaign_leads_arrived"],
  ["calls", "report_abandons"],
  ["calls", "report_compliance_dials"],
];

/**
 * The campaigns' and the compliance report's history rolled up once, set by set: their migration's own backfill
 * statements (plugins/reports/migrations/0002…), run after the history is loaded with their triggers off.
 */
function migrationBackfill(): string[] {
  const text = readFileSync(
    new URL(
      "../../plugins/reports/migrations/0002_campaigns_floor_compliance_schedules.sql",
      import.meta.url,
    ),
    "utf8",
  );
  const part = (from: string, to?: string) => {
    const i = text.indexOf(from);
    if (i < 0) throw new Error(`bench/reports: the migration has no "${from}"`);
    return text.slice(i, to ? text.indexOf(to, i) : undefined);
  };
  return [
    part("-- What the call centre did before", "-- The floor's hours follow"),
    part("-- Backfill: what the call centres did before"),
  ]
    .flatMap((p) => p.split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}
export const triggersSql = (on: boolean) =>
  TRIGGERS.map(
    ([table, trigger]) => `ALTER TABLE ${table} ${on ? "ENABLE" : "DISABLE"} TRIGGER ${trigger};`,
  ).join("\n");

const DAY_TRIGGERS: [table: string, trigger: string][] = [
  ["report_agent_hours", "report_agent_days"],
  ["report_status_hours", "report_status_days"],
  ["report_disposition_hours", "report_disposition_days"],
  ["report_agent_days", "report_agent_months"],
  ["report_status_days", "report_status_months"],
  ["report_disposition_days", "report_disposition_months"],
  ["report_agent_hours", "report_floor_calls"],
  ["report_status_hours", "report_floor_presence"],
];
const dayTriggersSql = (on: boolean) =>
  DAY_TRIGGERS.map(
    ([table, trigger]) => `ALTER TABLE ${table} ${on ? "ENABLE" : "DISABLE"} TRIGGER ${trigger};`,
  ).join("\n");

/** The day, month and floor rollups of a call centre from its hour rollups (as the plugin's migrations fill them once). */
const daysFromHoursSql = (tenantId: number) => `
INSERT INTO report_agent_days
  (tenant_id, agent_id, day, dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays)
SELECT tenant_id, agent_id, hour::date, sum(dials), sum(inbound), sum(contacts), sum(talk_seconds), sum(transfers_sent),
       sum(transfers_taken), sum(overstays)
  FROM report_agent_hours WHERE tenant_id = ${tenantId} GROUP BY tenant_id, agent_id, hour::date;
INSERT INTO report_status_days (tenant_id, agent_id, day, status, seconds)
SELECT tenant_id, agent_id, hour::date, status, sum(seconds) FROM report_status_hours WHERE tenant_id = ${tenantId}
 GROUP BY tenant_id, agent_id, hour::date, status;
INSERT INTO report_disposition_days (tenant_id, agent_id, day, disposition, n)
SELECT tenant_id, agent_id, hour::date, disposition, sum(n) FROM report_disposition_hours WHERE tenant_id = ${tenantId}
 GROUP BY tenant_id, agent_id, hour::date, disposition;
INSERT INTO report_agent_months
  (tenant_id, agent_id, month, dials, inbound, contacts, talk_seconds, transfers_sent, transfers_taken, overstays)
SELECT tenant_id, agent_id, date_trunc('month', day)::date, sum(dials), sum(inbound), sum(contacts), sum(talk_seconds),
       sum(transfers_sent), sum(transfers_taken), sum(overstays)
  FROM report_agent_days WHERE tenant_id = ${tenantId} GROUP BY tenant_id, agent_id, date_trunc('month', day)::date;
INSERT INTO report_status_months (tenant_id, agent_id, month, status, seconds)
SELECT tenant_id, agent_id, date_trunc('month', day)::date, status, sum(seconds) FROM report_status_days
 WHERE tenant_id = ${tenantId} GROUP BY tenant_id, agent_id, date_trunc('month', day)::date, status;
INSERT INTO report_disposition_months (tenant_id, agent_id, month, disposition, n)
SELECT tenant_id, agent_id, date_trunc('month', day)::date, disposition, sum(n) FROM report_disposition_days
 WHERE tenant_id = ${tenantId} GROUP BY tenant_id, agent_id, date_trunc('month', day)::date, disposition;
INSERT INTO report_floor_hours (tenant_id, hour, shard, dials, contacts, agent_seconds)
SELECT tenant_id, hour, shard, sum(dials)::int, sum(contacts)::int, sum(seconds)
  FROM (SELECT tenant_id, hour, agent_id % 16 AS shard, dials, contacts, 0::float8 AS seconds
          FROM report_agent_hours WHERE tenant_id = ${tenantId}
        UNION ALL
        SELECT tenant_id, hour, agent_id % 16, 0, 0, seconds
          FROM report_status_hours WHERE tenant_id = ${tenantId} AND status <> 'offline') x
 GROUP BY tenant_id, hour, shard;`;

/** Rows of a call centre in the tables the history writes. */
export const countsSql = (tenantId: number) => `
SELECT (SELECT count(*)::int FROM agent_status_changes WHERE tenant_id = ${tenantId}) AS status_changes,
       (SELECT count(*)::int FROM calls WHERE tenant_id = ${tenantId}) AS calls,
       (SELECT count(*)::int FROM dispositions WHERE tenant_id = ${tenantId}) AS dispositions,
       (SELECT count(*)::int FROM live_transfers WHERE tenant_id = ${tenantId}) AS transfers,
       (SELECT count(*)::int FROM overstays WHERE tenant_id = ${tenantId}) AS overstays,
       (SELECT count(*)::int FROM leads WHERE tenant_id = ${tenantId} AND marketing_id LIKE 'H%') AS leads,
       (SELECT count(*)::int FROM report_agent_hours WHERE tenant_id = ${tenantId}) AS agent_hours,
       (SELECT count(*)::int FROM report_status_hours WHERE tenant_id = ${tenantId}) AS status_hours,
       (SELECT count(*)::int FROM report_disposition_hours WHERE tenant_id = ${tenantId}) AS disposition_hours`;

/**
 * The sample call centre's rows, all of them, with every trigger off for the session (session_replication_role:
 * neither the rollups' triggers nor the foreign keys' checks, which would scan the unindexed references to calls
 * once per deleted call): its rollups go with them.
 */
export const deleteTenantSql = (tenantId: number) => `
SET session_replication_role = replica;
DELETE FROM overstays WHERE tenant_id = ${tenantId};
DELETE FROM live_transfers WHERE tenant_id = ${tenantId};
DELETE FROM dispositions WHERE tenant_id = ${tenantId};
DELETE FROM calls WHERE tenant_id = ${tenantId};
DELETE FROM agent_statuses WHERE tenant_id = ${tenantId};
DELETE FROM agent_status_changes WHERE tenant_id = ${tenantId};
DELETE FROM leads WHERE tenant_id = ${tenantId};
DELETE FROM report_agent_hours WHERE tenant_id = ${tenantId};
DELETE FROM report_status_hours WHERE tenant_id = ${tenantId};
DELETE FROM report_disposition_hours WHERE tenant_id = ${tenantId};
DELETE FROM report_agent_days WHERE tenant_id = ${tenantId};
DELETE FROM report_status_days WHERE tenant_id = ${tenantId};
DELETE FROM report_disposition_days WHERE tenant_id = ${tenantId};
DELETE FROM report_agent_months WHERE tenant_id = ${tenantId};
DELETE FROM report_status_months WHERE tenant_id = ${tenantId};
DELETE FROM report_disposition_months WHERE tenant_id = ${tenantId};
DELETE FROM report_floor_hours WHERE tenant_id = ${tenantId};
DELETE FROM bench_shifts WHERE tenant_id = ${tenantId};
DELETE FROM bench_agents WHERE tenant_id = ${tenantId};
DELETE FROM users WHERE tenant_id = ${tenantId};
DELETE FROM tenants WHERE id = ${tenantId};
SET session_replication_role = DEFAULT;`;

// ---------------------------------------------------------------- the load

export interface LoadOptions extends HistoryOptions {
  /** Agents of the sample call centre loaded through the triggers (0: none). */
  sampleAgents: number;
  sampleTenantId: number;
  /** PostgreSQL: session settings for the load (work_mem …); PGlite keeps its own. */
  sessionSql?: string;
  log: (s: string) => void;
}
export interface Step {
  step: string;
  ms: number;
  rows: number;
}
export interface Comparison {
  table: string;
  rowsTriggers: number;
  rowsSql: number;
  differing: number;
  sums: Record<string, { triggers: number; sql: number }>;
}
export interface LoadReport {
  sample: {
    agents: number;
    steps: Step[];
    counts: Record<string, number>;
    /** Rows written through the triggers (status changes, calls, dispositions, transfers, overstays) and their time. */
    rows: number;
    ms: number;
    comparisons: Comparison[];
  } | null;
  main: {
    steps: Step[];
    counts: Record<string, number>;
    rows: number;
    insertMs: number;
    rollupMs: number;
    vacuumMs: number;
  };
  totalMs: number;
}

const FACT_STEPS = ["status_changes", "calls", "dispositions", "transfers", "overstays"] as const;

async function timed(exec: Exec, steps: Step[], step: string, text: string, log: (s: string) => void) {
  const t = performance.now();
  const rows = await exec(text);
  const ms = performance.now() - t;
  const n = Number((rows[0] as { n?: number } | undefined)?.n ?? NaN);
  steps.push({ step, ms, rows: n });
  log(
    `  ${step}: ${(ms / 1000).toFixed(1)} s${Number.isFinite(n) ? `, ${n.toLocaleString("en-US")} rows` : ""}`,
  );
}
/** A statement whose rows are counted: `WITH w AS (INSERT … RETURNING 1) SELECT count(*)`. */
const counted = (insert: string) =>
  `WITH w AS (${insert.trim()} RETURNING 1) SELECT count(*)::int AS n FROM w`;

async function facts(exec: Exec, steps: Step[], tenantId: number, log: (s: string) => void) {
  await timed(exec, steps, "status_changes", counted(statusChangesSql(tenantId)), log);
  await timed(exec, steps, "calls", counted(callsSql(tenantId)), log);
  await timed(exec, steps, "dispositions", counted(dispositionsSql(tenantId)), log);
  await timed(exec, steps, "transfers", counted(transfersSql(tenantId)), log);
  await timed(exec, steps, "overstays", counted(overstaysSql(tenantId)), log);
  await timed(exec, steps, "statuses_and_lead_dials", finishSql(tenantId), log);
}
const countsOf = async (exec: Exec, tenantId: number) =>
  Object.fromEntries(Object.entries((await exec(countsSql(tenantId)))[0]!).map(([k, v]) => [k, Number(v)]));

/**
 * The history of `o.tenantId` (which exists), and before it the sample through the triggers (its call centre is
 * made here and deleted at the end). The main call centre's triggers are off while its rows go in: the set-based
 * rollups follow, then VACUUM ANALYZE.
 */
export async function loadHistory(exec: Exec, o: LoadOptions): Promise<LoadReport> {
  const t0 = performance.now();
  const { log } = o;
  if (o.sessionSql) await exec(o.sessionSql);
  await exec(helpersSql(o.seed));
  await exec(daysSql(o));

  log(
    `history: ${o.agents} agents of call centre ${o.tenantId}, ${o.days} days before ${o.today}, triggers off`,
  );
  const steps: Step[] = [];
  await timed(exec, steps, "agents_leads_shifts", agentsSql(o), log);
  await exec(triggersSql(false));
  await facts(exec, steps, o.tenantId, log);
  await exec(triggersSql(true));
  const sqls = rollupSql(o.tenantId);
  const tr = performance.now();
  // The day rollups follow the hours' rows by triggers on them; for a year, built once from the hours instead.
  await exec(dayTriggersSql(false));
  for (const name of Object.keys(ROLLUPS) as RollupName[]) {
    const r = ROLLUPS[name];
    await timed(
      exec,
      steps,
      `rollup_${name}`,
      counted(`INSERT INTO ${r.table} (${r.columns}) ${sqls[name]}`),
      log,
    );
  }
  await timed(exec, steps, "rollup_days", daysFromHoursSql(o.tenantId), log);
  // Before the sample: the backfill rolls up every call centre's rows, and the sample's go through the triggers.
  // (What the triggers wrote before they went off, for the leads of the world, is rolled up again with the rest.)
  const tb = performance.now();
  await exec(
    `DELETE FROM report_campaign_days; DELETE FROM report_campaign_disposition_days; DELETE FROM report_lead_first_dials;
     DELETE FROM report_abandon_days; DELETE FROM report_dial_slots; DELETE FROM report_dnc_dials;`,
  );
  for (const statement of migrationBackfill()) await exec(statement);
  steps.push({ step: "rollup_campaigns_compliance", ms: performance.now() - tb, rows: NaN });
  log(`  rollup_campaigns_compliance: ${((performance.now() - tb) / 1000).toFixed(1)} s`);
  await exec(dayTriggersSql(true));
  const rollupMs = performance.now() - tr;
  const inserted = steps.filter((x) => (FACT_STEPS as readonly string[]).includes(x.step));
  const insertMs = steps.filter((x) => !x.step.startsWith("rollup_")).reduce((t, x) => t + x.ms, 0);

  // The sample, after the history: its triggers work on tables that already hold the year, as the write path's do.
  let sample: LoadReport["sample"] = null;
  if (o.sampleAgents > 0) {
    const s: HistoryOptions = { ...o, tenantId: o.sampleTenantId, agents: o.sampleAgents };
    log(`sample: ${o.sampleAgents} agents of call centre ${s.tenantId}, the same days, through the triggers`);
    await exec(`INSERT INTO tenants (id, name, variant, country, timezone, features)
                VALUES (${s.tenantId}, 'REPORTS SAMPLE', 'isius', 'US', ${lit(o.timeZone)}, '{}')`);
    const sampleSteps: Step[] = [];
    await timed(exec, sampleSteps, "agents_leads_shifts", agentsSql(s), log);
    await facts(exec, sampleSteps, s.tenantId, log);
    const counts = await countsOf(exec, s.tenantId);
    const through = sampleSteps.filter((x) => (FACT_STEPS as readonly string[]).includes(x.step));
    // The same rollups by the set-based SQL, beside the triggers' own, row by row.
    const comparisons: Comparison[] = [];
    const sampleSqls = rollupSql(s.tenantId);
    for (const name of Object.keys(ROLLUPS) as RollupName[]) {
      await exec(
        `DROP TABLE IF EXISTS bench_cmp_${name}; CREATE TABLE bench_cmp_${name} AS ${sampleSqls[name]}`,
      );
      const [c] = await exec(compareSql(s.tenantId, name));
      const r = c as Record<string, number>;
      comparisons.push({
        table: ROLLUPS[name].table,
        rowsTriggers: Number(r.rows_triggers),
        rowsSql: Number(r.rows_sql),
        differing: Number(r.differing),
        sums: Object.fromEntries(
          ROLLUPS[name].values.map((v) => [
            v,
            { triggers: Number(r[`${v}_triggers`]), sql: Number(r[`${v}_sql`]) },
          ]),
        ),
      });
      await exec(`DROP TABLE bench_cmp_${name}`);
    }
    for (const c of comparisons)
      log(
        `  ${c.table}: triggers ${c.rowsTriggers} rows, SQL ${c.rowsSql} rows, ${c.differing} differing ${c.differing ? "— MISMATCH" : "(same)"}`,
      );
    sample = {
      agents: o.sampleAgents,
      steps: sampleSteps,
      counts,
      rows: through.reduce((t, x) => t + (Number.isFinite(x.rows) ? x.rows : 0), 0),
      ms: through.reduce((t, x) => t + x.ms, 0),
      comparisons,
    };
    const td = performance.now();
    await exec(deleteTenantSql(s.tenantId));
    log(`  sample deleted in ${((performance.now() - td) / 1000).toFixed(1)} s`);
  }
  const tv = performance.now();
  await timed(exec, steps, "vacuum_analyze", "VACUUM ANALYZE", log);
  const vacuumMs = performance.now() - tv;
  await exec(dropHelpersSql);
  const counts = await countsOf(exec, o.tenantId);
  return {
    sample,
    main: {
      steps,
      counts,
      rows: inserted.reduce((t, x) => t + (Number.isFinite(x.rows) ? x.rows : 0), 0),
      insertMs,
      rollupMs,
      vacuumMs,
    },
    totalMs: performance.now() - t0,
  };
}
