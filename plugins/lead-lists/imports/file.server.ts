// An import's uploaded file, kept in the database in 1 MiB pieces (lead_import_chunks): whichever gateway instance
// runs or resumes the job reads it, and a restart loses nothing. Written and read piece by piece: a 100 MB file is
// never held whole.
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../../server/sdk";
import { leadImportChunks } from "../tables";

export const CHUNK_BYTES = 1024 * 1024;

export class FileTooLarge extends Error {}

/**
 * Stores the body as the import's file; answers its size and its first bytes (for the sniffing). Throws
 * FileTooLarge past `maxBytes` (what was stored goes with the import row the caller then deletes).
 */
export async function storeFile(
  db: Db,
  importId: number,
  body: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
  headBytes: number,
): Promise<{ bytes: number; head: Uint8Array }> {
  let seq = 0;
  let bytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let head = Buffer.alloc(0);
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insert(leadImportChunks).values({ importId, seq: seq++, data });
    // The event loop's turn between pieces: on PGlite each insert runs in the gateway's own thread, and a 58 MiB
    // upload held every agent's request for seconds (bench/lead-import).
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  for await (const piece of body) {
    const buf = typeof piece === "string" ? Buffer.from(piece) : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    bytes += buf.length;
    if (bytes > maxBytes) throw new FileTooLarge();
    if (head.length < headBytes) head = Buffer.concat([head, buf.subarray(0, headBytes - head.length)]);
    pending.push(buf);
    pendingBytes += buf.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  return { bytes, head };
}

/** The import's file, piece by piece, in order. */
export async function* fileOf(db: Db, importId: number): AsyncGenerator<Uint8Array> {
  for (let after = -1; ; ) {
    const [row] = await db
      .select({ seq: leadImportChunks.seq, data: leadImportChunks.data })
      .from(leadImportChunks)
      .where(and(eq(leadImportChunks.importId, importId), gt(leadImportChunks.seq, after)))
      .orderBy(asc(leadImportChunks.seq))
      .limit(1);
    if (!row) return;
    after = row.seq;
    yield new Uint8Array(row.data);
  }
}
