// Times of an explanation as the viewer reads a clock: in the viewer's own time zone (the browser's) and
// language, with the zone's short name, never the gateway's raw ISO instants (issue 33). When the rules were
// checked is to the second, because a verdict can change from one minute to the next.
// The gateway sends instants in UTC ISO form (`2026-01-05T14:00:05.000Z`); a plain date (a Do Not Call
// listing's day, a holiday's local date) is a calendar day, not an instant, and is left as it is.

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone the viewer's computer is set to: the one the manager or agent reads the wall clock in. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO instant with a time and a zone (`Z` or an offset). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const isInstant = (v: unknown): v is string => typeof v === "string" && INSTANT.test(v);

function formatter(language: string, timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const id = `${language}|${timeZone}|${seconds}`;
  let f = formats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(language, {
      timeZone,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
      timeZoneName: "short",
    });
    formats.set(id, f);
  }
  return f;
}

/** `iso` in the viewer's zone and language ("Jan 5, 2026, 9:00 AM EST"); an unreadable instant as it came. */
export function formatInstant(iso: string, language: string, timeZone = viewerTimeZone(), seconds = false): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  try {
    return formatter(language, timeZone, seconds).format(at);
  } catch {
    return iso; // A language or zone this browser does not know.
  }
}

export const formatCheckedAt = (iso: string, language: string, timeZone = viewerTimeZone()) =>
  formatInstant(iso, language, timeZone, true);
