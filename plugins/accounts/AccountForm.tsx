// The account form, in a dialog: a new account or the edit of one. Checked before sending with the contract's
// own rule (the gateway checks it again); the gateway's refusals (a used e-mail, an extension not allowed or
// taken) show under their fields.
import { Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { FORM_ERROR } from "final-form";
import { useMemo } from "react";
import { Form } from "react-final-form";
import {
  ACCOUNT_EMAIL_MAX,
  ACCOUNT_LEVEL_MAX,
  ACCOUNT_LEVEL_MIN,
  ACCOUNT_MESSAGES,
  ACCOUNT_NAME_MAX,
  AccountBody,
  grantableRoles,
  isAgentRole,
  type AccountListItem,
  type AccountRole,
} from "../../src/contract/accounts";
import type { Language } from "../../src/contract/common";
import { usePlugin } from "../../src/sdk";
import { CheckboxField, FormNamespace, NumericField, SelectField, TextField } from "../../src/sdk/forms";
import type { AccountsStore } from "./model";
import { messageKey, type AccountsService } from "./service";

export interface AccountFormValues {
  first_name: string;
  last_name: string;
  email: string;
  role: AccountRole | null;
  level: number | null;
  extension: string;
  is_bilingual: boolean;
  language: Language;
  has_webrtc: boolean;
  manager_id: number | null;
}

/** What the gateway receives: a blank extension is none; only an agent is in a team. */
export function bodyOf(v: AccountFormValues): AccountBody {
  const role = v.role ?? "qualifier";
  return {
    first_name: v.first_name ?? "",
    last_name: v.last_name ?? "",
    email: v.email ?? "",
    role,
    level: v.level ?? Number.NaN,
    extension: v.extension?.trim() || null,
    is_bilingual: v.is_bilingual,
    language: v.language,
    has_webrtc: v.has_webrtc,
    manager_id: isAgentRole(role) ? v.manager_id : null,
  };
}

/** The form's rule: the contract's body schema, plus an agent's extension; errors as this plugin's keys. */
export function validateAccount(v: AccountFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.role) errors.role = "errors.required";
  const parsed = AccountBody.safeParse(bodyOf(v));
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = messageKey(issue.message);
  }
  if (!errors.extension && v.role && isAgentRole(v.role) && !v.extension?.trim())
    errors.extension = messageKey(ACCOUNT_MESSAGES.extensionRequired);
  return errors;
}

export function AccountForm({
  account,
  idempotencyKey,
  freeExtensions,
  onClose,
  onCreated,
}: {
  /** The account edited; null: a new one. */
  account: AccountListItem | null;
  /** The allowed extensions no account holds (offered as the extension is typed). */
  freeExtensions: readonly string[];
  idempotencyKey: string;
  onClose(): void;
  onCreated(name: string, temporaryPassword: string | undefined): void;
}) {
  const { store, api, ctx } = usePlugin<AccountsStore, AccountsService>();
  const { t } = ctx;
  const own = account?.id === ctx.agent.id;
  const roles = grantableRoles(ctx.agent.roles);
  const initialValues = useMemo<AccountFormValues>(
    () =>
      account
        ? {
            first_name: account.first_name,
            last_name: account.last_name,
            email: account.email,
            role: account.role,
            level: account.level,
            extension: account.extension ?? "",
            is_bilingual: account.is_bilingual,
            language: account.language,
            has_webrtc: account.has_webrtc,
            manager_id: account.manager_id,
          }
        : {
            first_name: "",
            last_name: "",
            email: "",
            role: roles.length === 1 ? roles[0]! : null,
            level: 1,
            extension: "",
            is_bilingual: false,
            language: ctx.variant.languages[0] ?? "en",
            has_webrtc: false,
            manager_id: null,
          },
    // The dialog opens with one account and keeps its values while open.
    [account],
  );
  // An account's own role stays among the choices even when the manager could not give it (it is shown, not offered).
  const roleChoices = account && !roles.includes(account.role) ? [...roles, account.role] : roles;

  const submit = async (values: AccountFormValues) => {
    const body = bodyOf(values);
    const outcome = account ? await api.update(account.id, body) : await api.create(body, idempotencyKey);
    if (!outcome.ok) return { ...outcome.fields, [FORM_ERROR]: outcome.message };
    if (account) onClose();
    else onCreated(`${body.first_name} ${body.last_name}`.trim(), outcome.temporaryPassword);
    return undefined;
  };

  const title = account ? t("form.edit_title", { name: account.full_name }) : t("form.new_title");
  return (
    <Dialog isOpen title={title} onClose={onClose} className="accounts__dialog">
      <FormNamespace ns="accounts">
        <Form<AccountFormValues> onSubmit={submit} validate={validateAccount} initialValues={initialValues}>
          {({ handleSubmit, submitting, values, submitError }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={title}>
              <DialogBody>
                {submitError && !submitting && (
                  <Callout intent="danger" role="alert" className="accounts__form-error">
                    {submitError}
                  </Callout>
                )}
                <div className="accounts__row">
                  <TextField name="first_name" label={t("fields.first_name")} required rule="line" maxLength={ACCOUNT_NAME_MAX} autoComplete="off" />
                  <TextField name="last_name" label={t("fields.last_name")} required rule="line" maxLength={ACCOUNT_NAME_MAX} autoComplete="off" />
                </div>
                <TextField name="email" label={t("fields.email")} required type="email" inputMode="email" maxLength={ACCOUNT_EMAIL_MAX + 1} autoComplete="off" />
                <div className="accounts__row">
                  <SelectField<AccountRole>
                    name="role"
                    label={t("fields.role")}
                    required
                    disabled={own}
                    helperText={own ? t("form.own_role") : undefined}
                    options={roleChoices.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                  />
                  <NumericField name="level" label={t("fields.level")} required min={ACCOUNT_LEVEL_MIN} max={ACCOUNT_LEVEL_MAX} maxLength={2} />
                </div>
                <div className="accounts__row">
                  <TextField
                    name="extension"
                    label={t("fields.extension")}
                    required={values.role !== null && isAgentRole(values.role)}
                    maxLength={8}
                    helperText={t("form.extension_help")}
                    autoComplete="off"
                    // The allowed extensions nobody holds, and the account's own.
                    suggestions={[...(account?.extension ? [account.extension] : []), ...freeExtensions]}
                  />
                  <SelectField<Language>
                    name="language"
                    label={t("fields.language")}
                    required
                    options={ctx.variant.languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                  />
                </div>
                {values.role !== null && isAgentRole(values.role) && (
                  <SelectField<number>
                    name="manager_id"
                    label={t("fields.team")}
                    placeholder={t("form.no_team")}
                    options={store.managers.map((m) => ({ value: m.id, label: m.full_name }))}
                  />
                )}
                <div className="accounts__row">
                  <CheckboxField name="is_bilingual" label={t("fields.bilingual")} />
                  <CheckboxField name="has_webrtc" label={t("fields.webrtc")} />
                </div>
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    <Button text={t("form.cancel")} onClick={onClose} />
                    <Button type="submit" intent="primary" text={account ? t("form.save") : t("form.create")} loading={submitting} />
                  </>
                }
              />
            </form>
          )}
        </Form>
      </FormNamespace>
    </Dialog>
  );
}
