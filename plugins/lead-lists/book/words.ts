// How the Leads page says what it shows: a lead status in the manager's language (`book.status.*`, a status the
// page does not know as it came), a phone as (212) 555-0142, a call's length as 1:35, a date in the manager's
// language and UTC (the SDK's formatUtc, as the workspace's tables show times).
import type { TFunction } from "i18next";

/** "In Process" → "in_process", "Medical DQ AA/GTL" → "medical_dq_aa_gtl": the key of a status's text. */
export const statusKey = (status: string) =>
  status
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

export const statusText = (t: TFunction, status: string) =>
  t(`book.status.${statusKey(status)}`, { defaultValue: status });

/** Ten North American digits as (212) 555-0142; anything else as it is. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** The other phones as the form edits them (one text, comma-separated) and back as the list they stand for. */
export const joinPhones = (phones: readonly string[]) => phones.join(", ");
export const splitPhones = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
