// The token signing key: JWT_SECRET when set (several gateway instances must share it), otherwise one random
// key kept in the database so tokens survive a restart of the embedded gateway.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client";

export async function signingSecret(db: Db): Promise<string> {
  const fresh = randomBytes(48).toString("base64url");
  await db.execute(sql`insert into gateway_secrets (name, value) values ('jwt', ${fresh}) on conflict (name) do nothing`);
  return rowsOf<{ value: string }>(await db.execute(sql`select value from gateway_secrets where name = 'jwt'`))[0]!.value;
}
