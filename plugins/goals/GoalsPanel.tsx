import { Callout, ProgressBar, Spinner, Tag } from "@blueprintjs/core";
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

/**
 * The goals as a matrix, what they are: dials, transfers (and an advisor's sales) down, today and this hour
 * across, one line each. A list of one goal a line was taller than the panel's default box at 1366×768 and at
 * 1920×1080 (issue 33: hourly transfers, new leads and sales were below the fold of a panel that scrolled).
 */
const KINDS = [
  { kind: "dials", daily: "dailyDials", hourly: "hourlyDials" },
  { kind: "transfers", daily: "dailyTransfers", hourly: "hourlyTransfers" },
  { kind: "sales", daily: "dailySales", hourly: "hourlySales" },
] as const;

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
  const rows = new Map<GoalRow["key"], GoalRow>(
    goalRows(s, ctx.agent.roles.includes("advisor")).map((r) => [r.key, r]),
  );
  const newLeads = ctx.isOn("new-leads-goal-count") ? newLeadsRow(s) : null;

  /** One goal: its count, a bar, its percentage; the bar's name says which goal it is. */
  const cell = (r: GoalRow) => (
    <td className="goals__goal" data-goal={r.key}>
      <div className="goals__figures">
        <span className="goals__count">
          {t("ofTarget", { current: number(r.current), target: number(r.target) })}
        </span>
        <ProgressBar
          className="goals__bar"
          animate={false}
          stripes={false}
          intent={intentOf(r.progress)}
          // A goal passed fills its bar; the figure beside it says by how much.
          value={Math.min(r.progress, 100) / 100}
          aria-label={t("progressOf", { name: t(`rows.${r.key}`), value: number(r.progress) })}
        />
        <span className="goals__percent">{percent(r.progress)}</span>
      </div>
    </td>
  );

  return (
    <div className="goals">
      <div className="goals__overall">
        <span className="goals__overall-label">{t("overall")}</span>
        <Tag intent={intentOf(overall)} aria-label={t("overallValue", { value: number(overall) })}>
          {percent(overall)}
        </Tag>
      </div>
      <table className="goals__table">
        <thead>
          <tr>
            <td />
            <th scope="col">{t("columns.daily")}</th>
            <th scope="col">{t("columns.hourly")}</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map(({ kind, daily, hourly }) => {
            const d = rows.get(daily);
            const h = rows.get(hourly);
            if (!d || !h) return null;
            return (
              <tr key={kind}>
                <th scope="row">{t(`kinds.${kind}`)}</th>
                {cell(d)}
                {cell(h)}
              </tr>
            );
          })}
          {newLeads && (
            <tr>
              <th scope="row">{t("rows.newLeads")}</th>
              {cell(newLeads)}
              {/* New leads are counted against a threshold, not by the hour. */}
              <td />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
});
export default GoalsPanel;
