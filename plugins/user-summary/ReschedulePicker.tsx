// A follow-up's new date and time: a calendar whose weeks start on Monday, from today, and a list of times
// in 15-minute steps on a 12-hour clock, from 9:00 today; all in UTC.
import { HTMLSelect } from "@blueprintjs/core";
import { DateInput } from "@blueprintjs/datetime";
import { useTranslation } from "react-i18next";
import { addDays, localDateOf, MAX_DAYS_AHEAD, timeSlots, WEEK_STARTS_ON } from "./picker";
import "@blueprintjs/datetime/lib/css/blueprint-datetime.css";

export interface ReschedulePickerProps {
  /** The lead's name, for the fields' accessible names. */
  name: string;
  date: string;
  time: string;
  today: string;
  disabled: boolean;
  onDate(day: string): void;
  onTime(time: string): void;
}

export function ReschedulePicker({
  name,
  date,
  time,
  today,
  disabled,
  onDate,
  onTime,
}: ReschedulePickerProps) {
  const { t } = useTranslation("user-summary");
  return (
    <div className="user-summary__picker">
      <DateInput
        value={date || null}
        onChange={(value) => onDate(value ? value.slice(0, 10) : "")}
        timezone="UTC"
        showTimezoneSelect={false}
        disableTimezoneSelect
        dateFnsFormat="yyyy-MM-dd"
        placeholder={t("reschedule.placeholder")}
        minDate={localDateOf(today)}
        maxDate={localDateOf(addDays(today, MAX_DAYS_AHEAD))}
        initialMonth={localDateOf(date || today)}
        dayPickerProps={{ weekStartsOn: WEEK_STARTS_ON }}
        invalidDateMessage={t("reschedule.invalid_date")}
        outOfRangeMessage={t("reschedule.out_of_range")}
        disabled={disabled}
        inputProps={{ "aria-label": t("reschedule.date_for", { name }) }}
      />
      {date && (
        <HTMLSelect
          aria-label={t("reschedule.time_for", { name })}
          value={time}
          disabled={disabled}
          onChange={(e) => onTime(e.currentTarget.value)}
        >
          {timeSlots(date, today).map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </HTMLSelect>
      )}
    </div>
  );
}
