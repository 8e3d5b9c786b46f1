// How the call-time picker writes days and times, with dayjs: the chosen UTC day in the agent's language, and
// the same instant on the lead's (or the agent's) wall clock with its zone's abbreviation.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import "dayjs/locale/es";
import "dayjs/locale/fr";
import { formatTime12, type Meridiem } from "../../core/callbackPicker";
import { isValidTimeZone } from "../../shared/zoned-time";

dayjs.extend(utc);
dayjs.extend(timezone);

export type Language = "en" | "fr" | "es";

/** "2026-01-06" with "ddd, MMM D, YYYY" → "Tue, Jan 6, 2026" (mar. 6 janv. 2026 in French). */
export function formatDay(day: string, language: Language, pattern: string): string {
  return dayjs.utc(`${day}T00:00:00Z`).locale(language).format(pattern);
}

/**
 * The instant `iso` on the wall clock of `timeZone`: "Tue, Jan 6, 9:30 AM CST". Null for a zone the browser
 * does not know (the caller says the zone is unknown).
 */
export function wallTime(
  iso: string,
  timeZone: string | null,
  language: Language,
  dayPattern: string,
  meridiem: Meridiem,
): string | null {
  if (!timeZone || !isValidTimeZone(timeZone)) return null;
  const at = dayjs.utc(iso).tz(timeZone);
  const day = at.locale(language).format(dayPattern);
  return `${day} ${formatTime12(at.format("HH:mm"), meridiem)} ${at.offsetName("short") ?? ""}`.trim();
}

/** "CST (America/Chicago)": the zone as it reads on `day`, and where it is. Null when unknown. */
export function zoneName(timeZone: string | null, day: string): string | null {
  if (!timeZone || !isValidTimeZone(timeZone)) return null;
  const abbreviation = dayjs.utc(`${day}T12:00:00Z`).tz(timeZone).offsetName("short");
  const place = timeZone.replaceAll("_", " ");
  return abbreviation ? `${abbreviation} (${place})` : place;
}
