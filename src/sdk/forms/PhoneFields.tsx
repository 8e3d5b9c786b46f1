// Phones: one number masked ###.###.####, and the alternative phones (up to four, added and removed by the
// agent). The form keeps the ten digits only ("5145551234"); the dots are the mask's.
import { Button, InputGroup } from "@blueprintjs/core";
import { useEffect, useId, useRef, useState } from "react";
import {
  describedBy,
  FieldFrame,
  GroupFrame,
  useFieldControl,
  useFormTexts,
  visibleError,
  type BaseFieldProps,
  type FieldError,
} from "./field";
import { formatPhone, PHONE_DIGITS, phoneDigits } from "./masks";
import { useMask } from "./useMask";

/** The alternative phones' limit (booking-and-reference §2: a list of up to four). */
export const MAX_ALTERNATIVE_PHONES = 4;

const phoneRule = (value: string | null | undefined): FieldError | undefined =>
  value && phoneDigits(value).length !== PHONE_DIGITS ? "forms.errors.phone" : undefined;

const keepDigits = { parse: (v: unknown) => v, format: (v: unknown) => (v ?? "") as string };

interface PhoneInputProps {
  id: string;
  value: string;
  onDigits(digits: string): void;
  onBlur(): void;
  onFocus?(): void;
  disabled?: boolean;
  error?: string;
  required?: boolean;
  autoFocus?: boolean;
  aria: ReturnType<typeof describedBy>;
  rightElement?: React.JSX.Element;
}

/** The masked input itself. */
function PhoneInput({
  id,
  value,
  onDigits,
  onBlur,
  onFocus,
  disabled,
  error,
  required,
  autoFocus,
  aria,
  rightElement,
}: PhoneInputProps) {
  const mask = useMask(
    (typed) => formatPhone(phoneDigits(typed)),
    (masked) => onDigits(masked.replace(/\D/g, "")),
  );
  return (
    <InputGroup
      id={id}
      inputRef={mask.ref}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder="###.###.####"
      value={formatPhone(phoneDigits(value))}
      onChange={mask.onChange}
      onBlur={onBlur}
      onFocus={onFocus}
      maxLength={12}
      disabled={disabled}
      autoFocus={autoFocus}
      intent={error ? "danger" : "none"}
      aria-required={required || undefined}
      rightElement={rightElement}
      {...aria}
    />
  );
}

/** A phone number: ten digits, shown 514.555.1234; a number that is not ten digits is an error. */
export function PhoneField(props: BaseFieldProps<string>) {
  const { name, label, required, disabled, helperText, validate } = props;
  const f = useFieldControl<string>(name, { required, rule: phoneRule, validate, config: keepDigits });
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <PhoneInput
        id={f.id}
        value={f.input.value ?? ""}
        onDigits={(d) => f.input.onChange(d)}
        {...f.focus}
        disabled={disabled}
        error={f.error}
        required={required}
        aria={describedBy(f.ids, f.error, Boolean(helperText))}
      />
    </FieldFrame>
  );
}

export interface AltPhonesFieldProps extends BaseFieldProps<string[]> {
  /** Four by default. */
  max?: number;
}

/**
 * The alternative phones: a list of phone inputs, each labelled "<label> <n>", with a button to add one (up to
 * `max`) and one to remove each. The form keeps a list of digit strings; a just-added phone is "" until typed
 * (the caller drops empty ones when it saves). Each number that is not ten digits shows its own error.
 */
export function AltPhonesField(props: AltPhonesFieldProps) {
  const { name, label, required, disabled, helperText, validate, max = MAX_ALTERNATIVE_PHONES } = props;
  const rule = (value: string[] | undefined) => {
    const errors = (value ?? []).map((v) => phoneRule(v));
    return errors.some(Boolean) ? errors : undefined;
  };
  const f = useFieldControl<string[]>(name, {
    required,
    isEmpty: (v) => !v || v.every((p) => !p),
    rule,
    validate,
    config: { parse: (v: unknown) => v },
  });
  const { t, errorText } = useFormTexts();
  const phones: string[] = Array.isArray(f.input.value) ? f.input.value : [];
  const shown = visibleError(f.meta);
  const itemErrors = Array.isArray(shown) ? shown : [];
  const groupError = Array.isArray(shown) ? undefined : f.error;
  const baseId = useId();
  const [focus, setFocus] = useState<number | null>(null);
  const addRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => setFocus(null), [phones.length]);

  const set = (next: string[]) => f.input.onChange(next);
  const remove = (i: number) => {
    set(phones.filter((_, j) => j !== i));
    f.input.onBlur();
    addRef.current?.focus();
  };
  return (
    <GroupFrame
      id={f.id}
      ids={f.ids}
      label={label}
      required={required}
      disabled={disabled}
      error={groupError}
      helperText={helperText}
      className="sdk-phones"
    >
      {phones.map((phone, i) => {
        const id = `${baseId}-${i}`;
        const ids = { error: `${id}-error`, help: `${id}-help` };
        const raw = itemErrors[i] as FieldError | undefined;
        const error = raw ? errorText(raw) : undefined;
        const numbered = t("format.numbered", { label, number: i + 1 });
        return (
          <div className="sdk-phones__item" key={i}>
            <FieldFrame id={id} ids={ids} label={numbered} disabled={disabled} error={error}>
              <PhoneInput
                id={id}
                value={phone}
                onDigits={(d) => set(phones.map((p, j) => (j === i ? d : p)))}
                {...f.focus}
                disabled={disabled}
                error={error}
                autoFocus={focus === i}
                aria={describedBy(ids, error, false)}
                rightElement={
                  <Button
                    icon="cross"
                    variant="minimal"
                    disabled={disabled}
                    aria-label={t("forms.remove_phone", { number: i + 1 })}
                    title={t("forms.remove_phone", { number: i + 1 })}
                    onClick={() => remove(i)}
                  />
                }
              />
            </FieldFrame>
          </div>
        );
      })}
      <Button
        ref={addRef}
        icon="plus"
        variant="minimal"
        intent="primary"
        text={t("forms.add_phone")}
        disabled={disabled || phones.length >= max}
        onClick={() => {
          setFocus(phones.length);
          set([...phones, ""]);
        }}
      />
    </GroupFrame>
  );
}
