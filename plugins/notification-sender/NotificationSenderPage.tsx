// The 'Send New Notification' page: message, type, dismissible, expires, timeout (only while expires is
// ticked) and team members only. Checked as the manager types and again on submit; nothing is sent while it
// is invalid. After sending, a success notice and the form starts again.
import { Button, H1 } from "@blueprintjs/core";
import { useRef } from "react";
import { Form } from "react-final-form";
import { NOTIFICATION_TYPES } from "../../src/contract/notifications";
import { usePlugin } from "../../src/sdk";
import { CheckboxField, FormNamespace, NumericField, RadioGroupField, TextField } from "../../src/sdk/forms";
import { INITIAL_VALUES, validateNotification, type NotificationValues } from "./form";
import type { SenderService } from "./service";
import "./sender.css";

export default function NotificationSenderPage() {
  const { api, ctx } = usePlugin<undefined, SenderService>();
  const { t } = ctx;
  const sent = useRef(false);
  const types = NOTIFICATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }));

  return (
    <main className="isi-page sender" aria-labelledby="sender-title">
      <H1 id="sender-title">{t("title")}</H1>
      <FormNamespace ns="notification-sender">
        <Form<NotificationValues>
          initialValues={INITIAL_VALUES}
          validate={validateNotification}
          onSubmit={async (values) => {
            sent.current = await api.send(values);
          }}
        >
          {({ handleSubmit, submitting, values, form }) => (
            <form
              className="sender__form"
              noValidate
              aria-label={t("title")}
              onSubmit={async (e) => {
                sent.current = false;
                await handleSubmit(e);
                // After the submission has ended: a sent notification leaves a fresh form.
                if (sent.current) form.restart(INITIAL_VALUES);
              }}
            >
              <TextField name="message" label={t("fields.message")} rule="line" required requiredError="errors.required" />
              <RadioGroupField<(typeof NOTIFICATION_TYPES)[number]> name="type" label={t("fields.type")} options={types} />
              <CheckboxField name="dismissible" label={t("fields.dismissible")} />
              <CheckboxField name="expires" label={t("fields.expires")} />
              {values.expires && <NumericField name="timeout" label={t("fields.timeout")} maxLength={5} />}
              <CheckboxField name="teamMembersOnly" label={t("fields.team_members_only")} />
              <div className="sender__actions">
                <Button type="submit" intent="primary" icon="send-message" text={t("send")} loading={submitting} />
              </div>
            </form>
          )}
        </Form>
      </FormNamespace>
    </main>
  );
}
