// Height and weight pickers with their unit (booking-and-reference §2, §3, §9): the value (10 characters at most,
// the contract's Measure) and its unit side by side. The caller gives the units and, per unit, the values to pick
// from (the lookup lists: 4' to 7', 1m20 to 2m10, 75 lb to 400 lb+, 35 kg to 200 kg+); without values the field
// is free text. A unit change clears a value the new unit does not offer.
import { InputGroup } from "@blueprintjs/core";
import { useForm } from "react-final-form";
import { Select } from "../ui/Select";
import {
  describedBy,
  FieldFrame,
  optionOf,
  useFieldControl,
  type BaseFieldProps,
  type Option,
} from "./field";
import { cleanText } from "./masks";
import { cutText } from "../../contract/text";

/** The contract's Measure: 10 characters at most. */
export const MEASURE_MAX = 10;

export interface MeasureFieldProps<U extends string | number> extends BaseFieldProps<string | number | null> {
  /** Where the unit goes ("clients.0.heightUnits"). */
  unitName: string;
  units: readonly Option<U>[];
  /** The values offered for a unit (their `value` is kept, 10 characters at most); free text without it. */
  valuesFor?: (unit: U | null) => readonly Option<string | number>[];
  placeholder?: string;
}

export function MeasureField<U extends string | number>(props: MeasureFieldProps<U>) {
  const { name, label, required, disabled, helperText, validate, unitName, units, valuesFor } = props;
  const form = useForm();
  const f = useFieldControl<string | number | null>(name, {
    required,
    validate,
    config: { allowNull: true, parse: (v: unknown) => v },
  });
  const unit = useFieldControl<U | null>(unitName, { config: { allowNull: true, parse: (v: unknown) => v } });
  const unitValue = (unit.input.value ?? null) as U | null;
  const unitKey = unitValue === null || (unitValue as unknown) === "" ? "" : String(unitValue);
  const offered = valuesFor?.(unitValue) ?? null;
  const value = f.input.value === null || f.input.value === undefined ? "" : String(f.input.value);
  const aria = describedBy(f.ids, f.error, Boolean(helperText));
  const unitLabel = f.t("forms.unit", { field: label });

  const changeUnit = (key: string) => {
    const next = optionOf(units, key)?.value ?? null;
    form.batch(() => {
      unit.input.onChange(next);
      const nextValues = valuesFor?.(next);
      if (nextValues && value !== "" && !optionOf(nextValues, value)) f.input.onChange(null);
    });
  };
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <div className="sdk-field__row">
        {offered ? (
          <Select
            id={f.id}
            name={name}
            value={value}
            disabled={disabled}
            onChange={(e) => f.input.onChange(optionOf(offered, e.currentTarget.value)?.value ?? null)}
            {...f.focus}
            aria-required={required || undefined}
            {...aria}
          >
            <option value="">{props.placeholder ?? f.t("forms.choose")}</option>
            {value !== "" && !optionOf(offered, value) && <option value={value}>{value}</option>}
            {offered.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </Select>
        ) : (
          <InputGroup
            id={f.id}
            name={name}
            value={value}
            onValueChange={(v) => f.input.onChange(cutText(cleanText("printable", v), MEASURE_MAX))}
            {...f.focus}
            maxLength={MEASURE_MAX}
            placeholder={props.placeholder}
            disabled={disabled}
            intent={f.error ? "danger" : "none"}
            aria-required={required || undefined}
            {...aria}
          />
        )}
        <Select
          id={unit.id}
          value={unitKey}
          disabled={disabled}
          aria-label={unitLabel}
          onChange={(e) => changeUnit(e.currentTarget.value)}
          onBlur={() => unit.input.onBlur()}
        >
          {unitKey === "" && <option value="">{f.t("forms.choose")}</option>}
          {units.map((u) => (
            <option key={String(u.value)} value={String(u.value)}>
              {u.label}
            </option>
          ))}
        </Select>
      </div>
    </FieldFrame>
  );
}
