// What every field of the SDK's forms shares: how it registers with react-final-form, when and how it shows its
// error, and its frame (a Blueprint FormGroup whose <label for> names the control, or a fieldset whose legend
// names a group of controls).
//
// Errors are i18n KEYS, never translated text: a validator (the field's own, the caller's field-level
// `validate`, or the form's record-level `validate`) returns a key, or { key, values }, and the field translates
// it when it shows it, so an error already on screen follows the agent's language. Keys are looked up in the
// namespace the form names with <FormNamespace ns="booking">, then in the SDK's own (its built-in messages,
// forms.errors.*). A text that is no key (a gateway's submit error) shows as it is.
import { Classes, FormGroup } from "@blueprintjs/core";
import type { FieldValidator } from "final-form";
import { createContext, useContext, useId, useMemo, type ReactNode } from "react";
import { useField, type FieldRenderProps, type UseFieldConfig } from "react-final-form";
import { useTranslation } from "react-i18next";
import { SDK_UI_NS, useSdkTexts } from "../ui/texts";
import "./forms.css";

/** A validation error: an i18n key ("leads.warnings.invalid_email"), or a key with its values. */
export type FieldError = string | { key: string; values?: Record<string, unknown> };

/** A choice of a dropdown, radio group or checkbox list: its value and its label (already translated). */
export interface Option<V extends string | number = string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** The props every field takes. */
export interface BaseFieldProps<V = unknown> {
  /** The value's path in the form ("email", "clients.0.dob"). */
  name: string;
  /** Already translated. */
  label: string;
  /** Marks the label "(required)", and an empty value is an error (forms.errors.required). */
  required?: boolean;
  disabled?: boolean;
  /** A hint under the field, already translated. */
  helperText?: ReactNode;
  /** The caller's own field-level rule, run after the field's: returns an error key, or undefined. */
  validate?: FieldValidator<V>;
}

const FormNamespaceContext = createContext<string | null>(null);

/** Names the i18n namespace in which the fields below translate their error keys (a plugin's id). */
export function FormNamespace({ ns, children }: { ns: string; children: ReactNode }) {
  return <FormNamespaceContext.Provider value={ns}>{children}</FormNamespaceContext.Provider>;
}

/** The SDK's texts (`t`) and the translator of error keys (`errorText`), both in the agent's language. */
export function useFormTexts() {
  const sdk = useSdkTexts();
  const { i18n } = useTranslation();
  const ns = useContext(FormNamespaceContext);
  const language = sdk.language;
  const errorText = useMemo(() => {
    const t = i18n.getFixedT(language, ns && ns !== SDK_UI_NS ? [ns, SDK_UI_NS] : [SDK_UI_NS]);
    // No namespace prefix in keys (a gateway text may hold a colon) and a key's own text when unknown.
    return (error: FieldError): string =>
      typeof error === "string"
        ? (t(error, { nsSeparator: false, defaultValue: error }) as string)
        : (t(error.key, { ...error.values, nsSeparator: false, defaultValue: error.key }) as string);
  }, [i18n, language, ns]);
  return { ...sdk, errorText };
}

/** The error to show: a validation error once the field was left or the form submitted, else a submit error. */
export function visibleError(meta: FieldRenderProps<unknown>["meta"]): unknown {
  if ((meta.touched || meta.submitFailed) && meta.error) return meta.error;
  if (meta.submitError && !meta.dirtySinceLastSubmit) return meta.submitError;
  return undefined;
}

const isFieldError = (e: unknown): e is FieldError =>
  typeof e === "string" ||
  (typeof e === "object" && e !== null && typeof (e as { key?: unknown }).key === "string");

/** Runs rules in order and returns the first error. */
export function firstError<V>(...rules: (FieldValidator<V> | undefined | false)[]): FieldValidator<V> {
  return (value, all, meta) => {
    for (const rule of rules) {
      if (!rule) continue;
      const error = rule(value, all, meta);
      if (error) return error;
    }
    return undefined;
  };
}

/** Empty for a required check: nothing, blank text, an empty list. */
export const isEmptyValue = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === "string" && v.trim() === "") ||
  (Array.isArray(v) && v.length === 0);

export interface FieldControlOptions<V> {
  required?: boolean;
  /** The error of an empty required value (forms.errors.required). */
  requiredError?: FieldError;
  isEmpty?: (value: V) => boolean;
  /** The field's own rule (its format), run before the caller's. */
  rule?: FieldValidator<V>;
  validate?: FieldValidator<V>;
  config?: UseFieldConfig;
}

