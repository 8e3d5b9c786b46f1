// The client's time zone (booking-and-reference §2, §9): the zones of the lead's country, each with its local time
// now as h:mm AM/PM, so the agent sees the client's clock while choosing; in French as French writes the hour
// ("16 h 53" in Canada), the way the rest of the French screen does (issue 33: "1:56 PM" beside "16 h 53"). The times move on at each minute of
// the clock the caller gives (ctx.clock), never the browser's timers.
import { useEffect, useState } from "react";
import type { Clock } from "../../shared/clock";
import { formatTime12 } from "../../core/callbackPicker";
import { isValidTimeZone, wallClock } from "../../shared/zoned-time";
import { Select } from "../ui/Select";
import { describedBy, FieldFrame, useFieldControl, type BaseFieldProps } from "./field";
import type { PostalCountry } from "./masks";
import { APP_TIME_ZONES, timeZonesOf } from "./timeZones";

const MINUTE = 60_000;

/** The clock's time, refreshed at the start of every minute. */
export function useMinute(clock: Clock): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    let timer = clock.setTimeout(
      function tick() {
        setNow(clock.now());
        timer = clock.setTimeout(tick, MINUTE - (clock.now() % MINUTE));
      },
      MINUTE - (clock.now() % MINUTE),
    );
    setNow(clock.now());
    return () => clock.clearTimeout(timer);
  }, [clock]);
  return now;
}

/**
 * "9:05 AM" in `timeZone` at `now`; without a meridiem (a language that writes the 24-hour clock, its
 * `format.clock` text "24"), as `language` writes the time: "16 h 53" in fr-CA, "16:53" in fr.
 */
export function localTime(
  now: number,
  timeZone: string,
  meridiem: { am: string; pm: string } | null,
  language = "en",
): string {
  if (!meridiem)
    return new Intl.DateTimeFormat(language, { timeZone, hour: "numeric", minute: "2-digit", hourCycle: "h23" }).format(
      now,
    );
  const w = wallClock(now, timeZone);
  return formatTime12(`${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`, meridiem);
}

export interface TimeZoneFieldProps extends BaseFieldProps<string | null> {
  /** The lead's country: its six zones; all twelve, grouped by country, without one. */
  country?: PostalCountry | null;
  /** The clock the local times follow (ctx.clock). */
  clock: Clock;
  placeholder?: string;
}

export function TimeZoneField(props: TimeZoneFieldProps) {
  const { name, label, required, disabled, helperText, validate, country, clock } = props;
  const f = useFieldControl<string | null>(name, {
    required,
    validate,
    config: { allowNull: true, parse: (v: unknown) => v },
  });
  const now = useMinute(clock);
  // The language's own clock: 12-hour with its AM/PM words, or 24-hour as the language writes it.
  const meridiem = f.t("format.clock") === "24" ? null : { am: f.t("format.am"), pm: f.t("format.pm") };
  const value = typeof f.input.value === "string" ? f.input.value : "";
  const option = (id: string, key: string | null) => (
    <option key={id} value={id}>
      {f.t("format.zone_option", {
        zone: key ? f.t(`forms.zones.${key}`) : id.replaceAll("_", " "),
        time: localTime(now, id, meridiem, f.language),
      })}
    </option>
  );
  const zones = timeZonesOf(country);
  // A zone the list does not offer (another country's, an older record's) is still shown, not replaced.
  const foreign = value && !zones.some((z) => z.id === value) && isValidTimeZone(value) ? value : null;
  const foreignKey = foreign ? (APP_TIME_ZONES.find((z) => z.id === foreign)?.key ?? null) : null;
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <Select
        id={f.id}
        name={name}
        fill
        value={value}
        disabled={disabled}
        onChange={(e) => f.input.onChange(e.currentTarget.value || null)}
        {...f.focus}
        aria-required={required || undefined}
        {...describedBy(f.ids, f.error, Boolean(helperText))}
      >
        <option value="">{props.placeholder ?? f.t("forms.choose")}</option>
        {foreign && option(foreign, foreignKey)}
        {country
          ? zones.map((z) => option(z.id, z.key))
          : (["US", "CA"] as const).map((c) => (
              <optgroup key={c} label={f.t(`forms.zones.country_${c.toLowerCase()}`)}>
                {timeZonesOf(c).map((z) => option(z.id, z.key))}
              </optgroup>
            ))}
      </Select>
    </FieldFrame>
  );
}
