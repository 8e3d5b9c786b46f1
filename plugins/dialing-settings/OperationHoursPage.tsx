// Operation hours: a 'from to' pair per day, Monday to Sunday, in the call centre's time zone; a day can be
// closed. The auto-dialer gives leads only inside these hours.
import { Checkbox, Classes, HTMLTable } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { SettingsPage } from "../../src/sdk/settings";
import { hoursProblems, type DayForm } from "./forms";
import { usePage } from "./usePage";
import "./dialing-settings.css";

const OperationHoursPage = observer(function OperationHoursPage() {
  const { doc, service, t, save } = usePage("hours");
  const draft = doc.draft;
  const problems = draft ? hoursProblems(draft) : {};
  const setDay = (i: number, patch: Partial<DayForm>) =>
    draft && service.edit({ days: draft.days.map((d, j) => (j === i ? { ...d, ...patch } : d)) });

  return (
    <SettingsPage
      id="operation-hours"
      title={t("hours.title")}
      intro={t("hours.intro")}
      state={doc}
      onSave={() => save(problems)}
      onRetry={() => void service.load()}
    >
      <HTMLTable compact className="dialing-settings__hours">
        <thead>
          <tr>
            <th scope="col">{t("hours.day")}</th>
            <th scope="col">{t("hours.from")}</th>
            <th scope="col">{t("hours.to")}</th>
            <th scope="col">{t("hours.closed")}</th>
            <th scope="col">
              <span className={Classes.TEXT_MUTED}>{t("hours.notes")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft?.days.map((d, i) => {
            const day = t(`days.${i}`);
            const problem = problems[`days.${i}`];
            const error = problem ? t(`errors.${problem}`) : doc.errorOf(`days.${i}`);
            const errorId = `hours-${i}-error`;
            const time = (edge: "from" | "to") => (
              <input
                type="time"
                className={`${Classes.INPUT} dialing-settings__time${error ? ` ${Classes.INTENT_DANGER}` : ""}`}
                aria-label={t(`hours.${edge}_day`, { day })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                value={d[edge]}
                onChange={(e) => setDay(i, { [edge]: e.currentTarget.value })}
              />
            );
            return (
              <tr key={i}>
                <th scope="row">{day}</th>
                {d.closed ? (
                  <td colSpan={2} className={Classes.TEXT_MUTED}>
                    {t("hours.no_dialing")}
                  </td>
                ) : (
                  <>
                    <td>{time("from")}</td>
                    <td>{time("to")}</td>
                  </>
                )}
                <td>
                  <Checkbox
                    className="dialing-settings__closed"
                    checked={d.closed}
                    aria-label={t("hours.closed_day", { day })}
                    onChange={(e) => setDay(i, { closed: e.currentTarget.checked })}
                  />
                </td>
                <td>
                  {error ? (
                    <span id={errorId} className="dialing-settings__error">
                      {error}
                    </span>
                  ) : (
                    !d.closed && d.to === "00:00" && <span className={Classes.TEXT_MUTED}>{t("hours.until_midnight")}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </SettingsPage>
  );
});
export default OperationHoursPage;
