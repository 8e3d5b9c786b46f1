// Statements on the PostgreSQL server itself, outside any one database's pool (creating and dropping the test
// suite's and the benchmarks' own databases): `create database` cannot run inside a pool's transaction.

/** The URL of database `name` on the server `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on its own connection to the server `serverUrl` points at; its rows, if it has any. */
export async function adminQuery<Row extends Record<string, unknown> = Record<string, unknown>>(
  serverUrl: string,
  statement: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query<Row>(statement, values)).rows;
  } finally {
    await admin.end();
  }
}
