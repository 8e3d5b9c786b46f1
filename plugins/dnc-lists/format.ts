// How the page writes dates and numbers, in the manager's language.
import { formatPhone } from "../../src/sdk/forms";

export { formatPhone };

/** An instant's day ("Jan 5, 2026", "5 janv. 2026"), in the browser's time zone. */
export const dayOf = (language: string, iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));

/** A calendar day YYYY-MM-DD as the same day everywhere (a list's expiry). */
export const calendarDay = (language: string, day: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** Today, YYYY-MM-DD, on the caller's clock (the browser's own day). */
export function today(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
