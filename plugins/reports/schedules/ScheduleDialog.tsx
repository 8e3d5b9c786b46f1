// New / Edit a scheduled e-mail: its name, the report, the range (and, for agent performance, its rows by day, week or
// month), daily or weekly on a weekday, the call centre's hour, the addresses one per line (1 to 20), and whether it
// is active. Checked with the gateway's own schema as it is typed; the gateway's refusals show beside their fields.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup } from "@blueprintjs/core";
import { FORM_ERROR, setIn } from "final-form";
import { useMemo } from "react";
import { Form } from "react-final-form";
import { useTranslation } from "react-i18next";
import { idempotencyKey, type Refusal } from "../../../src/sdk";
import { CheckboxField, EmailField, FormNamespace, SelectField, TextField } from "../../../src/sdk/forms";
import { REPORT_PERIODS, type ReportPeriod } from "../contract";
import type { SchedulesClient } from "./client";
import {
  FREQUENCIES,
  MAX_RECIPIENTS,
  SCHEDULE_MESSAGES,
  SCHEDULE_NAME_MAX,
  SCHEDULE_RANGES,
  SCHEDULED_REPORTS,
  ScheduleBody,
  type Frequency,
  type ReportSchedule,
  type ScheduledReport,
  type ScheduleRange,
} from "./contract";
import { useScheduleWords } from "./words";

interface Values {
  name: string;
  report: ScheduledReport | null;
  range: ScheduleRange | null;
  by: ReportPeriod | null;
  frequency: Frequency | null;
  weekday: number | null;
  hour: number | null;
  recipients: string[];
  active: boolean;
}

const NEW: Values = {
  name: "",
  report: "agents",
  range: "yesterday",
  by: "day",
  frequency: "daily",
  weekday: 0,
  hour: 7,
  recipients: [""],
  active: true,
};

const valuesOf = (s: ReportSchedule): Values => ({
  ...s,
  by: s.by ?? "day",
  weekday: s.weekday ?? 0,
  recipients: [...s.recipients],
});

/** What the form sends: the by of agent performance only, the weekday of a weekly e-mail only. */
const bodyOf = (v: Values): ScheduleBody =>
  ({
    name: v.name ?? "",
    report: v.report,
    range: v.range,
    by: v.report === "agents" ? v.by : null,
    frequency: v.frequency,
    weekday: v.frequency === "weekly" ? v.weekday : null,
    hour: v.hour,
    recipients: (v.recipients ?? []).map((r) => r ?? ""),
    active: v.active,
  }) as ScheduleBody;

/** A gateway's message as this page's key (schedules.errors.*); another text stays as it is. */
const keyOf = (message: string) => {
  const key = Object.entries(SCHEDULE_MESSAGES).find(([, m]) => m === message)?.[0];
  return key ? `schedules.errors.${key}` : message;
};

/** Errors by field path ("recipients.1") as final-form's nested errors. */
const nested = (byPath: Record<string, string>) =>
  Object.entries(byPath).reduce<object>((errors, [path, key]) => setIn(errors, path, key), {});

function validate(v: Values) {
  const byPath: Record<string, string> = {};
  for (const issue of ScheduleBody.safeParse(bodyOf(v)).error?.issues ?? []) {
    const path = issue.path.join(".");
    if (path && !byPath[path]) byPath[path] = keyOf(issue.message);
  }
  return nested(byPath);
}

