// Sends the scheduled e-mails, from any gateway instance, each run once. A poll on each instance claims the due
// schedules in one transaction (`for update skip locked`, so two instances never take the same row) and there moves
// next_run_at on and marks the run as its own under a lease; the report and the mail are made outside it. Sent, the
// run is cleared; failed, the error is kept and the next poll tries again, up to MAX_ATTEMPTS. An instance that died
// while sending leaves its lease to lapse, and another takes the run over (the one case a run may go twice: the mail
// left, the instance died before it said so).
import { and, eq, inArray, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { MailNotSent, tenants, type Db, type PluginServerContext } from "../../../server/sdk";
import type { ScheduledReport, ScheduleRange, SendFailure } from "./contract";
import ownTexts from "./locales/en.json";
import { scheduleRange } from "./range";
import { reportRegistry } from "./registry.server";
import { reportSchedules } from "./tables";
import { latestDue, localDay, nextRunAfter, type Timing } from "./timing.server";

/** How often each instance looks for due runs. */
export const POLL_MS = 60_000;
/** How long a claimed run is the claimer's before another instance may take it over. */
export const LEASE_MS = 10 * 60_000;
/** Tries of one run before the poll gives it up (the next run still goes). */
export const MAX_ATTEMPTS = 5;
/** The largest CSV an e-mail carries (mail servers refuse larger messages; base64 adds a third). */
export const MAX_CSV_BYTES = 10 * 2 ** 20;
/** Schedules one claim takes. */
const CLAIM_BATCH = 5;

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export interface Failure {
  kind: SendFailure;
  detail: string | null;
}

type MailContext = Pick<
  PluginServerContext,
  "db" | "readLane" | "clock" | "log" | "mail" | "settings" | "offered"
>;

const TEXTS = ownTexts.schedules;
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The call centre's time zone. */
export async function timeZoneOf(db: Db, tenantId: number): Promise<string> {
  const [t] = await db.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId));
  return t?.timezone ?? "UTC";
}

/** The e-mail's body: what it is, the range in the call centre's zone, the summary, where the schedule is changed. */
function bodyOf(
  s: ScheduleRow,
  range: { from: string; to: string },
  timeZone: string,
  summary: string,
  fileName: string,
): string {
  const days = range.from === range.to ? range.from : `${range.from} to ${range.to}`;
  const when = s.frequency === "weekly" ? `every ${WEEKDAYS[s.weekday ?? 0]}` : "every day";
  return [
    `${TEXTS.reports[s.report as keyof typeof TEXTS.reports]}, ${TEXTS.ranges[s.range as keyof typeof TEXTS.ranges]}: ${days} (${timeZone} time).`,
    summary,
    "",
    `The report is attached: ${fileName}.`,
    `Sent by the schedule "${s.name}" (${when} at ${hourText(s.hour)}). Managers change or stop it in the dialer under Reports, Scheduled e-mails.`,
    "",
  ].join("\n");
}

/**
 * Makes the schedule's report for its range counted from the call centre's day of `runAt`, and mails it. Answers
 * null once the mail left, or why it did not. Neither the addresses nor the report go to the log.
 */
export async function sendScheduledReport(
  ctx: MailContext,
  s: ScheduleRow,
  timeZone: string,
  runAt: number,
): Promise<Failure | null> {
  // A call centre whose reports were turned off since gets no more of them (the schedule stays, to resume).
  if (!(await ctx.offered(s.tenantId))) return { kind: "reports_off", detail: null };
  const entry = reportRegistry(ctx.settings)[s.report as ScheduledReport];
  const range = scheduleRange(s.range as ScheduleRange, localDay(runAt, timeZone));
  const query = entry?.query.safeParse({ ...range, ...(s.by && { by: s.by }) });
  if (!entry || !query?.success) return { kind: "report", detail: entry ? "query" : "no_csv" };
  const now = new Date(ctx.clock.now());
  const fileName = `${s.report}-${range.from === range.to ? range.from : `${range.from}-to-${range.to}`}.csv`;
  // A byte-order mark first, so a spreadsheet reads accents (Québec, Montréal) as UTF-8.
  const parts = ["\uFEFF"];
  let bytes = 3;
  let lines = 0;
  let summary: string;
  try {
    for await (const piece of entry.csv(ctx.readLane, s.tenantId, query.data, now)) {
      // The mark is this file's own (a report's CSV may start with one for its page's download).
      const line = lines === 0 ? piece.replace(/^\uFEFF/, "") : piece;
      bytes += Buffer.byteLength(line, "utf8");
      if (bytes > MAX_CSV_BYTES) return { kind: "too_large", detail: null };
      parts.push(line);
      lines++;
    }
    summary = entry.summary
      ? await entry.summary(ctx.readLane, s.tenantId, query.data, now)
      : `${Math.max(0, lines - 1)} lines in the CSV.`;
  } catch (err) {
    ctx.log.error(
      { err, scheduleId: s.id, tenantId: s.tenantId, report: s.report },
      "a scheduled report could not be made",
    );
    return { kind: "report", detail: null };
  }
  const subject = `${TEXTS.reports[s.report as keyof typeof TEXTS.reports]}, ${range.from === range.to ? range.from : `${range.from} to ${range.to}`}: ${s.name}`;
  try {
    await ctx.mail.send(
      {
        to: s.recipients,
        subject,
        text: bodyOf(s, range, timeZone, summary, fileName),
        attachments: [
          { filename: fileName, content: parts.join(""), contentType: "text/csv; charset=utf-8" },
        ],
      },
      { what: `scheduled report e-mail (schedule ${s.id})`, tenantId: s.tenantId },
    );
    return null;
  } catch (err) {
    if (err instanceof MailNotSent)
      return err.code === "no_transport"
        ? { kind: "no_transport", detail: null }
        : { kind: "transport", detail: err.code };
    throw err;
  }
}

