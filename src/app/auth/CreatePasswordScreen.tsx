import { Callout, H2 } from "@blueprintjs/core";
import { FORM_ERROR } from "final-form";
import { Form } from "react-final-form";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { CreatePasswordRequest } from "../../contract/auth";
import { TextField } from "../forms/TextField";
import { validateWith } from "../forms/validateWith";
import { useServices } from "../services";
import type { CreatePasswordValues } from "./authService";
import { FormFailure } from "./FormFailure";
import { SubmitAndBack } from "./SubmitAndBack";
import type { CreatePasswordState, LoginState } from "./routeState";

type Values = Pick<CreatePasswordValues, "password">;
const validate = validateWith(CreatePasswordRequest.pick({ password: true }));

/** A newcomer's first password, reached only from a new_password_required sign-in. */
export function CreatePasswordScreen() {
  const { auth, notifier } = useServices();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as CreatePasswordState | null;
  if (!state?.user || !state.session) return <Navigate to="/auth/login" replace />;
  const { user, session } = state;

  const onSubmit = async ({ password }: Values) => {
    const outcome = await auth.createPassword({ email: user.email, session, password });
    if (outcome.ok) {
      notifier.success(t("accounts.create_password.success"));
      // Signed in with the password just chosen, rather than asked for it again on an empty form. Should that
      // sign-in not go through, the login form opens with the username filled in.
      const signIn = await auth.login({ email: user.email, password });
      if (signIn.kind === "signed-in") navigate("/", { replace: true });
      else navigate("/auth/login", { replace: true, state: { email: user.email } satisfies LoginState });
      return;
    }
    // Said once, above the form or under the field: no toast repeating it.
    return { ...outcome.fields, [FORM_ERROR]: outcome.message };
  };

  return (
    <Form<Values> onSubmit={onSubmit} validate={validate}>
      {({ handleSubmit, submitting }) => (
        <form aria-label={t("accounts.create_password.title")} onSubmit={handleSubmit} noValidate>
          <H2>{t("accounts.create_password.title")}</H2>
          <Callout intent="primary" icon="key" className="isi-auth__intro">
            {t("accounts.create_password.intro", {
              name: `${user.first_name} ${user.last_name}`.trim() || user.email,
            })}
          </Callout>
          <FormFailure />
          <TextField
            name="password"
            label={t("accounts.create_password.password")}
            type="password"
            autoComplete="new-password"
            autoFocus
          />
          <SubmitAndBack label={t("accounts.create_password.submit")} submitting={submitting} />
        </form>
      )}
    </Form>
  );
}
