// The search's own fields, after the range's: who, which lead, number and campaign, how the call went. Each field
// is text as the query string carries it (empty: any); a refusal is said at its field.
import { FormGroup, InputGroup } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { DISPOSITIONS } from "../../../src/contract/dispositions";
import { Select } from "../../../src/sdk";
import { dispositionKey } from "../../dispositions/api";
import { AMD_FILTERS, CALL_DIRECTIONS, YES_NO, type CallsReport } from "./contract";

export const FILTER_KEYS = [
  "agent_id",
  "lead_id",
  "phone",
  "campaign_id",
  "direction",
  "disposition",
  "min_duration",
  "max_duration",
  "amd",
  "transfer",
  "recording",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterDraft = Record<FilterKey, string>;
export const NO_FILTERS: FilterDraft = Object.fromEntries(FILTER_KEYS.map((k) => [k, ""])) as FilterDraft;

/** The filters a query carries: the empty ones left out. */
export const chosenFilters = (d: FilterDraft): Partial<FilterDraft> =>
  Object.fromEntries(
    Object.entries(d)
      .filter(([, v]) => v.trim() !== "")
      .map(([k, v]) => [k, v.trim()]),
  );

export function CallFilters({
  draft,
  onChange,
  errors,
  report,
}: {
  draft: FilterDraft;
  onChange: (patch: Partial<FilterDraft>) => void;
  errors: Partial<Record<FilterKey, string>>;
  report: CallsReport | null;
}) {
  const { t } = useTranslation("reports");
  const any = <option value="">{t("calls.filters.any")}</option>;
  const group = (key: FilterKey, label: string, field: React.ReactNode, narrow = false) => (
    <FormGroup
      key={key}
      label={label}
      labelFor={`calls-${key}`}
      className={`reports__control${narrow ? " calls__control--narrow" : ""}`}
      intent={errors[key] ? "danger" : "none"}
      helperText={errors[key]}
    >
      {field}
    </FormGroup>
  );
  const select = (key: FilterKey, options: React.ReactNode) => (
    <Select
      id={`calls-${key}`}
      value={draft[key]}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
    >
      {any}
      {options}
    </Select>
  );
  const input = (key: FilterKey, mode: "numeric" | "tel") => (
    <InputGroup
      id={`calls-${key}`}
      value={draft[key]}
      inputMode={mode}
      intent={errors[key] ? "danger" : "none"}
      onChange={(e) => onChange({ [key]: e.currentTarget.value })}
    />
  );
  const yesNo = YES_NO.map((v) => (
    <option key={v} value={v}>
      {t(`calls.yes_no.${v}`)}
    </option>
  ));
  return (
    <>
      {group(
        "agent_id",
        t("calls.filters.agent"),
        select(
          "agent_id",
          report?.agents.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {a.active ? a.name : `${a.name} ${t("calls.filters.inactive")}`}
            </option>
          )),
        ),
      )}
      {group("lead_id", t("calls.filters.lead"), input("lead_id", "numeric"), true)}
      {group("phone", t("calls.filters.phone"), input("phone", "tel"))}
      {group(
        "campaign_id",
        t("calls.filters.campaign"),
        select(
          "campaign_id",
          report?.campaigns.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          )),
        ),
      )}
      {group(
        "direction",
        t("calls.filters.direction"),
        select(
          "direction",
          CALL_DIRECTIONS.map((d) => (
            <option key={d} value={d}>
              {t(`calls.directions.${d}`)}
            </option>
          )),
        ),
        true,
      )}
      {group(
        "disposition",
        t("calls.filters.disposition"),
        select(
          "disposition",
          DISPOSITIONS.map((d) => (
            <option key={d} value={d}>
              {t(`calls.${dispositionKey(d)}`, { defaultValue: d })}
            </option>
          )),
        ),
      )}
      {group("min_duration", t("calls.filters.min"), input("min_duration", "numeric"), true)}
      {group("max_duration", t("calls.filters.max"), input("max_duration", "numeric"), true)}
      {group(
        "amd",
        t("calls.filters.amd"),
        select(
          "amd",
          AMD_FILTERS.map((v) => (
            <option key={v} value={v}>
              {t(`calls.amd.${v}`)}
            </option>
          )),
        ),
        true,
      )}
      {group("transfer", t("calls.filters.transfer"), select("transfer", yesNo), true)}
      {group("recording", t("calls.filters.recording"), select("recording", yesNo), true)}
    </>
  );
}
