import { Callout } from "@blueprintjs/core";
import { useFormState } from "react-final-form";
import { useTranslation } from "react-i18next";
import { FORM_ERROR } from "final-form";
import { translate, type Message } from "../../i18n/message";

/** Why the last submit failed, above the fields; role alert so screen readers announce it. */
export function FormFailure() {
  const { t } = useTranslation();
  const { submitErrors, dirtySinceLastSubmit } = useFormState({
    subscription: { submitErrors: true, dirtySinceLastSubmit: true },
  });
  const failure = submitErrors?.[FORM_ERROR] as Message | undefined;
  if (!failure || dirtySinceLastSubmit) return null;
  return (
    <Callout intent="danger" icon="error" role="alert" className="isi-auth__failure">
      {translate(t, failure)}
    </Callout>
  );
}
