// Step 2, Insurance Coverage, per client: height and weight with their units, smoker, occupation, employment,
// income (its band hidden when the client refused), disability, conditions and medications with their
// durations; and one insurance per client: an existing policy (carrier and premium only then), the types asked
// for (term sub-types with the booking-term-sub-types flag), the amount, applied, denied, and the annuity's
// fields when an annuity is among the types.
import { observer } from "mobx-react-lite";
import {
  ANNUITY_BENEFICIARIES,
  ANNUITY_FUNDS,
  carriersFor,
  EMPLOYMENT,
  HEIGHTS,
  INCOME_TYPES,
  incomeBandsFor,
  insuranceTypesFor,
  MEASURING_SYSTEMS,
  MEDICAL_CONDITIONS,
  MEDICATIONS,
  HEALTH_DURATIONS,
  OTHER_HEALTH_ITEM,
  OTHER_INSURANCE_TYPE,
  optionsIn,
  PREMIUM_BANDS,
  TERM_SUB_TYPES_FEATURE,
  WEIGHTS,
  YES_NO,
  type LookupOption,
  type MeasuringSystem,
} from "../../../src/contract/lookups";
import type { Language } from "../../../src/contract/common";
import {
  MeasureField,
  MultiSelectOtherField,
  NumericField,
  RadioGroupField,
  SelectField,
  TextField,
} from "../../../src/sdk/forms";
import { incomeBandVisible, policyFieldsVisible } from "../contract/rules";
import { checkStep, insuranceCoverageStep } from "../contract/steps";
import { StepForm } from "../StepForm";
import { coverageInput, type CoverageValues, type HealthClientValues } from "../values";
import { stepServerErrors } from "./serverErrors";
import { useBooking } from "./useBooking";

const measures = (lists: Readonly<Record<MeasuringSystem, readonly LookupOption<string>[]>>, lang: Language) => (unit: number | null) =>
  unit === 0 || unit === 1 ? optionsIn(lists[unit], lang) : [];

