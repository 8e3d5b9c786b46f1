import { Callout, HTMLTable, ProgressBar, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/core/PluginScope";
import { agentKey } from "../../src/core/services";
import type { GoalsApi } from "./api";
import type { GoalsStore } from "./model";
import { goalRows, intentOf, newLeadsProgress, overallProgress } from "./progress";
import "./goals.css";

const GoalsPanel = observer(function GoalsPanel() {
  const { store, api, ctx } = usePlugin<GoalsStore, GoalsApi>();
  const { t } = useTranslation("goals");
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
  const isAdvisor = ctx.get(agentKey).roles.includes("advisor");
  const overall = overallProgress(s);
  const rows = goalRows(s, isAdvisor);
  const newLeads = newLeadsProgress(s);

  return (
    <div className="goals">
      <div className="goals__overall">
        <span className="goals__overall-label">{t("overall")}</span>
        <Tag large intent={intentOf(overall)} aria-label={t("overallValue", { value: overall })}>
          {overall}%
        </Tag>
      </div>
      <HTMLTable compact className="goals__table">
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{t(`rows.${r.key}`)}</th>
              <td className="goals__count">
                {t("ofTarget", { current: r.current, target: r.target })}
              </td>
              <td className="goals__bar">
                <ProgressBar
                  animate={false}
                  stripes={false}
                  intent={intentOf(r.progress)}
                  value={Math.min(r.progress, 100) / 100}
                  aria-label={t("progressOf", { name: t(`rows.${r.key}`), value: r.progress })}
                />
              </td>
              <td className="goals__percent">{r.progress}%</td>
            </tr>
          ))}
          {ctx.isOn("new-leads-goal-count") && (
            <tr>
              <th scope="row">{t("rows.newLeads")}</th>
              <td className="goals__count">{t("ofTarget", { current: s.new_leads, target: s["new-leads-threshold"] || 1 })}</td>
              <td className="goals__bar">
                <ProgressBar
                  animate={false}
                  stripes={false}
                  intent={intentOf(newLeads)}
                  value={Math.min(newLeads, 100) / 100}
                  aria-label={t("progressOf", { name: t("rows.newLeads"), value: newLeads })}
                />
              </td>
              <td className="goals__percent">{newLeads}%</td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
});
export default GoalsPanel;
