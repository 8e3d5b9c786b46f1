// The call centre's own Do Not Call list (reliability.md G2): numbers added by a Do Not Call disposition, in
// the disposition's transaction, kept 3 years + 14 days from the day they were (last) added.
import type { Db } from "../db/client";
import { dncNumbers } from "../db/schema";
import { nationalDigits } from "../modules/calls/phone";
import { lockNumber } from "./claim";

export function dncExpiry(addedAt: Date): Date {
  const d = new Date(addedAt);
  d.setUTCFullYear(d.getUTCFullYear() + 3);
  return new Date(d.getTime() + 14 * 86_400_000);
}

export async function addToDnc(
  db: Db,
  r: { tenantId: number; phones: string[]; leadId: number | null; agentId: number | null; at: Date; source: string },
): Promise<void> {
  const phones = [...new Set(r.phones.map(nationalDigits).filter((p) => p.length > 0))].sort();
  for (const phone of phones) {
    // The same lock a claim takes on the number: a dial in flight either sees the entry or finished first.
    await lockNumber(db, r.tenantId, phone);
    const entry = { addedAt: r.at, expiresAt: dncExpiry(r.at), source: r.source, leadId: r.leadId, agentId: r.agentId };
    await db
      .insert(dncNumbers)
      .values({ tenantId: r.tenantId, phone, ...entry })
      .onConflictDoUpdate({ target: [dncNumbers.tenantId, dncNumbers.phone], set: entry });
  }
}
