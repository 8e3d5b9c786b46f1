// User statistics (admin-and-sign-in §2, §3, §9): the agent's dials, transfers and sales, hourly and daily,
// current against target with the progress colour, and its hours, follow-ups and pickups.
import { HTMLTable, ProgressBar } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import type { AgentListItem } from "../../../src/contract/agents";
import type { GoalStatistics } from "../../goals/api";
import { progressIntent, progressOf } from "./progress";
import { RowDialog, useRowDialog } from "./RowDialog";

const MEASURES = ["dials", "transfers", "sales"] as const;
const PERIODS = ["hourly", "daily"] as const;

/** Rounded to 2 decimals (§9); 0 when there is nothing to divide by. */
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);

/** The day's figures under the goals: hours signed in, dials per transfer and transfers per hour (§9), follow-ups, pickups. */
function figures(s: GoalStatistics): [string, string][] {
  return [
    ["hours", s.hours.toFixed(2)],
    ["dials_to_transfers", ratio(s.dials.daily.current, s.transfers.daily.current).toFixed(2)],
    ["transfers_per_hour", ratio(s.transfers.daily.current, s.hours).toFixed(2)],
    ["followUps", String(s.followUps)],
    ["pickups", String(s.pickups)],
  ];
}

export const StatisticsDialog = observer(function StatisticsDialog({ agent, onClose }: { agent: Pick<AgentListItem, "id" | "full_name">; onClose(): void }) {
  const [stats, setStats] = useState<GoalStatistics | null>(null);
  const { state, t } = useRowDialog(async (calls) => setStats(await calls.statistics(agent.id)), () => {});
  return (
    <RowDialog title={t("dialogs.statistics.title", { name: agent.full_name })} state={state} onClose={onClose}>
      {stats && (
        <>
          <HTMLTable compact className="users-dialog__table">
            <thead>
              <tr>
                <th scope="col">{t("dialogs.statistics.goal")}</th>
                <th scope="col">{t("dialogs.statistics.current")}</th>
                <th scope="col">{t("dialogs.statistics.target")}</th>
                <th scope="col">{t("dialogs.statistics.progress")}</th>
              </tr>
            </thead>
            <tbody>
              {MEASURES.flatMap((m) =>
                PERIODS.map((p) => {
                  const { current, target } = stats[m][p];
                  const progress = progressOf(current, target);
                  const intent = progressIntent(progress);
                  return (
                    <tr key={`${m}-${p}`}>
                      <th scope="row">{t(`dialogs.statistics.${p}_${m}`)}</th>
                      <td>{current}</td>
                      <td>{target}</td>
                      <td data-intent={intent}>
                        <ProgressBar
                          intent={intent}
                          value={Math.min(progress, 100) / 100}
                          animate={false}
                          stripes={false}
                          aria-label={t(`dialogs.statistics.${p}_${m}`)}
                        />
                        <span className="users-dialog__percent">{progress} %</span>
                      </td>
                    </tr>
                  );
                }),
              )}
            </tbody>
          </HTMLTable>
          <HTMLTable compact className="users-dialog__table">
            <tbody>
              {figures(stats).map(([k, value]) => (
                <tr key={k}>
                  <th scope="row">{t(`dialogs.statistics.${k}`)}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </RowDialog>
  );
});
