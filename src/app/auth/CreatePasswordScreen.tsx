import { Callout, H2 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { FormFailure } from "./FormFailure";
import { SignInField } from "./SignInField";
import { SubmitAndBack } from "./SubmitAndBack";
import { useSignIn } from "./signInPort";
import { useSignInForm } from "./useSignInForm";
import { validateBy } from "./validateBy";
import type { CreatePasswordState, LoginState } from "./routeState";

const validate = validateBy((c) => c.CreatePasswordRequest.pick({ password: true }));

/** A newcomer's first password, reached only from a new_password_required sign-in. */
export function CreatePasswordScreen() {
  const state = useLocation().state as CreatePasswordState | null;
  if (!state?.user || !state.session) return <Navigate to="/auth/login" replace />;
  return <CreatePasswordForm {...state} />;
}

function CreatePasswordForm({ user, session }: CreatePasswordState) {
  const port = useSignIn();
  const { client, notifier } = port;
  const { t } = useTranslation();
  const navigate = useNavigate();

  const form = useSignInForm({
    initial: { password: "" },
    validate: (values) => validate(client, values),
    submit: async ({ password }) => {
      const outcome = await client.createPassword({ email: user.email, session, password });
      if (!outcome.ok) {
        // Said once, above the form or under the field: no toast repeating it.
        return { ...outcome.fields, form: outcome.message };
      }
      notifier.success(t("accounts.create_password.success"));
      // Signed in with the password just chosen, rather than asked for it again on an empty form. Should that
      // sign-in not go through, the login form opens with the username filled in.
      const signIn = await client.login({ email: user.email, password });
      if (signIn.kind === "signed-in") await port.signedIn(signIn.account, signIn.token);
      else navigate("/auth/login", { replace: true, state: { email: user.email } satisfies LoginState });
    },
  });

  return (
    <form aria-label={t("accounts.create_password.title")} onSubmit={form.onSubmit} noValidate>
      <H2>{t("accounts.create_password.title")}</H2>
      <Callout intent="primary" icon="key" className="isi-auth__intro">
        {t("accounts.create_password.intro", {
          name: `${user.first_name} ${user.last_name}`.trim() || user.email,
        })}
      </Callout>
      <FormFailure failure={form.failure} />
      <SignInField
        form={form}
        name="password"
        label={t("accounts.create_password.password")}
        type="password"
        autoComplete="new-password"
        autoFocus
      />
      <SubmitAndBack label={t("accounts.create_password.submit")} submitting={form.submitting} />
    </form>
  );
}
