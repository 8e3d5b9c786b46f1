import { Callout, H2 } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { LOGIN_MAX } from "../../contract/constants";
import { translate } from "../../i18n/message";
import type { ResetPasswordConfirmValues, StepOutcome } from "./signInClient";
import { FormFailure } from "./FormFailure";
import { SignInField } from "./SignInField";
import { SubmitAndBack } from "./SubmitAndBack";
import { useSignIn } from "./signInPort";
import { useSignInForm } from "./useSignInForm";
import { validateBy } from "./validateBy";
import type { LoginState, ResetPasswordState } from "./routeState";

const validateRequest = validateBy((c) => c.ResetPasswordRequest);
const validateConfirm = validateBy((c) => c.ResetPasswordConfirm);

/** Two steps on one form: ask for a code (Username), then Code + New password appear to confirm. */
export function ResetPasswordScreen() {
  const { client, notifier } = useSignIn();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as ResetPasswordState | null;
  const [step, setStep] = useState<"request" | "confirm">("request");

  const failed = (outcome: Extract<StepOutcome, { ok: false }>) => {
    if (outcome.message) notifier.error(translate(t, outcome.message));
    return { ...outcome.fields, form: outcome.message };
  };

  const form = useSignInForm<ResetPasswordConfirmValues>({
    initial: { email: state?.email ?? "", code: "", password: "" },
    rules: step,
    validate: (values) =>
      step === "request" ? validateRequest(client, { email: values.email }) : validateConfirm(client, values),
    submit: async (values) => {
      if (step === "request") {
        const outcome = await client.requestPasswordReset({ email: values.email });
        if (!outcome.ok) return failed(outcome);
        notifier.success(t("accounts.reset_password.requested"));
        setStep("confirm");
        return;
      }
      const outcome = await client.confirmPasswordReset(values);
      if (!outcome.ok) return failed(outcome);
      notifier.success(t("accounts.reset_password.success"));
      navigate("/auth/login", { replace: true, state: { email: values.email } satisfies LoginState });
    },
  });

  return (
    <form aria-label={t("accounts.reset_password.title")} onSubmit={form.onSubmit} noValidate>
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
      <FormFailure failure={form.failure} />
      <SignInField
        form={form}
        name="email"
        label={t("accounts.reset_password.username")}
        maxLength={LOGIN_MAX}
        autoComplete="username"
        autoFocus={step === "request"}
      />
      {step === "confirm" && (
        <>
          <SignInField
            form={form}
            name="code"
            label={t("accounts.reset_password.code")}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            autoFocus
          />
          <SignInField
            form={form}
            name="password"
            label={t("accounts.reset_password.password")}
            type="password"
            autoComplete="new-password"
          />
        </>
      )}
      <SubmitAndBack label={t("accounts.reset_password.submit")} submitting={form.submitting} />
    </form>
  );
}
