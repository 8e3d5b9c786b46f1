import { FormGroup, InputGroup } from "@blueprintjs/core";
import { useId, type HTMLInputTypeAttribute } from "react";
import { useTranslation } from "react-i18next";
import { translate } from "../../i18n/message";
import type { SignInForm } from "./useSignInForm";

interface SignInFieldProps<V extends Record<string, string>> {
  form: SignInForm<V>;
  name: keyof V & string;
  label: string;
  type?: HTMLInputTypeAttribute;
  maxLength?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: "numeric" | "text" | "email";
}

/** A labelled Blueprint input of a sign-in form, its error (ours or the gateway's) under it. */
export function SignInField<V extends Record<string, string>>({
  form,
  name,
  label,
  type = "text",
  ...input
}: SignInFieldProps<V>) {
  const { t } = useTranslation();
  const id = useId();
  const shown = form.shown(name);
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
        name={name}
        type={type}
        value={form.values[name] ?? ""}
        onChange={(event) => form.change(name, event.target.value)}
        onBlur={() => form.leave(name)}
        intent={intent}
        size="large"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
      />
    </FormGroup>
  );
}
