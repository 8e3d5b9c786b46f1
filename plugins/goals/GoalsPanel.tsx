import { Callout, HTMLTable, ProgressBar, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { GoalsApi } from "./api";
import type { GoalsStore } from "./model";
import { goalRows, intentOf, newLeadsRow, overallProgress, type GoalRow } from "./progress";
import "./goals.css";

/** A number as the agent's language writes it (33,25 in French), with the two decimals the overall keeps. */
const numberIn = (language: string) => {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false });
  return (n: number) => format.format(n);
};

const GoalsPanel = observer(function GoalsPanel() {
  const { store, api, ctx } = usePlugin<GoalsStore, GoalsApi>();
  const { t, i18n } = useTranslation("goals");
  useEffect(() => api.watch(), [api]);

  const s = store.statistics;
  if (!s) {
    return store.state === "failed" ? (
      <Callout intent="danger" role="alert">
        {t("failed")}
      </Callout>
    ) : (
      <Spinner size={24} aria-label={t("loading")} />
    );
  }
  const number = numberIn(i18n.language);
  const percent = (value: number) => t("percent", { value: number(value) });
  const overall = overallProgress(s);
  const rows: GoalRow[] = goalRows(s, ctx.agent.roles.includes("advisor"));
  if (ctx.isOn("new-leads-goal-count")) rows.push(newLeadsRow(s));

  return (
    <div className="goals">
      <div className="goals__overall">
        <span className="goals__overall-label">{t("overall")}</span>
        <Tag large intent={intentOf(overall)} aria-label={t("overallValue", { value: number(overall) })}>
          {percent(overall)}
        </Tag>
      </div>
      <HTMLTable compact className="goals__table">
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{t(`rows.${r.key}`)}</th>
              <td className="goals__count">
                {t("ofTarget", { current: number(r.current), target: number(r.target) })}
              </td>
              <td className="goals__bar">
                <ProgressBar
                  animate={false}
                  stripes={false}
                  intent={intentOf(r.progress)}
                  // A goal passed fills its bar; the figure beside it says by how much.
                  value={Math.min(r.progress, 100) / 100}
                  aria-label={t("progressOf", { name: t(`rows.${r.key}`), value: number(r.progress) })}
                />
              </td>
              <td className="goals__percent">{percent(r.progress)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
});
export default GoalsPanel;
