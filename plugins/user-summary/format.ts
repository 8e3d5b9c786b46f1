// Call times as the tables show them: compact, in the agent's own time zone and language ("Mar 10, 2:05 PM",
// the year only when it is not this year's), and in full for the tooltip ("Tuesday, March 10, 2026 at 2:05 PM
// EDT"). Formatters are cached: a table formats every row on each render.

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, timeZone: string, style: "compact" | "dated" | "full" | "year" | "clock") {
  const id = `${language}|${timeZone}|${style}`;
  let f = formats.get(id);
  if (!f) {
    const day = { month: style === "full" ? "long" : "short", day: "numeric" } as const;
    const time = { hour: "numeric", minute: "2-digit" } as const;
    f =
      style === "year"
        ? new Intl.DateTimeFormat(language, { timeZone, year: "numeric" })
        : style === "clock"
          ? new Intl.DateTimeFormat(language, { timeZone, ...time, timeZoneName: "short" })
        : new Intl.DateTimeFormat(language, {
            timeZone,
            ...day,
            ...time,
            ...(style === "compact" ? {} : { year: "numeric" }),
            ...(style === "full" ? { weekday: "long", timeZoneName: "short" } : {}),
          });
    formats.set(id, f);
  }
  return f;
}

/** The zone the agent's computer is set to: the one the agent reads the wall clock in. */
export const agentTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const yearIn = (at: Date, timeZone: string) => formatter("en", timeZone, "year").format(at);

export interface CallTimeText {
  compact: string;
  full: string;
}

/** `iso` for a table cell; an unreadable instant is shown as it came. `now` decides whether the year shows. */
export function callTimeText(iso: string, language: string, timeZone: string, now: number): CallTimeText {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { compact: iso, full: iso };
  const sameYear = yearIn(at, timeZone) === yearIn(new Date(now), timeZone);
  return {
    compact: formatter(language, timeZone, sameYear ? "compact" : "dated").format(at),
    full: formatter(language, timeZone, "full").format(at),
  };
}

/**
 * The wall-clock time of `iso` in the client's zone ("10:00 AM EST"), for a row whose client lives in another
 * zone than the agent; null when the zone is unknown or the same as the agent's.
 */
export function clientTimeText(iso: string, language: string, clientZone: string | null, agentZone: string): string | null {
  if (!clientZone || clientZone === agentZone) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  try {
    return formatter(language, clientZone, "clock").format(at);
  } catch {
    return null; // A zone the browser does not know.
  }
}