export function ScheduleDialog({
  client,
  schedule,
  sendable,
  timeZone,
  onSaved,
  onClose,
}: {
  client: SchedulesClient;
  /** The schedule edited; none for a new one. */
  schedule: ReportSchedule | null;
  /** The reports the gateway can send now. */
  sendable: readonly ScheduledReport[];
  timeZone: string;
  onSaved(s: ReportSchedule): void;
  onClose(): void;
}) {
  const { t } = useTranslation("reports");
  const words = useScheduleWords();
  const key = useMemo(() => idempotencyKey(), []);
  const title = schedule ? t("schedules.dialog_edit", { name: schedule.name }) : t("schedules.dialog_new");

  const refused = (r: Refusal) => {
    const fields = Object.fromEntries(Object.entries(r.errors).map(([f, m]) => [f, keyOf(m[0] ?? "")]));
    const known = Object.keys(fields).length > 0;
    return { ...nested(fields), [FORM_ERROR]: known ? undefined : t("schedules.failed_request") };
  };

  return (
    <Dialog isOpen title={title} onClose={onClose} className="schedules__dialog">
      <FormNamespace ns="reports">
        <Form<Values>
          onSubmit={async (v) => {
            const body = bodyOf(v);
            const r = schedule ? await client.update(schedule.id, body) : await client.create(body, key);
            if (!r.ok) return refused(r);
            onSaved(r.data.data);
            return undefined;
          }}
          validate={validate}
          initialValues={schedule ? valuesOf(schedule) : NEW}
        >
          {({ handleSubmit, submitting, submitError, values, form }) => (
            <form onSubmit={handleSubmit} noValidate aria-label={title}>
              <DialogBody>
                <TextField
                  name="name"
                  label={t("schedules.fields.name")}
                  required
                  rule="line"
                  maxLength={SCHEDULE_NAME_MAX}
                />
                <div className="schedules__row">
                  <SelectField<ScheduledReport>
                    name="report"
                    label={t("schedules.fields.report")}
                    required
                    options={SCHEDULED_REPORTS.map((r) => ({
                      value: r,
                      label: sendable.includes(r)
                        ? words.report(r)
                        : `${words.report(r)} ${t("schedules.fields.not_yet")}`,
                      disabled: !sendable.includes(r),
                    }))}
                  />
                  <SelectField<ScheduleRange>
                    name="range"
                    label={t("schedules.fields.range")}
                    required
                    options={SCHEDULE_RANGES.map((r) => ({ value: r, label: words.range(r) }))}
                  />
                  {values.report === "agents" && (
                    <SelectField<ReportPeriod>
                      name="by"
                      label={t("schedules.fields.by")}
                      required
                      options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`schedules.periods.${p}`) }))}
                    />
                  )}
                </div>
                <div className="schedules__row">
                  <SelectField<Frequency>
                    name="frequency"
                    label={t("schedules.fields.frequency")}
                    required
                    options={FREQUENCIES.map((f) => ({ value: f, label: t(`schedules.frequencies.${f}`) }))}
                  />
                  {values.frequency === "weekly" && (
                    <SelectField<number>
                      name="weekday"
                      label={t("schedules.fields.weekday")}
                      required
                      options={words.weekdays.map((label, value) => ({ value, label }))}
                    />
                  )}
                  <SelectField<number>
                    name="hour"
                    label={t("schedules.fields.hour", { zone: timeZone })}
                    required
                    options={Array.from({ length: 24 }, (_, h) => ({ value: h, label: words.hour(h) }))}
                  />
                </div>
                <FormGroup label={t("schedules.fields.recipients")} className="schedules__recipients">
                  {(values.recipients ?? []).map((_, i) => (
                    <div key={i} className="schedules__recipient">
                      <EmailField
                        name={`recipients.${i}`}
                        label={t("schedules.fields.recipient", { n: i + 1 })}
                        required
                      />
                      <Button
                        icon="cross"
                        variant="minimal"
                        aria-label={t("schedules.fields.remove_recipient", { n: i + 1 })}
                        disabled={values.recipients.length <= 1}
                        onClick={() =>
                          form.change(
                            "recipients",
                            values.recipients.filter((__, j) => j !== i),
                          )
                        }
                      />
                    </div>
                  ))}
                  <Button
                    icon="add"
                    variant="minimal"
                    text={t("schedules.fields.add_recipient")}
                    disabled={(values.recipients ?? []).length >= MAX_RECIPIENTS}
                    onClick={() => form.change("recipients", [...(values.recipients ?? []), ""])}
                  />
                </FormGroup>
                <CheckboxField name="active" label={t("schedules.fields.active")} />
                {submitError && !submitting && (
                  <Callout intent="danger" role="alert">
                    {submitError}
                  </Callout>
                )}
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    <Button text={t("schedules.cancel")} onClick={onClose} />
                    <Button
                      type="submit"
                      intent="primary"
                      text={schedule ? t("schedules.save") : t("schedules.create")}
                      loading={submitting}
                    />
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
