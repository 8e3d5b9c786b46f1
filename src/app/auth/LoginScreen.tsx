import { Button, H2 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router-dom";
import type { LoginRequest } from "../../contract/auth";
import { LOGIN_MAX } from "../../contract/constants";
import { FormFailure } from "./FormFailure";
import { SignInField } from "./SignInField";
import { useSignIn } from "./signInPort";
import { useSignInForm } from "./useSignInForm";
import { validateBy } from "./validateBy";
import type { CreatePasswordState, LoginState, ResetPasswordState } from "./routeState";

const validate = validateBy((c) => c.LoginRequest);

export function LoginScreen() {
  const port = useSignIn();
  const { client, notifier } = port;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const prefill = (useLocation().state as LoginState | null)?.email ?? "";

  const form = useSignInForm<LoginRequest>({
    initial: { email: prefill, password: "" },
    validate: (values) => validate(client, values),
    submit: async (values) => {
      port.loggingIn?.(true);
      const outcome = await client.login(values).finally(() => port.loggingIn?.(false));
      if (outcome.kind === "signed-in") {
        notifier.clear();
        notifier.success(t("accounts.login.success"));
        await port.signedIn(outcome.account, outcome.token);
      } else if (outcome.kind === "challenge") {
        const { challenge, user, session } = outcome.challenge;
        notifier.warning(t(`accounts.login.challenge.${challenge}`));
        if (challenge === "new_password_required") {
          navigate("/auth/create-password", { state: { user, session } satisfies CreatePasswordState });
        } else {
          navigate("/auth/reset-password", {
            state: { email: user.email, reason: challenge } satisfies ResetPasswordState,
          });
        }
      } else {
        // Said once, above the fields (role alert, so a screen reader reads it too): a toast as well said it twice.
        return { form: outcome.message };
      }
    },
  });

  return (
    <form aria-label={t("accounts.login.form.name")} onSubmit={form.onSubmit} noValidate>
      <H2>{t("accounts.login.form.title")}</H2>
      <FormFailure failure={form.failure} />
      <SignInField
        form={form}
        name="email"
        label={t("accounts.login.form.login")}
        maxLength={LOGIN_MAX}
        autoComplete="username"
        autoFocus={!prefill}
      />
      <SignInField
        form={form}
        name="password"
        label={t("accounts.login.form.password")}
        type="password"
        autoComplete="current-password"
        autoFocus={!!prefill}
      />
      <Button type="submit" intent="primary" size="large" fill disabled={form.submitting}>
        {t("accounts.login.form.submit")}
      </Button>
      <p className="isi-auth__aside">
        <Link to="/auth/reset-password">{t("accounts.login.form.forgot")}</Link>
      </p>
    </form>
  );
}
