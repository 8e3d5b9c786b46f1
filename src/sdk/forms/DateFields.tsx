// A date, and a date and time (booking-and-reference §9: 15-minute steps, a 12-hour clock, weeks starting on
// Monday, UTC, min and max). The same approach as the SDK's CallTimePicker: Blueprint's DateInput given the
// calendar's date-fns locale and labels in the agent's language, and a native select of quarter hours.
import { FormGroup } from "@blueprintjs/core";
import { DateInput, type DateInputProps } from "@blueprintjs/datetime";
import { useMemo, useState } from "react";
import {
  dayOfLocalDate,
  formatTime12,
  isDay,
  localDateOf,
  STEP_MINUTES,
  toIso,
  WEEK_STARTS_ON,
} from "../../core/callbackPicker";
import { dateFnsLocale } from "../ui/dateFnsLocales";
import { Select } from "../ui/Select";
import { describedBy, FieldFrame, GroupFrame, useFieldControl, type BaseFieldProps } from "./field";
import "@blueprintjs/datetime/lib/css/blueprint-datetime.css";

/** The widest range a date field offers when its caller gives none (no clock is read for a default). */
const FIRST_DAY = "1900-01-01";
const LAST_DAY = "2100-12-31";

type Texts = ReturnType<typeof useFieldControl>["t"];

