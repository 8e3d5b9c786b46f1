// Statements the hot paths run many times a second, built once (drizzle's `.prepare(name)`) instead of at every
// run: drizzle's query building and its garbage were about a fifth of the gateway's CPU on the dial path
// (bench/dialer-load, "Where a dial's 21 ms go"). On PostgreSQL a prepared query is also a named statement, parsed
// once per connection. Values change through `sql.placeholder(name)`; the statement's text never does, so one
// name is always one text (PostgreSQL refuses a name prepared twice with two texts on one connection).
import { sql } from "drizzle-orm";
/**
 * `build(db)` once per database handle. A transaction's handle gets its own (the pool's would run outside the
 * transaction), built at its first use in that transaction: no gain there, and no harm.
 */
export function preparedOn<Handle extends object, T>(build: (db: Handle) => T): (db: Handle) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}

/**
 * A value given at run time in update().set(): drizzle encodes the placeholder by its column (JSON, a timestamp)
 * exactly as it does in insert().values(); only set()'s types leave placeholders out.
 */
export const given = <T>(name: string) => sql.placeholder(name) as unknown as T;
