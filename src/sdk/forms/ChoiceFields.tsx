// Choices: a checkbox, radios, language radios, a row of checkboxes, and the multi-dropdown (with and without an
// 'other' text).
//
// The multi-dropdown is a button that opens a list of checkboxes, not Blueprint's MultiSelect: MultiSelect names
// its tag buttons 'Remove tag', its list 'selectable options' and its clear button 'Clear selected items' in
// English whatever the agent's language, and none of them can be renamed (tests/contracts/one-language.test.tsx
// fails on such English). A checkbox list is also what a screen reader reads best.
import { Button, Checkbox, PopoverNext, Radio } from "@blueprintjs/core";
import { useField } from "react-final-form";
import type { Language } from "../../contract/common";
import { useSdkTexts } from "../ui/texts";
import {
  describedBy,
  FieldFrame,
  GroupFrame,
  optionOf,
  useFieldControl,
  type BaseFieldProps,
  type Option,
} from "./field";
import { OtherText, type OtherTextProps } from "./SelectFields";
import { OTHER_TEXT_MAX } from "./TextFields";

// ---------------------------------------------------------------- checkbox

export interface CheckboxFieldProps extends BaseFieldProps<unknown> {
  /** What the form keeps when ticked and when not: true and false by default (1 and 0 for a yes/no flag). */
  values?: { checked: unknown; unchecked: unknown };
}

/** One checkbox, named by its own label. `required` means it must be ticked. */
export function CheckboxField(props: CheckboxFieldProps) {
  const {
    name,
    label,
    required,
    disabled,
    helperText,
    validate,
    values = { checked: true, unchecked: false },
  } = props;
  const f = useFieldControl<unknown>(name, {
    required,
    isEmpty: (v) => v !== values.checked,
    validate,
    config: { parse: (v: unknown) => v },
  });
  return (
    <FieldFrame
      id={`${f.id}-frame`}
      ids={f.ids}
      label=""
      disabled={disabled}
      error={f.error}
      helperText={helperText}
      className="sdk-field--checkbox"
    >
      <Checkbox
        id={f.id}
        name={name}
        label={label}
        checked={f.input.value === values.checked}
        onChange={(e) => f.input.onChange(e.currentTarget.checked ? values.checked : values.unchecked)}
        {...f.focus}
        disabled={disabled}
        aria-required={required || undefined}
        {...describedBy(f.ids, f.error, Boolean(helperText))}
      />
    </FieldFrame>
  );
}

// ---------------------------------------------------------------- radios

export interface RadioGroupFieldProps<V extends string | number> extends BaseFieldProps<V | null> {
  options: readonly Option<V>[];
  /** On one line (default) or one under the other. */
  inline?: boolean;
}

/** Radios in a fieldset named by `label`; the form keeps the option's own value. */
export function RadioGroupField<V extends string | number>(props: RadioGroupFieldProps<V>) {
  const { name, label, required, disabled, helperText, validate, options, inline = true } = props;
  const f = useFieldControl<V | null>(name, {
    required,
    validate,
    config: { parse: (v: unknown) => v, allowNull: true },
  });
  const current = f.input.value === null || f.input.value === undefined ? "" : String(f.input.value);
  return (
    <GroupFrame {...f.frame({ label, required, disabled, helperText })}>
      {options.map((o) => (
        <Radio
          key={String(o.value)}
          name={`${name}-${f.id}`}
          value={String(o.value)}
          label={o.label}
          inline={inline}
          checked={current === String(o.value)}
          disabled={disabled || o.disabled}
          onChange={(e) => f.input.onChange(optionOf(options, e.currentTarget.value)?.value ?? null)}
          {...f.focus}
          aria-invalid={f.error ? true : undefined}
        />
      ))}
    </GroupFrame>
  );
}

export interface LanguageRadiosFieldProps extends BaseFieldProps<Language | null> {
  /** The languages offered (the variant's): all three by default. */
  languages?: readonly Language[];
}

/** The client's language: radios named in the agent's language. */
export function LanguageRadiosField({ languages = ["en", "fr", "es"], ...props }: LanguageRadiosFieldProps) {
  const { t } = useSdkTexts();
  const options = languages.map((l) => ({ value: l, label: t(`forms.languages.${l}`) }));
  return <RadioGroupField<Language> {...props} options={options} />;
}

// ---------------------------------------------------------------- several choices

export interface MultiChoiceProps<V extends string | number> extends BaseFieldProps<V[]> {
  options: readonly Option<V>[];
}

