import { Button, H2 } from "@blueprintjs/core";
import { FORM_ERROR } from "final-form";
import { observer } from "mobx-react-lite";
import { Form } from "react-final-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { LOGIN_MAX, LoginRequest } from "../../contract/auth";
import { validateWith } from "../forms/validateWith";
import { TextField } from "../forms/TextField";
import { useServices } from "../services";
import { FormFailure } from "./FormFailure";
import type { CreatePasswordState, LoginState, ResetPasswordState } from "./routeState";

const validate = validateWith(LoginRequest);

export const LoginScreen = observer(function LoginScreen() {
  const { auth, notifier, root } = useServices();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const prefill = (useLocation().state as LoginState | null)?.email ?? "";

  const onSubmit = async (values: LoginRequest) => {
    const outcome = await auth.login(values);
    if (outcome.kind === "signed-in") {
      notifier.clear();
      notifier.success(t("accounts.login.success"));
      navigate("/", { replace: true });
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
      return { [FORM_ERROR]: outcome.message };
    }
  };

  return (
    <Form<LoginRequest>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={{ email: prefill, password: "" }}
    >
      {({ handleSubmit }) => (
        <form aria-label={t("accounts.login.form.name")} onSubmit={handleSubmit} noValidate>
          <H2>{t("accounts.login.form.title")}</H2>
          <FormFailure />
          <TextField
            name="email"
            label={t("accounts.login.form.login")}
            maxLength={LOGIN_MAX}
            autoComplete="username"
            autoFocus={!prefill}
          />
          <TextField
            name="password"
            label={t("accounts.login.form.password")}
            type="password"
            autoComplete="current-password"
            autoFocus={!!prefill}
          />
          <Button type="submit" intent="primary" size="large" fill disabled={root.account.loggingIn}>
            {t("accounts.login.form.submit")}
          </Button>
          <p className="isi-auth__aside">
            <Link to="/auth/reset-password">{t("accounts.login.form.forgot")}</Link>
          </p>
        </form>
      )}
    </Form>
  );
});
