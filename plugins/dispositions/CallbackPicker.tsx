// The callback's date and time (agent-workspace §2): a calendar whose weeks start on Monday, from today, and
// a time list in 15-minute steps on a 12-hour clock, from 9:00 today. Everything is UTC, and says so.
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { DateInput } from "@blueprintjs/datetime";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { addDays, localDateOf, MAX_DAYS_AHEAD, outOfRange, timeSlots, WEEK_STARTS_ON } from "./picker";
import "@blueprintjs/datetime/lib/css/blueprint-datetime.css";

export interface CallbackPickerProps {
  date: string;
  time: string;
  today: string;
  disabled: boolean;
  /** The message under the fields, already translated. */
  error: string | null;
  onChange(patch: { date?: string; time?: string }): void;
}

export function CallbackPicker({ date, time, today, disabled, error, onChange }: CallbackPickerProps) {
  const { t } = useTranslation("dispositions");
  const dateId = useId();
  const timeId = useId();
  const slots = date ? timeSlots(date, today) : [];

  const pickDate = (value: string | null) => {
    // A day typed out of range (Enter takes it as it is) is no choice at all.
    const typed = value ? value.slice(0, 10) : "";
    const day = typed && !outOfRange(typed, "23:59", today) ? typed : "";
    // A time the new day does not offer (before 9:00 today) is dropped rather than kept out of range.
    const keep = day !== "" && timeSlots(day, today).some((s) => s.value === time);
    onChange({ date: day, time: keep ? time : "" });
  };

  return (
    <div className="dispositions__callback">
      <FormGroup label={t("callback.date")} labelFor={dateId} helperText={t("callback.utc")}>
        <DateInput
          value={date || null}
          onChange={pickDate}
          timezone="UTC"
          showTimezoneSelect={false}
          disableTimezoneSelect
          dateFnsFormat="yyyy-MM-dd"
          placeholder={t("callback.date_placeholder")}
          minDate={localDateOf(today)}
          maxDate={localDateOf(addDays(today, MAX_DAYS_AHEAD))}
          initialMonth={localDateOf(date || today)}
          dayPickerProps={{ weekStartsOn: WEEK_STARTS_ON }}
          invalidDateMessage={t("callback.invalid_date")}
          outOfRangeMessage={t("callback.out_of_range")}
          disabled={disabled}
          fill
          inputProps={{ id: dateId }}
        />
      </FormGroup>
      <FormGroup
        label={t("callback.time")}
        labelFor={timeId}
        intent={error ? "danger" : "none"}
        helperText={error ?? undefined}
      >
        <HTMLSelect
          id={timeId}
          fill
          value={time}
          disabled={disabled || !date}
          onChange={(e) => onChange({ time: e.currentTarget.value })}
        >
          <option value="">{t("callback.choose_time")}</option>
          {slots.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </div>
  );
}
