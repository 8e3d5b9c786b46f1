import { Callout, H2 } from "@blueprintjs/core";
import { FORM_ERROR } from "final-form";
import { useState } from "react";
import { Form } from "react-final-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { LOGIN_MAX, ResetPasswordConfirm, ResetPasswordRequest } from "../../contract/auth";
import { translate } from "../../i18n/message";
import { TextField } from "../forms/TextField";
import { validateWith } from "../forms/validateWith";
import { useServices } from "../services";
import type { ResetPasswordConfirmValues, StepOutcome } from "./authService";
import { FormFailure } from "./FormFailure";
import { SubmitAndBack } from "./SubmitAndBack";
import type { LoginState, ResetPasswordState } from "./routeState";

type Values = Partial<ResetPasswordConfirmValues>;
const validateRequest = validateWith(ResetPasswordRequest);
const validateConfirm = validateWith(ResetPasswordConfirm);

/** Two steps on one form: ask for a code (Username), then Code + New password appear to confirm. */
export function ResetPasswordScreen() {
  const { auth, notifier } = useServices();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as ResetPasswordState | null;
  const [step, setStep] = useState<"request" | "confirm">("request");

  const failed = (outcome: Extract<StepOutcome, { ok: false }>) => {
    if (outcome.message) notifier.error(translate(t, outcome.message));
    return { ...outcome.fields, [FORM_ERROR]: outcome.message };
  };

  const onSubmit = async (values: Values) => {
    if (step === "request") {
      const outcome = await auth.requestPasswordReset({ email: values.email ?? "" });
      if (!outcome.ok) return failed(outcome);
      notifier.success(t("accounts.reset_password.requested"));
      setStep("confirm");
      return;
    }
    const outcome = await auth.confirmPasswordReset(values as ResetPasswordConfirmValues);
    if (!outcome.ok) return failed(outcome);
    notifier.success(t("accounts.reset_password.success"));
    navigate("/auth/login", { replace: true, state: { email: values.email } satisfies LoginState });
  };

  return (
    <Form<Values>
      onSubmit={onSubmit}
      validate={step === "request" ? validateRequest : validateConfirm}
      initialValues={{ email: state?.email ?? "" }}
    >
      {({ handleSubmit, submitting }) => (
        <form aria-label={t("accounts.reset_password.title")} onSubmit={handleSubmit} noValidate>
          <H2>{t("accounts.reset_password.title")}</H2>
          {state?.reason === "password_reset_required" && step === "request" && (
            <Callout intent="warning" icon="key" className="isi-auth__intro">
              {t("accounts.login.challenge.password_reset_required")}
            </Callout>
          )}
          <p>
            {t(
              step === "request"
                ? "accounts.reset_password.request_intro"
                : "accounts.reset_password.confirm_intro",
            )}
          </p>
          <FormFailure />
          <TextField
            name="email"
            label={t("accounts.reset_password.username")}
            maxLength={LOGIN_MAX}
            autoComplete="username"
            autoFocus={step === "request"}
          />
          {step === "confirm" && (
            <>
              <TextField
                name="code"
                label={t("accounts.reset_password.code")}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                autoFocus
              />
              <TextField
                name="password"
                label={t("accounts.reset_password.password")}
                type="password"
                autoComplete="new-password"
              />
            </>
          )}
          <SubmitAndBack label={t("accounts.reset_password.submit")} submitting={submitting} />
        </form>
      )}
    </Form>
  );
}
