// The date of birth (booking-and-reference §2, §5): typed through the mask YYYY-MM-DD, with the age in whole years
// beside it. The day is the caller's clock's (`now`), never the browser's, and the latest date of birth is
// yesterday, the gateway's own rule (contract latestDob, in UTC).
import { InputGroup } from "@blueprintjs/core";
import { isDob, latestDob } from "../../contract/lead";
import { describedBy, FieldFrame, useFieldControl, type BaseFieldProps, type FieldError } from "./field";
import { ageOn, maskDob } from "./masks";
import { useMask } from "./useMask";

export interface DobFieldProps extends BaseFieldProps<string> {
  /** Now, in epoch milliseconds, from the caller's clock (ctx.clock.now()). */
  now: number;
  /** The earliest date of birth accepted, YYYY-MM-DD. */
  min?: string;
  /** The latest, YYYY-MM-DD: yesterday (from `now`) by default, and never later than that. */
  max?: string;
}

/** The date-of-birth rule on `now`: an error key, or undefined. Empty is valid (`required` says otherwise). */
export function dobError(
  value: string | null | undefined,
  now: number,
  min?: string,
  max?: string,
): FieldError | undefined {
  if (!value) return undefined;
  if (value.length !== 10 || !isDob(value)) return "forms.errors.dob";
  const latest = max && max < latestDob(now) ? max : latestDob(now);
  if (value > latest) return "forms.errors.dob_future";
  if (min && value < min) return { key: "forms.errors.dob_min", values: { min } };
  return undefined;
}

/** A date of birth kept as YYYY-MM-DD ("" when empty), with "<n> years old" beside it once it is valid. */
export function DobField(props: DobFieldProps) {
  const { name, label, required, disabled, helperText, validate, now, min, max } = props;
  const f = useFieldControl<string>(name, {
    required,
    rule: (value) => dobError(value, now, min, max),
    validate,
    config: { parse: (v: unknown) => v, format: (v: unknown) => (v ?? "") as string },
  });
  const value: string = f.input.value ?? "";
  const mask = useMask(maskDob, (masked) => f.input.onChange(masked));
  const today = new Date(now).toISOString().slice(0, 10);
  const age = value && !dobError(value, now, min, max) ? ageOn(value, today) : null;
  const ageId = `${f.id}-age`;
  const aria = describedBy(f.ids, f.error, Boolean(helperText));
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <div className="sdk-field__row">
        <InputGroup
          id={f.id}
          inputRef={mask.ref}
          name={name}
          inputMode="numeric"
          autoComplete="off"
          placeholder={f.t("date_placeholder")}
          value={maskDob(value)}
          onChange={mask.onChange}
          {...f.focus}
          maxLength={10}
          disabled={disabled}
          intent={f.error ? "danger" : "none"}
          aria-required={required || undefined}
          {...aria}
          aria-describedby={
            [aria["aria-describedby"], age !== null ? ageId : null].filter(Boolean).join(" ") || undefined
          }
        />
        {age !== null && (
          <output id={ageId} className="sdk-field__aside" htmlFor={f.id}>
            {f.t("forms.years_old", { count: age })}
          </output>
        )}
      </div>
    </FieldFrame>
  );
}