/** A multi-select of health items, each chosen one with its duration. */
function HealthItems(props: {
  name: string;
  label: string;
  list: readonly LookupOption<string>[];
  chosen: readonly string[];
  otherName: string;
}) {
  const { t, lang } = useBooking();
  const { name, label, list, chosen, otherName } = props;
  return (
    <div className="booking__health">
      <MultiSelectOtherField
        name={name}
        label={label}
        options={optionsIn(list, lang)}
        otherValue={OTHER_HEALTH_ITEM}
        otherName={otherName}
      />
      {chosen.length > 0 && (
        <div className="booking__durations">
          {chosen.map((value) => (
            <SelectField
              key={value}
              name={`${name.replace(/s$/, "")}Durations.${value}`}
              label={t("fields.duration_of", { item: list.find((o) => o.value === value)?.label[lang] ?? value })}
              options={optionsIn(HEALTH_DURATIONS, lang)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

const ClientCoverage = observer(function ClientCoverage(props: { index: number; client: HealthClientValues; values: CoverageValues }) {
  const { store, api, ctx, t, lang } = useBooking();
  const { index, client, values } = props;
  const insurance = values.insurance[index]!;
  const c = (field: string) => `clients.${index}.${field}`;
  const i = (field: string) => `insurance.${index}.${field}`;
  const who = store.contact?.clients[index];
  const units = optionsIn(MEASURING_SYSTEMS, lang);
  const yesNo = optionsIn(YES_NO, lang);
  const name = [who?.firstName, who?.lastName].filter(Boolean).join(" ");
  return (
    <section className="booking__section" aria-label={t("coverage.client", { number: index + 1, name })}>
      <h3>{t("coverage.client", { number: index + 1, name })}</h3>
      <div className="booking__pair">
        <MeasureField name={c("height")} label={t("fields.height")} unitName={c("heightUnits")} units={units} valuesFor={measures(HEIGHTS, lang)} required />
        <MeasureField name={c("weight")} label={t("fields.weight")} unitName={c("weightUnits")} units={units} valuesFor={measures(WEIGHTS, lang)} required />
      </div>
      <div className="booking__pair">
        <RadioGroupField name={c("smoker")} label={t("fields.smoker")} options={yesNo} />
        <RadioGroupField name={c("disability")} label={t("fields.disability")} options={yesNo} />
      </div>
      <div className="booking__pair">
        <TextField name={c("occupation")} label={t("fields.occupation")} rule="line" maxLength={191} required />
        <SelectField name={c("employment")} label={t("fields.employment")} options={optionsIn(EMPLOYMENT, lang)} />
      </div>
      <div className="booking__pair">
        <SelectField name={c("incomeType")} label={t("fields.income_type")} options={optionsIn(INCOME_TYPES, lang)} />
        {incomeBandVisible(client) && (
          <SelectField name={c("income")} label={t("fields.income")} options={optionsIn(incomeBandsFor(client.incomeType), lang)} />
        )}
      </div>
      <HealthItems name={c("conditions")} label={t("fields.conditions")} list={MEDICAL_CONDITIONS} chosen={client.conditions} otherName={c("conditionOther")} />
      <HealthItems name={c("medications")} label={t("fields.medications")} list={MEDICATIONS} chosen={client.medications} otherName={c("medicationOther")} />

      <h4>{t("coverage.insurance")}</h4>
      <RadioGroupField name={i("hasPolicy")} label={t("fields.has_policy")} options={yesNo} />
      {policyFieldsVisible(insurance) && (
        <div className="booking__pair">
          <SelectField name={i("carrier")} label={t("fields.carrier")} options={optionsIn(carriersFor(api.country()), lang)} />
          <SelectField name={i("premium")} label={t("fields.premium")} options={optionsIn(PREMIUM_BANDS, lang)} />
        </div>
      )}
      <MultiSelectOtherField
        name={i("type")}
        label={t("fields.insurance_types")}
        options={optionsIn(insuranceTypesFor({ termSubTypes: ctx.isOn(TERM_SUB_TYPES_FEATURE) }), lang)}
        otherValue={OTHER_INSURANCE_TYPE}
        otherName={i("typeOther")}
        required
      />
      <NumericField name={i("amount")} label={t("fields.amount")} min={0} max={100_000_000} />
      <div className="booking__pair">
        <RadioGroupField name={i("applied")} label={t("fields.applied")} options={yesNo} />
        <RadioGroupField name={i("denied")} label={t("fields.denied")} options={yesNo} />
      </div>
      {insurance.type.includes("annuity") && (
        <div className="booking__annuity">
          <div className="booking__pair">
            <SelectField name={i("annuityBeneficiary")} label={t("fields.annuity_beneficiary")} options={optionsIn(ANNUITY_BENEFICIARIES, lang)} />
            <SelectField name={i("annuityFunds")} label={t("fields.annuity_funds")} options={optionsIn(ANNUITY_FUNDS, lang)} />
          </div>
          <div className="booking__pair">
            <NumericField name={i("annuityInvestment")} label={t("fields.annuity_investment")} min={0} max={100_000_000} />
            <TextField name={i("annuityPeriod")} label={t("fields.annuity_period")} rule="line" maxLength={40} />
          </div>
        </div>
      )}
    </section>
  );
});

export const CoverageStep = observer(function CoverageStep() {
  const { store, api } = useBooking();
  return (
    <StepForm<CoverageValues>
      step={1}
      stepKey="coverage"
      values={store.coverage!}
      check={(v) => checkStep(insuranceCoverageStep(api.stepOptions()), coverageInput(v))}
      serverErrors={stepServerErrors(store.serverErrors, "coverage")}
      toEdit={(v) => v}
    >
      {(values) => (
        <>
          {values.clients.map((client, index) => (
            <ClientCoverage key={index} index={index} client={client} values={values} />
          ))}
        </>
      )}
    </StepForm>
  );
});
