// Gateway side of the Do Not Call lists (issue 36, part 4): the routes managers use to see the call centre's lists,
// create and delete imported ones, upload a file of numbers, add or remove one number with its reason, find which
// lists a number is on, browse and export a list. The lists and their numbers are the compliance module's: every
// read and write goes through ctx.dnc, which the gate and the dialer read at each dial, so an added number is
// refused from the next dial on. Phone numbers are never logged (counts only).
import { Readable } from "node:stream";
import {
  definePluginServer,
  defineRoute,
  fieldError,
  HttpError,
  type Caller,
  type DncEntry as CoreEntry,
  type DncListInfo,
  type PluginServerContext,
  type RouteDef,
} from "../../server/sdk";
import {
  addDncNumber,
  createDncList,
  deleteDncList,
  DNC_MESSAGES,
  DNC_UPLOAD_MAX_BYTES,
  exportDncList,
  EXPORT_COLUMNS,
  INTERNAL_LIST,
  listDncLists,
  listDncNumbers,
  listExpiryDay,
  listExpiryInstant,
  REFUSED_SAMPLES,
  removeDncNumber,
  searchDncNumber,
  uploadDncNumbers,
  type DncEntry,
  type DncList,
  type UploadResult,
} from "./contract";
import { batchesOf, CollectedNumbers } from "./collected";
import { decode, HEAD_BYTES, readLines, sniff } from "./readNumbers";

/** Managers and above, on every route. Agents put a number on the internal list with the Do Not Call disposition. */
const MANAGERS = { roles: ["manager"] } as const;
/** The content types an upload's body comes as (server/http/register.ts reads no other unparsed). */
const UPLOAD_TYPES = ["text/csv", "application/octet-stream"];
/** Numbers handed to the core at once during an upload (it writes them 500 a transaction). */
export const UPLOAD_BATCH = 5_000;
/** Entries read per page while exporting. */
export const EXPORT_PAGE = 5_000;
/** The core keeps "no expiry" as 9999-12-31: the wire says null. */
const NEVER_YEAR = 9999;

/** A file over the limit, noticed as its bytes arrive (a body without a Content-Length). */
async function* limited(stream: AsyncIterable<Buffer | string>, max: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > max) throw new HttpError(413, DNC_MESSAGES.tooBig);
    yield bytes;
  }
}

/** The first `size` bytes (or the whole of a smaller file), and the same bytes again followed by the rest. */
async function withHead(bytes: AsyncIterable<Uint8Array>, size: number) {
  const it = bytes[Symbol.asyncIterator]();
  const read: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    const next = await it.next();
    if (next.done) break;
    read.push(next.value);
    length += next.value.length;
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* read;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  return { head: Buffer.concat(read).subarray(0, size), all: all() };
}

/** One CSV cell (RFC 4180), a would-be spreadsheet formula kept as text (OWASP "CSV injection"). */
export function csvCell(value: string | null): string {
  if (value === null) return "";
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The export's file name: the list's name in plain letters, and the day. */
function exportName(list: DncListInfo, day: string): string {
  const slug =
    list.id === INTERNAL_LIST
      ? "internal"
      : list.name
          .normalize("NFKD")
          .replace(/[\u0300-\u036f]/g, "")
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, "")
          .slice(0, 60) || `list-${list.id}`;
  return `dnc-${slug}-${day}.csv`;
}

