// Call times as the tables show them: the agent's language, a 12-hour clock and UTC, like the picker.
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatCallTime(iso: string, language: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  let f = formats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(language, {
      timeZone: "UTC",
      dateStyle: "medium",
      timeStyle: "short",
      hour12: true,
    });
    formats.set(language, f);
  }
  return `${f.format(at)} UTC`;
}
