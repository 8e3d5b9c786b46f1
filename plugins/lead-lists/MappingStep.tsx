// The mapping step of an import: the file's columns side by side, each with the lead field it holds (prefilled
// from the import's mapping: remembered for this layout, or guessed from the names) and the file's first rows under
// them; the campaign its leads go to; "Check the list" starts the dry run. The gateway's refusal (422) shows here.
import { Button, Callout, FormGroup, HTMLTable, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { LEAD_INTAKE_FIELDS } from "../../src/contract/leadIntake";
import { Select, usePlugin } from "../../src/sdk";
import type { LeadListsApi } from "./api";
import { MAX_OTHER_PHONES, REQUIRED_FIELDS, type LeadField, type LeadListsStore } from "./model";
import { useWords } from "./useWords";

const MappingStep = observer(function MappingStep() {
  const { store, api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const words = useWords();
  const current = store.current;
  if (!current) return null;
  const missing = store.missingFields;
  const errors = [...store.mappingErrors.map(words.refusal), ...store.campaignErrors.map(words.refusal)];
  const campaigns = store.campaigns.filter((c) => c.active || c.id === store.campaignId);

  return (
    <div className="lead-lists__mapping">
      <p className="lead-lists__step">
        {t("mapping.title", { name: current.file_name })}
        {" · "}
        {current.mapping_remembered ? (
          <strong>{t("mapping.remembered")}</strong>
        ) : (
          <span className="lead-lists__muted">{t("mapping.guessed")}</span>
        )}
      </p>
      <div className="lead-lists__mapping-scroll">
        <HTMLTable compact bordered className="lead-lists__mapping-table" aria-label={t("mapping.table")}>
          <thead>
            <tr>
              {current.columns.map((column, i) => (
                <th key={i} scope="col">
                  {column}
                </th>
              ))}
            </tr>
            <tr>
              {current.columns.map((column, i) => {
                const field = store.fields[i] ?? null;
                return (
                  <td key={i}>
                    <Select
                      minimal
                      fill
                      aria-label={t("mapping.field_of", { column })}
                      value={field ?? ""}
                      onChange={(e) => api.setField(i, (e.currentTarget.value || null) as LeadField | null)}
                    >
                      <option value="">{t("fields.none")}</option>
                      {LEAD_INTAKE_FIELDS.map((f) => (
                        <option
                          key={f}
                          value={f}
                          disabled={f === "phone_other" && field !== f && store.otherPhones >= MAX_OTHER_PHONES}
                        >
                          {words.field(f)}
                        </option>
                      ))}
                    </Select>
                  </td>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {current.preview.map((row, r) => (
              <tr key={r}>
                {current.columns.map((_, i) => (
                  <td key={i}>{row[i] ?? ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <p className={missing.length ? "lead-lists__missing" : "lead-lists__muted"}>
        {missing.length
          ? t("mapping.missing", { fields: words.fields(missing) })
          : t("mapping.required", { fields: words.fields([...REQUIRED_FIELDS]) })}
      </p>
      {errors.length > 0 && (
        <Callout intent={Intent.DANGER} title={t("mapping.refused")} role="alert" compact>
          <ul className="lead-lists__errors">
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </Callout>
      )}
      <div className="lead-lists__actions">
        <FormGroup inline label={t("mapping.campaign")} labelFor="lead-lists-campaign" className="lead-lists__campaign">
          <Select
            id="lead-lists-campaign"
            value={store.campaignId === null ? "" : String(store.campaignId)}
            onChange={(e) => api.setCampaign(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          >
            <option value="">{t("mapping.by_prefix")}</option>
            {campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.active ? c.name : t("mapping.inactive", { name: c.name })}
              </option>
            ))}
          </Select>
        </FormGroup>
        <Button
          intent={Intent.PRIMARY}
          icon="search-template"
          text={t("mapping.check")}
          loading={store.busy === "checking"}
          onClick={() => void api.check()}
        />
        {current.state === "checked" && (
          <Button text={t("mapping.back")} onClick={() => api.remap(false)} />
        )}
        <Button variant="minimal" icon="document-open" text={t("mapping.another")} onClick={() => api.close()} />
      </div>
    </div>
  );
});
export default MappingStep;
