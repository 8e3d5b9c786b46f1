// Counts the SQL statements a gateway sends, for tests that bound what a request or a dial cycle costs (issue 39:
// "a regression adds statements loudly"). PGlite: each Parse or simple Query message it is handed; PostgreSQL:
// each query a node-postgres client sends (every client of this process: count while only the gateway under test
// works). bench/dialer-load counts the same way, with the time of each.
import type { Database } from "../db/client";

export interface StatementLog {
  /** The statements sent since the last `take` (or since counting began), their text with spaces folded. */
  take(): string[];
  stop(): void;
}

const fold = (text: string) => text.replace(/\s+/g, " ").trim();

export async function countStatements(database: Database): Promise<StatementLog> {
  let seen: string[] = [];
  let restore: () => void;
  if (database.kind === "postgres") {
    const pg = (await import("pg")).default;
    const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: unknown, ...a: unknown[]) {
      seen.push(
        fold(typeof a[0] === "string" ? a[0] : ((a[0] as { text?: string } | undefined)?.text ?? "?")),
      );
      return query.apply(this, a);
    };
    restore = () => (proto.query = query);
  } else {
    const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
    const raw = client.execProtocolRawSync as (m: Uint8Array) => Uint8Array;
    const decoder = new TextDecoder();
    const cstring = (b: Uint8Array, from: number) => {
      let end = from;
      while (end < b.length && b[end] !== 0) end++;
      return { text: decoder.decode(b.subarray(from, end)), next: end + 1 };
    };
    client.execProtocolRawSync = (m: Uint8Array) => {
      // Parse: length, statement name, query. Query: length, query.
      if (m[0] === 0x50) seen.push(fold(cstring(m, cstring(m, 5).next).text));
      else if (m[0] === 0x51) seen.push(fold(cstring(m, 5).text));
      return raw.call(client, m);
    };
    restore = () => (client.execProtocolRawSync = raw);
  }
  return {
    take() {
      const taken = seen;
      seen = [];
      return taken;
    },
    stop: () => restore(),
  };
}
