// Who owns a dialled number or an extension across the installation (src/contract/ownership.ts). Each table
// that holds one has a unique index on the value, not per tenant (migration 0019); a number can sit in two
// tables (a call centre's main inbound number, a call-tracking DID), so a write claims it here first: under a
// transaction lock on the value, so two call centres claiming it at once are served one after the other, it
// looks in every table that holds such a value and refuses 409 when another call centre holds it. The module
// only reads those tables; each stays written by its own module.
import { and, eq, ne, sql } from "drizzle-orm";
import { OWNERSHIP_MESSAGES } from "../../../src/contract/ownership";
import type { Db } from "../../db/client";
import { allowedExtensions, retreaverMappings, tenants, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { nationalDigits, toE164 } from "../calls/phone";

/** Serialises the transactions that claim one value until they end (PostgreSQL and PGlite alike). */
async function lockValue(tx: Db, kind: string, value: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${value}`}))`);
}

/** Refusal, in the error shape, on the field that named the value. */
const taken = (field: string, message: string) => new HttpError(409, message, { [field]: [message] });

/**
 * Claims a dialled number for the call centre inside `tx`: refused 409 on `field` when another call centre has
 * it as its inbound number or maps it for call tracking. Call it before writing the number.
 */
export async function claimNumber(tx: Db, tenantId: number, raw: string, field: string): Promise<void> {
  const e164 = toE164(raw);
  await lockValue(tx, "number", e164);
  const [main] = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(eq(tenants.inboundDid, e164), ne(tenants.id, tenantId)))
    .limit(1);
  const [tracked] = await tx
    .select({ tenantId: retreaverMappings.tenantId })
    .from(retreaverMappings)
    .where(and(eq(retreaverMappings.did, nationalDigits(e164)), ne(retreaverMappings.tenantId, tenantId)))
    .limit(1);
  if (main || tracked) throw taken(field, OWNERSHIP_MESSAGES.numberTaken);
}

/**
 * Claims an extension for the call centre inside `tx`: refused 409 on `field` when another call centre allows
 * it or one of its active accounts has it (the PBX rings an extension by its number alone).
 */
export async function claimExtension(tx: Db, tenantId: number, extension: string, field: string): Promise<void> {
  await lockValue(tx, "extension", extension);
  const [allowed] = await tx
    .select({ tenantId: allowedExtensions.tenantId })
    .from(allowedExtensions)
    .where(and(eq(allowedExtensions.extension, extension), ne(allowedExtensions.tenantId, tenantId)))
    .limit(1);
  const [held] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.extension, extension), eq(users.disabled, false), ne(users.tenantId, tenantId)))
    .limit(1);
  if (allowed || held) throw taken(field, OWNERSHIP_MESSAGES.extensionTaken);
}
