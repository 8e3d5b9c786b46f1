// Numbers as the PBX needs them (reference/telephony.md pitfall 6): the softphone sends what the agent
// typed, the gateway dials E.164. Both call centres are in North America (+1); a number that is not a
// North American one (an extension, a feature code such as *97) is passed on as its digits.

/** '+1 (555) 123-4567', '555.123.4567', '15551234567' → '+15551234567'. */
export function toE164(raw: string): string {
  const trimmed = raw.trim();
  if (/^\*[0-9*#]*$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  if (trimmed.startsWith("+") && digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  return digits;
}

/** The ten national digits of a North American number (how leads store phones), or the digits as they are. */
export function nationalDigits(raw: string): string {
  const e164 = toE164(raw);
  return e164.startsWith("+1") && e164.length === 12 ? e164.slice(2) : e164.replace(/^\+/, "");
}
