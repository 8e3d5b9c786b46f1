// The import job (issue 36, part 2): an import's dry run ("checking") and its run ("queued", then "running") read
// the stored file as a stream and take its rows in batches through the lead book's intake (ctx.leads.intake).
// Where its state lives: all of it in lead_imports. A job runs on the gateway instance that holds its lease
// (lease_owner, lease_until, renewed by every batch); each batch's leads, list rows, refused rows and the job's
// progress (rows_done, counts) commit in one transaction that also checks the lease is still this instance's —
// so when an instance dies, another takes the job once the lease lapses and resumes after rows_done, and no row
// is written twice or lost. A cancel is a state change the next batch sees (its transaction rolls back).
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { nanpDigits } from "../../../src/contract/leadIntake";
import { intakeSettingsOf } from "../intakeSettings.server";
import type { Db, IntakeResult, PluginServerContext } from "../../../server/sdk";
import { IMPORT_MAX_ROWS, type DryRun, type ImportCounts, type ImportOutcome } from "../contract";
import { toIntake, type ColumnMapping } from "../import/mapping";
import { readRows, type CsvRecord } from "../import/rows";
import { NumberSet, textKey } from "../import/seen";
import type { Sniffed } from "../import/detect";
import { leadImportChunks, leadImportRefusals, leadImports, leadListMembers, leadLists } from "../tables";
import { fileOf } from "./file.server";

/** Rows a batch takes: one transaction, one intake query of each kind. */
export const BATCH_ROWS = 1000;
/** How long a lease holds without a batch renewing it. */
export const LEASE_MS = 30_000;
/** An upload still "uploading" this long after it began was cut off by a gateway that stopped: nobody can use it. */
export const UPLOAD_ABANDONED_MS = 6 * 3_600_000;
/** How often an instance sweeps the files nobody can use (any instance may: the sweep is the rows' own state). */
export const SWEEP_EVERY_MS = 10 * 60_000;
const ACTIVE = ["checking", "queued", "running"];

type ImportRow = typeof leadImports.$inferSelect;
type Row = Extract<CsvRecord, { kind: "row" | "bad" }>;

/**
 * How long the job waits, at most, for the gateway's requests before each step: under a steady flow of requests
 * it still takes the loop this often (ctx.requestsSettled).
 */
export const YIELD_MAX_MS = 20;

/** The job lost its lease or was cancelled while a batch was under way: the batch rolled back. */
class LeaseLost extends Error {}

/** The counts a batch adds, by outcome. */
function tally(counts: ImportCounts, outcome: ImportOutcome, n = 1) {
  counts[outcome] = (counts[outcome] ?? 0) + n;
}

/** One line a refused row shows: the fields' messages, or the refusal's sentence. */
export function reasonOf(r: IntakeResult): string {
  if (r.errors)
    return Object.entries(r.errors)
      .map(([field, messages]) => `${field}: ${messages.join(" ")}`)
      .join("; ");
  return r.message ?? r.outcome;
}

export interface JobHooks {
  /** After each batch committed (tests stop a job there, as a crash would). */
  afterBatch?(job: ImportRow): Promise<void> | void;
  /** The import moved: tell the managers. */
  changed?(importId: number): void;
}

export class ImportJobs {
  constructor(
    private readonly ctx: Pick<PluginServerContext, "db" | "clock" | "leads" | "log" | "closing" | "requestsSettled">,
    /** This gateway instance, as leases name it. */
    private readonly instance: string,
    private readonly hooks: JobHooks = {},
  ) {}

  private now = () => new Date(this.ctx.clock.now());
  private leaseEnd = () => new Date(this.ctx.clock.now() + LEASE_MS);

