// When the rules were checked, in the agent's language; UTC like the other times of the workspace's tables,
// and to the second because a verdict can change from one minute to the next.
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatCheckedAt(iso: string, language: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  let f = formats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { timeZone: "UTC", dateStyle: "medium", timeStyle: "medium" });
    formats.set(language, f);
  }
  return `${f.format(at)} UTC`;
}
