// Gateway side of a manager's list import: the upload (stored in pieces, sniffed, its header and first rows read,
// a mapping offered), the mapping confirmed and the dry run started, the import started, cancelled, read, and the
// report's refused rows as CSV. The work itself is the job's (./job.ts), on whichever instance holds its lease.
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { defineRoute, HttpError, leadCampaigns, MESSAGES, users, type Db, type PluginServerContext, type RouteDef } from "../../../server/sdk";
import {
  cancelLeadImport,
  checkLeadImport,
  IMPORT_MAX_BYTES,
  PREVIEW_ROWS,
  readLeadImport,
  readLeadImports,
  readRefusedRows,
  startLeadImport,
  uploadLeadImport,
  type LeadImport,
} from "../contract";
import { HEAD_BYTES, isRefusal, sniff, type Sniffed } from "../import/detect";
import { guessMapping, layoutKey, validateMapping, type ColumnMapping } from "../import/mapping";
import { refusedCsvHeader, refusedCsvLine } from "../import/refused";
import { readRows } from "../import/rows";
import { leadImportLayouts, leadImportRefusals, leadImports, leadLists } from "../tables";
import { fileOf, FileTooLarge, storeFile } from "./file.server";

const MANAGERS = { roles: ["manager"] } as const;
const EXAMPLE = { id: "1" };
type ImportRow = typeof leadImports.$inferSelect;

export const IMPORT_MESSAGES = {
  tooLarge: "The file is larger than 100 MB: split it into smaller lists.",
  notCsv: "Send the file itself as the request body, as text/csv.",
  noHeader: "The file has no header row: its first line must name the columns.",
  started: "This import has already started.",
  notChecked: "Check the import (the dry run) before starting it.",
  ended: "This import has already ended.",
  campaign: "Choose one of the call centre's campaigns.",
} as const;

const nameOf = (u: { firstName: string | null; lastName: string | null } | null) =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(" ") : null;