/** useField with the SDK's rules, the ids that tie label, control, hint and error, and the error's text. */
export function useFieldControl<V>(name: string, options: FieldControlOptions<V> = {}) {
  const {
    required,
    requiredError = "forms.errors.required",
    isEmpty = isEmptyValue,
    rule,
    validate,
    config,
  } = options;
  const validator = firstError<V>(
    required && ((value: V) => (isEmpty(value) ? requiredError : undefined)),
    rule,
    validate,
  );
  const field = useField<V>(name, { ...config, validate: validator });
  const texts = useFormTexts();
  const id = useId();
  const shown = visibleError(field.meta);
  const error = isFieldError(shown) ? texts.errorText(shown) : undefined;
  const ids = { error: `${id}-error`, help: `${id}-help` };
  return {
    ...field,
    ...texts,
    id,
    error,
    ids,
    /** The frame's props for this control: its ids and error, with the caller's label, flags and hint. */
    frame: (p: Pick<FrameProps, "label" | "required" | "disabled" | "helperText" | "className">) => ({
      id,
      ids,
      error,
      ...p,
    }),
    /** Focus and blur handed to final-form, which marks the field touched (its error shows from then on). */
    focus: { onBlur: () => field.input.onBlur(), onFocus: () => field.input.onFocus() },
  };
}

/** The aria attributes of a control: invalid while its error shows, described by its error and hint. */
export function describedBy(
  ids: { error: string; help: string },
  error: string | undefined,
  hasHelp: boolean,
) {
  const by = [error ? ids.error : null, hasHelp ? ids.help : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": by || undefined } as const;
}

function Hints({
  ids,
  error,
  helperText,
}: {
  ids: { error: string; help: string };
  error?: string;
  helperText?: ReactNode;
}) {
  if (!error && !helperText) return null;
  return (
    <>
      {error && (
        <span id={ids.error} className="sdk-field__error">
          {error}
        </span>
      )}
      {helperText && (
        <span id={ids.help} className="sdk-field__help">
          {helperText}
        </span>
      )}
    </>
  );
}

interface FrameProps {
  id: string;
  ids: { error: string; help: string };
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One control under a <label for>. */
export function FieldFrame({
  id,
  ids,
  label,
  required,
  disabled,
  error,
  helperText,
  className,
  children,
}: FrameProps) {
  const { t } = useSdkTexts();
  return (
    <FormGroup
      className={["sdk-field", className].filter(Boolean).join(" ")}
      label={label}
      labelFor={id}
      labelInfo={required ? t("forms.required") : undefined}
      intent={error ? "danger" : "none"}
      disabled={disabled}
      helperText={error || helperText ? <Hints ids={ids} error={error} helperText={helperText} /> : undefined}
    >
      {children}
    </FormGroup>
  );
}

/** Several controls (radios, checkboxes, first and last name) in a fieldset named by its legend. */
export function GroupFrame({
  id,
  ids,
  label,
  required,
  disabled,
  error,
  helperText,
  className,
  children,
}: FrameProps) {
  const { t } = useSdkTexts();
  const hasHints = Boolean(error || helperText);
  return (
    <fieldset
      id={id}
      className={[
        Classes.FORM_GROUP,
        "sdk-field",
        "sdk-fieldset",
        error ? Classes.INTENT_DANGER : null,
        disabled ? Classes.DISABLED : null,
        className,
      ]
        .filter(Boolean)
        .join(" ")}
      disabled={disabled}
      aria-describedby={
        hasHints ? describedBy(ids, error, Boolean(helperText))["aria-describedby"] : undefined
      }
    >
      <legend className={Classes.LABEL}>
        {label}
        {required && <span className={Classes.TEXT_MUTED}> {t("forms.required")}</span>}
      </legend>
      <div className={Classes.FORM_CONTENT}>
        {children}
        {hasHints && (
          <div className={Classes.FORM_HELPER_TEXT}>
            <Hints ids={ids} error={error} helperText={helperText} />
          </div>
        )}
      </div>
    </fieldset>
  );
}

/** The option whose value reads as `key` (a native select gives strings; options may hold numbers). */
export const optionOf = <V extends string | number>(options: readonly Option<V>[], key: string) =>
  options.find((o) => String(o.value) === key);
