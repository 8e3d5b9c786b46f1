// Holidays for the states that ban holiday calls (AL, LA). This is a LOWER BOUND: the US federal holidays of
// 5 U.S.C. § 6103 for 2026–2027 only, both the actual date and the observed weekday (Saturday → Friday,
// Sunday → Monday; Alabama moves them the same way, Ala. Code § 1-3-8(a)). State-only holidays (e.g. Mardi
// Gras, Confederate Memorial Day) and governor-declared days are not known here: the caller passes them as
// `holidays`. Outside 2026–2027 only Sundays and the caller's dates apply.

export const HOLIDAY_YEARS = { from: 2026, to: 2027 } as const;

/** Local dates (YYYY-MM-DD) → name. Dec 31 2027 is the observed New Year's Day of 2028. */
export const US_FEDERAL_HOLIDAYS: Readonly<Record<string, string>> = {
  "2026-01-01": "New Year's Day",
  "2026-01-19": "Birthday of Martin Luther King, Jr.",
  "2026-02-16": "Washington's Birthday",
  "2026-05-25": "Memorial Day",
  "2026-06-19": "Juneteenth National Independence Day",
  "2026-07-03": "Independence Day (observed)",
  "2026-07-04": "Independence Day",
  "2026-09-07": "Labor Day",
  "2026-10-12": "Columbus Day",
  "2026-11-11": "Veterans Day",
  "2026-11-26": "Thanksgiving Day",
  "2026-12-25": "Christmas Day",
  "2027-01-01": "New Year's Day",
  "2027-01-18": "Birthday of Martin Luther King, Jr.",
  "2027-02-15": "Washington's Birthday",
  "2027-05-31": "Memorial Day",
  "2027-06-18": "Juneteenth National Independence Day (observed)",
  "2027-06-19": "Juneteenth National Independence Day",
  "2027-07-04": "Independence Day",
  "2027-07-05": "Independence Day (observed)",
  "2027-09-06": "Labor Day",
  "2027-10-11": "Columbus Day",
  "2027-11-11": "Veterans Day",
  "2027-11-25": "Thanksgiving Day",
  "2027-12-24": "Christmas Day (observed)",
  "2027-12-25": "Christmas Day",
  "2027-12-31": "New Year's Day (observed)",
};

/** Extra holiday dates from the caller: a list of local dates, or dates with names for the explanation. */
export type ExtraHolidays = readonly string[] | Readonly<Record<string, string>>;

export function holidayOn(date: string, extra?: ExtraHolidays): string | undefined {
  const known = US_FEDERAL_HOLIDAYS[date];
  if (known) return known;
  if (!extra) return undefined;
  if (isList(extra)) return extra.includes(date) ? "a holiday" : undefined;
  return Object.hasOwn(extra, date) ? extra[date] || "a holiday" : undefined;
}

function isList(extra: ExtraHolidays): extra is readonly string[] {
  return Array.isArray(extra);
}