const toggled = <V extends string | number>(
  options: readonly Option<V>[],
  chosen: readonly V[],
  value: V,
  on: boolean,
) => {
  const set = new Set(chosen.map(String));
  if (on) set.add(String(value));
  else set.delete(String(value));
  // In the options' order, whatever the order of the clicks.
  return options.filter((o) => set.has(String(o.value))).map((o) => o.value);
};

const chosenOf = <V,>(value: unknown): V[] => (Array.isArray(value) ? (value as V[]) : []);

/** A row of checkboxes in a fieldset: the form keeps the ticked options' values, in the options' order. */
export function CheckboxRowField<V extends string | number>(
  props: MultiChoiceProps<V> & { inline?: boolean },
) {
  const { name, label, required, disabled, helperText, validate, options, inline = true } = props;
  const f = useFieldControl<V[]>(name, {
    required,
    requiredError: "forms.errors.at_least_one",
    validate,
    config: { parse: (v: unknown) => v },
  });
  const chosen = chosenOf<V>(f.input.value);
  return (
    <GroupFrame {...f.frame({ label, required, disabled, helperText })}>
      {options.map((o) => (
        <Checkbox
          key={String(o.value)}
          label={o.label}
          inline={inline}
          checked={chosen.some((c) => String(c) === String(o.value))}
          disabled={disabled || o.disabled}
          onChange={(e) => f.input.onChange(toggled(options, chosen, o.value, e.currentTarget.checked))}
          {...f.focus}
          aria-invalid={f.error ? true : undefined}
        />
      ))}
    </GroupFrame>
  );
}

export interface MultiSelectFieldProps<V extends string | number> extends MultiChoiceProps<V> {
  /** Shown while nothing is chosen, already translated ("Choose…" by default). */
  placeholder?: string;
}

/**
 * The multi-dropdown: a button showing what is chosen, opening a list of checkboxes. Required means at least one
 * ('Choose at least one.'). The field counts as visited when its list closes, or when it is left unopened.
 */
export function MultiSelectField<V extends string | number>(props: MultiSelectFieldProps<V>) {
  const { name, label, required, disabled, helperText, validate, options } = props;
  const f = useFieldControl<V[]>(name, {
    required,
    requiredError: "forms.errors.at_least_one",
    validate,
    config: { parse: (v: unknown) => v },
  });
  const chosen = chosenOf<V>(f.input.value);
  const labels = options.filter((o) => chosen.some((c) => String(c) === String(o.value))).map((o) => o.label);
  const summary = labels.length ? labels.join(", ") : (props.placeholder ?? f.t("forms.choose"));
  const list = (
    <div className="sdk-multi__menu" role="group" aria-label={label}>
      {options.map((o) => (
        <Checkbox
          key={String(o.value)}
          label={o.label}
          checked={chosen.some((c) => String(c) === String(o.value))}
          disabled={o.disabled}
          onChange={(e) => f.input.onChange(toggled(options, chosen, o.value, e.currentTarget.checked))}
        />
      ))}
    </div>
  );
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <PopoverNext
        content={list}
        placement="bottom-start"
        arrow={false}
        fill
        matchTargetWidth
        disabled={disabled}
        onClosed={() => f.input.onBlur()}
        renderTarget={({ isOpen, ref, ...target }) => (
          <Button
            {...target}
            ref={ref}
            id={f.id}
            fill
            alignText="start"
            ellipsizeText
            endIcon="caret-down"
            text={summary}
            disabled={disabled}
            intent={f.error ? "danger" : "none"}
            variant="outlined"
            onFocus={() => f.input.onFocus()}
            onBlur={() => {
              if (!isOpen) f.input.onBlur();
            }}
            // A button may not say required or invalid (axe: aria-allowed-attr); its label says "(required)"
            // and its description carries the error.
            aria-describedby={describedBy(f.ids, f.error, Boolean(helperText))["aria-describedby"]}
          />
        )}
      />
    </FieldFrame>
  );
}

export type MultiSelectOtherFieldProps<V extends string | number> = MultiSelectFieldProps<V> & OtherTextProps;

/**
 * The multi-dropdown with an 'other' choice: while it is chosen a text field asks what the other is (required, 99
 * printable characters).
 */
export function MultiSelectOtherField<V extends string | number>(props: MultiSelectOtherFieldProps<V>) {
  const { otherValue, otherName, otherLabel, otherMaxLength = OTHER_TEXT_MAX, ...multi } = props;
  const { input } = useField(props.name, { subscription: { value: true } });
  const withOther = chosenOf<V>(input.value).some((v) => String(v) === String(otherValue));
  return (
    <>
      <MultiSelectField {...multi} />
      {withOther && (
        <OtherText name={otherName} label={otherLabel} maxLength={otherMaxLength} disabled={props.disabled} />
      )}
    </>
  );
}
