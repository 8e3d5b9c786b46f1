// A disposition's details (booking-and-reference §3 and §6): the sale asked with Sold (coverage and premium
// amounts, policy number, plan type) and the exception a manager approves (the manager's e-mail, the reason).
// Typed as text; the rules (rules.ts) say what is missing, the payload (payload.ts) sends the wire's numbers.
import { Checkbox, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { EXCEPTION_REASON_MAX, SOLD_LIMITS } from "../../src/contract/dispositions";
import { optionsIn, PLAN_TYPES } from "../../src/contract/lookups";
import { baseLanguage, Select } from "../../src/sdk";
import type { DraftValues } from "./rules";

interface Props {
  draft: DraftValues;
  disabled: boolean;
  /** The section's message (the form's rule or the gateway's refusal), already in the agent's language. */
  error: string | null;
  onEdit(patch: Partial<DraftValues>): void;
}

/** One required one-line field of a section. */
function Line(p: {
  label: string;
  value: string | undefined;
  disabled: boolean;
  onChange(value: string): void;
  amount?: boolean;
  type?: "email";
  maxLength?: number;
}) {
  const { t } = useTranslation("dispositions");
  const id = useId();
  return (
    <FormGroup label={p.label} labelFor={id} labelInfo={t("fields.required")}>
      <InputGroup
        id={id}
        type={p.type}
        inputMode={p.amount ? "decimal" : undefined}
        leftIcon={p.amount ? "dollar" : undefined}
        maxLength={p.maxLength}
        value={p.value ?? ""}
        disabled={p.disabled}
        onValueChange={p.onChange}
      />
    </FormGroup>
  );
}

export function SoldFields({ draft, disabled, error, onEdit }: Props) {
  const { t, i18n } = useTranslation("dispositions");
  const plan = useId();
  return (
    <fieldset className="dispositions__group">
      <legend>{t("sold.title")}</legend>
      <div className="dispositions__pair">
        <Line
          label={t("sold.coverage")}
          amount
          value={draft.coverage}
          disabled={disabled}
          onChange={(coverage) => onEdit({ coverage })}
        />
        <Line
          label={t("sold.premium")}
          amount
          value={draft.premium}
          disabled={disabled}
          onChange={(premium) => onEdit({ premium })}
        />
      </div>
      <div className="dispositions__pair">
        <Line
          label={t("sold.policy_number")}
          maxLength={SOLD_LIMITS.policyNumberMax}
          value={draft.policyNumber}
          disabled={disabled}
          onChange={(policyNumber) => onEdit({ policyNumber })}
        />
        <FormGroup label={t("sold.plan_type")} labelFor={plan} labelInfo={t("fields.required")}>
          <Select
            id={plan}
            fill
            value={draft.planType ?? ""}
            disabled={disabled}
            onChange={(e) => onEdit({ planType: e.currentTarget.value })}
          >
            <option value="">{t("sold.choose_plan")}</option>
            {optionsIn(PLAN_TYPES, baseLanguage(i18n.language)).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FormGroup>
      </div>
      {error && <p className="dispositions__error">{error}</p>}
    </fieldset>
  );
}

export function ExceptionFields({ draft, disabled, error, onEdit }: Props) {
  const { t } = useTranslation("dispositions");
  const why = useId();
  return (
    <>
      <Checkbox
        className="dispositions__exception"
        checked={draft.exception ?? false}
        disabled={disabled}
        label={t("exception.toggle")}
        onChange={(e) => onEdit({ exception: e.currentTarget.checked })}
      />
      {draft.exception && (
        <fieldset className="dispositions__group">
          <legend>{t("exception.title")}</legend>
          <Line
            label={t("exception.manager")}
            type="email"
            value={draft.managerEmail}
            disabled={disabled}
            onChange={(managerEmail) => onEdit({ managerEmail })}
          />
          <FormGroup label={t("exception.reason")} labelFor={why} labelInfo={t("fields.required")}>
            <TextArea
              id={why}
              fill
              rows={2}
              maxLength={EXCEPTION_REASON_MAX}
              value={draft.exceptionReason ?? ""}
              disabled={disabled}
              onChange={(e) => onEdit({ exceptionReason: e.currentTarget.value })}
            />
          </FormGroup>
          {error && <p className="dispositions__error">{error}</p>}
        </fieldset>
      )}
    </>
  );
}
