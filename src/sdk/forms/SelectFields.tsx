// Dropdowns: a plain one, and one whose 'other' choice reveals a text field for what the other is.
import { useField } from "react-final-form";
import { Select } from "../ui/Select";
import { useSdkTexts } from "../ui/texts";
import {
  describedBy,
  FieldFrame,
  optionOf,
  useFieldControl,
  type BaseFieldProps,
  type Option,
} from "./field";
import { OTHER_TEXT_MAX, TextField } from "./TextFields";

export interface SelectFieldProps<V extends string | number> extends BaseFieldProps<V | null> {
  options: readonly Option<V>[];
  /** The empty first choice, already translated ("Choose…" by default). */
  placeholder?: string;
}

/** A native select (Blueprint's, through the SDK's Select); the form keeps the option's own value, or null. */
export function SelectField<V extends string | number>(props: SelectFieldProps<V>) {
  const { name, label, required, disabled, helperText, validate, options } = props;
  const f = useFieldControl<V | null>(name, {
    required,
    validate,
    config: { allowNull: true, parse: (v: unknown) => v },
  });
  const value = f.input.value as V | null | undefined;
  const key = value === null || value === undefined || (value as unknown) === "" ? "" : String(value);
  // A stored value no option offers (a retired choice) is still shown, not silently replaced.
  const unknown = key !== "" && !optionOf(options, key);
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <Select
        id={f.id}
        name={name}
        fill
        value={key}
        disabled={disabled}
        onChange={(e) => f.input.onChange(optionOf(options, e.currentTarget.value)?.value ?? null)}
        {...f.focus}
        aria-required={required || undefined}
        {...describedBy(f.ids, f.error, Boolean(helperText))}
      >
        <option value="">{props.placeholder ?? f.t("forms.choose")}</option>
        {unknown && <option value={key}>{key}</option>}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </Select>
    </FieldFrame>
  );
}

export interface OtherTextProps {
  /** Which choice is 'other'. */
  otherValue: string | number;
  /** Where the other text goes ("reasonOther"). */
  otherName: string;
  /** Its label, already translated ("Other (please specify)" by default). */
  otherLabel?: string;
  /** 99 by default (§9). */
  otherMaxLength?: number;
}

export type SelectOtherFieldProps<V extends string | number> = SelectFieldProps<V> & OtherTextProps;

/**
 * A dropdown with an 'other' choice: picking it shows a required text field (99 printable characters). The other
 * text is left as it is when another choice is picked; the caller's rule decides whether it is sent.
 */
export function SelectOtherField<V extends string | number>(props: SelectOtherFieldProps<V>) {
  const { otherValue, otherName, otherLabel, otherMaxLength = OTHER_TEXT_MAX, ...select } = props;
  const { input } = useField(props.name, { subscription: { value: true } });
  return (
    <>
      <SelectField {...select} />
      {input.value !== undefined && input.value !== null && String(input.value) === String(otherValue) && (
        <OtherText name={otherName} label={otherLabel} maxLength={otherMaxLength} disabled={props.disabled} />
      )}
    </>
  );
}

/** The other text: required while shown, "Please specify." when empty. */
export function OtherText({
  name,
  label,
  maxLength,
  disabled,
}: {
  name: string;
  label?: string;
  maxLength: number;
  disabled?: boolean;
}) {
  const { t } = useSdkTexts();
  return (
    <TextField
      name={name}
      label={label ?? t("forms.other")}
      required
      requiredError="forms.errors.other_required"
      maxLength={maxLength}
      disabled={disabled}
    />
  );
}
