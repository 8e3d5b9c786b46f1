// Statements the hot paths run many times a second, built once (drizzle's `.prepare(name)`) instead of at every
// run: drizzle's query building and its garbage were about a fifth of the gateway's CPU on the dial path
// (bench/dialer-load, "Where a dial's 21 ms go"). On PostgreSQL a prepared query is also a named statement, parsed
// once per connection. Values change through `sql.placeholder(name)`; the statement's text never does, so one
// name is always one text (PostgreSQL refuses a name prepared twice with two texts on one connection).
//
// A statement is built once per driver and then bound to each connection it runs on: the pool, or the connection
// a transaction holds (a claim's lock, its lead's facts and its insert run inside one). Binding is drizzle's
// prepared query with its `client` swapped, the one field its `execute` sends through (both drivers': node-postgres
// and PGlite); prepared.test.ts holds that to a transaction's uncommitted row on both.
import { sql, type SQL } from "drizzle-orm";
import { PgDialect, PgPreparedQuery } from "drizzle-orm/pg-core";
import type { Db } from "./client";

interface DriverSession {
  client: object;
  prepareQuery: Db["_"]["session"]["prepareQuery"];
}

/** The driver session under a database or transaction handle; undefined for a handle that is not drizzle's. */
const sessionOf = (db: object) => (db as { _?: { session?: DriverSession } })._?.session;

/** `built` (a prepared query, or an object of them) sending through `client`, with no reference to the first one's. */
function boundTo<T>(built: T, client: object | undefined): T {
  if (built instanceof PgPreparedQuery)
    return Object.assign(Object.create(Object.getPrototypeOf(built) as object) as object, built, {
      client,
    }) as T;
  if (built !== null && typeof built === "object" && Object.getPrototypeOf(built) === Object.prototype)
    return Object.fromEntries(Object.entries(built).map(([k, v]) => [k, boundTo(v, client)])) as T;
  return built;
}

/**
 * `build(db)` once per driver (its first handle's), then bound to each connection a handle sends through: the
 * pool's, or the one a transaction holds (pg's pooled connections are reused, so a transaction's statements are
 * bound once per connection, not per transaction). A handle that is not drizzle's (a test's stand-in) gets its own.
 */
export function preparedOn<Handle extends object, T>(build: (db: Handle) => T): (db: Handle) => T {
  const template = new Map<unknown, T>();
  const onClient = new WeakMap<object, T>();
  return (db) => {
    const session = sessionOf(db);
    const key = session?.client ?? db;
    let statement = onClient.get(key);
    if (statement !== undefined) return statement;
    const kind = session?.constructor ?? db;
    const first = template.get(kind);
    if (first === undefined) {
      statement = build(db);
      if (session) template.set(kind, boundTo(statement, undefined));
    } else statement = boundTo(first, session!.client);
    onClient.set(key, statement);
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A hand-written statement (`sql` with `sql.placeholder(name)` for its values) turned into text once and run by
 * name on any handle, a transaction's included; it answers the rows as the driver returns them (timestamps as
 * PostgreSQL's text on node-postgres, as Date on PGlite: read them with `new Date(v)`).
 */
export function preparedSql<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const on = preparedOn((db: object) => sessionOf(db)!.prepareQuery(query, undefined, name, false));
  return async (db: object, values: Record<string, unknown>): Promise<Row[]> =>
    ((await on(db).execute(values)) as { rows: Row[] }).rows;
}

/**
 * A value given at run time in update().set(): drizzle encodes the placeholder by its column (JSON, a timestamp)
 * exactly as it does in insert().values(); only set()'s types leave placeholders out.
 */
export const given = <T>(name: string) => sql.placeholder(name) as unknown as T;
