import { FormGroup, InputGroup } from "@blueprintjs/core";
import { useId, type HTMLInputTypeAttribute } from "react";
import { useField } from "react-final-form";
import { useTranslation } from "react-i18next";
import { translate, type Message } from "../../i18n/message";

interface TextFieldProps {
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: "numeric" | "text" | "email";
}

/** A labelled Blueprint input bound to final-form, its error (ours or the gateway's) under it. */
export function TextField({
  name,
  label,
  type = "text",
  maxLength,
  autoComplete,
  autoFocus,
  inputMode,
}: TextFieldProps) {
  const { t } = useTranslation();
  const { input, meta } = useField<string>(name);
  const id = useId();
  const shown: Message | undefined =
    (meta.touched || meta.submitFailed) && meta.error
      ? meta.error
      : !meta.dirtySinceLastSubmit && meta.submitError
        ? meta.submitError
        : undefined;
  const intent = shown ? "danger" : "none";
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={intent}
      helperText={shown ? <span id={`${id}-error`}>{translate(t, shown)}</span> : undefined}
    >
      <InputGroup
        {...input}
        id={id}
        type={type}
        value={input.value ?? ""}
        maxLength={maxLength}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputMode={inputMode}
        intent={intent}
        size="large"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
      />
    </FormGroup>
  );
}
