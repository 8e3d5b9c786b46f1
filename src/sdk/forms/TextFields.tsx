// Text, text area, email and numeric fields. Free text is cleaned as it is typed (TextRule: every printable
// character and newlines by default, the contract's rule), so what the agent sees is what is saved.
import { InputGroup, TextArea } from "@blueprintjs/core";
import { useState } from "react";
import { z } from "zod";
import { cutText } from "../../contract/text";
import { describedBy, FieldFrame, useFieldControl, type BaseFieldProps, type FieldError } from "./field";
import { cleanText, type TextRule } from "./masks";

/** The free-text limit of booking-and-reference §9 ('other text max 99'). */
export const OTHER_TEXT_MAX = 99;
/** Email max 100 (§5, §9). */
export const EMAIL_MAX = 100;

/** Text fields keep "" for an emptied field (react-final-form would make it undefined). */
const keepText = { parse: (v: unknown) => v, format: (v: unknown) => (v ?? "") as string };

export interface TextFieldProps extends BaseFieldProps<string> {
  maxLength?: number;
  /** How typed text is cleaned: `printable` (default, free text: newlines stay), `line` for names and addresses. */
  rule?: TextRule;
  placeholder?: string;
  autoComplete?: string;
  /** The error of an empty required field (forms.errors.required). */
  requiredError?: FieldError;
  type?: "text" | "email" | "tel" | "search" | "url";
  inputMode?: "text" | "email" | "tel" | "url";
  /** Values the browser offers as the user types (a datalist): the field still takes any text its rule allows. */
  suggestions?: readonly string[];
}

export function TextField(props: TextFieldProps) {
  const {
    name,
    label,
    required,
    disabled,
    helperText,
    validate,
    maxLength,
    rule = "printable",
    requiredError,
  } = props;
  const f = useFieldControl<string>(name, { required, requiredError, validate, config: keepText });
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <InputGroup
        id={f.id}
        name={name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        value={f.input.value ?? ""}
        onValueChange={(v) => f.input.onChange(cutText(cleanText(rule, v), maxLength ?? Infinity))}
        {...f.focus}
        maxLength={maxLength}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        disabled={disabled}
        intent={f.error ? "danger" : "none"}
        aria-required={required || undefined}
        {...(props.suggestions ? { list: `${f.id}-suggestions` } : {})}
        {...describedBy(f.ids, f.error, Boolean(helperText))}
      />
      {props.suggestions && (
        <datalist id={`${f.id}-suggestions`}>
          {props.suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends BaseFieldProps<string> {
  /** Two rows by default (booking-and-reference §2). */
  rows?: number;
  maxLength?: number;
  rule?: TextRule;
  placeholder?: string;
}

export function TextAreaField(props: TextAreaFieldProps) {
  const {
    name,
    label,
    required,
    disabled,
    helperText,
    validate,
    rows = 2,
    maxLength,
    rule = "printable",
  } = props;
  const f = useFieldControl<string>(name, { required, validate, config: keepText });
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <TextArea
        id={f.id}
        name={name}
        rows={rows}
        fill
        value={f.input.value ?? ""}
        onChange={(e) =>
          f.input.onChange(cutText(cleanText(rule, e.currentTarget.value), maxLength ?? Infinity))
        }
        {...f.focus}
        maxLength={maxLength}
        placeholder={props.placeholder}
        disabled={disabled}
        intent={f.error ? "danger" : "none"}
        aria-required={required || undefined}
        {...describedBy(f.ids, f.error, Boolean(helperText))}
      />
    </FieldFrame>
  );
}

const Email = z.email();

/** An email: optional unless required, a standard address, 100 characters at most (§5). */
export function EmailField(props: BaseFieldProps<string> & { placeholder?: string }) {
  const { name, label, required, disabled, helperText, validate } = props;
  const rule = (value: string) =>
    value && !Email.safeParse(value).success ? "forms.errors.email" : undefined;
  const f = useFieldControl<string>(name, { required, rule, validate, config: keepText });
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <InputGroup
        id={f.id}
        name={name}
        type="email"
        inputMode="email"
        autoComplete="off"
        value={f.input.value ?? ""}
        onValueChange={(v) =>
          f.input.onChange(cleanText("printable", v).replace(/\s/g, "").slice(0, EMAIL_MAX))
        }
        {...f.focus}
        maxLength={EMAIL_MAX}
        placeholder={props.placeholder}
        disabled={disabled}
        intent={f.error ? "danger" : "none"}
        aria-required={required || undefined}
        {...describedBy(f.ids, f.error, Boolean(helperText))}
      />
    </FieldFrame>
  );
}

export interface NumericFieldProps extends BaseFieldProps<number | null> {
  min?: number;
  max?: number;
  /** Whole numbers unless set. */
  decimals?: boolean;
  maxLength?: number;
  placeholder?: string;
}

const numberText = (v: number | null | undefined) =>
  typeof v === "number" && Number.isFinite(v) ? String(v) : "";

/**
 * A number (an amount, a premium): digits only (and one decimal point with `decimals`), kept as a number, or
 * null when empty. The text typed stays as typed ("12." while the agent types "12.5").
 */
export function NumericField(props: NumericFieldProps) {
  const {
    name,
    label,
    required,
    disabled,
    helperText,
    validate,
    min,
    max,
    decimals = false,
    maxLength = 15,
  } = props;
  const rule = (value: number | null) => {
    if (value === null || value === undefined) return undefined;
    if (!Number.isFinite(value)) return "forms.errors.number";
    if (min !== undefined && value < min) return { key: "forms.errors.min", values: { min } };
    if (max !== undefined && value > max) return { key: "forms.errors.max", values: { max } };
    return undefined;
  };
  const f = useFieldControl<number | null>(name, {
    required,
    rule,
    validate,
    config: { parse: (v: unknown) => v, allowNull: true },
  });
  const value = f.input.value as number | null | undefined;
  const [text, setText] = useState(() => numberText(value));
  // The form's value changed from elsewhere (a reset, a lookup): show it.
  if (
    numberText(value) !== text &&
    Number(text === "" ? NaN : text) !== value &&
    !(text === "" && value == null)
  ) {
    setText(numberText(value));
  }
  const onChange = (typed: string) => {
    let clean = typed.replace(decimals ? /[^\d.]/g : /\D/g, "");
    if (decimals) {
      const dot = clean.indexOf(".");
      if (dot >= 0) clean = clean.slice(0, dot + 1) + clean.slice(dot + 1).replace(/\./g, "");
    }
    clean = clean.slice(0, maxLength);
    setText(clean);
    f.input.onChange(clean === "" || clean === "." ? null : Number(clean));
  };
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <InputGroup
        id={f.id}
        name={name}
        inputMode={decimals ? "decimal" : "numeric"}
        value={text}
        onValueChange={onChange}
        {...f.focus}
        maxLength={maxLength}
        placeholder={props.placeholder}
        disabled={disabled}
        intent={f.error ? "danger" : "none"}
        aria-required={required || undefined}
        {...describedBy(f.ids, f.error, Boolean(helperText))}
      />
    </FieldFrame>
  );
}
