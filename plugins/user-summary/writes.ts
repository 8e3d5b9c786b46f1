// The follow-up row's dial and the last dial's redial (agent-workspace §7): POST /dials/follow-ups and
// POST /dials/redials (dialFollowUp, redialLead in src/contract/dialer.ts), idempotent endpoints: each dial goes
// once under its own Idempotency-Key, so a request the network replays never dials twice. (Moving a follow-up is a
// disposition: the dispositions plugin writes it.)

/** A refusal's first field message, else its message (null: the gateway gave none). */
export function firstMessage(refusal: { message: string | null; errors?: Record<string, string[]> }) {
  return Object.values(refusal.errors ?? {})[0]?.[0] ?? refusal.message;
}
