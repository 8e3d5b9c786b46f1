import { Button, Callout, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { OTHER_REASON } from "../../src/contract/dispositions";
import { Select, usePlugin } from "../../src/sdk";
import { CallbackPicker } from "./CallbackPicker";
import { ExceptionFields, SoldFields } from "./DetailFields";
import { dispositionKey, type Option } from "./options";
import { NOTES_MAX, REASON_OTHER_MAX, type Blocker, type Field } from "./rules";
import type { DispositionsService, PanelView } from "./service";
import "./dispositions.css";

/** Blockers the fields do not already explain: said in words under the form. */
const EXPLAINED: readonly Blocker[] = [
  "done",
  "call_active",
  "held",
  "ready_blocked",
  "leads",
  "deactivated",
];

const DispositionPanel = observer(function DispositionPanel() {
  const { api } = usePlugin<unknown, DispositionsService>();
  const { t } = useTranslation("dispositions");
  const ids = { disposition: useId(), reason: useId(), other: useId(), notes: useId() };
  const v = api.view();
  if (!v) return <p className="dispositions__idle">{t("waiting.no_lead")}</p>;

  const label = (o: Option) => (o.key ? t(o.key) : o.value);
  /** A field's message: the gateway's refusal first (its error key, translated), else the form's own rule. */
  const message = (field: Field) => {
    const own = v.errors[field];
    const refused = v.serverErrors[field];
    if (refused) return t(`errors.${refused}`, { defaultValue: refused });
    // An untouched select is not an error: the disabled buttons and the intro say what to do.
    return own && own !== "disposition_required" ? t(`errors.${own}`) : null;
  };
  const field = (f: Field) => {
    const m = message(f);
    return { intent: m ? ("danger" as const) : ("none" as const), helperText: m ?? undefined };
  };
  const locked = !v.editable;
  const hints = v.blockers.next.filter((b) => EXPLAINED.includes(b));
  /** A hold and a status guard come with their owner's words; the others are this panel's. */
  const hint = (b: Blocker) =>
    b === "held" ? v.held : b === "ready_blocked" ? v.readyBlocked : t(`blockers.${b}`);

  return (
    <div className="dispositions">
      <p className="dispositions__intro">{t("waiting.with_lead")}</p>
      {v.previous && <Previous previous={v.previous} />}

      <FormGroup label={t("fields.disposition")} labelFor={ids.disposition} {...field("disposition")}>
        <Select
          id={ids.disposition}
          fill
          value={v.draft.disposition}
          disabled={locked || v.locked}
          onChange={(e) => api.edit({ disposition: e.currentTarget.value })}
        >
          <option value="">{t("fields.choose_disposition")}</option>
          {v.options.map((o) => (
            <option key={o.value} value={o.value}>
              {label(o)}
            </option>
          ))}
        </Select>
      </FormGroup>

      {v.reasonKind && v.reasons.length > 0 && (
        <FormGroup
          label={t(`fields.reason.${v.reasonKind}`)}
          labelFor={ids.reason}
          labelInfo={v.reasonRequired ? t("fields.required") : undefined}
          {...field("reason")}
        >
          <Select
            id={ids.reason}
            fill
            value={v.draft.reason}
            disabled={locked || v.locked}
            onChange={(e) => api.edit({ reason: e.currentTarget.value })}
          >
            <option value="">{t("fields.choose_reason")}</option>
            {v.reasons.map((o) => (
              <option key={o.value} value={o.value}>
                {label(o)}
              </option>
            ))}
          </Select>
        </FormGroup>
      )}

      {v.draft.reason === OTHER_REASON && (
        <FormGroup label={t("fields.reason_other")} labelFor={ids.other} {...field("reasonOther")}>
          <InputGroup
            id={ids.other}
            value={v.draft.reasonOther}
            maxLength={REASON_OTHER_MAX}
            disabled={locked}
            onValueChange={(reasonOther) => api.edit({ reasonOther })}
          />
        </FormGroup>
      )}

      {v.callback && (
        <CallbackPicker
          date={v.draft.date}
          time={v.draft.time}
          today={v.today}
          disabled={locked}
          error={message("dateTime")}
          onChange={(patch) => api.edit(patch)}
        />
      )}

      {v.draft.disposition === "Sold" && (
        <SoldFields
          draft={v.draft}
          disabled={locked}
          error={message("sold")}
          onEdit={(patch) => api.edit(patch)}
        />
      )}
      <ExceptionFields
        draft={v.draft}
        disabled={locked}
        error={message("exception")}
        onEdit={(patch) => api.edit(patch)}
      />

      <FormGroup
        label={t("fields.notes")}
        labelFor={ids.notes}
        labelInfo={v.notesRequired ? t("fields.required") : undefined}
        {...field("notes")}
      >
        <TextArea
          id={ids.notes}
          fill
          rows={3}
          value={v.draft.notes}
          maxLength={NOTES_MAX}
          disabled={locked}
          onChange={(e) => api.edit({ notes: e.currentTarget.value })}
        />
      </FormGroup>

      {!v.dobOk && (
        <Callout intent="danger" role="alert">
          {t("required_dob_format")}
        </Callout>
      )}
      {v.failure && <Failure failure={v.failure} />}
      {hints.length > 0 && (
        <ul className="dispositions__hints">
          {hints.map((b) => (
            <li key={b}>{hint(b)}</li>
          ))}
        </ul>
      )}

      <div className="dispositions__actions">
        <Button
          intent="primary"
          loading={v.saving}
          disabled={v.blockers.next.length > 0}
          onClick={() => void api.saveAnd("next")}
        >
          {t("actions.next")}
        </Button>
        <Button disabled={v.blockers.stop.length > 0} onClick={() => void api.saveAnd("stop")}>
          {t("actions.stop")}
        </Button>
      </div>
    </div>
  );
});
export default DispositionPanel;

function Previous({ previous }: { previous: NonNullable<PanelView["previous"]> }) {
  const { t } = useTranslation("dispositions");
  const disposition = t(dispositionKey(previous.disposition));
  return (
    <p className="dispositions__previous">
      {previous.by
        ? t("previous.by", { disposition, name: previous.by })
        : t("previous.text", { disposition })}
    </p>
  );
}

function Failure({ failure }: { failure: NonNullable<PanelView["failure"]> }) {
  const { t } = useTranslation("dispositions");
  return (
    <Callout intent="danger" role="alert">
      <p>{t("notify.failed")}</p>
      {failure.message && <p>{failure.message}</p>}
      {failure.retryable && <p>{t("retry_hint")}</p>}
    </Callout>
  );
}
