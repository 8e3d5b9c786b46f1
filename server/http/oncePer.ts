// A small, bounded "at most once a minute per key" gate for the log and the audit trail (this instance's memory:
// each instance of a cluster writes its own line, which still shows an attack).
/**
 * Says yes to a key at most once per `ms` (this instance's memory, bounded): a cluster writes one row per
 * instance a minute, which still shows an attack in the audit log.
 */
export function oncePer(ms: number, capacity = 10_000) {
  const last = new Map<string, number>();
  return {
    due(key: string, now: number): boolean {
      const at = last.get(key);
      if (at !== undefined && now - at < ms) return false;
      last.delete(key);
      if (last.size >= capacity) last.delete(last.keys().next().value!);
      last.set(key, now);
      return true;
    },
  };
}
