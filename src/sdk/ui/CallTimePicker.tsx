// The one call-time picker of the workspace (agent-workspace §2): the disposition panel's callback and the user
// summary's reschedule. A calendar whose weeks start on Monday, from today to MAX_DAYS_AHEAD (Blueprint's date
// input, in the agent's language), and a list of times in 15-minute steps on a 12-hour clock, from 9:00 today.
// The time is UTC, as the specification says, and the same instant is shown on the lead's own clock beside it
// (or the agent's, when the lead's zone is not at hand), so the agent can say "tomorrow at 9:30 your time"
// without arithmetic; screen readers hear it again when it changes. It hands back the UTC day and time of day;
// the caller makes the ISO instant (callbackPicker.toIso), so save paths do not change.
import { FormGroup } from "@blueprintjs/core";
import { DateInput, type DateInputProps } from "@blueprintjs/datetime";
import { useId, useMemo } from "react";
import {
  addDays,
  dayOfLocalDate,
  isDay,
  localDateOf,
  MAX_DAYS_AHEAD,
  offers,
  pickable,
  timeSlots,
  toIso,
  WEEK_STARTS_ON,
} from "../../core/callbackPicker";
import { formatDay, wallTime, zoneName } from "./callTimeFormat";
import { dateFnsLocale } from "./dateFnsLocales";
import { Select } from "./Select";
import { useSdkTexts } from "./texts";
import "@blueprintjs/datetime/lib/css/blueprint-datetime.css";
import "./CallTimePicker.css";

export interface CallTimePickerProps {
  /** The chosen UTC day, YYYY-MM-DD, or "" before one is chosen. */
  date: string;
  /** The chosen UTC time of day, HH:mm on a quarter hour, or "". */
  time: string;
  /** Today in UTC (YYYY-MM-DD), from the plugin's clock. */
  today: string;
  disabled?: boolean;
  /**
   * The two fields' names, already translated. Shown as labels above the fields, or with `compact` (a table
   * row) only as their accessible names.
   */
  labels: { date: string; time: string };
  compact?: boolean;
  /** Whose clock is shown beside the UTC time, and its IANA zone (null: the lead's zone is unknown). */
  localTime: { of: "lead" | "agent"; timeZone: string | null };
  /** Offer "Choose a time" first, so the time can stay unchosen (the disposition panel's rule says so). */
  allowNoTime?: boolean;
  /** Shown in the empty date field; a date typed as YYYY-MM-DD is always understood. */
  placeholder?: string;
  /** A message under the time, already translated (the caller's rule or the gateway's refusal). */
  error?: string | null;
  /**
   * A new day comes with the time kept when that day offers it, else "" (a time before 9:00 does not survive
   * a move to today); a new time comes alone.
   */
  onChange(patch: { date?: string; time?: string }): void;
}

export function CallTimePicker(props: CallTimePickerProps) {
  const { date, time, today, disabled = false, labels, compact = false, localTime, error } = props;
  const { t, base } = useSdkTexts();
  const ids = { date: useId(), time: useId(), note: useId() };
  const meridiem = { am: t("format.am"), pm: t("format.pm") };
  const slots = isDay(date) ? timeSlots(date, today, meridiem) : [];
  const locale = dateFnsLocale(base);
  const dayPickerProps = useMemo(
    (): DateInputProps["dayPickerProps"] => ({
      weekStartsOn: WEEK_STARTS_ON,
      // One button per day of the shown month: no greyed neighbours that read as the same numbers.
      showOutsideDays: false,
      labels: {
        labelPrevious: () => t("calendar.previous_month"),
        labelNext: () => t("calendar.next_month"),
        labelMonthDropdown: () => t("calendar.month"),
        labelYearDropdown: () => t("calendar.year"),
      },
    }),
    [t],
  );

  const pickDate = (value: string | null) => {
    const day = value ? value.slice(0, 10) : "";
    const chosen = pickable(day, today) ? day : "";
    props.onChange({ date: chosen, time: chosen && offers(chosen, time, today) ? time : "" });
  };
  const dateFormat = t("format.date");
  const formatDate = (d: Date) => formatDay(dayOfLocalDate(d), base, dateFormat);
  // A day typed as YYYY-MM-DD, or the field's own text left as it was shown.
  const parseDate = (text: string) => {
    const typed = text.trim();
    if (isDay(typed)) return localDateOf(typed);
    return isDay(date) && typed === formatDay(date, base, dateFormat) ? localDateOf(date) : null;
  };

  const iso = toIso(date, time);
  const zone = localTime.timeZone;
  const local = iso ? wallTime(iso, zone, base, t("format.local_day"), meridiem) : null;
  const named = zoneName(zone, date || today);
  // A table row says nothing until a day is picked; the panel names the zone from the start.
  const quiet = compact && !isDay(date);
  const note = quiet
    ? null
    : local
      ? t(`local.${localTime.of}`, { time: local })
      : named
        ? compact
          ? null
          : t(`zone.${localTime.of}`, { zone: named })
        : localTime.of === "lead"
          ? t("zone.lead_unknown")
          : null;

  const dateField = (
    <DateInput
      value={date || null}
      onChange={pickDate}
      timezone="UTC"
      showTimezoneSelect={false}
      disableTimezoneSelect
      locale={locale}
      formatDate={formatDate}
      parseDate={parseDate}
      placeholder={props.placeholder ?? t("date_placeholder")}
      minDate={localDateOf(today)}
      maxDate={localDateOf(addDays(today, MAX_DAYS_AHEAD))}
      initialMonth={localDateOf(date || today)}
      dayPickerProps={dayPickerProps}
      invalidDateMessage={t("invalid_date")}
      outOfRangeMessage={t("out_of_range")}
      disabled={disabled}
      fill
      inputProps={{
        id: ids.date,
        "aria-label": compact ? labels.date : undefined,
        "aria-describedby": note ? ids.note : undefined,
      }}
    />
  );
  const timeField = (
    <Select
      id={ids.time}
      fill
      value={time}
      disabled={disabled || !isDay(date)}
      aria-label={compact ? labels.time : undefined}
      aria-describedby={note ? ids.note : undefined}
      onChange={(e) => props.onChange({ time: e.currentTarget.value })}
    >
      {(props.allowNoTime || !time) && <option value="">{t("choose_time")}</option>}
      {slots.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </Select>
  );
  const localNote = note && (
    // Polite: a screen reader hears the lead's time each time the day or the time changes.
    <output id={ids.note} className="call-time-picker__local" aria-live="polite">
      {note}
    </output>
  );

  if (compact) {
    return (
      <div className="call-time-picker call-time-picker--compact">
        {dateField}
        {isDay(date) && timeField}
        {localNote}
      </div>
    );
  }
  return (
    <div className="call-time-picker">
      <div className="call-time-picker__fields">
        <FormGroup label={labels.date} labelFor={ids.date}>
          {dateField}
        </FormGroup>
        <FormGroup
          label={labels.time}
          labelFor={ids.time}
          intent={error ? "danger" : "none"}
          helperText={error ?? undefined}
        >
          {timeField}
        </FormGroup>
      </div>
      <p className="call-time-picker__utc">{t("utc")}</p>
      {localNote}
    </div>
  );
}
