// How the schedules page says a schedule in the manager's language: its report and range, the weekdays (Monday
// first), an hour of the call centre, when it goes, and a moment in the call centre's zone.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ReportSchedule, ScheduledReport, ScheduleRange } from "./contract";

export function useScheduleWords() {
  const { t, i18n } = useTranslation("reports");
  const language = i18n.language;
  return useMemo(() => {
    const weekdayName = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" });
    // 2026-03-02 is a Monday.
    const weekdays = Array.from({ length: 7 }, (_, i) =>
      weekdayName.format(new Date(Date.UTC(2026, 2, 2 + i))),
    );
    const hours = new Intl.DateTimeFormat(language, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    const hour = (h: number) => hours.format(new Date(Date.UTC(2026, 0, 1, h)));
    return {
      weekdays,
      hour,
      report: (r: ScheduledReport) => t(`schedules.reports.${r}`),
      range: (r: ScheduleRange) => t(`schedules.ranges.${r}`),
      when: (s: Pick<ReportSchedule, "frequency" | "weekday" | "hour">) =>
        s.frequency === "weekly"
          ? t("schedules.weekly_at", { weekday: weekdays[s.weekday ?? 0], hour: hour(s.hour) })
          : t("schedules.daily_at", { hour: hour(s.hour) }),
      /** A moment in the call centre's zone, e.g. "Mar 9, 2026, 7:00 AM". */
      moment: (iso: string, timeZone: string) =>
        new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone }).format(
          new Date(iso),
        ),
    };
  }, [language, t]);
}
