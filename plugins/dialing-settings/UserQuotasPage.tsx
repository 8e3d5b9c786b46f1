// User quotas: per role, the hour, day, week and month targets of live transfers, dials and sales. The goals
// panel shows them to agents; the dials quota also stops auto-dial once reached. One Save sends each kind
// that changed; a negative number becomes 0.
import { H2, HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { QuotaKind } from "../../src/contract/dialer";
import { SettingsPage } from "../../src/sdk/settings";
import { CountBox } from "./CountBox";
import { quotaProblems, type QuotaForm } from "./forms";
import { usePage } from "./usePage";
import "./dialing-settings.css";

/** The specification's order: live transfers (meetings on the wire), dials, sales. */
const SECTIONS: readonly QuotaKind[] = ["meetings", "dials", "sales"];
const PERIODS = ["hour", "day", "week", "month"] as const;

const UserQuotasPage = observer(function UserQuotasPage() {
  const { doc, service, t, save } = usePage("quotas");
  const draft = doc.draft;
  const problems = draft ? quotaProblems(draft) : {};
  const setCell = (kind: QuotaKind, role: string, period: number, value: string) => {
    if (!draft) return;
    const row = draft[kind][role]!.map((x, i) => (i === period ? value : x)) as QuotaForm[string];
    service.edit({ ...draft, [kind]: { ...draft[kind], [role]: row } });
  };
  const roleName = (role: string) => t(`roles.${role}`, { defaultValue: role });

  return (
    <SettingsPage
      id="user-quotas"
      title={t("quotas.title")}
      intro={t("quotas.intro")}
      state={doc}
      onSave={() => save(problems)}
      onRetry={() => void service.load()}
    >
      <div className="dialing-settings__quotas">
        {draft &&
          SECTIONS.map((kind) => (
            <section key={kind} aria-labelledby={`quotas-${kind}`}>
              <H2 id={`quotas-${kind}`}>{t(`quotas.${kind}`)}</H2>
              <HTMLTable compact className="dialing-settings__quota-table">
                <thead>
                  <tr>
                    <th scope="col">{t("quotas.role")}</th>
                    {PERIODS.map((p) => (
                      <th scope="col" key={p}>
                        {t(`quotas.per_${p}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(draft[kind]).map(([role, row]) => (
                    <tr key={role}>
                      <th scope="row">{roleName(role)}</th>
                      {row.map((text, i) => {
                        const field = `${kind}.params.${role}.${i}`;
                        const problem = problems[field];
                        return (
                          <td key={i}>
                            <CountBox
                              id={`quota-${kind}-${role}-${i}`}
                              showLabel={false}
                              label={t("quotas.cell", { kind: t(`quotas.${kind}`), role: roleName(role), period: t(`quotas.per_${PERIODS[i]}`) })}
                              value={text}
                              error={problem ? t(`errors.${problem}`, { max: "1,000,000" }) : doc.errorOf(field)}
                              onChange={(v) => setCell(kind, role, i, v)}
                            />
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </section>
          ))}
      </div>
    </SettingsPage>
  );
});
export default UserQuotasPage;