export function wireImport(r: ImportRow, createdBy: string | null): LeadImport {
  return {
    id: r.id,
    file_name: r.fileName,
    file_bytes: r.fileBytes,
    columns: r.columns,
    preview: r.preview,
    mapping: r.mapping as LeadImport["mapping"],
    mapping_remembered: r.mappingRemembered,
    campaign_id: r.campaignId,
    state: r.state as LeadImport["state"],
    dry_run: (r.dryRun as LeadImport["dry_run"]) ?? null,
    list_id: r.listId,
    rows_total: r.rowsTotal,
    rows_done: r.rowsDone,
    counts: r.counts,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    created_by: createdBy,
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/** The call centre's imports as the wire has them (an uploading one is not shown: it has no file yet). */
export async function importsOf(db: Db, tenantId: number, id?: number): Promise<LeadImport[]> {
  const rows = await db
    .select({ row: leadImports, by: { firstName: users.firstName, lastName: users.lastName } })
    .from(leadImports)
    .leftJoin(users, eq(users.id, leadImports.createdBy))
    .where(and(eq(leadImports.tenantId, tenantId), id === undefined ? undefined : eq(leadImports.id, id), inArray(leadImports.state, ["uploaded", "checking", "checked", "queued", "running", "done", "cancelled", "failed"])))
    .orderBy(desc(leadImports.createdAt), desc(leadImports.id))
    .limit(50);
  return rows.map((r) => wireImport(r.row, nameOf(r.by)));
}

/** The header and the first rows of a stored file; a refusal when it has no header. */
async function headOf(db: Db, importId: number, sniffed: Sniffed): Promise<{ columns: string[]; preview: string[][] }> {
  let columns: string[] | null = null;
  const preview: string[][] = [];
  for await (const r of readRows(fileOf(db, importId), sniffed)) {
    if (r.kind === "header") columns = r.columns;
    else if (r.kind === "bad" && r.line === 0) throw new HttpError(422, r.message);
    else if (r.kind === "row") preview.push(r.fields);
    else preview.push([]);
    if (preview.length >= PREVIEW_ROWS) break;
  }
  if (!columns || columns.length === 0) throw new HttpError(422, IMPORT_MESSAGES.noHeader);
  return { columns, preview };
}

export function importRoutes(ctx: PluginServerContext, kick: () => void): RouteDef[] {
  const { db, clock } = ctx;
  const now = () => new Date(clock.now());

  async function owned(tenantId: number, id: number): Promise<ImportRow> {
    const [row] = await db.select().from(leadImports).where(and(eq(leadImports.id, id), eq(leadImports.tenantId, tenantId)));
    if (!row || row.state === "uploading") throw new HttpError(404, MESSAGES.resourceNotFound);
    return row;
  }
  const one = async (tenantId: number, id: number) => (await importsOf(db, tenantId, id))[0]!;

  return [
    defineRoute(uploadLeadImport, {
      access: MANAGERS,
      upload: { maxBytes: IMPORT_MAX_BYTES },
      example: { query: { file_name: "leads.csv" } },
      async handler({ caller, query, raw }, reply) {
        const type = String(raw.headers["content-type"] ?? "").split(";")[0]!.trim();
        if (type !== "text/csv" && type !== "application/octet-stream") throw new HttpError(415, IMPORT_MESSAGES.notCsv);
        const [row] = await db
          .insert(leadImports)
          .values({
            tenantId: caller.tenantId,
            fileName: query.file_name,
            fileBytes: 0,
            sniffed: {},
            columns: [],
            preview: [],
            layoutKey: "",
            mapping: {},
            mappingRemembered: false,
            state: "uploading",
            createdAt: now(),
            createdBy: caller.id,
          })
          .returning({ id: leadImports.id });
        const id = row!.id;
        try {
          const { bytes, head } = await storeFile(db, id, raw.raw, IMPORT_MAX_BYTES, HEAD_BYTES);
          const sniffed = sniff(head);
          if (isRefusal(sniffed)) throw new HttpError(422, sniffed.message);
          const { columns, preview } = await headOf(db, id, sniffed);
          const layout = layoutKey(columns);
          const [kept] = await db
            .select({ mapping: leadImportLayouts.mapping })
            .from(leadImportLayouts)
            .where(and(eq(leadImportLayouts.tenantId, caller.tenantId), eq(leadImportLayouts.layoutKey, layout)));
          const mapping = kept && validateMapping(kept.mapping as ColumnMapping, columns.length).length === 0 ? kept.mapping : guessMapping(columns);
          await db
            .update(leadImports)
            .set({ fileBytes: bytes, sniffed: { ...sniffed }, columns, preview, layoutKey: layout, mapping, mappingRemembered: Boolean(kept), state: "uploaded" })
            .where(eq(leadImports.id, id));
        } catch (e) {
          await db.delete(leadImports).where(eq(leadImports.id, id));
          if (e instanceof FileTooLarge) throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
          throw e;
        }
        reply.status(201);
        return { data: await one(caller.tenantId, id) };
      },
    }),

    defineRoute(readLeadImports, {
      access: MANAGERS,
      handler: async ({ caller }) => ({ data: await importsOf(db, caller.tenantId) }),
    }),

    defineRoute(readLeadImport, {
      access: MANAGERS,
      example: { params: EXAMPLE },
      async handler({ caller, params }) {
        await owned(caller.tenantId, params.id);
        return { data: await one(caller.tenantId, params.id) };
      },
    }),

    defineRoute(checkLeadImport, {
      access: MANAGERS,
      example: { params: EXAMPLE, body: { mapping: { marketing_id: 0, first_name: 1, last_name: 2, phone: 3 }, campaign_id: null } },
      async handler({ caller, params, body }, reply) {
        const job = await owned(caller.tenantId, params.id);
        if (!["uploaded", "checked", "failed"].includes(job.state) || job.listId !== null) throw new HttpError(409, IMPORT_MESSAGES.started);
        const mapping = body.mapping as ColumnMapping;
        const problems = validateMapping(mapping, job.columns.length);
        if (problems.length) throw new HttpError(422, MESSAGES.invalid, { mapping: problems });
        if (body.campaign_id !== null) {
          const [c] = await db
            .select({ id: leadCampaigns.id })
            .from(leadCampaigns)
            .where(and(eq(leadCampaigns.id, body.campaign_id), eq(leadCampaigns.tenantId, caller.tenantId)));
          if (!c) throw new HttpError(422, MESSAGES.invalid, { campaign_id: [IMPORT_MESSAGES.campaign] });
        }
        await db.transaction(async (tx) => {
          await tx
            .update(leadImports)
            .set({ mapping, campaignId: body.campaign_id, state: "checking", dryRun: null, rowsDone: 0, rowsTotal: null, error: null, leaseOwner: null, leaseUntil: null, finishedAt: null })
            .where(eq(leadImports.id, job.id));
          await tx
            .insert(leadImportLayouts)
            .values({ tenantId: caller.tenantId, layoutKey: job.layoutKey, mapping, updatedAt: now() })
            .onConflictDoUpdate({ target: [leadImportLayouts.tenantId, leadImportLayouts.layoutKey], set: { mapping, updatedAt: now() } });
        });
        kick();
        reply.status(202);
        return { data: await one(caller.tenantId, job.id) };
      },
    }),

    defineRoute(startLeadImport, {
      access: MANAGERS,
      example: { params: EXAMPLE },
      async handler({ caller, params, raw }, reply) {
        return ctx.idempotent(caller, raw, reply, async () => {
          const job = await owned(caller.tenantId, params.id);
          if (job.state !== "checked") throw new HttpError(409, job.listId === null ? IMPORT_MESSAGES.notChecked : IMPORT_MESSAGES.started);
          await db.transaction(async (tx) => {
            const [list] = await tx
              .insert(leadLists)
              .values({
                tenantId: caller.tenantId,
                name: job.fileName.replace(/\.(csv|txt|tsv)$/i, ""),
                kind: "import",
                campaignId: job.campaignId,
                createdAt: now(),
                createdBy: caller.id,
              })
              .returning({ id: leadLists.id });
            const moved = await tx
              .update(leadImports)
              .set({ listId: list!.id, state: "queued", rowsDone: 0, counts: {}, leaseOwner: null, leaseUntil: null })
              .where(and(eq(leadImports.id, job.id), eq(leadImports.state, "checked")))
              .returning({ id: leadImports.id });
            if (moved.length === 0) throw new HttpError(409, IMPORT_MESSAGES.started);
          });
          kick();
          return { status: 202, body: { data: await one(caller.tenantId, job.id) } };
        });
      },
    }),

    defineRoute(cancelLeadImport, {
      access: MANAGERS,
      example: { params: EXAMPLE },
      async handler({ caller, params }) {
        const job = await owned(caller.tenantId, params.id);
        const moved = await db
          .update(leadImports)
          .set({ state: "cancelled", finishedAt: now(), leaseOwner: null, leaseUntil: null })
          .where(and(eq(leadImports.id, job.id), inArray(leadImports.state, ["uploaded", "checking", "checked", "queued", "running"])))
          .returning({ id: leadImports.id });
        if (moved.length === 0) throw new HttpError(409, IMPORT_MESSAGES.ended);
        return { data: await one(caller.tenantId, job.id) };
      },
    }),

    defineRoute(readRefusedRows, {
      access: MANAGERS,
      example: { params: EXAMPLE },
      async handler({ caller, params }, reply: FastifyReply) {
        const job = await owned(caller.tenantId, params.id);
        reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="refused-rows-${job.id}.csv"`);
        // Page by page: a list of 500,000 refused rows is never held whole.
        const lines = async function* () {
          yield "\ufeff" + refusedCsvHeader(job.columns);
          for (let after = 0; ; ) {
            const page = await db
              .select()
              .from(leadImportRefusals)
              .where(and(eq(leadImportRefusals.importId, job.id), gt(leadImportRefusals.line, after)))
              .orderBy(asc(leadImportRefusals.line))
              .limit(5000);
            for (const r of page) yield refusedCsvLine(r.line, r.fields, r.reason);
            if (page.length < 5000) return;
            after = page[page.length - 1]!.line;
          }
        };
        return reply.send(Readable.from(lines()));
      },
    }),
  ];
}
