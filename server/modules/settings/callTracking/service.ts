// What the call-tracking provider's settings say, for the routes and for the inbound call flow: the
// mappings of a call centre, the mapping of a dialled DID, and the cap on the provider's simultaneous calls.
import { and, asc, eq } from "drizzle-orm";
import {
  DEFAULT_MAX_CALLS_AMOUNT,
  MAX_CALLS_AMOUNT_KEY,
  type Mapping,
  type MappingList,
} from "../../../../src/contract/callTracking";
import type { Db } from "../../../db/client";
import { retreaverMappings } from "../../../db/schema";
import { readSetting } from "../store";

export interface DidMapping extends Mapping {
  tenantId: number;
  did: string;
}

const toMapping = (r: typeof retreaverMappings.$inferSelect): Mapping => ({
  prefix: r.prefix,
  duplicate_checker: r.duplicateChecker,
  short_calls: r.shortCalls,
});

/** The call centre's mappings keyed by did, in DID order. */
export async function mappingsOf(db: Db, tenantId: number): Promise<MappingList> {
  const rows = await db
    .select()
    .from(retreaverMappings)
    .where(eq(retreaverMappings.tenantId, tenantId))
    .orderBy(asc(retreaverMappings.did));
  return Object.fromEntries(rows.map((r) => [r.did, toMapping(r)]));
}

/** One mapping of the call centre, or null. */
export async function mappingOf(db: Db, tenantId: number, did: string): Promise<Mapping | null> {
  const [r] = await db
    .select()
    .from(retreaverMappings)
    .where(and(eq(retreaverMappings.tenantId, tenantId), eq(retreaverMappings.did, did)))
    .limit(1);
  return r ? toMapping(r) : null;
}

/**
 * The mapping of a dialled DID (its 10 national digits), whichever call centre has it. A DID is one phone
 * number: one call centre at most maps it (a unique index on the number; server/modules/ownership).
 */
export async function mappingOfDialled(db: Db, did: string): Promise<DidMapping | null> {
  const [r] = await db.select().from(retreaverMappings).where(eq(retreaverMappings.did, did)).limit(1);
  return r ? { tenantId: r.tenantId, did: r.did, ...toMapping(r) } : null;
}

/** The most simultaneous calls the call centre takes from the provider; 0: no limit. */
export async function maxCallsAmountOf(db: Db, tenantId: number): Promise<number> {
  return (await readSetting(db, tenantId, MAX_CALLS_AMOUNT_KEY, DEFAULT_MAX_CALLS_AMOUNT)).maxCallsAmount;
}
