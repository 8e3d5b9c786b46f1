// The lead-status half of Do Not Call (reliability.md G2): a lead saved as "Do Not Call" is never dialed again.
// The engine also keeps its own DNC list (national/internal registries); this only reads the status.

/** Exact match on the disposition name (booking-and-reference.md), no trimming or case folding. */
export function isDoNotCall(status: string): boolean {
  return status === "Do Not Call";
}
