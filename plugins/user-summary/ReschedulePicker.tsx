// A follow-up's new date and time (agent-workspace §2 Reschedule control): the SDK's call-time picker (UTC,
// 15-minute steps, a 12-hour clock, from 9:00 today, weeks starting on Monday), compact for a table row. The
// row does not carry the lead's time zone, so the agent's own clock is shown beside the UTC time unless the
// caller passes the lead's zone.
import { useTranslation } from "react-i18next";
import { CallTimePicker } from "../../src/sdk";

export interface ReschedulePickerProps {
  /** The lead's name, for the fields' accessible names. */
  name: string;
  date: string;
  time: string;
  today: string;
  disabled: boolean;
  /** The lead's IANA time zone when the row knows it. */
  timeZone?: string | null;
  onDate(day: string): void;
  onTime(time: string): void;
}

/** The agent's own zone, as the browser knows it. */
const agentZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ReschedulePicker({
  name,
  date,
  time,
  today,
  disabled,
  timeZone,
  onDate,
  onTime,
}: ReschedulePickerProps) {
  const { t } = useTranslation("user-summary");
  return (
    <CallTimePicker
      compact
      date={date}
      time={time}
      today={today}
      disabled={disabled}
      labels={{ date: t("reschedule.date_for", { name }), time: t("reschedule.time_for", { name }) }}
      placeholder={t("reschedule.placeholder")}
      localTime={timeZone ? { of: "lead", timeZone } : { of: "agent", timeZone: agentZone() }}
      // A new day goes to the row, which offers the follow-up's own time of day on it (picker.defaultTime).
      onChange={(patch) => (patch.date !== undefined ? onDate(patch.date) : onTime(patch.time ?? ""))}
    />
  );
}
