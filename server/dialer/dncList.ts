// A Do Not Call disposition puts the lead's numbers on the call centre's internal list (reliability.md G2), in the
// disposition's transaction; the lists themselves are the compliance module's (server/compliance/dncLists.ts).
import type { Db } from "../db/client";
import { addNumbers, INTERNAL_DNC_LIST } from "../compliance/dncLists";

export { dncExpiry } from "../compliance/dncLists";

export async function addToDnc(
  db: Db,
  r: { tenantId: number; phones: string[]; leadId: number | null; agentId: number | null; at: Date; source: string },
): Promise<void> {
  await addNumbers(
    db,
    r.tenantId,
    INTERNAL_DNC_LIST,
    r.phones.map((phone) => ({ phone, leadId: r.leadId })),
    { source: r.source as "disposition", agentId: r.agentId, at: r.at },
  );
}