/** What a send leaves on the row: sent (the error cleared) or the failure. */
const outcomeOf = (failure: Failure | null, at: Date) =>
  failure
    ? { lastError: failure.kind, lastErrorDetail: failure.detail, lastErrorAt: at }
    : { lastSentAt: at, lastError: null, lastErrorDetail: null, lastErrorAt: null, gaveUp: false };

/** A claimed run: the schedule, its zone and the run's scheduled moment. */
interface Claimed {
  schedule: ScheduleRow;
  timeZone: string;
  runAt: number;
}

export class ScheduleRunner {
  constructor(
    private readonly ctx: MailContext & Pick<PluginServerContext, "closing">,
    /** This gateway instance, as leases name it. */
    private readonly instance: string,
  ) {}

  /**
   * Takes up to `limit` runs due now: a schedule whose next run has come (its latest missed run when several were,
   * next_run_at moved past now), or a run claimed before whose lease is free (failed, or its instance died).
   */
  async claim(limit = CLAIM_BATCH, except: readonly number[] = []): Promise<Claimed[]> {
    const nowMs = this.ctx.clock.now();
    const now = new Date(nowMs);
    const s = reportSchedules;
    return this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const due = await tx
        .select()
        .from(s)
        .where(
          and(
            eq(s.active, true),
            except.length ? notInArray(s.id, [...except]) : undefined,
            or(
              and(isNull(s.runAt), lte(s.nextRunAt, now)),
              and(isNotNull(s.runAt), or(isNull(s.leaseUntil), lte(s.leaseUntil, now))),
            ),
          ),
        )
        .orderBy(s.nextRunAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      const zones = new Map(
        (
          await tx
            .select({ id: tenants.id, timezone: tenants.timezone })
            .from(tenants)
            .where(inArray(tenants.id, [...new Set(due.map((d) => d.tenantId))]))
        ).map((z) => [z.id, z.timezone]),
      );
      const lease = { leaseOwner: this.instance, leaseUntil: new Date(nowMs + LEASE_MS) };
      const claimed: Claimed[] = [];
      for (const row of due) {
        const timeZone = zones.get(row.tenantId) ?? "UTC";
        if (row.runAt) {
          await tx.update(s).set(lease).where(eq(s.id, row.id));
          claimed.push({ schedule: row, timeZone, runAt: row.runAt.getTime() });
          continue;
        }
        const { run, next } = latestDue(row.nextRunAt.getTime(), nowMs, timingOf(row), timeZone);
        await tx
          .update(s)
          .set({ ...lease, runAt: new Date(run), nextRunAt: new Date(next), attempts: 0 })
          .where(eq(s.id, row.id));
        claimed.push({ schedule: { ...row, attempts: 0 }, timeZone, runAt: run });
      }
      return claimed;
    });
  }

  /** Sends a claimed run and records how it went, while the run is still this instance's. */
  async send({ schedule, timeZone, runAt }: Claimed): Promise<Failure | null> {
    let failure: Failure | null;
    try {
      failure = await sendScheduledReport(this.ctx, schedule, timeZone, runAt);
    } catch (err) {
      this.ctx.log.error(
        { err, scheduleId: schedule.id, tenantId: schedule.tenantId },
        "a scheduled report e-mail failed",
      );
      failure = { kind: "report", detail: null };
    }
    const s = reportSchedules;
    const at = new Date(this.ctx.clock.now());
    const givenUp = failure !== null && schedule.attempts + 1 >= MAX_ATTEMPTS;
    await this.ctx.db
      .update(s)
      .set({
        ...outcomeOf(failure, at),
        leaseOwner: null,
        leaseUntil: null,
        ...(failure === null || givenUp ? { runAt: null } : {}),
        attempts: failure ? sql`${s.attempts} + 1` : 0,
        ...(givenUp && { gaveUp: true }),
      })
      .where(and(eq(s.id, schedule.id), eq(s.leaseOwner, this.instance), eq(s.runAt, new Date(runAt))));
    return failure;
  }

  /**
   * Claims and sends until nothing is due (or the gateway closes); answers how many runs were tried. A run that
   * failed is tried again on a later poll, not in this one.
   */
  async runDue(): Promise<number> {
    const tried: number[] = [];
    while (!this.ctx.closing()) {
      const batch = await this.claim(CLAIM_BATCH, tried);
      if (batch.length === 0) break;
      for (const run of batch) {
        await this.send(run);
        tried.push(run.schedule.id);
      }
    }
    return tried.length;
  }
}

/** A run asked by a manager ("Send now"): sent at once for the range counted from today; the schedule's next run stays. */
export async function sendNow(ctx: MailContext, schedule: ScheduleRow): Promise<Failure | null> {
  const timeZone = await timeZoneOf(ctx.db, schedule.tenantId);
  const nowMs = ctx.clock.now();
  const failure = await sendScheduledReport(ctx, schedule, timeZone, nowMs);
  await ctx.db
    .update(reportSchedules)
    .set(outcomeOf(failure, new Date(nowMs)))
    .where(eq(reportSchedules.id, schedule.id));
  return failure;
}

/** A row's timing, as its columns hold it. */
export const timingOf = (row: Pick<ScheduleRow, "frequency" | "weekday" | "hour">): Timing => ({
  frequency: row.frequency as Timing["frequency"],
  weekday: row.weekday,
  hour: row.hour,
});

/** The schedule's first run from now (created, edited or resumed). */
export const firstRun = (timing: Timing, nowMs: number, timeZone: string) =>
  new Date(nextRunAfter(nowMs, timing, timeZone));
