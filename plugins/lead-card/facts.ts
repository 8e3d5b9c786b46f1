// What the card says about a lead, worked out from the lead, its history and the call: pure functions, so
// the panel only lays them out.
import { REASON_KIND_OF, REASON_LISTS, TRANSFER_DISPOSITIONS, type DispositionValue } from "../../src/contract/dispositions";
import type { LeadHistory, LeadHistoryCall, LeadHistoryDisposition } from "../../src/contract/leadHistory";
import { isValidTimeZone } from "../../src/sdk";

/** A North American number as agents read it, "(555) 555-0100"; anything else as stored. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** "In Process" → "in_process", "Medical DQ AA/GTL" → "medical_dq_aa_gtl": the key of a status's text. */
export const statusKey = (status: string) =>
  status
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** The key of a disposition reason's text ("reason.not_interested.already_covered"), or null for free text. */
export function reasonKey(disposition: string, reason: string): string | null {
  const kind = REASON_KIND_OF[disposition as DispositionValue];
  const option = kind ? REASON_LISTS[kind].find((r) => r.value === reason) : undefined;
  if (!kind || !option) return null;
  return option.key === "other" ? "reason.other" : `reason.${kind}.${option.key}`;
}

/** The lead's wall-clock time now in its own zone ("9:05 AM CST"), or null when the zone is unknown. */
export function localTime(now: number, timeZone: string | null, language: string): string | null {
  if (!timeZone || !isValidTimeZone(timeZone)) return null;
  return new Intl.DateTimeFormat(language, {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(now));
}

/** Seconds as "m:ss" (or "h:mm:ss"). */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * Whether the lead was transferred, and by whom when the history says: the call under way came in as a
 * transfer, one of its calls was a transfer or handed on live, or a disposition of it is a transfer (a
 * qualifier's live transfer or booked appointment, as the goals count them).
 */
export function transferOf(
  history: LeadHistory | null,
  currentCallIsTransfer: boolean,
): { transferred: boolean; by: string | null } {
  const byDisposition = history?.dispositions.find((d) =>
    (TRANSFER_DISPOSITIONS as readonly string[]).includes(d.disposition),
  );
  const byCall = history?.calls.some((c) => c.type === "transfer" || c.live_transfer === 1) ?? false;
  return {
    transferred: currentCallIsTransfer || byCall || byDisposition !== undefined,
    by: byDisposition?.agent_name ?? null,
  };
}

export type HistoryEntry =
  | { kind: "disposition"; at: string; item: LeadHistoryDisposition }
  | { kind: "call"; at: string; item: LeadHistoryCall };

/** Dispositions and calls in one list, newest first (a disposition after its call at the same instant). */
export function timeline(history: LeadHistory): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    ...history.dispositions.map((item) => ({ kind: "disposition" as const, at: item.created_at, item })),
    ...history.calls.map((item) => ({ kind: "call" as const, at: item.started_at, item })),
  ];
  return entries.sort((a, b) => {
    const diff = Date.parse(b.at) - Date.parse(a.at);
    if (diff !== 0) return diff;
    if (a.kind !== b.kind) return a.kind === "disposition" ? -1 : 1;
    return b.item.id - a.item.id;
  });
}