export function dncListsRoutes(ctx: PluginServerContext): RouteDef[] {
  const now = () => new Date(ctx.clock.now());
  const isExpired = (l: DncListInfo) => l.expiresAt !== null && l.expiresAt.getTime() <= ctx.clock.now();

  const listWire = (l: DncListInfo): DncList => ({
    id: l.id,
    name: l.id === INTERNAL_LIST ? null : l.name,
    kind: l.kind,
    source: l.id === INTERNAL_LIST ? null : l.source,
    created_at: l.createdAt?.toISOString() ?? null,
    expires_at: l.expiresAt ? listExpiryDay(l.expiresAt) : null,
    expired: isExpired(l),
    numbers: l.numbers,
  });

  const entryWire = (e: CoreEntry): DncEntry => ({
    list_id: e.listId,
    list_name: e.listName,
    kind: e.kind,
    phone: e.phone,
    added_at: e.addedAt.toISOString(),
    expires_at: e.expiresAt.getUTCFullYear() >= NEVER_YEAR ? null : e.expiresAt.toISOString(),
    source: e.source,
    reason: e.reason,
    added_by: e.agentName || null,
    active: e.active,
  });

  /** The caller's call centre's list, or 404 (another call centre's list does not exist for it). */
  async function listOf(caller: Caller, id: number): Promise<DncListInfo> {
    const list = await ctx.dnc.list(caller.tenantId, id);
    if (!list) throw new HttpError(404, DNC_MESSAGES.listMissing);
    return list;
  }

  const entryOn = async (tenantId: number, listId: number, phone: string) =>
    (await ctx.dnc.find(tenantId, phone)).find((e) => e.listId === listId) ?? null;

  return [
    defineRoute(listDncLists, {
      access: MANAGERS,
      async handler({ caller }) {
        const lists = await ctx.dnc.lists(caller.tenantId);
        // The internal list first, then the imported ones as the core orders them (newest first).
        return { data: [...lists.filter((l) => l.id === INTERNAL_LIST), ...lists.filter((l) => l.id !== INTERNAL_LIST)].map(listWire) };
      },
    }),

    defineRoute(createDncList, {
      access: MANAGERS,
      example: {
        body: { name: "National registry 212 and 646", kind: "registry", source: "FTC National DNC Registry extract", expires_at: "2099-12-31" },
      },
      async handler({ caller, body, raw }, reply) {
        const expiresAt = body.expires_at ? listExpiryInstant(body.expires_at) : null;
        if (expiresAt && expiresAt <= now()) throw fieldError("expires_at", DNC_MESSAGES.expiryPast);
        return ctx.idempotent(caller, raw, reply, async () => {
          const taken = (await ctx.dnc.lists(caller.tenantId)).some(
            (l) => l.id !== INTERNAL_LIST && l.name.toLocaleLowerCase() === body.name.toLocaleLowerCase(),
          );
          // The gate and "Why this lead?" name a list by its name: two of one name would say nothing.
          if (taken) throw fieldError("name", DNC_MESSAGES.nameTaken);
          const id = await ctx.dnc.createList(caller.tenantId, {
            name: body.name,
            kind: body.kind,
            source: body.source,
            expiresAt,
            createdBy: caller.id,
          });
          return { status: 201, body: { data: listWire((await ctx.dnc.list(caller.tenantId, id))!) } };
        });
      },
    }),

    defineRoute(deleteDncList, {
      access: MANAGERS,
      example: { params: { list: "1" } },
      async handler({ caller, params }, reply) {
        if (params.list === INTERNAL_LIST) throw new HttpError(409, DNC_MESSAGES.internalKept);
        // The core deletes the list and its numbers together, and audits it.
        if (!(await ctx.dnc.deleteList(caller.tenantId, params.list, caller))) throw new HttpError(404, DNC_MESSAGES.listMissing);
        reply.code(204);
        return null;
      },
    }),

    defineRoute(uploadDncNumbers, {
      access: MANAGERS,
      example: { params: { list: "1" } },
      // The body reaches the handler unread (req.raw); Fastify checks nothing of its size: counted here.
      upload: { maxBytes: DNC_UPLOAD_MAX_BYTES },
      async handler({ caller, params, raw }) {
        const type = String(raw.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        if (!UPLOAD_TYPES.includes(type)) throw new HttpError(415, DNC_MESSAGES.uploadType);
        const declared = Number(raw.headers["content-length"]);
        if (Number.isFinite(declared) && declared > DNC_UPLOAD_MAX_BYTES) throw new HttpError(413, DNC_MESSAGES.tooBig);
        if (params.list === INTERNAL_LIST) throw new HttpError(409, DNC_MESSAGES.internalUpload);
        const list = await listOf(caller, params.list);
        if (isExpired(list)) throw new HttpError(409, DNC_MESSAGES.expired);

        // Nothing is written before the head says the file is text.
        const { head, all } = await withHead(limited(raw.raw, DNC_UPLOAD_MAX_BYTES), HEAD_BYTES);
        const sniffed = sniff(head);
        if ("refused" in sniffed) throw fieldError("file", sniffed.message);

        const result: UploadResult = { read: 0, added: 0, renewed: 0, refused: 0, refused_samples: [] };
        // The whole file is read before anything is written: a file cut short, over the limit or dropped by the
        // browser is refused with nothing on the list (./collected.ts holds its numbers at 8 bytes each).
        const numbers = new CollectedNumbers();
        for await (const line of readLines(decode(all, sniffed.encoding))) {
          result.read++;
          if ("phone" in line) numbers.add(line.phone);
          else {
            result.refused++;
            if (result.refused_samples.length < REFUSED_SAMPLES)
              result.refused_samples.push({ line: line.line, text: line.text, reason: line.refused });
          }
        }
        // Twice in the file: the second renews the first, as the core counts one already on the list.
        const { phones, repeats } = numbers.distinct();
        result.renewed += repeats;
        for (const batch of batchesOf(phones, UPLOAD_BATCH)) {
          const r = await ctx.dnc.add(
            caller.tenantId,
            list.id,
            batch.map((phone) => ({ phone })),
            { source: "import", agentId: caller.id, expiresAt: list.expiresAt },
          );
          result.added += r.added;
          result.renewed += r.renewed;
        }
        const { refused_samples: _samples, ...counts } = result;
        ctx.log.info({ tenantId: caller.tenantId, listId: list.id, ...counts }, "dnc-lists: a file of numbers was uploaded");
        return { data: result };
      },
    }),

    defineRoute(addDncNumber, {
      access: MANAGERS,
      example: { params: { list: "0" }, body: { phone: "2125550142", reason: "Asked not to be called again", consumer_request: true } },
      async handler({ caller, params, body, raw }, reply) {
        const list = await listOf(caller, params.list);
        if (isExpired(list)) throw new HttpError(409, DNC_MESSAGES.expired);
        if (body.consumer_request && list.id !== INTERNAL_LIST)
          throw fieldError("consumer_request", DNC_MESSAGES.consumerOnImported);
        return ctx.idempotent(caller, raw, reply, async () => {
          const before = await entryOn(caller.tenantId, list.id, body.phone);
          // A person's own request stays one when the number is added again: only a manager takes it off.
          const consumer = list.id === INTERNAL_LIST && (body.consumer_request === true || before?.source === "consumer");
          await ctx.dnc.add(caller.tenantId, list.id, [{ phone: body.phone, reason: body.reason }], {
            source: consumer ? "consumer" : "manual",
            agentId: caller.id,
            expiresAt: list.expiresAt,
          });
          const entry = await entryOn(caller.tenantId, list.id, body.phone);
          return { status: 201, body: { data: entryWire(entry!) } };
        });
      },
    }),

    defineRoute(removeDncNumber, {
      access: MANAGERS,
      example: { params: { list: "0", phone: "2125550142" }, body: { reason: "Added by mistake" } },
      async handler({ caller, params, query, body }, reply) {
        const reason = body?.reason ?? query.reason;
        if (!reason) throw fieldError("reason", DNC_MESSAGES.reason);
        await listOf(caller, params.list);
        // The core keeps the removal, the number and the reason in the audit log.
        const outcome = await ctx.dnc.remove(caller.tenantId, params.list, params.phone, reason, caller);
        if (outcome === "missing") throw new HttpError(404, DNC_MESSAGES.numberMissing);
        if (outcome === "consumer_request") throw new HttpError(403, DNC_MESSAGES.consumerRequest);
        reply.code(204);
        return null;
      },
    }),

    defineRoute(searchDncNumber, {
      access: MANAGERS,
      example: { query: { phone: "2125550142" } },
      async handler({ caller, query }) {
        return { data: (await ctx.dnc.find(caller.tenantId, query.phone)).map(entryWire) };
      },
    }),

    defineRoute(listDncNumbers, {
      access: MANAGERS,
      example: { params: { list: "0" }, query: { limit: "50" } },
      async handler({ caller, params, query }) {
        const list = await listOf(caller, params.list);
        const page = await ctx.dnc.entries(caller.tenantId, list.id, { after: query.after ?? null, limit: query.limit });
        return { data: page.map(entryWire), next: page.length === query.limit ? page[page.length - 1]!.phone : null };
      },
    }),

    defineRoute(exportDncList, {
      access: MANAGERS,
      example: { params: { list: "0" } },
      async handler({ caller, params }, reply) {
        const list = await listOf(caller, params.list);
        const tenantId = caller.tenantId;
        const row = (e: CoreEntry) => {
          const w = entryWire(e);
          return [w.phone, w.added_at, w.expires_at, w.source, w.reason].map(csvCell).join(",") + "\r\n";
        };
        // Page by page (by number), each page written before the next is read.
        async function* lines(): AsyncGenerator<string> {
          yield `\uFEFF${EXPORT_COLUMNS.join(",")}\r\n`;
          let after: string | null = null;
          for (;;) {
            const page = await ctx.dnc.entries(tenantId, list.id, { after, limit: EXPORT_PAGE });
            if (page.length > 0) yield page.map(row).join("");
            if (page.length < EXPORT_PAGE) return;
            after = page[page.length - 1]!.phone;
          }
        }
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${exportName(list, now().toISOString().slice(0, 10))}"`)
          .header("cache-control", "private, no-store");
        return reply.send(Readable.from(lines()));
      },
    }),
  ];
}

export default definePluginServer(dncListsRoutes);
