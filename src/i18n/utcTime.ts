// Times as the workspace's tables show them: the agent's language, a medium date and UTC (like the picker).
// Formatters are cached per language and style: a table formats every row on each render.
type Style = "short" | "medium";
const formats = new Map<string, Intl.DateTimeFormat>();

/** `iso` in UTC, e.g. "Mar 10, 2026, 2:00 PM UTC"; an unreadable instant is shown as it came. */
export function formatUtc(iso: string, language: string, timeStyle: Style, hour12?: boolean): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const id = `${language}|${timeStyle}|${hour12 ?? ""}`;
  let f = formats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { timeZone: "UTC", dateStyle: "medium", timeStyle, hour12 });
    formats.set(id, f);
  }
  return `${f.format(at)} UTC`;
}
