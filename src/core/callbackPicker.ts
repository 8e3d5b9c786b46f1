// The callback and reschedule pickers' constraints (agent-workspace §2, §9): UTC, 15-minute steps, a 12-hour
// clock, earliest 9:00 today, weeks starting on Monday. One rule for every panel that picks a call time
// (the disposition panel, the user summary's reschedule; both through the SDK's CallTimePicker). Pure, so
// every case is tested.
//
// 9:00 is the earliest time of TODAY only: a later day offers every quarter hour, because in UTC the evening
// of a North American lead (7:30 PM in New York is 00:30 UTC) falls before 9:00 of the next UTC day.

export const STEP_MINUTES = 15;
/** The earliest time on the first day (today, UTC). */
export const EARLIEST_TIME = "09:00";
/** How far ahead a callback or follow-up may be scheduled. */
export const MAX_DAYS_AHEAD = 365;
/** Monday, in react-day-picker's numbering. */
export const WEEK_STARTS_ON = 1;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
}

/** A real calendar day as YYYY-MM-DD (Date.parse alone would take 2026-02-30 for March 2). */
export const isDay = (s: string) => {
  if (!DAY.test(s)) return false;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && utcDay(ms) === s;
};
export const isTime = (s: string) => TIME.test(s);
export const onStep = (time: string) => isTime(time) && Number(time.slice(3)) % STEP_MINUTES === 0;

/** The words after a 12-hour time, in the agent's language (English by default). */
export interface Meridiem {
  am: string;
  pm: string;
}
const ENGLISH_MERIDIEM: Meridiem = { am: "AM", pm: "PM" };

/** "13:45" → "1:45 PM" (or "1:45 p. m." with Spanish words). */
export function formatTime12(time: string, meridiem: Meridiem = ENGLISH_MERIDIEM): string {
  const h = Number(time.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${time.slice(3, 5)} ${h < 12 ? meridiem.am : meridiem.pm}`;
}

/** The times the agent may pick on `day`: every 15 minutes, from 9:00 when the day is today. */
export function timeSlots(
  day: string,
  today: string,
  meridiem: Meridiem = ENGLISH_MERIDIEM,
): { value: string; label: string }[] {
  const slots: { value: string; label: string }[] = [];
  for (let m = 0; m < 24 * 60; m += STEP_MINUTES) {
    const value = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    if (day === today && value < EARLIEST_TIME) continue;
    slots.push({ value, label: formatTime12(value, meridiem) });
  }
  return slots;
}

/** Whether `day` offers `time` (a newly picked day keeps the time only then). */
export function offers(day: string, time: string, today: string): boolean {
  return isDay(day) && onStep(time) && !outOfRange(day, time, today);
}

/** Before the earliest instant the picker allows (9:00 today), or past the last day. */
export function outOfRange(day: string, time: string, today: string): boolean {
  if (day < today || day > addDays(today, MAX_DAYS_AHEAD)) return true;
  return day === today && time < EARLIEST_TIME;
}

/** The wire's date_time: an ISO instant in UTC, or null while the day or time is missing. */
export function toIso(day: string, time: string): string | null {
  return isDay(day) && isTime(time) ? `${day}T${time}:00.000Z` : null;
}

/**
 * The calendar works in the browser's local time; the callback is in UTC. The calendar is given local
 * midnight of the UTC day, and its answer is read back by calendar fields, so no time zone shifts a day.
 */
export function localDateOf(day: string): Date {
  const [, y, m, d] = DAY.exec(day)!;
  return new Date(Number(y), Number(m) - 1, Number(d));
}

/** The calendar's answer (a local date) as the UTC day it stands for: the inverse of localDateOf. */
export function dayOfLocalDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A day the agent may pick: from today to MAX_DAYS_AHEAD (a typed day out of range is no choice at all). */
export function pickable(day: string, today: string): boolean {
  return isDay(day) && !outOfRange(day, "23:59", today);
}