function useDayPickerProps(t: Texts) {
  return useMemo(
    (): DateInputProps["dayPickerProps"] => ({
      weekStartsOn: WEEK_STARTS_ON,
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
}

interface DayInputProps {
  id: string;
  day: string;
  min: string;
  max: string;
  /** The month the calendar opens on without a value. */
  today?: string;
  disabled?: boolean;
  label?: string;
  aria: ReturnType<typeof describedBy>;
  required?: boolean;
  onDay(day: string): void;
  onBlur(): void;
  t: Texts;
  base: "en" | "fr" | "es";
}

/** The calendar input: shows and reads YYYY-MM-DD (§9's date format), in UTC days. */
function DayInput({
  id,
  day,
  min,
  max,
  today,
  disabled,
  aria,
  required,
  onDay,
  onBlur,
  t,
  base,
}: DayInputProps) {
  const dayPickerProps = useDayPickerProps(t);
  const clamp = (d: string) => (d < min ? min : d > max ? max : d);
  return (
    <DateInput
      value={isDay(day) ? day : null}
      onChange={(value) => onDay(value ? value.slice(0, 10) : "")}
      timezone="UTC"
      showTimezoneSelect={false}
      disableTimezoneSelect
      locale={dateFnsLocale(base)}
      formatDate={(d) => dayOfLocalDate(d)}
      parseDate={(text) => (isDay(text.trim()) ? localDateOf(text.trim()) : null)}
      placeholder={t("date_placeholder")}
      minDate={localDateOf(min)}
      maxDate={localDateOf(max)}
      initialMonth={localDateOf(clamp(isDay(day) ? day : (today ?? min)))}
      dayPickerProps={dayPickerProps}
      invalidDateMessage={t("invalid_date")}
      outOfRangeMessage={t("out_of_range")}
      disabled={disabled}
      fill
      inputProps={{ id, onBlur, "aria-required": required || undefined, ...aria }}
    />
  );
}

export interface DateFieldProps extends BaseFieldProps<string> {
  /** The first and last days offered, YYYY-MM-DD. */
  min?: string;
  max?: string;
  /** Today (YYYY-MM-DD, from the caller's clock): the month the calendar opens on while empty. */
  today?: string;
}

/** A day, kept as YYYY-MM-DD ("" when empty); a typed day outside min and max is an error. */
export function DateField(props: DateFieldProps) {
  const { name, label, required, disabled, helperText, validate, min = FIRST_DAY, max = LAST_DAY } = props;
  const rule = (value: string) => {
    if (!value) return undefined;
    if (!isDay(value)) return "forms.errors.date";
    if (value < min || value > max) return { key: "forms.errors.date_range", values: { min, max } };
    return undefined;
  };
  const f = useFieldControl<string>(name, { required, rule, validate, config: { parse: (v: unknown) => v } });
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <DayInput
        id={f.id}
        day={f.input.value ?? ""}
        min={min}
        max={max}
        today={props.today}
        disabled={disabled}
        required={required}
        aria={describedBy(f.ids, f.error, Boolean(helperText))}
        onDay={(day) => f.input.onChange(day)}
        onBlur={() => f.input.onBlur()}
        t={f.t}
        base={f.base}
      />
    </FieldFrame>
  );
}

export interface DateTimeFieldProps extends BaseFieldProps<string | null> {
  /** The earliest and latest instants offered (ISO, UTC). */
  min?: string;
  max?: string;
  /** Today (YYYY-MM-DD, from the caller's clock): the month the calendar opens on while empty. */
  today?: string;
}

const QUARTERS = Array.from({ length: (24 * 60) / STEP_MINUTES }, (_, i) => {
  const m = i * STEP_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
});

/** The quarter hours `day` offers between `min` and `max` (ISO instants). */
export function quartersOf(day: string, min?: string, max?: string): string[] {
  const lo = min ? Date.parse(min) : -Infinity;
  const hi = max ? Date.parse(max) : Infinity;
  return QUARTERS.filter((time) => {
    const at = Date.parse(`${day}T${time}:00.000Z`);
    return at >= lo && at <= hi;
  });
}

/**
 * A day and a time in UTC, kept as one ISO instant ("2026-01-06T14:30:00.000Z"), or null until both are chosen.
 * A new day keeps the time when that day offers it.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const { name, label, required, disabled, helperText, validate, min, max } = props;
  const rule = (value: string | null) => {
    if (!value) return undefined;
    const at = Date.parse(value);
    if (Number.isNaN(at)) return "forms.errors.date";
    if ((min && at < Date.parse(min)) || (max && at > Date.parse(max)))
      return {
        key: "forms.errors.date_range",
        values: { min: (min ?? FIRST_DAY).slice(0, 10), max: (max ?? LAST_DAY).slice(0, 10) },
      };
    return undefined;
  };
  const f = useFieldControl<string | null>(name, {
    required,
    rule,
    validate,
    config: { parse: (v: unknown) => v, allowNull: true },
  });
  const value = typeof f.input.value === "string" && f.input.value ? f.input.value : null;
  const fromValue = value ? { day: value.slice(0, 10), time: value.slice(11, 16) } : null;
  // A day chosen before its time is the field's own until the instant is whole.
  const [draft, setDraft] = useState<{ day: string; time: string }>(fromValue ?? { day: "", time: "" });
  // The form's value changed from elsewhere (a reset, a lookup): the draft follows it.
  if (fromValue && (fromValue.day !== draft.day || fromValue.time !== draft.time)) setDraft(fromValue);
  else if (!fromValue && draft.time) setDraft({ day: "", time: "" });
  const shown = fromValue ?? (draft.time ? { day: "", time: "" } : draft);
  const minDay = min ? min.slice(0, 10) : FIRST_DAY;
  const maxDay = max ? max.slice(0, 10) : LAST_DAY;
  const slots = isDay(shown.day) ? quartersOf(shown.day, min, max) : [];
  const meridiem = { am: f.t("format.am"), pm: f.t("format.pm") };
  const ids = { date: `${f.id}-date`, time: `${f.id}-time` };
  const aria = describedBy(f.ids, f.error, Boolean(helperText));

  const emit = (day: string, time: string) => {
    setDraft({ day, time });
    f.input.onChange(toIso(day, time));
  };
  const pickDay = (day: string) => {
    const keep = isDay(day) && quartersOf(day, min, max).includes(shown.time) ? shown.time : "";
    emit(isDay(day) ? day : "", keep);
  };
  return (
    <GroupFrame {...f.frame({ label, required, disabled, helperText })}>
      <div className="sdk-field__pair">
        <FormGroup label={f.t("forms.date")} labelFor={ids.date}>
          <DayInput
            id={ids.date}
            day={shown.day}
            min={minDay}
            max={maxDay}
            today={props.today}
            disabled={disabled}
            required={required}
            aria={aria}
            onDay={pickDay}
            onBlur={() => f.input.onBlur()}
            t={f.t}
            base={f.base}
          />
        </FormGroup>
        <FormGroup label={f.t("forms.time")} labelFor={ids.time}>
          <Select
            id={ids.time}
            fill
            value={shown.time}
            disabled={disabled || !isDay(shown.day)}
            onChange={(e) => emit(shown.day, e.currentTarget.value)}
            onBlur={() => f.input.onBlur()}
            aria-required={required || undefined}
            {...aria}
          >
            <option value="">{f.t("choose_time")}</option>
            {slots.map((time) => (
              <option key={time} value={time}>
                {formatTime12(time, meridiem)}
              </option>
            ))}
          </Select>
        </FormGroup>
      </div>
      <p className="sdk-field__help">{f.t("utc")}</p>
    </GroupFrame>
  );
}