  /** Takes the oldest job whose lease is free, if any, under this instance's lease. */
  async claim(): Promise<ImportRow | null> {
    const { db } = this.ctx;
    const now = this.now();
    const [job] = await db
      .update(leadImports)
      .set({
        leaseOwner: this.instance,
        leaseUntil: this.leaseEnd(),
        state: sql`case when ${leadImports.state} = 'queued' then 'running' else ${leadImports.state} end`,
        startedAt: sql`case when ${leadImports.state} = 'queued' then ${now.toISOString()}::timestamptz else ${leadImports.startedAt} end`,
        // A dry run starts over (it wrote nothing); an import resumes after rows_done.
        rowsDone: sql`case when ${leadImports.state} = 'checking' then 0 else ${leadImports.rowsDone} end`,
      })
      .where(
        eq(
          leadImports.id,
          sql`(select id from lead_imports where state in ('checking', 'queued', 'running')
                 and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
               order by id limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return job ?? null;
  }

  /**
   * Drops the stored files nobody can use any more, up to 100 MB each: an upload a stopped gateway cut off (still
   * "uploading" after UPLOAD_ABANDONED_MS: the route deletes a failed upload itself, a crash cannot), whole; and
   * a cancelled import's file, as a done import's is dropped (its report, the refused rows, stays). An uploaded or
   * checked import keeps its file: the manager may still start it.
   */
  async sweep(): Promise<{ abandoned: number; filesDropped: number }> {
    const { db } = this.ctx;
    const abandoned = await db
      .delete(leadImports)
      .where(and(eq(leadImports.state, "uploading"), lt(leadImports.createdAt, new Date(this.ctx.clock.now() - UPLOAD_ABANDONED_MS))))
      .returning({ id: leadImports.id });
    const dropped = await db
      .delete(leadImportChunks)
      .where(inArray(leadImportChunks.importId, db.select({ id: leadImports.id }).from(leadImports).where(eq(leadImports.state, "cancelled"))))
      .returning({ importId: leadImportChunks.importId });
    return { abandoned: abandoned.length, filesDropped: new Set(dropped.map((d) => d.importId)).size };
  }

  /** Runs the jobs there are, one after another; answers how many ran. */
  async runAll(): Promise<number> {
    let n = 0;
    for (let job = await this.claim(); job; job = await this.claim()) {
      await this.run(job);
      n++;
    }
    return n;
  }

  /** Runs a claimed job until it ends, is cancelled or loses its lease. */
  async run(job: ImportRow): Promise<void> {
    try {
      if (job.state === "checking") await this.dryRun(job);
      else await this.write(job);
    } catch (e) {
      if (e instanceof LeaseLost) return;
      this.ctx.log.error({ err: e, importId: job.id }, "a lead import failed");
      await this.ctx.db
        .update(leadImports)
        .set({ state: "failed", error: "The import stopped on an unexpected error; the rows written so far stay.", finishedAt: this.now(), leaseOwner: null, leaseUntil: null })
        .where(and(eq(leadImports.id, job.id), eq(leadImports.leaseOwner, this.instance)));
      this.hooks.changed?.(job.id);
    }
  }

  /**
   * The file's records from `skip` on, in batches. Before each one, and between the slices of text it parses, the
   * job lets the gateway's requests go first: PGlite answers every statement as a microtask, so without a turn of
   * the event loop a whole import ran as one block and no request, timer or socket ping was served until it ended;
   * with only a turn, each of an agent's dial's statements still waited behind the job's synchronous stretches
   * (bench/lead-import: dial p99 4–8× during an import).
   */
  private async *batches(job: ImportRow, skip: number): AsyncGenerator<Row[]> {
    const pause = () => this.ctx.requestsSettled(YIELD_MAX_MS);
    let batch: Row[] = [];
    for await (const r of readRows(fileOf(this.ctx.db, job.id), job.sniffed as unknown as Sniffed, { skip, pause })) {
      if (r.kind === "header") continue;
      batch.push(r);
      if (batch.length >= BATCH_ROWS) {
        await pause();
        yield batch;
        batch = [];
      }
    }
    if (batch.length) {
      await pause();
      yield batch;
    }
  }

  /** The lease still ours and the job not cancelled: the batch's progress, or LeaseLost (the batch rolls back). */
  private async progress(tx: Db, job: ImportRow, set: Partial<typeof leadImports.$inferInsert>) {
    const moved = await tx
      .update(leadImports)
      .set({ leaseUntil: this.leaseEnd(), ...set })
      .where(and(eq(leadImports.id, job.id), eq(leadImports.leaseOwner, this.instance), inArray(leadImports.state, ACTIVE)))
      .returning({ id: leadImports.id });
    if (moved.length === 0) throw new LeaseLost();
  }

  private async finish(job: ImportRow, set: Partial<typeof leadImports.$inferInsert>) {
    await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await this.progress(tx, job, { ...set, finishedAt: this.now(), leaseOwner: null, leaseUntil: null });
      // An import done keeps its report (the refused rows) but not its file: up to 100 MB a list otherwise stays in
      // the database for good. A checked or failed dry run keeps it: the import may still run.
      if (set.state === "done") await tx.delete(leadImportChunks).where(eq(leadImportChunks.importId, job.id));
    });
    this.hooks.changed?.(job.id);
  }

  /** Judges every row as the import would; writes nothing but the dry run's counts. */
  private async dryRun(job: ImportRow) {
    const mapping = job.mapping as ColumnMapping;
    const policy = await intakeSettingsOf(this.ctx.db, job.tenantId);
    const counts: ImportCounts = {};
    const reasons = new Map<string, number>();
    // Rows of the file seen so far, by phone and by marketing id: a later one is a duplicate in the file.
    const seenPhones = new NumberSet();
    const seenIds = new NumberSet();
    let rows = 0;
    for await (const batch of this.batches(job, 0)) {
      await this.stopIfClosing(job);
      rows += batch.length;
      if (rows > IMPORT_MAX_ROWS) {
        await this.finish(job, { state: "failed", rowsTotal: rows, error: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows: split it into smaller lists.` });
        return;
      }
      const inputs = batch.filter((r) => r.kind === "row").map((r) => toIntake(r.fields, mapping));
      const results = await this.ctx.leads.intake(this.ctx.db, job.tenantId, inputs, {
        policy,
        allowedPrefixes: null,
        campaignId: job.campaignId,
        at: this.now(),
        dryRun: true,
      });
      let i = 0;
      for (const r of batch) {
        if (r.kind === "bad") {
          tally(counts, "invalid");
          reasons.set(r.message, (reasons.get(r.message) ?? 0) + 1);
          continue;
        }
        const input = inputs[i]!;
        const result = results[i++]!;
        // A row the intake took has a valid phone (ten digits) and a marketing id.
        const phone = Number(nanpDigits(String(input.phone ?? "")) ?? 0);
        const id = textKey(String(input.marketing_id ?? "").trim().toUpperCase());
        let outcome = outcomeOf(result);
        if ((outcome === "created" || outcome === "updated") && (seenPhones.has(phone) || seenIds.has(id))) outcome = "duplicate_file";
        if (outcome === "created" || outcome === "updated") {
          if (phone > 0) seenPhones.add(phone);
          seenIds.add(id);
        }
        tally(counts, outcome);
        if (outcome === "invalid" || outcome === "country") reasons.set(reasonOf(result), (reasons.get(reasonOf(result)) ?? 0) + 1);
      }
      await this.ctx.db.transaction(async (tx) => this.progress(tx as unknown as Db, job, { rowsDone: rows }));
      this.hooks.changed?.(job.id);
      await this.hooks.afterBatch?.(job);
    }
    const dryRun: DryRun = {
      rows,
      counts,
      reasons: [...reasons.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([reason, n]) => ({ reason, rows: n })),
    };
    await this.finish(job, { state: "checked", dryRun, rowsTotal: rows, rowsDone: 0 });
  }

  /** Writes the rows after rows_done into the import's list, a batch per transaction. */
  private async write(job: ImportRow) {
    const { db } = this.ctx;
    const mapping = job.mapping as ColumnMapping;
    const policy = await intakeSettingsOf(db, job.tenantId);
    const counts: ImportCounts = { ...(job.counts as ImportCounts) };
    let done = job.rowsDone;
    for await (const batch of this.batches(job, job.rowsDone)) {
      await this.stopIfClosing(job);
      const [list] = await db.select().from(leadLists).where(eq(leadLists.id, job.listId!));
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const rows = batch.filter((r) => r.kind === "row");
        const results = await this.ctx.leads.intake(
          tx,
          job.tenantId,
          rows.map((r) => toIntake(r.fields, mapping)),
          { policy, allowedPrefixes: null, campaignId: job.campaignId, at: this.now() },
        );
        const created = results.filter((r) => r.outcome === "created" && r.leadId !== null).map((r) => r.leadId!);
        if (created.length) {
          // One array parameter rather than a parameter per lead (bench/lead-import).
          await tx.execute(
            sql`insert into lead_list_members (lead_id, list_id) select unnest(${sql.param(created)}::int[]), ${job.listId!} on conflict do nothing`,
          );
          if (list?.paused)
            await this.ctx.leads.hold(tx, job.tenantId, `list:${list.id}`, list.name, sql`select unnest(${sql.raw(`array[${created.join(",")}]::int[]`)})`);
        }
        // A row the book already has from this same import (an earlier batch) is a duplicate in the file.
        const bookIds = results.filter((r) => r.outcome === "duplicate" && r.duplicateOf === "book").map((r) => r.leadId!);
        const ours = new Set(
          bookIds.length === 0
            ? []
            : (
                await tx
                  .select({ leadId: leadListMembers.leadId })
                  .from(leadListMembers)
                  .where(and(eq(leadListMembers.listId, job.listId!), inArray(leadListMembers.leadId, bookIds)))
              ).map((r) => r.leadId),
        );
        const refused: (typeof leadImportRefusals.$inferInsert)[] = [];
        let i = 0;
        for (const r of batch) {
          if (r.kind === "bad") {
            tally(counts, "invalid");
            refused.push({ importId: job.id, line: r.line, outcome: "invalid", reason: r.message, fields: [] });
            continue;
          }
          const result = results[i++]!;
          let outcome = outcomeOf(result);
          if (outcome === "duplicate_book" && ours.has(result.leadId!)) outcome = "duplicate_file";
          tally(counts, outcome);
          if (outcome !== "created" && outcome !== "updated")
            refused.push({ importId: job.id, line: r.line, outcome, reason: reasonOf(result), fields: r.fields });
        }
        if (refused.length) await tx.insert(leadImportRefusals).values(refused).onConflictDoNothing();
        done += batch.length;
        await this.progress(tx, job, { rowsDone: done, counts });
      });
      this.hooks.changed?.(job.id);
      await this.hooks.afterBatch?.(job);
    }
    await this.finish(job, { state: "done", rowsTotal: done });
  }

  /** The gateway is closing: the job's lease ends now, so the next instance to start takes it at once. */
  private async stopIfClosing(job: ImportRow) {
    if (!this.ctx.closing()) return;
    await this.ctx.db
      .update(leadImports)
      .set({ leaseUntil: this.now() })
      .where(and(eq(leadImports.id, job.id), eq(leadImports.leaseOwner, this.instance)));
    throw new LeaseLost();
  }
}

/** The import's outcome of an intake result. */
function outcomeOf(r: IntakeResult): ImportOutcome {
  if (r.outcome === "duplicate") return r.duplicateOf === "file" ? "duplicate_file" : "duplicate_book";
  return r.outcome;
}
